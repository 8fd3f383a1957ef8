#include "cli.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <filesystem>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <typeinfo>

#include "sudokit/compare/compare.h"
#include "sudokit/encoders/dlx_format.h"
#include "sudokit/errors.h"
#include "sudokit/text.h"

namespace sudokit::cli {

void add_rules_option(po::options_description& desc, std::string& rules_text) {
  desc.add_options()("rules", po::value<std::string>(&rules_text),
                     "variant rules for every puzzle, e.g. 'x anti-knight': x, diagonal+, diagonal-, windoku, "
                     "disjoint, anti-knight, anti-king (docs/variants.md)");
}

Rules parse_rules_option(const std::string& rules_text) {
  Rules rules;
  try {
    parse_rule_names(rules_text, rules);
  } catch (const UsageError& e) {
    throw UsageError(std::string("--rules: ") + e.what());
  }
  return rules;
}

// A file named FILE.dlx holds an exact-cover problem in Knuth's format, whatever its first line.
static bool has_dlx_name(const std::string& file) { return file.size() > 4 && file.ends_with(".dlx"); }

// A grid of side 10 to 35 typed with lower-case letters for the digits past 9 (which the reader
// refuses, naming the first; on a 25x25 grid most filled cells are letters): a grid's length,
// every character a digit of that side in either case or '.', at least a quarter digits or '.'.
static bool is_lower_case_grid(const std::string& arg) {
  const auto size = static_cast<long>(arg.size());
  const auto side = static_cast<int>(std::lround(std::sqrt(static_cast<double>(size))));
  if (side < 10 || side > 35 || side * side != size) return false;
  const long digits_or_blanks =
      std::count_if(arg.begin(), arg.end(), [](char ch) { return char_digit(ch) >= 0 && char_digit(ch) <= 9; });
  return 4 * digits_or_blanks >= size && std::all_of(arg.begin(), arg.end(), [side](char ch) {
           const int digit = char_digit(static_cast<char>(std::toupper(static_cast<unsigned char>(ch))));
           return digit >= 0 && digit <= side;
         });
}

// An argument that names no file but reads as a puzzle's one-line form: at least 16 characters
// (a 4x4 grid), mostly digits, '.', and capitals for digits past 9, or a grid typed in lower case
// (above), with no path and no extension (".txt": 2-5 letters after the last '.'), so that a
// typo in a puzzle is reported where it is and a missing file ("2026-11-27", "top1465.txt") as a
// missing file.
static bool is_puzzle_argument(const std::string& arg) {
  if (arg.size() < 16 || arg.find('/') != std::string::npos) return false;
  const auto dot = arg.rfind('.');
  const std::string extension = dot == std::string::npos ? "" : arg.substr(dot + 1);
  if (extension.size() >= 2 && extension.size() <= 5 &&
      std::all_of(extension.begin(), extension.end(), [](char ch) { return std::isalpha(static_cast<unsigned char>(ch)); }))
    return false;
  const long read_as_typed = std::count_if(arg.begin(), arg.end(), [](char ch) { return char_digit(ch) >= 0; });
  if (4 * read_as_typed < 3 * static_cast<long>(arg.size()) && !is_lower_case_grid(arg)) return false;
  std::error_code not_there;
  return !std::filesystem::exists(arg, not_there);
}

void for_each_puzzle(const std::vector<std::string>& files, std::optional<BoxSpec> box, const Rules& rules,
                     Outcome& outcome, const std::function<void(const ParsedPuzzle&, const std::string& source)>& each,
                     const PuzzleFailed& failed) {
  auto tell = [&](std::size_t puzzle, const char* why) {
    if (failed && puzzle > 0) failed(puzzle, why);
  };
  // Reads every puzzle of `in`; returns how many there were, bad ones included.
  auto read = [&](std::istream& in, const std::string& source) {
    PuzzleReader reader(in, source, box, rules);
    std::size_t puzzles = 0;
    for (;; ++puzzles) {
      std::optional<ParsedPuzzle> puzzle;
      try {
        errno = 0;
        puzzle = reader.next();
        if (!puzzle) break;
        each(*puzzle, source);
      } catch (const InputError& e) {
        std::cout.flush();
        std::cerr << "sudokit: " << e.what() << "\n";
        outcome.raise(kBadInput);
        const std::size_t number = puzzle ? puzzle->number : e.puzzle();
        if (number <= reader.puzzles_begun()) tell(number, "unreadable");
      } catch (const WrongAnswer& e) {  // rejected by the verifier: reported, never printed as output
        report_rejected(e, source + ": puzzle " + std::to_string(puzzle->number) + " (line " +
                               std::to_string(puzzle->first_line) + ")");
        outcome.raise(kDisagreement);
        tell(puzzle->number, "the answer was rejected by the verifier");
      } catch (const GridNotTaken& e) {
        std::cout.flush();
        std::cerr << "sudokit: " << source << ": puzzle " << puzzle->number << " (line " << puzzle->first_line
                  << "): " << e.what() << "\n";
        outcome.raise(kUsage);
        tell(puzzle->number, "the backend does not take it");
      } catch (const ExternalError& e) {  // an external solver gave no answer: the next puzzle still runs
        std::cout.flush();
        std::cerr << "sudokit: " << source << ": puzzle " << puzzle->number << ": " << e.what() << "\n";
        outcome.raise(kDisagreement);
        tell(puzzle->number, "the external solver failed");
      }
    }
    return puzzles;
  };
  const std::vector<std::string> sources = files.empty() ? std::vector<std::string>{"-"} : files;
  // The puzzles typed as arguments are one input, "the command line", a puzzle a line in their
  // order, read where the first of them stands.
  std::vector<bool> typed_at(sources.size());
  std::string typed;
  for (std::size_t k = 0; k < sources.size(); ++k)
    if ((typed_at[k] = is_puzzle_argument(sources[k]))) typed += sources[k] + "\n";
  bool typed_read = false;
  for (std::size_t k = 0; k < sources.size(); ++k) {
    const std::string& name = sources[k];
    if (typed_at[k]) {
      if (typed_read) continue;
      typed_read = true;
      std::istringstream in(typed);
      read(in, "the command line");
      continue;
    }
    if (has_dlx_name(name)) {  // read as puzzles, a hundred errors
      std::cerr << "sudokit: " << name << ": an exact-cover problem (DLX format), not Sudoku puzzles: `sudokit xc " << name
                << "` solves it\n";
      outcome.raise(kUsage);
      continue;
    }
    Input input(name);
    if (!input.ok()) {
      outcome.raise(kIoError);
      continue;
    }
    const std::size_t puzzles = read(input.stream(), input.name());
    if (input.read_failed()) {
      outcome.raise(kIoError);
    } else if (puzzles == 0) {
      std::cerr << "sudokit: warning: no puzzles in " << input.name() << "\n";
      outcome.raise(kBadInput);
    }
  }
}

void report_rejected(const WrongAnswer& e, const std::string& where) {
  std::cout.flush();
  std::cerr << "sudokit: " << where << ": " << e.what() << "\n";
  if (!e.answer().empty()) std::cerr << "  the rejected answer (not a solution): " << e.answer() << "\n";
}

SolverPool::SolverPool(const Registry& registry, std::string named, SolverOptions options)
    : registry_(registry), named_(std::move(named)), options_(std::move(options)) {
  if (named_.empty() && !options_.empty()) throw UsageError("-o and --encoding set up a backend: name it with --solver");
  if (!named_.empty()) made_.emplace(named_, make(named_));
}

PooledSolver SolverPool::make(const std::string& name) const {
  return {registry_.create(name, name == named_ ? options_ : SolverOptions{}), registry_.info(name)};
}

PooledSolver& SolverPool::for_problem(ProblemKind kind, int size) {
  return made_for(named_.empty() ? registry_.default_for(kind, size) : named_);
}

PooledSolver& SolverPool::made_for(const std::string& name) {
  auto it = made_.find(name);
  if (it == made_.end()) it = made_.emplace(name, make(name)).first;
  return it->second;
}

void require_tracing(const Registry& registry, const std::string& named, bool asked) {
  if (asked && !named.empty() && registry.info(named).tracing == BackendInfo::Tracing::none)
    throw UsageError("--trace and --tree: " + named + " reports nothing of its search (sudokit solvers: traces: no)");
}

PooledSolver& SolverPool::for_grid(const Shape& shape, bool traced) {
  PooledSolver& chosen = made_for(named_.empty() ? registry_.default_for(shape) : named_);
  if (const std::string why = chosen.info.refusal(shape); !why.empty()) throw GridNotTaken(why + " (sudokit solvers)");
  if (traced && chosen.info.tracing == BackendInfo::Tracing::none)  // the default, when none was named
    throw GridNotTaken("--trace and --tree: " + chosen.info.name + " reports nothing of its search; name one that does (sudokit solvers)");
  return chosen;
}

void SolverPool::discard(const PooledSolver& used) {
  for (auto it = made_.begin(); it != made_.end(); ++it)
    if (&it->second == &used) {
      made_.erase(it);
      return;
    }
}

void add_limit_options(po::options_description& desc, SolveArgs& args, const LimitOptions& which) {
  const std::string each = which.each;
  if (which.count) {
    args.count = *which.count;
    desc.add_options()("count", po::value<std::uint64_t>(&args.count)->implicit_value(0)->default_value(*which.count),
                       ("look for up to LIMIT solutions per " + each +
                        " and report how many (0 or no value: all; 2 proves uniqueness)").c_str());
  }
  args.declared_budgets = which.declared_budgets;
  args.max_nodes = which.declared_budgets ? "1x" : which.max_nodes;
  const std::string budget =
      "node budget per " + each + ", in the backend's unit (`sudokit solvers`): N nodes (0: none)" +
      (which.declared_budgets ? std::string(", or Kx for K times each backend's declared budget; 1x, the default, is a "
                                            "few hundredths of a second of search, and the summary says what it stopped")
                              : std::string());
  desc.add_options()
    ("max-nodes", po::value<std::string>(&args.max_nodes)->default_value(args.max_nodes), budget.c_str())
    ("timeout", po::value<double>(&args.timeout)->default_value(0),
     ("wall-clock seconds per " + each + " (0: none), a safety net: unlike the node budget, what it stops "
      "depends on the machine and its load").c_str());
}

void add_backend_options(po::options_description& desc, SolveArgs& args) {
  desc.add_options()
    ("option,o", po::value<std::vector<std::string>>(&args.options)->composing(),
     "backend option KEY=VALUE (repeatable); see `sudokit solvers`")
    ("encoding", po::value<std::string>(&args.encoding), "CNF encoding, for a backend that takes -o encoding= (the same; `sudokit solvers`)");
}

SolverOptions backend_options(const SolveArgs& args) {
  SolverOptions options = SolverOptions::parse(args.options);
  if (!args.encoding.empty()) options.set("encoding", args.encoding);
  return options;
}

namespace {

// --max-nodes: "N" nodes, 0 for none; or, where declared budgets are taken, "Kx", K > 0 times each
// backend's declared budget. Returns (N, 0) or (0, K).
std::pair<std::uint64_t, double> parse_budget(const std::string& text, bool declared_budgets) {
  try {
    std::size_t used = 0;
    if (declared_budgets && !text.empty() && text.back() == 'x') {
      const double k = std::stod(text.substr(0, text.size() - 1), &used);
      if (used + 1 == text.size() && std::isfinite(k) && k > 0 && k < 1e12) return {0, k};
    } else if (!text.empty() && text.find_first_not_of("0123456789") == std::string::npos) {
      return {std::stoull(text, &used), 0.0};
    }
  } catch (const std::logic_error&) {
  }
  throw UsageError("--max-nodes is a number of nodes N >= 0 (0: no limit)" +
                   std::string(declared_budgets ? " or Kx for K times each backend's default budget, e.g. 10x" : "") +
                   "; got '" + text + "'");
}

}  // namespace

Limits limits_of(const SolveArgs& args) {
  if (!(args.timeout >= 0)) throw UsageError("--timeout must be a number of seconds, 0 or more");  // NaN too
  Limits limits;
  limits.solutions = args.count;
  limits.max_nodes = parse_budget(args.max_nodes, args.declared_budgets).first;
  limits.max_seconds = args.timeout;
  return limits;
}

double declared_budget_scale(const SolveArgs& args) { return parse_budget(args.max_nodes, args.declared_budgets).second; }

// `--count` takes an optional number, and Boost gives it the next word whatever that is, so
// `--count puzzles.txt` would be a bad count rather than "count all" followed by a file.
// A `--count` followed by a word that is not a number becomes `--count=0` (a bare word that names
// no file and is no puzzle is a UsageError: a mistyped count); one followed by a
// negative number becomes `--count=-N`, so that it is refused as a negative count (as `--count=-1`
// is) rather than read as an unknown option "-1".
// Only for a command whose --count takes an optional value (`desc`'s): generate's needs one.
std::vector<std::string> with_optional_values(const std::vector<std::string>& args, const po::options_description& desc) {
  const po::option_description* count = desc.find_nothrow("count", false);
  if (!count || count->semantic()->min_tokens() != 0) return args;
  std::vector<std::string> out;
  for (std::size_t i = 0; i < args.size(); ++i) {
    out.push_back(args[i]);
    if (args[i] != "--count" || i + 1 >= args.size()) continue;
    const std::string& next = args[i + 1];
    const bool number = !next.empty() && next.find_first_not_of("0123456789") == std::string::npos;
    const bool negative = next.size() > 1 && next[0] == '-' && next.find_first_not_of("0123456789", 1) == std::string::npos;
    if (negative) {
      out.back() = "--count=" + args[++i];
    } else if (!number && (next == "-" || next.rfind("-", 0) != 0)) {  // "-" is stdin
      // A bare word (no '.', no '/') that is no file and no puzzle either was meant as the count
      // ("--count abc"); a missing "p.txt" is reported as a missing file.
      std::error_code not_there;
      if (next != "-" && next.find_first_of("./") == std::string::npos && !std::filesystem::exists(next, not_there) &&
          !is_puzzle_argument(next))
        throw UsageError("--count takes a number (alone: every solution); " + quote_word(next) +
                         " is no number, and no file or puzzle either");
      out.back() = "--count=0";
    }
  }
  return out;
}

// Boost reads "-5" into an unsigned option as 2^64-5: a count, node budget or number of threads
// written negative is refused.
void reject_negative_counts(const po::parsed_options& parsed, const po::variables_map& vm) {
  for (const auto& option : parsed.options) {
    if (!vm.count(option.string_key)) continue;
    const std::type_info& type = vm[option.string_key].value().type();
    if (type != typeid(unsigned) && type != typeid(unsigned long) && type != typeid(unsigned long long)) continue;
    for (const auto& value : option.value)
      if (value.find('-') != std::string::npos)
        throw UsageError("--" + option.string_key + " must not be negative, got '" + value + "'");
  }
}

bool parse(const std::vector<std::string>& args, const po::options_description& desc,
           const po::positional_options_description& positional, po::variables_map& vm, const char* usage) {
  const auto parsed = po::command_line_parser(with_optional_values(args, desc)).options(desc).positional(positional).run();
  po::store(parsed, vm);
  reject_negative_counts(parsed, vm);
  if (vm.count("help")) {
    std::cout << usage << "\n" << desc << "\n";
    return false;
  }
  po::notify(vm);
  return true;
}

// What a file holds, from its name or its first line: an exact-cover problem in Knuth's format
// (a .dlx name, a '|' comment, or an item line that no puzzle form has), or Sudoku puzzles
// (a line of digits, dots and spaces, a one-line puzzle, f-puzzles JSON or an f-puzzles link). stdin is taken to hold puzzles.
ProblemKind guess_kind(const std::string& file) {
  if (file.empty() || file == "-") return ProblemKind::sudoku;
  if (has_dlx_name(file)) return ProblemKind::exact_cover;
  // A pipe (`<(...)`, /dev/fd/N) can be read once, and the reader must have it: like stdin, it is
  // taken to hold puzzles (--kind xc says otherwise). A directory fails in the reader, as it should.
  std::error_code not_there;
  if (std::filesystem::exists(file, not_there) && !std::filesystem::is_regular_file(file, not_there) &&
      !std::filesystem::is_directory(file, not_there))
    return ProblemKind::sudoku;
  Input in(file, Input::Errors::quiet);  // the reader that follows says what failed
  if (!in.ok()) return ProblemKind::sudoku;
  return starts_like_dlx(in.stream()) ? ProblemKind::exact_cover : ProblemKind::sudoku;
}

ProblemKind kind_of_files(const std::vector<std::string>& files) {
  if (files.empty()) return guess_kind("-");
  const ProblemKind kind = guess_kind(files.front());
  for (const std::string& f : files)
    if (guess_kind(f) != kind) {
      auto what = [](ProblemKind k) { return k == ProblemKind::sudoku ? "Sudoku puzzles" : "an exact-cover problem (DLX format)"; };
      throw UsageError("one kind of problem in a run: " + files.front() + " holds " + what(kind) + ", " + f +
                       " " + what(guess_kind(f)) + " (--kind sudoku|xc says which, when a file's name and first line do not)");
    }
  return kind;
}

ProblemKind parse_problem_kind(const std::string& text) {
  if (text == "sudoku") return ProblemKind::sudoku;
  if (text == "xc") return ProblemKind::exact_cover;
  throw UsageError("a kind of problem is sudoku or xc, not '" + text + "'");
}

std::uint64_t budgeted_work(const BackendInfo& info, const Stats& stats) {
  for (const Counter& c : stats.counters)
    if (c.name == info.node_unit) return c.value;
  return stats.nodes;
}

template <class Answer>
std::string describe(const BasicResult<Answer>& r, std::uint64_t limit, const BackendInfo& info) {
  switch (r.status) {
    case Status::unique: return "1 solution (unique)";
    case Status::solved: return "solved (uniqueness not checked)";
    case Status::none: return "no solution";
    case Status::multiple:
      if (limit != 0 && r.count >= limit) return "at least " + std::to_string(r.count) + " solutions (counting stopped at " + std::to_string(limit) + ")";
      return std::to_string(r.count) + " solutions";
    case Status::stopped: {
      if (r.stop_reason == StopReason::no_search)
        return "search is off: inference alone left " + std::to_string(r.stats.counter("open_cells")) +
               " cells open";
      // In the unit the backend's budget counts, as it declares: a SAT solver's conflicts.
      // node_unit is declared plural ("nodes", "conflicts"): counted() wants the singular.
      const std::string_view unit = std::string_view(info.node_unit).substr(0, info.node_unit.size() - info.node_unit.ends_with('s'));
      std::string s = "stopped by the " + std::string(to_string(r.stop_reason)) + " after " +
                      counted(budgeted_work(info, r.stats), unit);
      if (r.count) s += ", " + counted(r.count, "solution") + " found";
      if (r.estimate) s += "; " + estimate_words(*r.estimate, r.stats);
      return s;
    }
  }
  return "?";
}

// A duration in the largest unit that keeps it readable: "40 s", "12 min", "3.5 h", "2.1 days",
// "4000 years", "3.2e+09 years".
std::string duration_words(double seconds) {
  char text[48];
  const double years = seconds / 3.156e7;
  if (seconds < 10) std::snprintf(text, sizeof text, "%.2g s", seconds);
  else if (seconds < 120) std::snprintf(text, sizeof text, "%.0f s", seconds);
  else if (seconds < 7200) std::snprintf(text, sizeof text, "%.0f min", seconds / 60);
  else if (seconds < 172800) std::snprintf(text, sizeof text, "%.1f h", seconds / 3600);
  else if (years < 2) std::snprintf(text, sizeof text, "%.1f days", seconds / 86400);
  else if (years < 1e6) std::snprintf(text, sizeof text, "%.0f years", years);
  else std::snprintf(text, sizeof text, "%.2g years", years);
  return text;
}

std::string percent_words(double fraction) {
  char text[32];
  const double percent = 100 * fraction;
  if (fraction < 1 && percent >= 99.95) std::snprintf(text, sizeof text, "99.9%%");  // not "100%" before the end
  else if (percent >= 0.1) std::snprintf(text, sizeof text, "%.1f%%", percent);
  else std::snprintf(text, sizeof text, "%.2g%%", percent);
  return text;
}

double seconds_left(double seconds, double nodes_so_far, double estimated_nodes) {
  if (nodes_so_far <= 0 || seconds <= 0 || estimated_nodes <= nodes_so_far) return 0;
  return seconds * (estimated_nodes - nodes_so_far) / nodes_so_far;
}

std::string estimate_words(const OnlineEstimate& e, const Stats& so_far) {
  char text[96];
  std::snprintf(text, sizeof text, "the whole tree looks like %.2g nodes, ", e.nodes);
  std::string words = text + percent_words(e.fraction) + " of it searched";
  if (const double left = seconds_left(so_far.seconds, static_cast<double>(so_far.nodes), e.nodes); left > 0)
    words += " (all of it would take about " + duration_words(left) + " more at this speed)";
  return words;
}

template <class Answer>
std::string stats_line(std::string_view solver, const BasicResult<Answer>& r) {
  std::ostringstream os;
  char time[32];
  std::snprintf(time, sizeof time, "%.6f", r.stats.seconds);
  os << "solver=" << solver << " status=" << to_string(r.status);
  // What stopped it: the work budget (the same on every machine) or the clock (not).
  if (r.status == Status::stopped)
    os << " stop="
       << (r.stop_reason == StopReason::nodes ? "budget" : r.stop_reason == StopReason::time ? "timeout" : "no-search");
  os << " count=" << r.count
     << " nodes=" << r.stats.nodes << " guesses=" << r.stats.guesses << " backtracks=" << r.stats.backtracks
     << " propagations=" << r.stats.propagations << " time=" << time;
  for (const Counter& c : r.stats.counters) os << " " << c.name << "=" << c.value;
  if (r.status == Status::stopped && r.estimate) {
    char estimate[96];
    std::snprintf(estimate, sizeof estimate, " estimated_nodes=%.6g searched_fraction=%.6g", r.estimate->nodes,
                  r.estimate->fraction);
    os << estimate;
  }
  return os.str();
}

template std::string describe(const Result&, std::uint64_t, const BackendInfo&);
template std::string describe(const CoverResult&, std::uint64_t, const BackendInfo&);
template std::string stats_line(std::string_view, const Result&);
template std::string stats_line(std::string_view, const CoverResult&);

std::vector<std::string> named_backends(const po::variables_map& vm, const char* option, const std::string& list) {
  const std::string what = std::string("--") + option;
  if (vm.count(option) && list.find_first_not_of(std::string(kWhiteSpace) + ",") == std::string::npos)
    throw UsageError(what + " names no backend: give NAME[,NAME...] (sudokit solvers lists them), or leave it out");
  return split_backend_list(list, what);
}

}  // namespace sudokit::cli
