// Helpers shared by the tests.
#pragma once

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/errors.h"
#include "sudokit/format.h"
#include "sudokit/registry.h"
#include "sudokit/solver.h"
#include "sudokit/trace.h"

namespace sudokit::test {

// Counts a search's events, to be checked against its statistics: every node but the root
// entered (by a cell's digit, an option or another step), the choices among them, the steps that
// are a decision's other value (forced, the only alternative left: dpll's flips), the inferences
// and those that name no rule, the dead ends and the notes and what they say, and the rest.
struct EventCounter final : SearchObserver {
  std::uint64_t entered = 0, choices = 0, flips = 0, placed = 0, unnamed = 0, dead = 0, left = 0, solutions = 0,
                notes = 0;
  std::vector<std::string> dead_ends, said;  // what each dead end and each note said
  void enter(std::uint64_t, std::uint64_t, int, int, int, Reason r) override {
    ++entered;
    choices += r == Reason::choice;
  }
  void enter_option(std::uint64_t, std::uint64_t, int, int, int, Reason r) override {
    ++entered;
    choices += r == Reason::choice;
  }
  void enter_step(std::uint64_t, std::uint64_t, std::string_view, int alternatives, Reason r) override {
    ++entered;
    flips += r == Reason::forced && alternatives == 1;
  }
  void place(int, int, Reason r, std::string_view rule) override {
    ++placed;
    unnamed += r == Reason::inferred && rule.empty();  // an inference names the rule that made it
  }
  void dead_end(std::string_view why) override {
    ++dead;
    dead_ends.emplace_back(why);
  }
  void leave(std::uint64_t) override { ++left; }
  void solution() override { ++solutions; }
  void note(std::string_view text) override {
    ++notes;
    said.emplace_back(text);
  }
};

// Choosing backends in a test: by what they declare, never by name. scripts/check-backend-names.sh
// fails CI on a backend's name in tests/ outside that backend's own test files, so that a new
// backend (one folder, one registration: docs/adding-a-backend.md) joins every test its
// declarations admit without a test being edited, and one that declares less is left out by what
// it declares.

// The registered backends taking `kind` whose declarations admit `wanted`, in registration order.
template <class Wanted>
std::vector<std::string> backends_where(ProblemKind kind, Wanted wanted) {
  const Registry registry = builtin_solvers();
  std::vector<std::string> out;
  for (const std::string& name : registry.names(kind))
    if (wanted(registry.info(name))) out.push_back(name);
  return out;
}
template <class Wanted>
std::vector<std::string> sudoku_backends_where(Wanted wanted) {
  return backends_where(ProblemKind::sudoku, wanted);
}
inline std::vector<std::string> backends(ProblemKind kind = ProblemKind::sudoku) {
  return backends_where(kind, [](const BackendInfo&) { return true; });
}
// The first of them; throws (failing the test, never skipping it) when no backend declares what
// the test needs, `what` saying what that is.
template <class Wanted>
std::string backend_where(ProblemKind kind, Wanted wanted, std::string_view what) {
  const std::vector<std::string> found = backends_where(kind, wanted);
  if (found.empty()) throw std::runtime_error("no registered backend " + std::string(what));
  return found.front();
}
// The backend a command takes when told none (Registry::default_for): the fastest declared.
inline std::string fastest(ProblemKind kind = ProblemKind::sudoku, int size = 9) {
  return builtin_solvers().default_for(kind, size);
}
// The one declaring the lowest speed at `size` (a textbook search that a hard 9x9 puzzle stops at
// its default budget); throws when no backend declares a speed there.
inline std::string slowest(ProblemKind kind = ProblemKind::sudoku, int size = 9) {
  const Registry registry = builtin_solvers();
  std::string slow;
  double lowest = 0;
  for (const std::string& name : registry.names(kind))
    if (const double speed = registry.info(name).speed(kind, size); speed > 0 && (slow.empty() || speed < lowest))
      slow = name, lowest = speed;
  if (slow.empty()) throw std::runtime_error("no registered backend declares a speed");
  return slow;
}
// Of the backends `wanted` admits that take `kind` at grid side `size`, the one declaring the
// highest speed there (the first registered on a tie); throws, saying `what`, when none is.
template <class Wanted>
std::string fastest_where(ProblemKind kind, int size, Wanted wanted, std::string_view what) {
  const Registry registry = builtin_solvers();
  std::string best;
  double best_speed = 0;
  for (const std::string& name : registry.names(kind)) {
    const BackendInfo info = registry.info(name);
    if ((kind == ProblemKind::sudoku && !info.takes_side(size)) || !wanted(info)) continue;
    if (const double speed = info.speed(kind, size); best.empty() || speed > best_speed) best = name, best_speed = speed;
  }
  if (best.empty()) throw std::runtime_error("no registered backend " + std::string(what));
  return best;
}
// The fastest Sudoku backend at side `size` that is none of `but`: a second method to check
// another's answers.
inline std::string fastest_but(const std::vector<std::string>& but, int size = 9) {
  return fastest_where(ProblemKind::sudoku, size, [&](const BackendInfo& i) { return std::ranges::count(but, i.name) == 0; },
                       "besides those named");
}
// Up to `n` backends taking `kind` (Sudoku grids of side `size`) other than `but`, in registration order.
inline std::vector<std::string> others(const std::string& but, std::size_t n, ProblemKind kind = ProblemKind::sudoku,
                                       int size = 9) {
  std::vector<std::string> out = backends_where(
      kind, [&](const BackendInfo& i) { return i.name != but && (kind != ProblemKind::sudoku || i.takes_side(size)); });
  if (out.size() > n) out.resize(n);
  return out;
}
// Whether `name` is a backend here: registered, or a family member whose program is installed.
inline bool installed(std::string_view name) {
  try {
    builtin_solvers().info(name);
    return true;
  } catch (const UsageError&) {
    return false;
  }
}
// Every backend taking `kind` whose declaration admits `wanted`, family members available here
// (Registry::Family::members, PREFIX:MEMBER) included.
template <class Wanted>
std::vector<std::string> backends_and_members_where(ProblemKind kind, Wanted wanted) {
  const Registry registry = builtin_solvers();
  std::vector<std::string> out = backends_where(kind, wanted);
  for (const Registry::Family& family : registry.families())
    for (const std::string& member : family.members())
      if (const BackendInfo info = registry.info(family.prefix + ":" + member); info.takes(kind) && wanted(info))
        out.push_back(family.prefix + ":" + member);
  return out;
}
// "a,b,c": a --solvers list.
inline std::string joined(const std::vector<std::string>& names, std::string_view separator = ",") {
  std::string out;
  for (const std::string& name : names) out += (out.empty() ? "" : std::string(separator)) + name;
  return out;
}

// One puzzle of tests/data/puzzles.txt, a line `puzzle:count:solution[:box]`: the exact number
// of solutions and, when there is one, the solution.
struct DataCase {
  std::size_t line;  // in the file, for messages
  std::string puzzle, solution;
  std::uint64_t count;
  std::optional<BoxSpec> box;
};

inline std::vector<DataCase> data_cases() {
  std::ifstream in(std::string(SUDOKIT_TEST_DATA) + "/puzzles.txt");
  std::vector<DataCase> cases;
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f;
    std::stringstream fields(line);
    for (std::string field; std::getline(fields, field, ':');) f.push_back(field);
    cases.push_back({number, f.at(0), f.size() > 2 ? f[2] : "", std::stoull(f.at(1)),
                     f.size() > 3 ? std::optional(parse_box_spec(f[3])) : std::nullopt});
  }
  return cases;
}

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
