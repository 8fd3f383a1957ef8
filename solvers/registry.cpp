#include "sudokit/registry.h"

#include <functional>
#include <map>
#include <sstream>

#include "sudokit/errors.h"


namespace sudokit {

extern const char* const kSpeedsTsv;  // solvers/speeds.tsv, built in (solvers/CMakeLists.txt)
// Every backend's registration, generated from its sudokit_add_backend() (solvers/CMakeLists.txt).
// `add` gets each backend's declaration, factory and folder (BackendInfo::source).
void add_registered_backends(const std::function<void(BackendInfo, Registry::Factory, std::string)>& add,
                             Registry& registry);

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

// Every registered backend, with what it declares about itself (BackendInfo) and how to make it,
// and its measured speeds from speeds.tsv.
Registry builtin_solvers() {
  const auto speeds = measured_speeds();
  Registry r;
  add_registered_backends(
      [&](BackendInfo info, Registry::Factory make, std::string source) {
        info.source = std::move(source);
        if (auto it = speeds.find(info.name); it != speeds.end()) info.speeds = it->second;
        r.add(std::move(info), std::move(make));
      },
      r);
  return r;
}

}  // namespace sudokit
