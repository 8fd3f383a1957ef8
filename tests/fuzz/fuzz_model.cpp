// Fuzz target: the SAT solver output reader read_model (sudokit/encoders/cnf.h).
//
// Byte 0 is the number of variables (0..255; 64 is a 4x4 Sudoku's). The rest is the output of a
// solver. A model read must have one entry per variable (plus the unused 0), and a 4x4 grid built
// from it must keep the givens.
#include <cstdint>
#include <sstream>
#include <string>

#include "fuzz_support.h"
#include "sudokit/encoders/cnf.h"
#include "sudokit/format.h"

using namespace sudokit;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1 || size > 20000) return 0;
  const int variables = data[0];
  std::istringstream in{std::string(fuzz::as_text(data + 1, size - 1))};
  fuzz::run([&] {
    const auto model = read_model(in, "fuzz", variables);
    if (!model) return;
    fuzz::check(model->size() == static_cast<std::size_t>(variables) + 1, "the model has the wrong size");
    if (variables >= 64) {
      static const Grid puzzle = read_one("12...3.......4..");
      const Grid g = grid_from_model(puzzle, *model);
      for (int c = 0; c < g.cells(); ++c) {
        fuzz::check(g[c] >= 0 && g[c] <= 4, "grid_from_model made a digit out of range");
        if (puzzle[c] != 0) fuzz::check(g[c] == puzzle[c], "grid_from_model changed a given");
      }
    }
  });
  return 0;
}
