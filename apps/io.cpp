#include "io.h"

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace sudokit::cli {

namespace {

std::string reason(int error) { return error ? std::string(": ") + std::strerror(error) : ""; }

bool is_stdio(const std::string& name) { return name.empty() || name == "-"; }

}  // namespace

Input::Input(const std::string& name, Errors errors)
    : name_(is_stdio(name) ? "stdin" : name), report_(errors == Errors::report) {
  if (is_stdio(name)) {
    in_ = &std::cin;
    return;
  }
  // A directory opens like a file and fails at its first read: refused here, with the same words.
  std::error_code ignored;
  if (std::filesystem::is_directory(name, ignored)) {
    if (report_) std::cerr << "sudokit: cannot read " << name << reason(EISDIR) << "\n";
    return;
  }
  errno = 0;
  file_.open(name);
  if (!file_) {
    if (report_) std::cerr << "sudokit: cannot open " << name << reason(errno) << "\n";
    return;
  }
  in_ = &file_;
}

bool Input::read_failed() const {
  if (!in_ || !in_->bad()) return false;
  if (report_) std::cerr << "sudokit: cannot read " << name_ << reason(errno) << "\n";
  return true;
}

WriteError::WriteError(const std::string& name, int error)
    : std::runtime_error("cannot write " + name + reason(error)), error_(error) {}

void check_written(std::ostream& out, const std::string& name, bool flush) {
  if (flush && out) {
    errno = 0;
    out.flush();
  }
  if (!out) throw WriteError(name, errno);
}

Output::Output(const std::string& name) : name_(is_stdio(name) ? "stdout" : name) {
  if (is_stdio(name)) {
    out_ = &std::cout;
    return;
  }
  errno = 0;
  file_.open(name);  // a directory fails here: EISDIR
  if (!file_) throw WriteError(name, errno);
  out_ = &file_;
}

Output::~Output() {
  if (told_ || !file_.is_open()) return;
  errno = 0;
  file_.close();
  if (!file_) std::cerr << "sudokit: cannot write " << name_ << reason(errno) << "\n";
}

void Output::check(bool flush) {
  try {
    check_written(*out_, name_, flush);
  } catch (const WriteError&) {
    told_ = true;
    throw;
  }
}

void Output::close() {
  check(true);
  told_ = true;
  if (!file_.is_open()) return;
  errno = 0;
  file_.close();  // the last bytes can fail here too
  if (!file_) throw WriteError(name_, errno);
}

bool write_file(const std::string& name, const std::function<void(std::ostream&)>& write) {
  try {
    Output out(name);
    return write_file(out, write);
  } catch (const WriteError& e) {
    if (is_stdio(name)) throw;  // main() reports stdout's failures, a closed pipe quietly
    std::cerr << "sudokit: " << e.what() << "\n";
    return false;
  }
}

bool write_file(Output& out, const std::function<void(std::ostream&)>& write) {
  try {
    write(out.stream());
    out.close();
    return true;
  } catch (const WriteError& e) {
    if (out.is_stdout()) throw;
    std::cerr << "sudokit: " << e.what() << "\n";
    return false;
  }
}

TraceOutput::TraceOutput(bool to_stderr, const std::string& file) {
  if (!file.empty()) out_ = &file_.emplace(file).stream();
  else if (to_stderr) out_ = &std::cerr;
}

void TraceOutput::check() {
  if (file_) file_->check(false);
}

void TraceOutput::close() {
  if (file_) file_->close();
}

}  // namespace sudokit::cli
