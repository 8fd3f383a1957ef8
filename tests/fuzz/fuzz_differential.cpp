// Differential fuzz target: every backend that takes the problem, on the same small problem.
//
// Byte 0: bit 0 chooses the kind: 0 a Sudoku puzzle (the rest is its text, read with the box
// shape bit 1 chooses: inferred, or 2x3), 1 an exact-cover problem (the rest is a DLX file).
// Only small problems are kept (4x4, 6x6, or 9x9 with at least 24 givens; at most 40 items and
// 80 options) so that an iteration stays fast. Each backend of builtin_solvers().names(kind) runs
// under tight limits (2 solutions, 20000 nodes, 0.2 s), with its defaults or, chosen by the other
// six bits of byte 0, one of the option values it declares (BackendInfo::option_choices: sat's
// encodings and libraries, propagate's rule sets, dlx's choice of item...). Findings: an
// answer that fails the independent verifier (verify, verify_cover), backends that finished but
// disagree on status or count or on the solution when it is unique, and any error other than
// UsageError/InputError.
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_support.h"
#include "sudokit/encoders/dlx_format.h"
#include "sudokit/format.h"
#include "sudokit/registry.h"
#include "sudokit/verify.h"

using namespace sudokit;

namespace {

const Registry& registry() {
  static const Registry r = builtin_solvers();
  return r;
}

Limits tight_limits() {
  Limits l;
  l.solutions = 2;
  l.max_nodes = 20000;
  l.max_seconds = 0.2;
  return l;
}

template <class Answer>
struct Finished {
  std::string backend;
  BasicResult<Answer> result;
};

std::string describe(const std::string& backend, Status status, std::uint64_t count) {
  return backend + " " + std::string(to_string(status)) + " count " + std::to_string(count);
}

// Runs every backend of `kind` on `problem`; `verify_one` returns an empty string for a good answer.
// Backend `name`'s options for selector `choice` (0..63): 0 its defaults, else one of the values
// it declares, taken in turn (a backend with fewer choices wraps round to its defaults).
SolverOptions options_for(const std::string& name, unsigned choice, std::string& described) {
  const auto choices = registry().info(name).option_choices();
  SolverOptions o;
  const std::size_t k = choice % (choices.size() + 1);
  if (k > 0) {
    o.set(choices[k - 1].first, choices[k - 1].second);
    described = name + " -o " + choices[k - 1].first + "=" + choices[k - 1].second;
  } else {
    described = name;
  }
  return o;
}

template <class Problem, class VerifyOne>
void run_all(ProblemKind kind, const Problem& problem, const std::string& text, unsigned choice, VerifyOne verify_one) {
  using Answer = typename decltype(std::declval<Solver&>().solve(problem, Limits{}))::value_type;
  std::vector<Finished<Answer>> finished;
  for (const std::string& backend : registry().names(kind)) {
    std::string name;
    const SolverOptions options = options_for(backend, choice, name);
    BasicResult<Answer> r;
    try {
      r = registry().create(backend, options)->solve(problem, tight_limits());
    } catch (const UsageError&) {
      continue;  // a shape or size the backend declares it cannot handle
    } catch (const WrongAnswer& e) {  // Solver::solve's verifier rejected the answer
      fuzz::fail(name + " " + e.what() + " for\n" + text);
    }
    for (const Answer& s : r.solutions) {
      const std::string why = verify_one(s);
      if (!why.empty()) fuzz::fail(name + " returned a wrong answer (" + why + ") for\n" + text);
    }
    fuzz::check(r.solutions.size() <= r.count, name + " returned more solutions than its count for\n" + text);
    if (r.status != Status::stopped) {
      fuzz::check(r.solutions.size() == r.count, name + " finished without returning all its solutions for\n" + text);
      finished.push_back({name, std::move(r)});
    }
  }
  for (std::size_t i = 1; i < finished.size(); ++i) {
    const auto& a = finished[0].result;
    const auto& b = finished[i].result;
    const std::string both = describe(finished[0].backend, a.status, a.count) + " but " +
                             describe(finished[i].backend, b.status, b.count) + " for\n" + text;
    fuzz::check(a.status == b.status && a.count == b.count, "backends disagree: " + both);
    if (a.status == Status::unique)
      fuzz::check(a.solutions == b.solutions, "backends found different unique solutions: " + both);
  }
}

void sudoku(std::string_view text, bool box23, unsigned choice) {
  const Grid puzzle = read_one(text, box23 ? std::optional<BoxSpec>(BoxSpec{2, 3}) : std::nullopt);
  const int n = puzzle.size();
  if (n > 9 || (n == 9 && puzzle.givens() < 24)) return;
  run_all(ProblemKind::sudoku, puzzle, std::string(text), choice, [&](const Grid& s) {
    const auto v = verify(puzzle, s);
    return v.empty() ? std::string() : v[0].message;
  });
}

void exact_cover(std::string_view text, unsigned choice) {
  std::istringstream in{std::string(text)};
  const ExactCover cover = read_dlx(in, "fuzz");
  if (cover.item_count() > 40 || cover.option_count() > 80) return;
  run_all(ProblemKind::exact_cover, cover, std::string(text), choice, [&](const Selection& s) {
    const auto v = verify_cover(cover, s);
    return v.empty() ? std::string() : v[0].message;
  });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1 || size > 4000) return 0;
  const std::string_view text = fuzz::as_text(data + 1, size - 1);
  fuzz::run([&] {
    const unsigned choice = data[0] >> 2;
    if (data[0] & 1) exact_cover(text, choice);
    else sudoku(text, (data[0] & 2) != 0, choice);
  });
  return 0;
}
