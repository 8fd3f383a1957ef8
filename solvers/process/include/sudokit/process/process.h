// Running an external program without a shell: posix_spawn, its stdout through a pipe, a deadline
// after which it is killed (with every process it started: it runs in a process group of its own).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace sudokit {

struct ProcessOutcome {
  bool timed_out = false;  // killed at the deadline; the other fields are then not meaningful
  int exit_code = -1;      // its exit status, or -1 when a signal ended it
  int signal = 0;          // the signal that ended it, 0 when it exited
  std::string out;         // everything it wrote on stdout (stdin is /dev/null, stderr discarded)
};

// Runs argv[0] (a path) with argv; `seconds` > 0 is the deadline. Throws ExternalError when the
// program cannot be started.
ProcessOutcome run_process(const std::vector<std::string>& argv, double seconds);

// The full path of `program`: itself when it contains a '/', else the first executable file of
// that name in a $PATH directory; nullopt when there is none.
std::optional<std::string> find_program(const std::string& program);

// A fresh directory under $TMPDIR (or /tmp), removed with everything in it when this goes.
// Throws ExternalError when it cannot be made.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string file(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

}  // namespace sudokit
