#include "sudokit/compare/check.h"

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>
#include <utility>

#include "sudokit/process/process.h"
#include "sudokit/encoders/cnf.h"
#include "sudokit/encoders/drat.h"
#include "sudokit/errors.h"
#include "sudokit/verify.h"
#include "sudokit/text.h"

namespace sudokit {

namespace {

std::string trimmed(const std::string& s) {
  const auto a = s.find_first_not_of(" \t\r");
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(" \t\r") - a + 1);
}

// One thing found in the answers file, in line order.
struct Event {
  std::size_t line;
  enum class Kind { claim, none, grid, error, numbered } kind;  // numbered: only a `# puzzle N:` line
  std::optional<std::uint64_t> count;  // claim
  std::optional<ParsedPuzzle> grid;
  std::size_t column = 1;
  std::string detail;  // error, or a claim that cannot be read
  // `sudokit solve`'s line about puzzle N ("# puzzle 3: no solution"), and what comes after it:
  // N's answer (a grid, or with "no solution" the answer none), no answer (solve could not
  // answer: its error is the line), no answer because its search was stopped with no solution
  // found (the line says by what, kept in `detail`), or a grid that is no answer (what
  // inference left, search off).
  struct Header {
    std::size_t puzzle;
    enum class Then { answer, nothing, stopped, partial_grid } then;
  };
  std::optional<Header> header;
};

// `sudokit solve`'s line about puzzle N: N (at most nine digits) and what follows the colon.
std::optional<std::pair<std::size_t, std::string>> solve_status_line(const std::string& t) {
  static const std::regex status(R"(#\s*puzzle\s+([0-9]{1,9}):\s*(.*))");
  std::smatch m;
  if (!std::regex_match(t, m, status)) return std::nullopt;
  const std::size_t number = std::stoul(m[1].str());
  if (number == 0) return std::nullopt;
  return std::pair{number, trimmed(m[2].str())};
}

// A stop line of solve's ("stopped by the node limit after 9 nodes, 1 solution found; ...") that
// says answers follow it. "solution(s) found" is how solve said it before 2026-12.
bool stopped_with_solutions(const std::string& what) {
  static const std::regex found(R"(, [0-9]+ solution(s|\(s\))? found)");
  return std::regex_search(what, found);
}

}  // namespace

