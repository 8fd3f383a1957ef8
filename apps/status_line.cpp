#include "status_line.h"

#include <unistd.h>

#include <cstdio>

namespace sudokit::cli {

StatusLine::StatusLine() : enabled_(isatty(STDERR_FILENO) != 0) {}

StatusLine::~StatusLine() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (ticker_.joinable()) ticker_.join();
  erase();
}

void StatusLine::draw(const std::string& text, std::chrono::milliseconds throttle) {
  if (!enabled_) return;
  std::unique_lock lock(mutex_, std::try_to_lock);
  if (!lock.owns_lock()) return;  // held for output, or the ticker is drawing
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && now - last_drawn_ < throttle) return;
  last_drawn_ = now;
  // \033[K clears what a longer line before left.
  std::fprintf(stderr, "\r%.79s\033[K", text.c_str());
  std::fflush(stderr);
  drawn_ = true;
}

void StatusLine::erase() {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  erase_locked();
}

void StatusLine::erase_locked() {
  if (!drawn_) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  drawn_ = false;
}

void StatusLine::tick(std::function<std::string()> text, std::chrono::milliseconds every) {
  if (!enabled_ || ticker_.joinable()) return;
  ticker_ = std::thread([this, text = std::move(text), every] {
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, every, [&] { return stopping_; })) {
      const std::string line = text();
      if (line.empty()) continue;
      std::fprintf(stderr, "\r%.79s\033[K", line.c_str());
      std::fflush(stderr);
      drawn_ = true;
      last_drawn_ = std::chrono::steady_clock::now();
    }
  });
}

}  // namespace sudokit::cli
