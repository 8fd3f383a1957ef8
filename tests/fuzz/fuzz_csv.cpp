// Fuzz target: the compare CSV reader read_csv (apps/compare.h), which `sudokit report` uses.
//
// Rows read must write out (write_csv) as text that reads back to rows that write out the same.
//
// Three kinds of row are left out of that check because write_csv and read_csv (apps/, owned
// elsewhere) are known to get them wrong (docs/fuzzing.md, findings 2, 3 and 5): a time whose
// "%.6f" text does not fit its 32-byte buffer; a shape, status or verdict holding a comma, quote
// or line break, which is written unquoted; and a carriage return in a quoted field, which
// read_csv drops when it ends a physical line. Remove known_csv_bug() once they are fixed.
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>

#include "compare.h"
#include "fuzz_support.h"

using namespace sudokit;

namespace {

bool known_csv_bug(const Row& r) {
  for (const std::string* f : {&r.shape, &r.status, &r.verdict})
    if (f->find_first_of(",\"\r\n") != std::string::npos) return true;
  for (const std::string* f : {&r.source, &r.backend, &r.options, &r.counters, &r.rating})
    if (f->find('\r') != std::string::npos) return true;
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 20000) return 0;
  std::istringstream in{std::string(fuzz::as_text(data, size))};
  fuzz::run([&] {
    const auto rows = read_csv(in, "fuzz");
    for (const Row& r : rows)
      if (known_csv_bug(r)) return;
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
