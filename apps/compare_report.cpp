// What a compare run reports: the summary table per backend, the notes on skipped and stopped
// searches and on puzzles no backend took, the agreed counts, and the exit code.
#include "sudokit/compare/compare.h"

#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include "sudokit/compare/exit_codes.h"
#include "sudokit/errors.h"
#include "sudokit/format.h"
#include "sudokit/exact_cover.h"
#include "sudokit/text.h"

namespace sudokit {

// The puzzles (by number) that every backend compared skipped: nothing checked them.
std::vector<std::size_t> puzzles_nobody_took(const std::vector<Row>& rows) {
  std::map<std::size_t, bool> taken;  // puzzle -> some backend ran it
  for (const Row& r : rows) taken[r.puzzle] = taken[r.puzzle] || r.verdict != Verdict::skipped;
  std::vector<std::size_t> out;
  for (const auto& [puzzle, some] : taken)
    if (!some) out.push_back(puzzle);
  return out;
}

int exit_code_for(const std::vector<Row>& rows) {
  int code = kOk;
  for (const Row& r : rows) {
    if (is_disagreement(r)) return kDisagreement;
    if (r.verdict == Verdict::stopped || r.verdict == Verdict::timeout || r.status == "none") code = kUnsolved;
  }
  // A puzzle no backend took passed no check: the backends named were the wrong ones for it.
  if (!puzzles_nobody_took(rows).empty()) code = std::max(code, static_cast<int>(kUsage));
  return code;
}

int exit_code_for(const CompareReport& report) {
  return report.disagreements > 0 ? kDisagreement : exit_code_for(report.rows);
}

void write_summary(std::ostream& out, const std::vector<Row>& rows) {
  std::vector<std::string> order;
  std::map<std::string, std::vector<const Row*>> by_backend;
  for (const Row& r : rows) {
    if (r.verdict == Verdict::skipped) continue;  // not run: write_budget_notes says how many
    if (!by_backend.count(r.backend)) order.push_back(r.backend);
    by_backend[r.backend].push_back(&r);
  }
  auto stats = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    double sum = 0;
    for (double x : v) sum += x;
    const double median = v.empty() ? 0 : v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
    return std::array<double, 4>{v.empty() ? 0 : sum / static_cast<double>(v.size()), median, v.empty() ? 0 : v.back(), sum};
  };
  out << "| backend | puzzles | unique | multiple | solved | none | stopped | timeout | nodes mean | nodes median "
         "| nodes max | CPU ms mean | CPU ms median | CPU ms max | puzzles per CPU s | disagreements |\n"
         "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& name : order) {
    const auto& list = by_backend[name];
    std::map<std::string, std::size_t> status;
    std::size_t disagreements = 0;
    std::vector<double> nodes, times;
    for (const Row* r : list) {
      // A search stopped by the clock is counted apart from one stopped by the work budget: only
      // the first depends on the machine and its load.
      ++status[r->verdict == Verdict::timeout ? "timeout" : r->status];
      disagreements += is_disagreement(*r);
      nodes.push_back(static_cast<double>(r->nodes));
      times.push_back(r->cpu_time * 1000);  // CPU time of the solving thread: load does not inflate it
    }
    const auto n = stats(nodes), t = stats(times);
    char line[512];
    std::snprintf(line, sizeof line,
                  "| %s | %zu | %zu | %zu | %zu | %zu | %zu | %zu | %.1f | %.0f | %.0f | %.3f | %.3f | %.3f | %.0f | %zu |\n",
                  name.c_str(), list.size(), status["unique"], status["multiple"], status["solved"], status["none"],
                  status["stopped"], status["timeout"], n[0], n[1], n[2], t[0], t[1], t[2],
                  t[3] > 0 ? static_cast<double>(list.size()) / (t[3] / 1000) : 0.0, disagreements);
    out << line;
  }
}

void write_budget_notes(std::ostream& out, const CompareReport& report) {
  if (const auto nobody = puzzles_nobody_took(report.rows); !nobody.empty()) {
    out << "no backend compared takes " << (nobody.size() == 1 ? "puzzle " : "puzzles ");
    for (std::size_t i = 0; i < nobody.size() && i < 10; ++i) out << (i ? ", " : "") << nobody[i];
    out << (nobody.size() > 10 ? ", ..." : "") << ": nothing checked " << (nobody.size() == 1 ? "it" : "them")
        << " (`sudokit solvers` says which backend takes which grids)\n";
  }
  for (const auto& b : report.budgets) {
    std::size_t skipped = 0;
    for (const Row& r : report.rows) skipped += r.backend == b.backend && r.verdict == Verdict::skipped;
    if (skipped > 0)
      out << b.backend << ": " << counted(skipped, "puzzle")
          << " skipped: not a grid it takes (its size or rules; `sudokit solvers`)\n";
  }
  for (const auto& b : report.budgets) {
    if (b.scale <= 0 || b.nodes == 0) continue;
    std::size_t stopped = 0;
    for (const Row& r : report.rows) stopped += r.backend == b.backend && r.verdict == Verdict::stopped;
    if (stopped == 0) continue;
    std::ostringstream scale;
    scale << b.scale;
    out << b.backend << ": " << counted(stopped, "puzzle") << " stopped at "
        << (b.scale == 1 ? "the" : scale.str() + "x its") << " default budget of " << b.nodes << " " << b.unit
        << " per puzzle; use --max-nodes N, or Kx for K times each default (0: no limit)\n";
  }
}

void write_count_summary(std::ostream& out, const CompareReport& report, std::uint64_t limit) {
  if (limit != 0 && limit <= 2) return;  // finding one, or proving it unique: the statuses say it
  // Each puzzle's count as the backends that finished agree on it (rows in puzzle order).
  struct Agreed {
    std::uint64_t count;
    bool at_least;  // the count reached the limit: there may be more
  };
  std::vector<Agreed> agreed;
  std::size_t unsettled = 0;
  for (std::size_t i = 0; i < report.rows.size();) {
    std::size_t j = i;
    std::optional<Agreed> a;
    bool disagreement = false;
    for (; j < report.rows.size() && report.rows[j].puzzle == report.rows[i].puzzle && report.rows[j].source == report.rows[i].source; ++j) {
      disagreement |= is_disagreement(report.rows[j]);
      if (report.rows[j].verdict == Verdict::agrees && report.rows[j].status != "stopped")
        a = Agreed{report.rows[j].count, limit != 0 && report.rows[j].count >= limit};
    }
    if (a && !disagreement) agreed.push_back(*a);
    else ++unsettled;
    i = j;
  }
  if (agreed.empty()) return;
  auto text = [](const Agreed& a) { return (a.at_least ? "at least " : "") + std::to_string(a.count); };
  if (agreed.size() == 1 && unsettled == 0) {
    out << "solutions: " << text(agreed.front()) << ", agreed by every backend that finished\n";
    return;
  }
  std::sort(agreed.begin(), agreed.end(), [](const Agreed& x, const Agreed& y) { return x.count < y.count; });
  out << "solutions per puzzle, as the backends that finished agree: min " << text(agreed.front()) << ", median "
      << text(agreed[(agreed.size() - 1) / 2]) << ", max " << text(agreed.back()) << " (" << counted(agreed.size(), "puzzle");
  if (unsettled) out << "; " << unsettled << " without an agreed count: every backend stopped, or a disagreement";
  out << ")\n";
}

}  // namespace sudokit
