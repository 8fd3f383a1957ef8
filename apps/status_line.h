// One line of progress on stderr, redrawn in place, for a run that would otherwise look hung: a
// long `solve`, `generate` or `compare`. Only when stderr is a terminal; otherwise nothing is drawn
// and every call costs nothing, so logs and pipes get no control characters.
//
//   StatusLine status;
//   status.tick([&] { return "puzzle " + std::to_string(n) + ", " + seconds + " s"; });  // every 0.5 s
//   { auto quiet = status.hold(); std::cout << answer; }  // the line erased while output is written
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace sudokit::cli {

class StatusLine {
 public:
  StatusLine();  // drawn when stderr is a terminal
  ~StatusLine();  // stops the ticking and erases the line
  StatusLine(const StatusLine&) = delete;
  StatusLine& operator=(const StatusLine&) = delete;
  bool enabled() const { return enabled_; }
  // Draws `text` now, cut to 79 columns (a wrapped line cannot be redrawn), unless the line was
  // drawn less than `throttle` ago or a hold() is in force.
  void draw(const std::string& text, std::chrono::milliseconds throttle = std::chrono::milliseconds(0));
  void erase();
  // Redraws text() every `every` on a thread of its own, until the destructor: for a search that
  // runs long between two points where its caller could draw.
  void tick(std::function<std::string()> text, std::chrono::milliseconds every = std::chrono::milliseconds(500));
  // While the returned guard lives, the line is erased and not drawn: write the output then.
  class Hold {
   public:
    explicit Hold(StatusLine& s) : lock_(s.mutex_) { s.erase_locked(); }

   private:
    std::unique_lock<std::mutex> lock_;
  };
  Hold hold() { return Hold(*this); }

 private:
  void erase_locked();
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point last_drawn_{};
  std::mutex mutex_;
  std::thread ticker_;
  std::condition_variable wake_;
  bool stopping_ = false;  // under mutex_
};

}  // namespace sudokit::cli
