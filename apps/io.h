// Opening what the command line names: every command reads its inputs through Input and writes
// its files through Output, so that "-" means stdin or stdout everywhere, a directory named as a
// file is refused with one message, and no failed write goes unnoticed.
#pragma once

#include <cerrno>
#include <fstream>
#include <functional>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>

namespace sudokit::cli {

// An input: "-" (or "") is stdin, anything else a file, opened at once.
class Input {
 public:
  enum class Errors { report, quiet };  // quiet: a caller that only peeks (guess_kind) says nothing
  // On failure says why on stderr, "sudokit: cannot open NAME: REASON" (a directory: "cannot read
  // NAME: Is a directory"), and ok() is false.
  explicit Input(const std::string& name, Errors errors = Errors::report);
  Input(const Input&) = delete;
  Input& operator=(const Input&) = delete;
  bool ok() const { return in_ != nullptr; }
  std::istream& stream() { return *in_; }
  const std::string& name() const { return name_; }  // "stdin", or the file's name: what messages say
  // After reading to the end: true, after saying why on stderr, when a read failed rather than the
  // input simply ending. Set errno to 0 before the reads it should explain.
  bool read_failed() const;

 private:
  std::ifstream file_;
  std::istream* in_ = nullptr;
  std::string name_;
  bool report_;
};

// A write that failed: a full disk, an unwritable path, a closed pipe with SIGPIPE ignored.
// main() reports it as "sudokit: cannot write NAME: REASON" and exits with kIoError.
class WriteError : public std::runtime_error {
 public:
  WriteError(const std::string& name, int error);
  int error() const { return error_; }  // the errno value, 0 when unknown

 private:
  int error_;
};

// Throws WriteError when a write to `out` has failed; with `flush`, flushes it first so that
// buffered output is checked too.
void check_written(std::ostream& out, const std::string& name, bool flush = true);

// An output: "-" is stdout, anything else a file, created (or emptied) at once.
class Output {
 public:
  explicit Output(const std::string& name);  // throws WriteError when the file cannot be made
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;
  ~Output();  // closes a file that close() did not, saying on stderr if its last bytes were lost
  std::ostream& stream() { return *out_; }
  const std::string& name() const { return name_; }  // "stdout", or the file's name
  bool is_stdout() const { return out_ == &std::cout; }
  // Throws WriteError if a write has failed (with `flush`, after flushing): checked soon after the
  // writes, while errno still says why.
  void check(bool flush);
  // Flushes, closes a file, and throws WriteError if any write to it failed.
  void close();

 private:
  std::ofstream file_;
  std::ostream* out_ = nullptr;
  std::string name_;
  bool told_ = false;  // close() was called, or a failure thrown: the destructor has nothing to say
};

// Fills the output `name` with `write`, checking every write; a file's failure: false after saying
// why on stderr; stdout's: WriteError, for main() to report.
bool write_file(const std::string& name, const std::function<void(std::ostream&)>& write);
// The same into an output opened earlier: a command that writes its file after long work (--tree)
// opens it first, so that a bad path fails at once instead of after the search.
bool write_file(Output& out, const std::function<void(std::ostream&)>& write);

// Where --trace goes: stderr, so that the solutions on stdout stay readable as input, or the
// output given with --trace-file (opened once for the whole run). stream() is null when neither.
class TraceOutput {
 public:
  TraceOutput(bool to_stderr, const std::string& file);  // throws WriteError when the file cannot be made
  std::ostream* stream() { return out_; }
  // Runs `search`, which writes the trace: a write to the file that fails ends the search at once
  // (the stream throws from inside it) as WriteError, rather than letting it trace into nothing
  // to the end of a long search.
  template <class Search>
  auto run(Search&& search) -> decltype(search()) {
    if (!file_) return search();
    std::ostream& out = file_->stream();
    struct Quiet {  // whatever ends the search (a wrong answer too), the stream stops throwing
      std::ostream& out;
      ~Quiet() { out.exceptions(std::ios::goodbit); }
    } quiet{out};
    out.exceptions(std::ios::badbit);
    try {
      return search();
    } catch (const std::ios_base::failure&) {
      const int error = errno;  // the failed write's
      out.exceptions(std::ios::goodbit);
      errno = error;
      file_->check(false);  // throws WriteError naming the file and why
      throw;
    }
  }
  void check();  // after each puzzle: throws WriteError when a write to the file failed
  void close();  // at the end of the run: the same, with the last bytes

 private:
  std::optional<Output> file_;
  std::ostream* out_ = nullptr;
};

}  // namespace sudokit::cli
