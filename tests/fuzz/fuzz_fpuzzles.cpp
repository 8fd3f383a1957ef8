// Fuzz target: f-puzzles JSON and links (sudokit/fpuzzles.h), through the puzzle reader.
//
// Byte 0 even: the rest is the text of a source (JSON documents, maybe among other puzzles);
// odd: the rest is the compressed part of an f-puzzles link, decompressed by lz-string first (any
// text it yields is then read like the even case). Inputs are kept under 8 KB. Every puzzle read
// must have its values in range, obey its own rules' givens check, and write out as text (with
// its directives) that reads back as the same grid.
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>

#include "fuzz_support.h"
#include "sudokit/format.h"
#include "sudokit/fpuzzles.h"

using namespace sudokit;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1 || size > 8192) return 0;
  std::string text(fuzz::as_text(data + 1, size - 1));
  if (data[0] & 1) {
    const auto json = fpuzzles_link_json(text);
    if (!json) return 0;
    text = *json;
  }
  std::istringstream in{text};
  fuzz::run([&] {
    PuzzleReader reader(in, "fuzz");
    for (int guard = 0; guard < 100000; ++guard) {
      std::optional<ParsedPuzzle> p;
      try {
        p = reader.next();
      } catch (const InputError&) {
        continue;  // the reader has moved past the bad puzzle
      }
      if (!p) return;
      const Grid& g = p->grid;
      for (int c = 0; c < g.cells(); ++c) fuzz::check(g[c] >= 0 && g[c] <= g.size(), "a value out of range was read");
      for (Format f : {Format::line, Format::grid}) {
        const std::string written = to_text(g, f);
        const Grid back = read_one(written);
        fuzz::check(back == g && back.shape().rules() == g.shape().rules(),
                    "puzzle " + std::to_string(p->number) + " does not read back:\n" + written);
      }
    }
    fuzz::fail("the reader did not reach the end of the source");
  });
  return 0;
}
