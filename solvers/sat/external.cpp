// An external DIMACS SAT program as a SatLibrary, and the ext: family of backends (external.h).
#include "sudokit/sat/external.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "sudokit/encoders/model.h"
#include "sudokit/errors.h"
#include "sudokit/process/process.h"
#include "sudokit/sat/sat.h"

namespace sudokit::sat {

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

class ExternalProgram final : public SatLibrary {
 public:
  ExternalProgram(const Program& program, const Setup& setup) : program_(program), proof_path_(setup.proof_path) {
    if (!proof_path_.empty() && program_.proof_args.empty())
      throw UsageError(name() + " writes no DRAT proofs that sudokit knows how to ask for (cadical and kissat do)");
  }

  std::string name() const override { return "ext:" + program_.member; }
  Work work() const override { return Work::calls; }

  int new_vars(int count) override {
    const int first = variables_ + 1;
    variables_ += count;
    return first;
  }
  void add_clause(std::span<const int> literals) override { clauses_.add(literals); }

  // The formula (and the assumptions as unit clauses) to a file, the program run under the time
  // left, its answer read back.
  Answer solve(std::span<const int> assumptions, const CallLimits& limits) override {
    double seconds = 0;  // none
    if (limits.deadline) {
      seconds = std::chrono::duration<double>(*limits.deadline - std::chrono::steady_clock::now()).count();
      if (seconds <= 0) return Answer::stopped;
      seconds = std::max(seconds, 1e-3);
    }
    TempDir dir;
    const std::string cnf = dir.file("formula.cnf"), result = dir.file("result"), proof = dir.file("proof.drat");
    write_formula(cnf, assumptions);
    std::vector<std::string> argv{program_.path};
    argv.insert(argv.end(), program_.args.begin(), program_.args.end());
    if (!proof_path_.empty()) argv.insert(argv.end(), program_.proof_args.begin(), program_.proof_args.end());
    argv.push_back(cnf);
    if (program_.result_file) argv.push_back(result);
    else if (!proof_path_.empty()) argv.push_back(proof);
    const ProcessOutcome run = run_process(argv, seconds);
    if (run.timed_out) return Answer::stopped;
    if (run.signal != 0)
      throw ExternalError(name() + ": " + program_.path + " was killed by signal " + std::to_string(run.signal));
    try {
      if (program_.result_file) {
        std::ifstream in(result);
        if (!in) throw ExternalError(name() + ": " + program_.path + " wrote no result file (exit status " + std::to_string(run.exit_code) + ")");
        model_ = read_model(in, name() + " result file", variables_);
      } else {
        std::istringstream in(run.out);
        model_ = read_model(in, name() + " output", variables_);
      }
    } catch (const InputError& e) {
      throw ExternalError(name() + ": no answer in its output (exit status " + std::to_string(run.exit_code) + "): " + e.detail());
    }
    if (!model_ && !proof_path_.empty()) {  // this call's proof, the one the sat layer keeps
      std::error_code error;
      std::filesystem::copy_file(proof, proof_path_, std::filesystem::copy_options::overwrite_existing, error);
      if (error) throw ExternalError(name() + ": cannot write the proof " + proof_path_ + ": " + error.message());
    }
    return model_ ? Answer::satisfiable : Answer::unsatisfiable;
  }

  bool is_true(int v) override { return model_ && model_->of(v) > 0; }
  bool has_value(int v) override { return model_ && model_->of(v) != 0; }
  CallStats last_call() override { return {}; }  // a program reports no counts

 private:
  void write_formula(const std::string& path, std::span<const int> assumptions) const {
    std::ofstream out(path);
    out << "p cnf " << variables_ << " " << clauses_.size() + assumptions.size() << "\n";
    clauses_.write_dimacs_clauses(out);
    for (int lit : assumptions) out << lit << " 0\n";
    if (!out.flush()) throw ExternalError("cannot write " + path);
  }

  Program program_;
  std::string proof_path_;
  int variables_ = 0;
  ClauseList clauses_;
  std::optional<Model> model_;
};

Registry::Entry resolve(std::string_view member_text) {
  const std::string member(member_text);
  Program p;
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
  i.tracing = BackendInfo::Tracing::notes;  // each call and its model, as sat's libraries
  i.options = "encoding=auto|minimal|efficient|extended|compact givens=units|reduce output=stdout|file";
  if (!p.proof_args.empty()) {  // a program that writes DRAT (cadical, kissat)
    i.proofs = BackendInfo::Proofs{};
    i.options += " proof=FILE";
  }
  return {std::move(i), [p](const SolverOptions& options) { return SatSolver::create_external(p, options); }};
}

std::vector<std::string> installed() {
  std::vector<std::string> out;
  for (const Known& k : known_programs())
    if (find_program(k.program)) out.push_back(k.program);
  return out;
}

}  // namespace

std::unique_ptr<SatLibrary> make_external(const Program& program, const Setup& setup) {
  return std::make_unique<ExternalProgram>(program, setup);
}

Registry::Family external_programs() {
  return {"ext",
          "any DIMACS SAT solver as a backend: ext:NAME runs NAME from PATH, ext:cmd=PATH any program; "
          "each call writes the formula to a file and reads the answer back",
          resolve, installed};
}

}  // namespace sudokit::sat