std::vector<AnswerEntry> read_answers(std::istream& in, const std::string& source, std::optional<BoxSpec> box) {
  // Claim and "none" lines become comments for the puzzle reader, which reads the grids with
  // their line numbers intact; the two lists are then merged by line.
  std::vector<Event> events;
  std::string filtered;
  std::size_t number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (number == 1) skip_byte_order_mark(line);
    const std::string t = trimmed(line);
    if (const auto status = solve_status_line(t)) {
      // `sudokit solve`'s output read back: the line numbers the next answer and says "none" (no
      // solution) or claims what solve proved (unique).
      const auto& [puzzle, what] = *status;
      using Then = Event::Header::Then;
      const bool no_answer = what.rfind("no answer", 0) == 0;  // an error instead (unreadable, rejected, ...)
      const bool stopped = what.rfind("stopped by", 0) == 0 && !stopped_with_solutions(what);
      const Then then = what.rfind("search is off", 0) == 0 ? Then::partial_grid
                        : no_answer                         ? Then::nothing
                        : stopped                           ? Then::stopped
                                                            : Then::answer;
      const Event::Header header{puzzle, then};
      if (what == "no solution") events.push_back({number, Event::Kind::none, {}, {}, 1, "", header});
      else if (what == "1 solution (unique)") events.push_back({number, Event::Kind::claim, 1, {}, 1, "", header});
      else events.push_back({number, Event::Kind::numbered, {}, {}, 1, stopped ? what : "", header});
      line = "#";
    } else if (t == "none") {
      events.push_back({number, Event::Kind::none, {}, {}, 1, "", {}});
      line = "#";
    } else if (t.rfind("#", 0) == 0 && trimmed(t.substr(1)).rfind("claim:", 0) == 0) {
      const std::string claim = trimmed(trimmed(t.substr(1)).substr(6));
      Event e{number, Event::Kind::claim, {}, {}, claim.empty() ? line.size() + 1 : line.find(claim, line.find("claim:")) + 1, "", {}};
      std::istringstream words(claim);
      std::string word, extra;
      long long count = -1;
      if (claim == "unique") e.count = 1;
      else if ((words >> word >> count) && word == "count" && count >= 0 && !(words >> extra)) e.count = static_cast<std::uint64_t>(count);
      else e.detail = "a claim is 'unique' or 'count N', not " + quote_word(claim);
      events.push_back(std::move(e));
    }
    filtered += line + "\n";
  }
  std::istringstream text(filtered);
  PuzzleReader reader(text, source, box);
  reader.check_repeats(false);  // a repeated digit makes a wrong answer, which verify() reports
  for (;;) {
    try {
      auto p = reader.next();
      if (!p) break;
      const std::size_t first = p->first_line;
      events.push_back({first, Event::Kind::grid, {}, std::move(p), 1, "", {}});
    } catch (const InputError& e) {
      events.push_back({e.line(), Event::Kind::error, {}, {}, e.column(), e.detail(), {}});
    }
  }
  std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) { return a.line < b.line; });

  std::vector<AnswerEntry> entries;
  std::optional<Event> claim;
  std::size_t next = 1;  // the puzzle the next answer is for, unless a `# puzzle N:` line says
  auto numbered = [&](AnswerEntry a) {
    a.number = next++;
    entries.push_back(std::move(a));
  };
  auto error_entry = [&](std::size_t line, std::size_t column, const std::string& detail) {
    AnswerEntry a;
    a.line = line;
    a.error = InputError(source, next, line, column, detail).what();
    numbered(std::move(a));
  };
  bool partial_grid = false;  // the next grid is what inference left, no answer (search off)
  for (Event& e : events) {
    if (e.header) {
      // About a puzzle answered already: `solve --all` writes the line after the grids. A comment.
      if (e.header->puzzle < next) continue;
      if (claim && e.header->puzzle > next) {  // the claim's puzzle has no grid
        error_entry(claim->line, claim->column, claim->detail.empty() ? "a claim with no answer after it" : claim->detail);
        claim.reset();
      }
      using Then = Event::Header::Then;
      next = e.header->puzzle + (e.header->then == Then::answer || e.header->then == Then::stopped ? 0 : 1);
      partial_grid = e.header->then == Then::partial_grid;
      if (e.header->then == Then::stopped) {  // an entry of its own: why there is no answer
        if (claim && !claim->detail.empty()) {  // an unreadable claim: the stop goes with it, as a grid would
          error_entry(claim->line, claim->column, claim->detail);
        } else {  // a claim before it: the stop is all there is to check
          AnswerEntry a;
          a.line = e.line;
          a.stopped = e.detail;
          numbered(std::move(a));
        }
        claim.reset();
        continue;
      }
    } else if (std::exchange(partial_grid, false) && e.kind == Event::Kind::grid) {
      continue;
    }
    if (e.kind == Event::Kind::numbered) continue;
    if (e.kind == Event::Kind::claim) {
      claim = std::move(e);
      continue;
    }
    if (claim && !claim->detail.empty()) {
      error_entry(claim->line, claim->column, claim->detail);
      claim.reset();
      if (e.kind != Event::Kind::error) continue;  // the claim's answer goes with it
    }
    if (e.kind == Event::Kind::error) {
      error_entry(e.line, e.column, e.detail);
    } else if (e.kind == Event::Kind::none && claim) {
      error_entry(claim->line, claim->column, "a claim qualifies a grid; 'none' claims no solution by itself");
    } else {
      AnswerEntry a;
      a.line = e.line;
      a.no_solution = e.kind == Event::Kind::none;
      a.grid = std::move(e.grid);
      if (claim) a.claimed_count = claim->count;
      numbered(std::move(a));
    }
    claim.reset();
  }
  if (claim) error_entry(claim->line, claim->column, "a claim with no answer after it");
  return entries;
}

CheckRow check_answer(const ParsedPuzzle& puzzle, const std::string& source, const AnswerEntry* entry,
                      const std::string& answer_source, const std::function<Solver&()>& decider, const Limits& limits) {
  CheckRow row;
  row.puzzle = puzzle.number;
  row.source = source;
  row.line = puzzle.first_line;
  row.answer_source = answer_source;
  if (!entry) {
    row.verdict = Verdict::missing;
    row.reason = "no answer for this puzzle";
    return row;
  }
  row.answer_line = entry->line;
  if (!entry->stopped.empty()) {  // the answers' own search ran out: nothing wrong, nothing to check
    row.verdict = Verdict::stopped;
    row.reason = "no answer: its search was " + entry->stopped;
    return row;
  }
  if (!entry->error.empty()) {
    row.verdict = Verdict::unreadable;
    row.reason = entry->error;
    return row;
  }
  row.answer = entry->no_solution ? "none" : "grid";
  if (entry->claimed_count)
    row.claim = *entry->claimed_count == 1 ? "unique" : "count " + std::to_string(*entry->claimed_count);
  const Grid& p = puzzle.grid;
  if (entry->grid) {
    const auto violations = verify(p, entry->grid->grid);
    if (!violations.empty()) {
      row.verdict = Verdict::wrong;
      for (std::size_t i = 0; i < violations.size() && i < 3; ++i) row.reason += (i ? "; " : "") + violations[i].message;
      if (violations.size() > 3) row.reason += "; and " + std::to_string(violations.size() - 3) + " more";
      return row;
    }
  }
  if (!entry->no_solution && !entry->claimed_count) {
    row.verdict = Verdict::correct;
    return row;
  }
  // A claim: "none" is refuted by any solution, "count N" by a count other than N.
  Limits l = limits;
  l.solutions = entry->no_solution ? 1 : *entry->claimed_count + 1;
  l.keep_solutions = 2;
  Solver& solver = decider();
  const std::string by = " (" + std::string(solver.name()) + ")";
  const Result r = solver.solve(p, l);
  if (r.status == Status::stopped) {
    row.verdict = Verdict::stopped;
    row.reason = "the claim is undecided: " + std::string(to_string(r.stop_reason)) + by;
    return row;
  }
  const std::uint64_t claimed = entry->no_solution ? 0 : *entry->claimed_count;
  if (r.count == claimed) {
    row.verdict = Verdict::correct;
    return row;
  }
  row.verdict = Verdict::refuted;
  const std::string found = (r.count > claimed && l.solutions == r.count ? "at least " : "") + counted(r.count, "solution");
  if (entry->no_solution) row.reason = "claimed no solution, but it has one" + by;
  else row.reason = "claimed " + row.claim + ", but it has " + found + by;
  for (const Grid& s : r.solutions)
    if (!entry->grid || !(s == entry->grid->grid)) {
      row.counterexample = to_line(s);
      break;
    }
  return row;
}

