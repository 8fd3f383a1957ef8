// Helpers shared by the tests.
#pragma once

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

#include "sudokit/format.h"
#include "sudokit/solver.h"

namespace sudokit::test {

inline Limits count_up_to(std::uint64_t n, std::size_t keep = 16) {
  Limits l;
  l.solutions = n;
  l.keep_solutions = keep;
  return l;
}

struct Run {
  int exit_code;
  std::string out, err;
};

// Runs `command` with the shell, stdout and stderr captured; SUDOKIT names the binary.
inline Run run_shell(const std::string& command) {
  static int serial = 0;
  const std::string base = ::testing::TempDir() + "sudokit_sh_" + std::to_string(::getpid()) + "_" + std::to_string(serial++);
  const std::string script = base + ".sh", out = base + ".out", err = base + ".err";
  if (FILE* f = std::fopen(script.c_str(), "w")) {
    std::fputs(("SUDOKIT='" + std::string(SUDOKIT_EXE) + "'\n" + command + "\n").c_str(), f);
    std::fclose(f);
  }
  const int status = std::system(("sh " + script + " >" + out + " 2>" + err).c_str());
  auto slurp = [](const std::string& path) {
    std::string s;
    if (FILE* f = std::fopen(path.c_str(), "r")) {
      std::array<char, 4096> buf;
      std::size_t k;
      while ((k = std::fread(buf.data(), 1, buf.size(), f)) > 0) s.append(buf.data(), k);
      std::fclose(f);
    }
    return s;
  };
  Run r{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
  std::remove(script.c_str());
  std::remove(out.c_str());
  std::remove(err.c_str());
  return r;
}

// A directory of its own for one test, removed with everything in it at the end: files named in it
// cannot collide with another test, or with the same test run at the same time by someone else.
class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern = ::testing::TempDir() + "sudokit_XXXXXX";
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("cannot make a directory from " + pattern);
    path_ = pattern + "/";
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::string& path() const { return path_; }  // ends with '/'

 private:
  std::string path_;
};

// Runs the sudokit binary with `args` (a shell fragment), feeding `input` on stdin.
inline Run run_cli(const std::string& args, const std::string& input = "") {
  static int serial = 0;
  const std::string in = ::testing::TempDir() + "sudokit_cli_" + std::to_string(::getpid()) + "_" + std::to_string(serial++) + ".in";
  if (FILE* f = std::fopen(in.c_str(), "w")) {
    std::fputs(input.c_str(), f);
    std::fclose(f);
  }
  Run r = run_shell("exec \"$SUDOKIT\" " + args + " <" + in);
  std::remove(in.c_str());
  return r;
}

}  // namespace sudokit::test
