#include "sudokit/ext/ext.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "sudokit/encoders/model.h"
#include "sudokit/ext/process.h"
#include "sudokit/errors.h"

namespace sudokit {

namespace {

// The conventions of the programs sudokit knows by name; any other program (ext:NAME on PATH, or
// ext:cmd=PATH) gets "s"/"v" lines on stdout and no proofs, unless -o output=file says otherwise.
struct Known {
  const char* program;
  bool result_file;
  std::vector<std::string> args, proof_args;
};
const std::vector<Known>& known_programs() {
  static const std::vector<Known> table = {
      {"minisat", true, {"-verb=0"}, {}},
      {"cadical", false, {"-q"}, {"--no-binary"}},
      {"kissat", false, {"-q"}, {"--no-binary"}},
      {"picosat", false, {}, {}},
  };
  return table;
}

}  // namespace

ExtSolver::ExtSolver(ExtProgram program, const SolverOptions& options)
    : program_(std::move(program)), name_("ext:" + program_.member),
      encoding_(options.take("encoding")) {
  if (encoding_ && *encoding_ != "auto") parse_encoding(*encoding_);  // a bad name fails here, not per puzzle
  const std::string givens = options.take("givens").value_or("units");
  if (givens != "units" && givens != "reduce") throw UsageError(name_ + ": givens is units or reduce, not '" + givens + "'");
  givens_ = givens == "units" ? Givens::units : Givens::reduce;
  if (auto output = options.take("output")) {
    if (*output != "stdout" && *output != "file") throw UsageError(name_ + ": output is stdout or file, not '" + *output + "'");
    program_.result_file = *output == "file";
  }
  proof_ = options.take("proof").value_or("");
  if (!proof_.empty() && program_.proof_args.empty())
    throw UsageError(name_ + " writes no DRAT proofs that sudokit knows how to ask for (cadical and kissat do)");
}

ExtSolver::~ExtSolver() = default;

std::string ExtSolver::options() const {
  std::string s = "encoding=" + encoding_.value_or("auto") + ",givens=" + (givens_ == Givens::units ? "units" : "reduce");
  if (!proof_.empty()) s += ",proof=" + proof_;
  return s;
}

Registry::Entry ExtSolver::resolve(std::string_view member_text) {
  const std::string member(member_text);
  ExtProgram p;
  p.member = member;
  std::string program = member;
  if (member.rfind("cmd=", 0) == 0) program = member.substr(4);
  if (program.empty()) throw UsageError("ext: name a program: ext:minisat, or ext:cmd=/path/to/solver");
  const auto path = find_program(program);
  if (!path) throw UsageError("ext:" + member + ": no program '" + program + "' " +
                              (program.find('/') == std::string::npos ? "on PATH" : "(not an executable file)"));
  p.path = *path;
  const std::string base = std::filesystem::path(program).filename().string();
  for (const Known& k : known_programs())
    if (base == k.program) {
      p.result_file = k.result_file;
      p.args = k.args;
      p.proof_args = k.proof_args;
    }
  BackendInfo i("ext:" + member, "the external SAT solver " + *path + " on a DIMACS file; exact cover as one variable per option");
  i.sudoku = true;
  i.exact_cover = true;
  i.node_unit = "calls";  // one per run of the program
  i.tracing = BackendInfo::Tracing::none;
  i.options = "encoding=auto|minimal|efficient|extended|compact givens=units|reduce output=stdout|file";
  if (!p.proof_args.empty()) {  // a program that writes DRAT (cadical, kissat)
    i.proofs = BackendInfo::Proofs{};
    i.options += " proof=FILE";
  }
  return {std::move(i), [p](const SolverOptions& options) { return std::make_unique<ExtSolver>(p, options); }};
}

std::vector<std::string> ExtSolver::installed() {
  std::vector<std::string> out;
  for (const Known& k : known_programs())
    if (find_program(k.program)) out.push_back(k.program);
  return out;
}

Registry::Family ExtSolver::family() {
  return {"ext",
          "any DIMACS SAT solver as a backend: ext:NAME runs NAME from PATH, ext:cmd=PATH any program; "
          "each call writes the formula to a file and reads the answer back",
          resolve, installed};
}

std::optional<Model> ExtSolver::call(const Cnf& formula, double seconds, bool& stopped) {
  TempDir dir;
  const std::string cnf = dir.file("formula.cnf"), result = dir.file("result"), proof = dir.file("proof.drat");
  {
    std::ofstream out(cnf);
    write_dimacs(out, formula);
    if (!out.flush()) throw ExternalError("cannot write " + cnf);
  }
  std::vector<std::string> argv{program_.path};
  argv.insert(argv.end(), program_.args.begin(), program_.args.end());
  if (!proof_.empty()) argv.insert(argv.end(), program_.proof_args.begin(), program_.proof_args.end());
  argv.push_back(cnf);
  if (program_.result_file) argv.push_back(result);
  else if (!proof_.empty()) argv.push_back(proof);
  const ProcessOutcome run = run_process(argv, seconds);
  stopped = run.timed_out;
  if (stopped) return std::nullopt;
  if (run.signal != 0) throw ExternalError(name_ + ": " + program_.path + " was killed by signal " + std::to_string(run.signal));
  std::optional<Model> model;
  try {
    if (program_.result_file) {
      std::ifstream in(result);
      if (!in) throw ExternalError(name_ + ": " + program_.path + " wrote no result file (exit status " + std::to_string(run.exit_code) + ")");
      model = read_model(in, name_ + " result file", formula.variables);
    } else {
      std::istringstream in(run.out);
      model = read_model(in, name_ + " output", formula.variables);
    }
  } catch (const InputError& e) {
    throw ExternalError(name_ + ": no answer in its output (exit status " + std::to_string(run.exit_code) + "): " + e.detail());
  }
  if (!model && !proof_.empty()) {
    // An UNSATISFIABLE call: keep its proof and the formula it refutes.
    const std::string target = proof_ + (proofs_ == 0 ? "" : "." + std::to_string(proofs_ + 1));
    std::error_code error;
    std::filesystem::copy_file(proof, target, std::filesystem::copy_options::overwrite_existing, error);
    if (!error) std::filesystem::copy_file(cnf, target + ".cnf", std::filesystem::copy_options::overwrite_existing, error);
    if (error) throw ExternalError(name_ + ": cannot write the proof " + target + ": " + error.message());
    ++proofs_;
  }
  return model;
}

template <class Answer, class Decode, class Block>
BasicResult<Answer> ExtSolver::run(Cnf formula, const Limits& limits, const Decode& decode, const Block& block) {
  BasicSolutionSink<Answer> sink(limits);
  SearchBudget budget(limits);
  Stats stats;
  StopReason stop = StopReason::none;
  for (;;) {
    if (budget.charge(stats.nodes + 1) || budget.out_of_time()) {
      stop = budget.reason();
      break;
    }
    ++stats.nodes;
    const auto deadline = budget.deadline();  // none for a budget beyond the clock's range
    const double left =
        deadline ? std::max(1e-3, std::chrono::duration<double>(*deadline - std::chrono::steady_clock::now()).count()) : 0;
    bool stopped = false;
    const auto model = call(formula, left, stopped);
    if (stopped) {
      stop = StopReason::time;
      break;
    }
    if (!model) break;
    // Believed only once it decodes whole (a fault named by cell and digit) and satisfies every
    // clause the program was given, the blocking ones too.
    const Answer answer = decode(*model);
    if (std::string fault = falsified_clause(formula, *model); !fault.empty())
      throw WrongAnswer(name_, "its model does not satisfy the formula it was given: " + fault);
    if (sink.add(answer)) break;
    std::vector<int> blocking = block(answer);
    if (blocking.empty()) break;  // nothing open to differ on: no other solution
    formula.clauses.push_back(std::move(blocking));
  }
  stats.seconds = budget.elapsed_seconds();
  return sink.finish(stop, std::move(stats));
}

Result ExtSolver::search(const Grid& puzzle, const Limits& limits) {
  const int n = puzzle.size();
  Cnf formula = sudoku_cnf(puzzle, encoding_named(encoding_, n), givens_);
  const boost::dynamic_bitset<> mentioned = mentioned_variables(formula);  // the blocking clauses add none
  return run<Grid>(
      std::move(formula), limits,
      [&](const Model& model) {
        // Every cell variable read; those a reduced formula leaves out take the givens' values.
        DecodedGrid d = grid_of_model(puzzle, [&](int v) { return mentioned.test(static_cast<std::size_t>(v)) ? model.of(v) : 0; });
        if (!d.fault.empty()) throw WrongAnswer(name_, "its model is not one grid: " + d.fault);
        return std::move(d.grid);
      },
      [&](const Grid& g) {
        std::vector<int> clause;  // not this assignment of the open cells
        for (int cell = 0; cell < g.cells(); ++cell)
          if (puzzle[cell] == 0 && g[cell] != 0) clause.push_back(-cell_var(n, cell, g[cell]));
        return clause;
      });
}

CoverResult ExtSolver::search(const ExactCover& problem, const Limits& limits) {
  return run<Selection>(
      exact_cover_cnf(problem), limits,
      [&](const Model& model) { return options_of_model(problem.option_count(), [&](int v) { return model.of(v) > 0; }); },
      [](const Selection& chosen) {
        std::vector<int> clause;  // not this set of options
        for (int o : chosen) clause.push_back(-(o + 1));
        return clause;
      });
}

}  // namespace sudokit
