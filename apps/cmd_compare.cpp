// `sudokit compare`: every chosen backend on every puzzle, answers verified and compared;
// `sudokit report`: the summary table of CSV files written by compare (e.g. from shards).
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cerrno>
#include <csignal>
#include <optional>
#include <cmath>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "cli.h"
#include "status_line.h"
#include "sudokit/compare/check.h"
#include "sudokit/compare/compare.h"
#include "sudokit/errors.h"
#include "sudokit/registry.h"
#include "sudokit/text.h"

namespace sudokit::cli {

namespace {

std::pair<std::size_t, std::size_t> parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  try {
    if (slash != std::string::npos) {
      const std::size_t k = std::stoull(text.substr(0, slash)), n = std::stoull(text.substr(slash + 1));
      if (n >= 1 && k >= 1 && k <= n) return {k, n};
    }
  } catch (const std::logic_error&) {
  }
  throw UsageError("--shard is K/N with 1 <= K <= N, e.g. 2/3; got '" + text + "'");
}

// SIGINT or SIGTERM: compare starts no new puzzle, writes the rows done and its summary, and exits
// with 128 + the signal. A handler may only touch lock-free atomics.
std::atomic<bool> stop_requested{false};
std::atomic<int> stop_signal{0};
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free);

void on_stop_signal(int signal) {
  stop_signal = signal;
  stop_requested = true;
}

