// Fuzz target: the puzzle reader (sudokit/format.h), grid form and line form.
//
// Byte 0 chooses the box shape: even, none (inferred from the side); odd, RxC with R and C from
// its upper bits (1..6 each, so also shapes Shape::make refuses). Inputs are kept under 4 KB and
// boxes at 36 cells: larger shapes cost milliseconds an iteration to build and exercise no other
// reader code. The rest is the text. Every
// puzzle read must write out (in its own form, and in the other) and read back as the same grid.
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>

#include "fuzz_support.h"
#include "sudokit/format.h"

using namespace sudokit;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1 || size > 4096) return 0;
  std::optional<BoxSpec> box;
  if (data[0] & 1) box = BoxSpec{1 + ((data[0] >> 1) & 7) % 6, 1 + ((data[0] >> 4) & 7) % 6};
  std::istringstream in{std::string(fuzz::as_text(data + 1, size - 1))};
  fuzz::run([&] {
    PuzzleReader reader(in, "fuzz", box);
    for (int guard = 0; guard < 100000; ++guard) {
      std::optional<ParsedPuzzle> p;
      try {
        p = reader.next();
      } catch (const InputError&) {
        continue;  // the reader has moved past the bad puzzle, as `sudokit solve` relies on
      }
      if (!p) return;
      const Grid& g = p->grid;
      const int n = g.size();
      for (int c = 0; c < g.cells(); ++c) fuzz::check(g[c] >= 0 && g[c] <= n, "a value out of range was read");
      for (Format f : {p->format, p->format == Format::line ? Format::grid : Format::line}) {
        const std::string text = to_text(g, f);
        const std::optional<BoxSpec> again =
            box ? box : std::optional<BoxSpec>(BoxSpec{g.shape().box_rows(), g.shape().box_cols()});
        Grid back = read_one(text, again);
        fuzz::check(back == g, "puzzle " + std::to_string(p->number) + " does not read back:\n" + text);
      }
    }
    fuzz::fail("the reader did not reach the end of the source");
  });
  return 0;
}
