// Fuzz target: the SAT solver output reader read_model and the decoder grid_of_model
// (sudokit/encoders/model.h).
//
// Byte 0 is the number of variables (0..255; 64 is a 4x4 Sudoku's). The rest is the output of a
// solver. A model read must have one entry per variable (plus the unused 0); a 4x4 grid decoded
// from it with no fault must be complete and keep the givens.
#include <cstdint>
#include <sstream>
#include <string>

#include "fuzz_support.h"
#include "sudokit/encoders/model.h"
#include "sudokit/format.h"

using namespace sudokit;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1 || size > 20000) return 0;
  const int variables = data[0];
  std::istringstream in{std::string(fuzz::as_text(data + 1, size - 1))};
  fuzz::run([&] {
    const auto model = read_model(in, "fuzz", variables);
    if (!model) return;
    fuzz::check(model->variables() == variables, "the model has the wrong size");
    if (variables >= 64) {
      static const Grid puzzle = read_one("12...3.......4..");
      const DecodedGrid d = grid_of_model(puzzle, [&](int v) { return model->of(v); });
      for (int c = 0; c < d.grid.cells(); ++c) {
        fuzz::check(d.grid[c] >= 0 && d.grid[c] <= 4, "grid_of_model made a digit out of range");
        if (puzzle[c] != 0) fuzz::check(d.grid[c] == puzzle[c], "grid_of_model changed a given");
        if (d.fault.empty()) fuzz::check(d.grid[c] != 0, "grid_of_model left a cell blank without a fault");
      }
    }
  });
  return 0;
}
