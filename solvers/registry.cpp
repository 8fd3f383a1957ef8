#include "sudokit/registry.h"

#include <map>
#include <sstream>

#include "sudokit/errors.h"

#include "sudokit/backtrack/backtrack.h"
#include "sudokit/dlx/dlx.h"
#include "sudokit/propagate/propagate.h"
#include "sudokit/sat/external.h"
#include "sudokit/sat/sat.h"

namespace sudokit {

extern const char* const kSpeedsTsv;  // solvers/speeds.tsv, built in (solvers/CMakeLists.txt)

namespace {

// speeds.tsv, by backend: "name<TAB>sudoku|xc<TAB>first-last|-<TAB>per second<TAB>what".
std::map<std::string, std::vector<BackendInfo::Speed>, std::less<>> measured_speeds() {
  std::map<std::string, std::vector<BackendInfo::Speed>, std::less<>> out;
  std::istringstream lines(kSpeedsTsv);
  std::size_t number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string name, kind, sizes, rate, measured;
    std::getline(fields, name, '\t');
    std::getline(fields, kind, '\t');
    std::getline(fields, sizes, '\t');
    std::getline(fields, rate, '\t');
    std::getline(fields, measured);
    BackendInfo::Speed s;
    s.measured = measured;
    try {
      s.kind = kind == "xc" ? ProblemKind::exact_cover : ProblemKind::sudoku;
      if (kind != "xc" && kind != "sudoku") throw std::invalid_argument(kind);
      if (s.kind == ProblemKind::sudoku) {
        const auto dash = sizes.find('-');
        s.min_size = std::stoi(sizes.substr(0, dash));
        s.max_size = std::stoi(sizes.substr(dash + 1));
      }
      s.per_second = std::stod(rate);
    } catch (const std::exception&) {
      throw Error("solvers/speeds.tsv, line " + std::to_string(number) + ": not 'backend kind sizes per_second what'");
    }
    out[name].push_back(std::move(s));
  }
  return out;
}

}  // namespace

// One line per backend: what it declares about itself (BackendInfo) and how to make it. Its
// measured speeds come from speeds.tsv.
Registry builtin_solvers() {
  const auto speeds = measured_speeds();
  Registry r;
  auto add = [&](BackendInfo info, Registry::Factory make) {
    if (auto it = speeds.find(info.name); it != speeds.end()) info.speeds = it->second;
    r.add(std::move(info), std::move(make));
  };
  add(BacktrackSolver::info(), BacktrackSolver::create);
  add(PropagateSolver::info(), PropagateSolver::create);
  add(DlxSolver::info(), DlxSolver::create);
  add(SatSolver::info(), SatSolver::create);
  r.add_family(sat::external_programs());  // ext:NAME, made when named: external SAT programs
  return r;
}

}  // namespace sudokit
