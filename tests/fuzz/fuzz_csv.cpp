// Fuzz target: the compare CSV reader read_csv (apps/compare.h), which `sudokit report` uses.
//
// Rows read must write out (write_csv) as text that reads back to rows that write out the same.
#include <cstdint>
#include <sstream>
#include <string>

#include "compare.h"
#include "fuzz_support.h"

using namespace sudokit;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 20000) return 0;
  std::istringstream in{std::string(fuzz::as_text(data, size))};
  fuzz::run([&] {
    const auto rows = read_csv(in, "fuzz");
    std::stringstream once;
    write_csv(once, rows);
    std::vector<Row> back;
    try {
      back = read_csv(once, "written");
    } catch (const Error& e) {
      fuzz::fail(std::string("write_csv wrote what read_csv refuses: ") + e.what() + "\n" + once.str());
    }
    fuzz::check(back.size() == rows.size(), "write_csv then read_csv changed the number of rows");
    std::ostringstream twice;
    write_csv(twice, back);
    fuzz::check(once.str() == twice.str(), "write_csv then read_csv changed the rows:\n" + once.str() + "\n--\n" + twice.str());
  });
  return 0;
}
