// sixth: the backend docs/adding-a-backend.md builds, kept in the test tree to prove the plan:
// one folder (this one) and one registration (its CMakeLists.txt), and it appears in `sudokit
// solvers`, `compare`, the cross-check tests, `sudokit-bench` and the experiments, with no other
// file touched (tests/test_sixth_backend.cpp checks it). CI's builds include it
// (SUDOKIT_EXTRA_BACKENDS, CMakePresets.json); a release build does not.
//
// The method is the smallest correct one: the open cells in row-major order, each digit its row,
// column and box do not hold yet, one bit mask per unit. It takes classic grids up to 9x9 only,
// and says so (BackendInfo::max_size, classic_only): every command and test reads that and leaves
// it out of the rest, so a new backend need not implement every size and rule to join.
#pragma once

#include <memory>

#include "sudokit/solver.h"

namespace sudokit {

class SixthSolver final : public Solver {
 public:
  static BackendInfo info();
  static std::unique_ptr<Solver> create(const SolverOptions& options);  // no options
  std::string_view name() const override { return "sixth"; }

 private:
  Result search(const Grid& puzzle, const Limits& limits) override;
};

}  // namespace sudokit