namespace {

// The columns of check's CSV and JSON, written from one table: a number as it is, a text
// quoted as each format needs.
struct CheckColumn {
  const char* name;
  bool number;
  std::string (*text)(const CheckRow&);
};
const CheckColumn kCheckColumns[] = {
    {"puzzle", true, [](const CheckRow& r) { return std::to_string(r.puzzle); }},
    {"source", false, [](const CheckRow& r) { return r.source; }},
    {"line", true, [](const CheckRow& r) { return std::to_string(r.line); }},
    {"answer_source", false, [](const CheckRow& r) { return r.answer_source; }},
    {"answer_line", true, [](const CheckRow& r) { return std::to_string(r.answer_line); }},
    {"answer", false, [](const CheckRow& r) { return r.answer; }},
    {"claim", false, [](const CheckRow& r) { return r.claim; }},
    {"verdict", false, [](const CheckRow& r) { return std::string(to_string(r.verdict)); }},
    {"reason", false, [](const CheckRow& r) { return r.reason; }},
    {"counterexample", false, [](const CheckRow& r) { return r.counterexample; }},
};

}  // namespace

void write_check_csv(std::ostream& out, const std::vector<CheckRow>& rows) {
  for (const CheckColumn& c : kCheckColumns) out << (&c == kCheckColumns ? "" : ",") << c.name;
  out << "\n";
  for (const CheckRow& r : rows) {
    for (const CheckColumn& c : kCheckColumns)
      out << (&c == kCheckColumns ? "" : ",") << (c.number ? c.text(r) : csv_field(c.text(r)));
    out << "\n";
  }
}

void write_check_json(std::ostream& out, const std::vector<CheckRow>& rows) {
  out << "[\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    out << "  {";
    for (const CheckColumn& c : kCheckColumns)
      out << (&c == kCheckColumns ? "\"" : ", \"") << c.name << "\": " << (c.number ? c.text(rows[i]) : json_string(c.text(rows[i])));
    out << "}" << (i + 1 < rows.size() ? "," : "") << "\n";
  }
  out << "]\n";
}

Certificate certify(const Registry& registry, const std::string& certifier, const PuzzleInput& problem) {
  Certificate c;
  try {
    const BackendInfo info = registry.info(certifier);
    if (!info.proofs) {
      c.reason = certifier + " writes no proofs (sudokit solvers: proof=FILE)";
      return c;
    }
    TempDir dir;
    const std::string proof = dir.file("proof.drat");
    SolverOptions options;
    for (const auto& [key, value] : info.proofs->options) options.set(key, value);
    options.set(info.proofs->option, proof);
    auto solver = registry.create(certifier, options);
    Limits limits;
    limits.solutions = 2;  // one solution and the proof that there is no other, or the proof of none
    // The solution, when there is one, is verified by solve() (a wrong one is thrown).
    const Status status = problem.kind() == ProblemKind::sudoku
                              ? solver->solve(std::get<Grid>(problem.problem), limits).status
                              : solver->solve(*std::get<std::shared_ptr<const ExactCover>>(problem.problem), limits).status;
    if (status != Status::unique && status != Status::none) {
      c.reason = certifier + " found " + std::string(to_string(status)) + ", not unique or none";
      return c;
    }
    std::ifstream cnf_in(proof + info.proofs->formula_suffix), proof_in(proof);
    if (!cnf_in || !proof_in) {
      c.reason = certifier + " wrote no proof";
      return c;
    }
    const DratResult checked = check_drat(read_dimacs(cnf_in, "the formula"), proof_in, "the proof");
    c.certified = checked.verified;
    if (!checked.verified) c.reason = "the proof is rejected: " + checked.reason;
  } catch (const Error& e) {
    c.reason = e.what();
  }
  return c;
}

}  // namespace sudokit
