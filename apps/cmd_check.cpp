// `sudokit check`: another solver's answers verified; `sudokit decode`: a SAT model as a grid (or
// options), verified; `sudokit check-proof`: a DRAT proof that a formula has no solution.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <set>

#include "sudokit/compare/check.h"
#include "cli.h"
#include "sudokit/encoders/cnf.h"
#include "sudokit/encoders/drat.h"
#include "sudokit/encoders/model.h"
#include "sudokit/errors.h"
#include "sudokit/registry.h"
#include "sudokit/verify.h"
#include "sudokit/text.h"

namespace sudokit::cli {

namespace {

// What `sudokit check` was told.
struct CheckCommand {
  SolveArgs solve;
  std::string box_text, rules_text, csv, json;
  std::vector<std::string> files;  // PUZZLES ANSWERS
};

void add_check_options(po::options_description& desc, CheckCommand& c) {
  desc.add_options()
    ("help,h", "show this help")
    ("solver,s", po::value<std::string>(&c.solve.solver),
     "backend that decides the claims (default: of those that take each puzzle's grid, its size and rules, the one "
     "measured fastest there, solvers/speeds.tsv)")
    ("box", po::value<std::string>(&c.box_text), "box shape RxC when it cannot be inferred")
    ("csv", po::value<std::string>(&c.csv), "write one row per puzzle here")
    ("json", po::value<std::string>(&c.json), "the same rows as JSON")
    ("file", po::value<std::vector<std::string>>(&c.files), "PUZZLES (a file, or a puzzle typed in its one-line form) and ANSWERS (a file)");
  add_rules_option(desc, c.rules_text);
  add_backend_options(desc, c.solve);
  add_limit_options(desc, c.solve, {.count = std::nullopt, .each = "claim"});
}

constexpr const char* kCheckUsage =
    "usage: sudokit check [--solver NAME] [-o KEY=VALUE] [--max-nodes N] [--timeout S] [--csv FILE] [--json FILE]\n"
    "                     PUZZLES|PUZZLE ANSWERS\n"
    "Verifies another solver's answers, one per puzzle in the same order: each grid must fill its\n"
    "puzzle, keep its givens and obey every rule. An answer 'none' claims no solution; a line\n"
    "'# claim: unique' or '# claim: count N' before a grid claims that many solutions. Claims are\n"
    "decided by a backend, which prints a counter-example when one is false. `sudokit solve`'s\n"
    "output is read as answers: its '# puzzle N: ...' lines pair each answer with puzzle N.";

// One puzzle checked, and whether the backend named to decide claims declared it does not take
// the grid: as `solve` with that backend, the command line's fault (exit 3), not the answer's.
struct Checked {
  CheckRow row;
  bool not_taken = false;
};

// One run of `sudokit check`: each puzzle's answer verified, its claim decided by a backend from
// the pool (made when a claim first needs one), and what each puzzle came to on stdout.
class CheckRun {
 public:
  CheckRun(const CheckCommand& c, const Registry& registry, Outcome& outcome)
      : answers_file_(c.files[1]), deciders_(registry, c.solve.solver, backend_options(c.solve)),
        limits_(limits_of(c.solve)), outcome_(outcome) {}
  void puzzle(const ParsedPuzzle& p, const std::string& source, const AnswerEntry* entry);
  // A puzzle of PUZZLES that could not be read (reported already): counted in the tally.
  void unreadable_puzzle() { ++unreadable_puzzles_; }
  const std::vector<CheckRow>& rows() const { return rows_; }
  // "N puzzles: ... correct, ... wrong, ..., ... unreadable puzzles" and the backends that decided claims.
  void write_tally(std::ostream& out) const;

