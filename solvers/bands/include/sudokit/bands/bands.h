// bands: classic 9x9 Sudoku only, built for speed (the bit-board solvers of the Sudoku forums,
// JCZSolve and fsss2, are its models).
//
// The grid is held by digit: for each digit, three 27-bit masks, one per band of three rows,
// of the cells where the digit may still go (bit 9r + c: row r of the band, column c). One
// digit's band obeys a small rule: the digit sits once in each of its 3 rows and once in each of
// its 3 boxes, so the (row, box) pairs it occupies form a 3x3 permutation. A table indexed by the
// 9 (row, box) pairs still possible keeps only the pairs on some permutation among them: one
// lookup does locked candidates, hidden singles in rows and boxes and their consequences within
// the band. A row left with one cell places the digit there: the other digits lose the cell, the
// other bands lose the column. Naked singles are found for a whole band at once, by counting
// each cell's candidates in bits (cells with one, with two or more). When nothing more follows,
// the search branches on a cell with two candidates (the fewest otherwise), copying the state
// (168 bytes) for every alternative but the last.
//
// Its answers are checked like every backend's; `compare` sets it against the others. Counts:
// nodes = 1 + choices, every choice a guess (a cell with one candidate is placed by inference);
// propagations = cells placed by inference (docs/stats.md). It takes no other grid (BackendInfo
// declares 9x9 with 3x3 boxes, classic rules), no trace and no probe.
#pragma once

#include <memory>

#include "sudokit/solver.h"

namespace sudokit {

class BandsSolver final : public Solver {
 public:
  static BackendInfo info();
  static std::unique_ptr<Solver> create(const SolverOptions& options);  // takes no options

  std::string_view name() const override { return "bands"; }

 private:
  Result search(const Grid& puzzle, const Limits& limits) override;
};

}  // namespace sudokit
