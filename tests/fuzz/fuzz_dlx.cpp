// Fuzz target: Knuth's DLX/DLX2 format reader (sudokit/encoders/dlx_format.h), colours included.
//
// What read_dlx() accepts must be a valid problem (ExactCover::validate), and write_dlx() of it
// must read back as the same problem.
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_support.h"
#include "sudokit/encoders/dlx_format.h"

using namespace sudokit;

namespace {

bool same(const ExactCover& a, const ExactCover& b) {
  if (a.items != b.items || a.primary != b.primary || a.options != b.options) return false;
  // Colours by name: one side may keep an all-zero colour table, or number the colours otherwise.
  for (int o = 0; o < a.option_count(); ++o)
    for (std::size_t k = 0; k < a.options[static_cast<std::size_t>(o)].size(); ++k) {
      const int ca = a.colour(o, k), cb = b.colour(o, k);
      if ((ca == 0) != (cb == 0)) return false;
      if (ca != 0 && a.colour_names[static_cast<std::size_t>(ca)] != b.colour_names[static_cast<std::size_t>(cb)])
        return false;
    }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 20000) return 0;
  std::istringstream in{std::string(fuzz::as_text(data, size))};
  fuzz::run([&] {
    std::vector<DlxWarning> warnings;
    const ExactCover cover = read_dlx(in, "fuzz", &warnings);
    try {
      cover.validate();
    } catch (const UsageError& e) {
      fuzz::fail(std::string("read_dlx accepted a problem validate() refuses: ") + e.what());
    }
    std::stringstream text;
    write_dlx(text, cover, {"written back"});
    ExactCover back;
    try {
      back = read_dlx(text, "written");
    } catch (const Error& e) {
      fuzz::fail(std::string("write_dlx wrote what read_dlx refuses: ") + e.what() + "\n" + text.str());
    }
    fuzz::check(same(cover, back), "write_dlx then read_dlx changed the problem:\n" + text.str());
  });
  return 0;
}