void catch_stop_signals() {
  for (int signal : {SIGINT, SIGTERM}) {
    struct sigaction action {}, old {};
    if (sigaction(signal, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;  // e.g. nohup, `&`
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;  // a second Ctrl-C ends the program at once
    sigaction(signal, &action, nullptr);
  }
}

// The certifier --certify uses: the one named, else the first declaring proofs; refused before
// any work when it writes none.
std::string certifier_for(const Registry& registry, const std::string& named, ProblemKind kind) {
  const std::string certifier = named.empty() ? registry.certifier(kind) : named;
  const BackendInfo info = registry.info(certifier);
  if (!info.proofs) throw UsageError("--certify-with " + certifier + ": it writes no proofs (sudokit solvers: proofs)");
  if (!info.takes(kind)) throw UsageError("--certify-with " + certifier + ": it does not solve " + std::string(to_string(kind)));
  return certifier;
}

// --certify: a proof, checked, for every puzzle whose backends agreed on "unique" or "none".
// `report` holds the rows of the puzzles done, `width` (the backends) to a puzzle, in order.
int certify_all(const Registry& registry, const std::string& certifier, const std::vector<PuzzleInput>& puzzles,
                const CompareReport& report) {
  const std::size_t width = report.budgets.size();
  std::size_t asked = 0, certified = 0;
  std::cout << "\n";
  for (std::size_t first = 0; width > 0 && first + width <= report.rows.size(); first += width) {
    const Row* rows = &report.rows[first];
    bool agreed = true, decided = false;
    for (std::size_t b = 0; b < width; ++b) {
      agreed &= !is_disagreement(rows[b]);
      decided |= rows[b].verdict == Verdict::agrees && (rows[b].status == "unique" || rows[b].status == "none");
    }
    if (!agreed || !decided) continue;
    const auto p = std::find_if(puzzles.begin(), puzzles.end(),
                                [&](const PuzzleInput& q) { return q.number == rows[0].puzzle && q.source == rows[0].source; });
    if (p == puzzles.end()) continue;
    ++asked;
    const Certificate c = certify(registry, certifier, *p);
    if (c.certified) ++certified;
    else std::cout << "puzzle " << p->number << " (" << p->source << ", line " << p->line << "): not certified: " << c.reason << "\n";
  }
  std::cout << "certified: " << certified << " of " << asked
            << " puzzles whose answer is unique or none (DRAT proofs by " << certifier << ", checked by sudokit)\n";
  return certified == asked ? kOk : kDisagreement;
}

// What `sudokit compare` was told.
struct CompareCommand {
  SolveArgs solve;
  std::string solvers, box_text, rules_text, csv, json, shard_text, kind_text, certifier;
  bool certify = false, list_columns = false, no_estimates = false;
  std::uint64_t old_count = 0;  // --limit, the old name of --count
  unsigned jobs = usable_cpus();
  std::vector<std::string> files;
};

void add_compare_options(po::options_description& desc, CompareCommand& c) {
  desc.add_options()
    ("help,h", "show this help")
    ("solvers", po::value<std::string>(&c.solvers),
     "comma-separated backends, each NAME or NAME:KEY=VALUE[:KEY=VALUE] (default: every backend)");
  add_limit_options(desc, c.solve, {.count = 2, .each = "puzzle and backend", .declared_budgets = true});
  desc.add_options()
    ("limit", po::value<std::uint64_t>(&c.old_count), "the old name of --count")
    ("jobs,j", po::value<unsigned>(&c.jobs), "threads (default: the CPUs this process may run on, e.g. under taskset); the output does not depend on it")
    ("no-estimates", po::bool_switch(&c.no_estimates),
     "keep no online estimate of each tree's size (the estimated_nodes of stopped rows): it costs the textbook "
     "search about a tenth of its speed, the other backends nothing measurable")
    ("shard", po::value<std::string>(&c.shard_text), "K/N: only puzzles K, K+N, K+2N, ... (1-based), to split a run")
    ("certify", po::bool_switch(&c.certify),
     "prove each agreed 'unique' or 'none' with a DRAT proof and check it (docs/cross-checking.md)")
    ("certify-with", po::value<std::string>(&c.certifier),
     "the backend that writes the proofs (default: the first that declares it writes them, `sudokit solvers`: "
     "proofs; or an ext: backend whose program writes DRAT proofs)")
    ("csv", po::value<std::string>(&c.csv), "write one row per puzzle and backend here ('-': stdout, after the summary)")
    ("json", po::value<std::string>(&c.json), "the same rows as JSON")
    ("list-columns", po::bool_switch(&c.list_columns), "print the table of the CSV and JSON columns (docs/stats.md) and stop")
    ("box", po::value<std::string>(&c.box_text), "box shape RxC when it cannot be inferred")
    ("kind", po::value<std::string>(&c.kind_text),
     "sudoku or xc (exact-cover files in Knuth's DLX format, one problem each); default: from the files")
    ("file", po::value<std::vector<std::string>>(&c.files), "puzzle files, puzzles typed in their one-line form, or exact-cover files; stdin when none or '-'");
  add_rules_option(desc, c.rules_text);
}

constexpr const char* kCompareUsage =
    "usage: sudokit compare [--solvers LIST] [--count [LIMIT]] [--max-nodes N|Kx] [--timeout S] [--jobs N]\n"
    "                       [--shard K/N] [--csv FILE] [--json FILE] [--box RxC] [--rules NAMES] [--kind sudoku|xc]\n"
    "                       [--no-estimates] [--list-columns]\n"
    "                       [--certify [--certify-with NAME]]\n"
    "                       [FILE|PUZZLE|-]...\n"
    "Runs backends side by side, verifies every answer, flags disagreements, summarises costs.\n"
    "Sudoku puzzle files (or puzzles typed in their one-line form), or exact-cover files in Knuth's DLX\n"
    "format (one problem per file):\n"
    "by default every backend that takes the kind of problem given.";

// run_compare's options from the command line: the limits, the backends named, and the flag a
// Ctrl-C sets. Throws UsageError for a bad limit, or --limit given with --count.
CompareOptions compare_options(CompareCommand& c, const po::variables_map& vm) {
  if (vm.count("limit")) {
    if (!vm["count"].defaulted()) throw UsageError("--limit is the old name of --count: give one of them");
    c.solve.count = c.old_count;
  }
  CompareOptions options;
  options.limits = limits_of(c.solve);
  options.default_budgets = declared_budget_scale(c.solve);
  options.jobs = c.jobs;
  options.estimates = !c.no_estimates;
  options.stop = &stop_requested;
  options.backends = named_backends(vm, "solvers", c.solvers);
  return options;
}

// Which puzzles this run takes: with --shard K/N, those whose 0-based index is K-1 modulo N.
struct Shard {
  std::size_t k = 1, n = 1;
  bool takes(std::size_t index) const { return index % n == k - 1; }
};

// What the puzzles are read with, from the command line.
struct PuzzleSource {
  std::vector<std::string> files;
  std::optional<BoxSpec> box;
  Rules rules;
  Shard shard;
};

// --csv and --json, made before any search so that a bad path fails now, not after a long run.
// The CSV's header goes in at once: a run ended before its rows (Ctrl-C twice, a kill) still
// leaves a file that `report` and pandas can read; stdout gets it after the summary.
class CompareFiles {
 public:
  explicit CompareFiles(const CompareCommand& c) {
    if (!c.csv.empty()) csv_.emplace(c.csv);
    if (!c.json.empty()) json_.emplace(c.json);
    header_first_ = csv_ && !csv_->is_stdout();
    if (header_first_) {
      write_csv_header(csv_->stream());
      csv_->check(true);
    }
  }
  // The rows, into each file asked for; a write that fails raises kIoError.
  void write(const std::vector<Row>& rows, Outcome& outcome) {
    if (csv_ && !write_file(*csv_, [&](std::ostream& o) {
          if (!header_first_) write_csv_header(o);
          write_csv_rows(o, rows);
        }))
      outcome.raise(kIoError);
    if (json_ && !write_file(*json_, [&](std::ostream& o) { write_json(o, rows); })) outcome.raise(kIoError);
  }

 private:
  std::optional<Output> csv_, json_;
  bool header_first_ = false;
};

// The Sudoku puzzles of the shard; a Ctrl-C while they are read stops the reading.
// The puzzles of the shard; `unreadable` counts those of the shard that could not be read (each
// reported already).
std::vector<PuzzleInput> read_sudoku_puzzles(const PuzzleSource& from, Outcome& outcome, std::size_t& unreadable) {
  std::vector<PuzzleInput> puzzles;
  struct LoadStopped {};
  try {
    for_each_puzzle(
        from.files, from.box, from.rules, outcome,
        [&](const ParsedPuzzle& p, const std::string& source) {
          if (stop_requested) throw LoadStopped{};
          if (from.shard.takes(p.number - 1)) puzzles.push_back({p.number, source, p.first_line, p.grid});
        },
        [&](std::size_t number, const std::string&) { unreadable += from.shard.takes(number - 1); });
  } catch (const LoadStopped&) {
  }
  return puzzles;
}

// The exact-cover problems of the shard, one a file (none given: stdin).
std::vector<PuzzleInput> read_xc_problems(const PuzzleSource& from, Outcome& outcome, std::size_t& unreadable) {
  std::vector<std::string> files = from.files;
  if (files.empty()) files.push_back("-");
  std::vector<PuzzleInput> problems;
  for (std::size_t f = 0; f < files.size(); ++f) {
    if (!from.shard.takes(f)) continue;
    if (auto problem = read_xc_file(files[f], outcome))
      problems.push_back({f + 1, files[f] == "-" ? "stdin" : files[f], 1,
                          std::make_shared<const ExactCover>(std::move(*problem))});
    else
      ++unreadable;
  }
  return problems;
}

// On a terminal, with many puzzles: a status line with the rate and the time left.
void show_progress(CompareOptions& options, StatusLine& status, std::size_t puzzles) {
  if (!status.enabled() || puzzles < 200) return;
  const auto start = std::chrono::steady_clock::now();
  options.progress = [&status, start](std::size_t done, std::size_t total) {
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0;
    char line[160];
    std::snprintf(line, sizeof line, "compare: %zu/%zu puzzles, %.0f/s, about %.0f s left", done, total, rate,
                  rate > 0 ? static_cast<double>(total - done) / rate : 0.0);
    status.draw(line);
  };
}

// What a run found, on stdout after the disagreements' details: the count (the unreadable
// problems too: "6 puzzles, 0 with a disagreement, 3 unreadable"), the table per backend, the
// budgets that stopped searches, and the agreed counts.
void write_run_summary(std::ostream& out, const CompareReport& report, ProblemKind kind, std::size_t unreadable,
                       std::uint64_t count_limit) {
  if (report.disagreements > 0) out << "\n";
  out << counted(report.puzzles + unreadable, kind == ProblemKind::exact_cover ? "problem" : "puzzle") << ", "
      << report.disagreements << " with a disagreement";
  if (unreadable) out << ", " << unreadable << " unreadable";
  out << "\n";
  if (report.puzzles == 0) return;  // nothing was compared: a table of no rows says nothing more
  out << "\n";
  write_summary(out, report.rows);
  write_budget_notes(out, report);
  write_count_summary(out, report, count_limit);
}

// A run that SIGINT or SIGTERM ended: said on stderr; its exit code is 128 + the signal.
int stopped_by_signal(const CompareReport& report, std::size_t puzzles_read) {
  const int signal = stop_signal;
  std::cerr << "sudokit: stopped by " << (signal == SIGINT ? "SIGINT" : "SIGTERM") << " after " << report.puzzles
            << " of the " << counted(puzzles_read, "puzzle") << " read; the summary and the files hold those\n";
  return 128 + signal;
}

}  // namespace

int cmd_compare(const std::vector<std::string>& args) {
  CompareCommand c;
  const auto parsed = parse_command(args, c, add_compare_options, "file", kCompareUsage);
  if (!parsed) return kOk;
  const po::variables_map& vm = *parsed;
  if (c.list_columns) {
    write_column_table(std::cout);
    return kOk;
  }
  CompareOptions options = compare_options(c, vm);
  PuzzleSource from{c.files, std::nullopt, {}, {}};
  if (!c.box_text.empty()) from.box = parse_box_spec(c.box_text);
  from.rules = parse_rules_option(c.rules_text);
  if (!c.shard_text.empty()) std::tie(from.shard.k, from.shard.n) = parse_shard(c.shard_text);

  // Everything the command line can get wrong is refused before any file is made or puzzle read.
  const Registry registry = builtin_solvers();
  const ProblemKind kind = c.kind_text.empty() ? kind_of_files(c.files) : parse_problem_kind(c.kind_text);
  validate_backends(registry, options.backends, kind);
  if (c.certify) c.certifier = certifier_for(registry, c.certifier, kind);
  // Ctrl-C is caught before any file is made: a signal that came after the CSV's header but
  // before the handler ended the run with no exit code of its own (CI saw it once, under load).
  catch_stop_signals();
  CompareFiles files(c);
  Outcome outcome;
  std::size_t unreadable = 0;
  const std::vector<PuzzleInput> puzzles = kind == ProblemKind::sudoku ? read_sudoku_puzzles(from, outcome, unreadable)
                                                                       : read_xc_problems(from, outcome, unreadable);
  StatusLine status;
  show_progress(options, status, puzzles.size());

  const CompareReport report = run_compare(registry, puzzles, options, std::cout);
  status.erase();
  write_run_summary(std::cout, report, kind, unreadable, options.limits.solutions);
  // The files first: certifying takes long, and a second Ctrl-C then must not lose them.
  files.write(report.rows, outcome);
  if (c.certify && !report.stopped && !stop_requested) outcome.raise(certify_all(registry, c.certifier, puzzles, report));
  outcome.raise(exit_code_for(report));
  if (report.stopped || stop_requested) outcome.raise(stopped_by_signal(report, puzzles.size()));
  return outcome.code;
}

int cmd_report(const std::vector<std::string>& args) {
  std::vector<std::string> files;
  po::options_description desc("Options");
  desc.add_options()("help,h", "show this help")("file", po::value<std::vector<std::string>>(&files), "CSV files");
  po::positional_options_description positional;
  positional.add("file", -1);
  po::variables_map vm;
  if (!parse(args, desc, positional, vm,
             "usage: sudokit report [CSV...]\n"
             "Merges CSV files written by `sudokit compare --csv` (shards of one run, say) and prints\n"
             "the summary table of the whole; '-' or no file reads stdin. A file with no rows is bad input."))
    return kOk;
  // Each (source, puzzle, backend, options) once: a file given twice, or shards that overlap, would
  // count puzzles twice. A repeat is an error rather than dropped, so that no number silently
  // depends on which copy was kept; the message says which files to look at.
  std::vector<Row> rows;
  std::map<std::tuple<std::string, std::size_t, std::string, std::string>, std::string> first_file;
  std::size_t repeats = 0;
  bool empty_file = false;
  if (files.empty()) files = {"-"};  // stdin, as the other commands read
  for (const auto& f : files) {
    Input in(f);
    if (!in.ok()) return kIoError;
    errno = 0;
    std::vector<Row> read = read_csv(in.stream(), in.name());
    if (read.empty() && !in.read_failed()) {  // a shard cut short must not pass as a run with nothing to say
      std::cerr << "sudokit: " << in.name() << ": no rows (`sudokit compare --csv` writes a header and a row per puzzle and backend)\n";
      empty_file = true;
    }
    for (Row& r : read) {
      const auto [first, fresh] = first_file.try_emplace({r.source, r.puzzle, r.backend, r.options}, f);
      if (fresh) rows.push_back(std::move(r));
      else if (++repeats == 1)
        std::cerr << "sudokit: " << f << " repeats the row of puzzle " << r.puzzle << " (" << r.source << ", line "
                  << r.line << ") for " << r.backend << " that " << first->second << " already has\n";
    }
    if (in.read_failed()) return kIoError;
  }
  if (repeats > 0) {
    std::cerr << "sudokit: " << repeats << " repeated rows: give each shard's CSV file once\n";
    return kBadInput;
  }
  if (empty_file) return kBadInput;
  // A puzzle is its (source file, number): shards of several files merge correctly.
  std::set<std::pair<std::string, std::size_t>> puzzle_set, bad;
  for (const Row& r : rows) {
    puzzle_set.insert({r.source, r.puzzle});
    if (is_disagreement(r)) bad.insert({r.source, r.puzzle});
  }
  const std::size_t puzzles = puzzle_set.size(), disagreements = bad.size();
  std::cout << counted(puzzles, "puzzle") << ", " << disagreements << " with a disagreement\n\n";
  write_summary(std::cout, rows);
  return exit_code_for(rows);
}

}  // namespace sudokit::cli