 private:
  Checked check(const ParsedPuzzle& p, const std::string& source, const AnswerEntry* entry);
  const std::string answers_file_;
  SolverPool deciders_;
  std::set<std::string> decided_by_;
  const Limits limits_;
  Outcome& outcome_;
  std::vector<CheckRow> rows_;
  std::size_t unreadable_puzzles_ = 0;
};

Checked CheckRun::check(const ParsedPuzzle& p, const std::string& source, const AnswerEntry* entry) {
  Checked checked;
  PooledSolver* chosen = nullptr;
  auto failed = [&](const Error& e) {  // the deciding backend failed: the next puzzle gets a fresh one
    checked.row = CheckRow{.puzzle = p.number, .source = source, .line = p.first_line, .verdict = Verdict::failed, .reason = e.what()};
    if (chosen) deciders_.discard(*chosen);
  };
  try {
    checked.row = check_answer(p, source, entry, answers_file_, [&]() -> Solver& {
      chosen = &deciders_.for_grid(p.grid.shape());
      return *chosen->solver;
    }, limits_);
    if (chosen) decided_by_.insert(chosen->info.name);
  } catch (const GridNotTaken& e) {  // the backend named to decide claims declares it does not take this grid
    failed(e);
    checked.not_taken = true;
  } catch (const WrongAnswer& e) {  // the deciding backend's own answer failed verification
    report_rejected(e, source + ": puzzle " + std::to_string(p.number));
    failed(e);
  } catch (const ExternalError& e) {  // a program that died or gave no answer
    std::cerr << "sudokit: " << source << ": puzzle " << p.number << ": " << e.what() << "\n";
    failed(e);
  }
  return checked;
}

// A row that is not "correct", on stdout: the verdict, where the answer is, why, and a
// counter-example when there is one.
void write_finding(std::ostream& out, const CheckRow& row) {
  out << "puzzle " << row.puzzle << " (" << row.source << ", line " << row.line << "): " << row.verdict;
  if (row.answer_line) out << " (answer at " << row.answer_source << " line " << row.answer_line << ")";
  out << ": " << row.reason << "\n";
  if (!row.counterexample.empty()) out << "  counter-example: " << row.counterexample << "\n";
}

// The exit code a puzzle's verdict asks for (README.md's table).
int exit_code_for(const Checked& c) {
  switch (c.row.verdict) {
    case Verdict::wrong:
    case Verdict::refuted:
    case Verdict::missing: return kDisagreement;
    case Verdict::failed: return c.not_taken ? kUsage : kDisagreement;
    case Verdict::unreadable: return kBadInput;
    case Verdict::stopped: return kUnsolved;
    default: return kOk;
  }
}

void CheckRun::puzzle(const ParsedPuzzle& p, const std::string& source, const AnswerEntry* entry) {
  Checked checked = check(p, source, entry);
  if (checked.row.verdict != Verdict::correct) write_finding(std::cout, checked.row);
  outcome_.raise(exit_code_for(checked));
  rows_.push_back(std::move(checked.row));
}

void CheckRun::write_tally(std::ostream& out) const {
  std::map<Verdict, std::size_t> tally;
  for (const CheckRow& row : rows_) ++tally[row.verdict];
  out << counted(rows_.size() + unreadable_puzzles_, "puzzle") << ": " << tally[Verdict::correct] << " correct";
  for (Verdict v : {Verdict::wrong, Verdict::refuted, Verdict::missing, Verdict::unreadable, Verdict::stopped, Verdict::failed})
    if (v == Verdict::unreadable && tally[v]) out << ", " << counted(tally[v], "unreadable answer");  // not the puzzles below
    else if (tally[v]) out << ", " << tally[v] << " " << v;
  if (unreadable_puzzles_) out << ", " << counted(unreadable_puzzles_, "unreadable puzzle");
  if (!decided_by_.empty()) {
    std::string names;
    for (const auto& n : decided_by_) names += (names.empty() ? "" : ", ") + n;
    out << " (claims decided by " << names << ")";
  }
  out << "\n";
}

// Each puzzle's answer, by the number it answers (AnswerEntry::number, which only grows); one
// past the last puzzle (`last`, the highest puzzle number read) is reported, and the input is
// bad (exit 2).
std::vector<const AnswerEntry*> answers_by_puzzle(const std::vector<AnswerEntry>& answers, std::size_t last,
                                                  const CheckCommand& c, Outcome& outcome) {
  std::vector<const AnswerEntry*> by_puzzle(last + 1, nullptr);
  for (const AnswerEntry& a : answers) {
    if (a.number >= 1 && a.number <= last) {
      by_puzzle[a.number] = &a;
      continue;
    }
    std::cout << c.files[1] << " line " << a.line << ": answer for puzzle " << a.number << " has no puzzle (" << c.files[0]
              << " holds " << counted(last, "puzzle") << ")\n";
    outcome.raise(kBadInput);
  }
  return by_puzzle;
}

}  // namespace

int cmd_check(const std::vector<std::string>& args) {
  CheckCommand c;
  const auto parsed = parse_command(args, c, add_check_options, "file", kCheckUsage);
  if (!parsed) return kOk;
  if (c.files.size() != 2) throw UsageError("check takes PUZZLES (a file, or a typed puzzle) and ANSWERS (a file)");
  const auto is_stdin = [](const std::string& file) {
    std::error_code not_there;
    return file == "-" || std::filesystem::equivalent(file, "/dev/stdin", not_there);
  };
  if (is_stdin(c.files[0]) && is_stdin(c.files[1]))
    throw UsageError("check reads stdin once: PUZZLES and ANSWERS cannot both be '-' (or /dev/stdin)");
  const Registry registry = builtin_solvers();
  Outcome outcome;
  CheckRun run(c, registry, outcome);  // a bad backend name, option or limit fails now
  std::optional<BoxSpec> box;
  if (!c.box_text.empty()) box = parse_box_spec(c.box_text);
  const Rules rules = parse_rules_option(c.rules_text);

  // The files are made before any check: a bad path fails now, not after the run.
  std::optional<Output> csv_out, json_out;
  if (!c.csv.empty()) csv_out.emplace(c.csv);
  if (!c.json.empty()) json_out.emplace(c.json);
  std::vector<std::pair<ParsedPuzzle, std::string>> puzzles;
  std::size_t last = 0;  // the highest puzzle number read, readable or not
  for_each_puzzle(
      {c.files[0]}, box, rules, outcome,
      [&](const ParsedPuzzle& p, const std::string& source) {
        puzzles.push_back({p, source});
        last = std::max(last, p.number);
      },
      [&](std::size_t number, const std::string&) {
        run.unreadable_puzzle();
        last = std::max(last, number);
      });
  Input answers_in(c.files[1]);
  if (!answers_in.ok()) {
    outcome.raise(kIoError);
    return outcome.code;
  }
  const std::vector<AnswerEntry> answers = read_answers(answers_in.stream(), c.files[1], box);

  const std::vector<const AnswerEntry*> answer_for = answers_by_puzzle(answers, last, c, outcome);
  for (const auto& [p, source] : puzzles) run.puzzle(p, source, answer_for[p.number]);
  run.write_tally(std::cout);
  if (csv_out && !write_file(*csv_out, [&](std::ostream& o) { write_check_csv(o, run.rows()); })) outcome.raise(kIoError);
  if (json_out && !write_file(*json_out, [&](std::ostream& o) { write_check_json(o, run.rows()); })) outcome.raise(kIoError);
  return outcome.code;
}

namespace {

// A model that fails: reported on stderr naming the file and the fault, exit 4; nothing on stdout.
int rejected_model(const std::string& file, const std::string& fault, Outcome& outcome) {
  std::cerr << "sudokit: " << file << ": " << fault << "\n";
  outcome.raise(kDisagreement);
  return outcome.code;
}

}  // namespace

int cmd_decode(const std::vector<std::string>& args) {
  std::string box_text, rules_text, kind_text;
  SolveArgs formula_args;
  std::vector<std::string> files;
  po::options_description desc("Options");
  desc.add_options()
    ("help,h", "show this help")
    ("box", po::value<std::string>(&box_text), "box shape RxC when it cannot be inferred")
    ("kind", po::value<std::string>(&kind_text), "sudoku or xc (default: from the problem file)")
    ("file", po::value<std::vector<std::string>>(&files), "PROBLEM and MODEL");
  add_rules_option(desc, rules_text);
  add_backend_options(desc, formula_args);
  po::positional_options_description positional;
  positional.add("file", -1);
  po::variables_map vm;
  if (!parse(args, desc, positional, vm,
             "usage: sudokit decode [--box RxC] [--rules NAMES] [--kind sudoku|xc] [--encoding NAME] [-o givens=units|reduce]\n"
             "                      PROBLEM MODEL\n"
             "Turns a SAT solver's answer (\"s\"/\"v\" lines, or a result file of SAT and a line of literals) to the formula of\n"
             "PROBLEM (one puzzle, as `sudokit encode --to dimacs` writes it with the same --encoding and\n"
             "-o givens, or an exact-cover file in DLX format) into the grid or the options it describes.\n"
             "Printed only when the model satisfies every clause of that formula, gives every cell\n"
             "exactly one digit and every given its own, and the verifier accepts the result; otherwise\n"
             "the fault is named (the clause, or the cell and its digits) and the exit code is 4."))
    return kOk;
  if (files.size() != 2) throw UsageError("decode takes PROBLEM (a file, or a typed puzzle) and MODEL (a file)");
  Outcome outcome;
  Input model_in(files[1]);
  if (!model_in.ok()) {
    outcome.raise(kIoError);
    return outcome.code;
  }
  const ProblemKind kind = kind_text.empty() ? guess_kind(files[0]) : parse_problem_kind(kind_text);
  auto unsatisfiable = [&] {
    std::cout << "# no solution (the model file says UNSATISFIABLE)\n";
    outcome.raise(kUnsolved);
    return outcome.code;
  };
  const std::string against = " (decode checks it against the formula `sudokit encode` writes with the same --encoding and -o givens)";
  if (kind == ProblemKind::sudoku) {
    std::optional<BoxSpec> box;
    if (!box_text.empty()) box = parse_box_spec(box_text);
    const Rules rules = parse_rules_option(rules_text);
    std::vector<ParsedPuzzle> puzzles;
    for_each_puzzle({files[0]}, box, rules, outcome, [&](const ParsedPuzzle& p, const std::string&) { puzzles.push_back(p); });
    if (outcome.code != kOk) return outcome.code;
    if (puzzles.size() != 1) throw UsageError("decode takes one puzzle; " + files[0] + " holds " + counted(puzzles.size(), "puzzle"));
    const ParsedPuzzle& p = puzzles.front();
    const Cnf formula = sudoku_formula(p.grid, backend_options(formula_args), "decode");
    const auto model = read_model(model_in.stream(), files[1], formula.variables);
    if (!model) return unsatisfiable();
    // The grid first, whose faults are named by cell and digit; then every clause.
    const DecodedGrid decoded = grid_of_model(p.grid, *model, formula);
    if (!decoded.fault.empty()) return rejected_model(files[1], "the model is not one grid: " + decoded.fault, outcome);
    if (std::string fault = falsified_clause(formula, *model); !fault.empty())
      return rejected_model(files[1], "the model does not satisfy the formula: " + fault + against, outcome);
    if (const auto v = verify(p.grid, decoded.grid); !v.empty())
      return rejected_model(files[1], "the model's grid is not a solution of the puzzle: " + v.front().message, outcome);
    std::cout << to_text(decoded.grid, p.format);
    return outcome.code;
  }
  if (!formula_args.options.empty() || !formula_args.encoding.empty())
    throw UsageError("decode: --encoding and -o are for Sudoku formulas; an exact-cover formula has one form");
  const auto problem = read_xc_file(files[0], outcome);
  if (!problem) return outcome.code;
  const Cnf formula = exact_cover_cnf(*problem);
  const auto model = read_model(model_in.stream(), files[1], formula.variables);
  if (!model) return unsatisfiable();
  if (std::string fault = falsified_clause(formula, *model); !fault.empty())
    return rejected_model(files[1], "the model does not satisfy the formula: " + fault, outcome);
  const Selection chosen = options_of_model(problem->option_count(), [&](int v) { return model->of(v) > 0; });
  if (const auto v = verify_cover(*problem, chosen); !v.empty())
    return rejected_model(files[1], "the model's options are not a solution: " + v.front().message, outcome);
  for (int o : chosen) std::cout << problem->option_text(o) << "\n";
  return outcome.code;
}

int cmd_check_proof(const std::vector<std::string>& args) {
  std::vector<std::string> files;
  po::options_description desc("Options");
  desc.add_options()("help,h", "show this help")("file", po::value<std::vector<std::string>>(&files), "CNF and PROOF");
  po::positional_options_description positional;
  positional.add("file", -1);
  po::variables_map vm;
  if (!parse(args, desc, positional, vm,
             "usage: sudokit check-proof CNF PROOF\n"
             "Checks a DRAT proof (in text, not the binary form) that the DIMACS formula CNF has\n"
             "no solution: every lemma must follow by unit propagation (or be RAT), and the empty clause\n"
             "must be derived. Exit 0: verified; 4: rejected, with the first failing lemma's line."))
    return kOk;
  if (files.size() != 2) throw UsageError("check-proof takes two files: CNF PROOF");
  Input cnf_in(files[0]);
  if (!cnf_in.ok()) return kIoError;
  Input proof_in(files[1]);
  if (!proof_in.ok()) return kIoError;
  const Cnf formula = read_dimacs(cnf_in.stream(), files[0]);
  const DratResult r = check_drat(formula, proof_in.stream(), files[1]);
  if (r.verified) {
    std::cout << "verified: " << files[0] << " has no solution (" << counted(r.lemmas, "lemma") << ", "
              << counted(r.deletions, "deletion") << " checked)\n";
    return kOk;
  }
  std::cout << "rejected: " << files[1] << ": " << r.reason << "\n";
  return kDisagreement;
}

}  // namespace sudokit::cli
