// compare's rows as a table: one list of columns (kColumns) that the CSV and JSON writers, the
// CSV reader (`report`) and docs/stats.md all read, so a column is added in one place.
#include "sudokit/compare/compare.h"

#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include "sudokit/compare/exit_codes.h"
#include "sudokit/errors.h"
#include "sudokit/format.h"
#include "sudokit/exact_cover.h"
#include "sudokit/text.h"

namespace sudokit {

// Seconds as the CSV and JSON write them: microseconds, or for a time no run takes (a file
// written elsewhere) all the digits it needs, never cut to a buffer's size.
std::string seconds_text(double seconds) {
  char text[64];
  std::snprintf(text, sizeof text, std::fabs(seconds) < 1e15 ? "%.6f" : "%.17g", seconds);
  return text;
}

// A time read back: a finite number of seconds, not negative, the whole field (no sign, no
// spaces); anything else is not a time.
double seconds_of(const std::string& field) {
  double seconds = 0;
  const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), seconds);
  if (error != std::errc() || end != field.data() + field.size() || !std::isfinite(seconds) || seconds < 0)
    throw std::invalid_argument("a time of 0 seconds or more");
  return seconds;
}

namespace {

// An estimate as the CSV and JSON write it: 6 significant digits, which is more than it knows.
std::string number_text(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", value);
  return text;
}

// An optional number read back: empty for none, else a finite number from 0 to `most`, the whole field.
std::optional<double> optional_number_of(const std::string& field, double most) {
  if (field.empty()) return std::nullopt;
  double value = 0;
  const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (error != std::errc() || end != field.data() + field.size() || !std::isfinite(value) || value < 0 || value > most)
    throw std::invalid_argument(most < 1e300 ? "empty or a number from 0 to " + number_text(most)
                                             : std::string("empty or a number of 0 or more"));
  return value;
}

// A count read back: decimal digits only, as write_csv writes them (no sign, no spaces, nothing
// after), and small enough for T; stoull would take "-1" as 2^64-1 and "30z" as 30.
template <class T>
T count_of(const std::string& field) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (error != std::errc() || end != field.data() + field.size() ||
      value > static_cast<std::uint64_t>(std::numeric_limits<T>::max()))
    throw std::invalid_argument("a whole number of 0 or more");
  return static_cast<T>(value);
}

// The columns, with how read_csv reads each one back: every text column as it is, every number and
// the verdict as strictly as they are written. The names are those of docs/stats.md, whose table is made from this.
#define SUDOKIT_TEXT(m, type, meaning)                                                                   \
  RowColumn {                                                                                          \
    #m, RowColumn::Type::type, "", meaning, [](const Row& r) -> RowColumn::Value { return r.m; },      \
        [](Row& r, const std::string& f) { r.m = f; }                                                  \
  }
#define SUDOKIT_COUNT(m, unit, meaning)                                                                  \
  RowColumn {                                                                                          \
    #m, RowColumn::Type::count, unit, meaning,                                                         \
        [](const Row& r) -> RowColumn::Value { return static_cast<std::uint64_t>(r.m); },              \
        [](Row& r, const std::string& f) { r.m = count_of<decltype(Row::m)>(f); }                      \
  }
#define SUDOKIT_VERDICT(m, meaning)                                                                      \
  RowColumn {                                                                                          \
    #m, RowColumn::Type::text, "", meaning,                                                            \
        [](const Row& r) -> RowColumn::Value { return std::string(to_string(r.m)); },                  \
        [](Row& r, const std::string& f) { r.m = compare_verdict_of(f); }                              \
  }
#define SUDOKIT_SECONDS(m, meaning)                                                                      \
  RowColumn {                                                                                          \
    #m, RowColumn::Type::seconds, "seconds", meaning, [](const Row& r) -> RowColumn::Value { return r.m; }, \
        [](Row& r, const std::string& f) { r.m = seconds_of(f); }                                      \
  }
// A number that may be absent: NaN stands for none in the column's value (column_value makes
// it monostate), an empty field in CSV.
#define SUDOKIT_OPTIONAL_NUMBER(m, most, unit, meaning)                                                  \
  RowColumn {                                                                                          \
    #m, RowColumn::Type::optional_number, unit, meaning,                                               \
        [](const Row& r) -> RowColumn::Value { return r.m.value_or(std::nan("")); },                   \
        [](Row& r, const std::string& f) { r.m = optional_number_of(f, most); }                        \
  }
const RowColumn kColumns[] = {
    SUDOKIT_COUNT(puzzle, "", "its place in the input, from 1, bad puzzles counted (kept across shards)"),
    SUDOKIT_TEXT(source, text, "the file it came from (`stdin`; `<string>` or `<puzzle>` from Python)"),
    SUDOKIT_COUNT(line, "", "the line of `source` it starts on"),
    SUDOKIT_TEXT(shape, text, "the box, `3x3`, or `xc:ITEMS/OPTIONS` for an exact-cover problem"),
    SUDOKIT_COUNT(givens, "cells", "its given cells (0 for exact cover)"),
    SUDOKIT_TEXT(backend, text, "the backend as `--solvers` named it, `NAME[:KEY=VALUE...]`"),
    SUDOKIT_TEXT(options, text, "the backend's settings in effect, `KEY=VALUE` pairs"),
    SUDOKIT_TEXT(status, text, "`unique`, `multiple`, `solved`, `none`, `stopped` (above), `error` (the backend failed), `wrong` (its answer failed verification) or `skipped` (not a grid it takes)"),
    SUDOKIT_COUNT(count, "solutions", "solutions found (up to `--count`; so far, when stopped)"),
    SUDOKIT_COUNT(nodes, "nodes", "`nodes` above"),
    SUDOKIT_COUNT(guesses, "choices", "`guesses` above"),
    SUDOKIT_COUNT(backtracks, "choices", "`backtracks` above"),
    SUDOKIT_COUNT(propagations, "assignments", "`propagations` above"),
    SUDOKIT_SECONDS(time, "`time` above: wall clock inside `solve()`"),
    SUDOKIT_TEXT(counters, counters, "the backend's own counters (below), `name=value;...`; an object in JSON"),
    SUDOKIT_VERDICT(verdict, "`agrees`, `disagrees`, `invalid`, `stopped`, `timeout`, `failed` or `skipped` (below)"),
    SUDOKIT_SECONDS(cpu_time, "CPU time of the thread that ran `solve()`, set-up included: what the summary compares"),
    SUDOKIT_TEXT(rules, text, "the puzzle's variant rules in short: `classic`, `x+anti-knight`; empty for exact cover"),
    SUDOKIT_TEXT(rating, optional_text, "the backend's difficulty rating in words, on the scale it declares; none when it gave none"),
    SUDOKIT_OPTIONAL_NUMBER(estimated_nodes, std::numeric_limits<double>::max(), "nodes", "a stopped search's estimate of its whole tree (Kilby et al.'s weighted estimate from the leaves it reached, docs/estimating.md); none when the search ended, its backend searches no tree it can estimate, or `--no-estimates`"),
    SUDOKIT_OPTIONAL_NUMBER(searched_fraction, 1.0, "", "with `estimated_nodes`: the share of the tree searched, by probability (Knuth's progress fraction, 0 to 1)")};
#undef SUDOKIT_OPTIONAL_NUMBER
#undef SUDOKIT_TEXT
#undef SUDOKIT_COUNT
#undef SUDOKIT_SECONDS
#undef SUDOKIT_VERDICT
constexpr std::size_t kColumnCount = std::size(kColumns);
static_assert(kColumnCount == 21);
// The widths of files written before: estimated_nodes and searched_fraction came together, as
// did rules and rating; cpu_time alone.
constexpr std::size_t kBeforeEstimates = 19, kBeforeRules = 17, kBeforeCpuTime = 16;

// A column's value as text: no value as `none`, a count in digits, seconds as seconds_text, and
// text through `quote` (the CSV's or the JSON's quoting).
template <typename Quote>
std::string value_text(const RowColumn& c, const Row& r, const char* none, Quote quote) {
  return std::visit(
      [&](const auto& v) -> std::string {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::monostate>) return none;
        else if constexpr (std::is_same_v<T, std::uint64_t>) return std::to_string(v);
        else if constexpr (std::is_same_v<T, double>) return c.type == RowColumn::Type::seconds ? seconds_text(v) : number_text(v);
        else return quote(v);
      },
      column_value(c, r));
}

// A field of the CSV file.
std::string csv_text(const RowColumn& c, const Row& r) { return value_text(c, r, "", csv_field); }

// A value of the JSON file; counters become an object of numbers.
std::string json_text(const RowColumn& c, const Row& r) {
  if (c.type == RowColumn::Type::counters) {
    std::string out = "{";
    std::stringstream counters(std::get<std::string>(c.value(r)));
    for (std::string kv; std::getline(counters, kv, ';');) {
      const auto eq = kv.find('=');
      out += (out.size() > 1 ? ", " : "") + json_string(kv.substr(0, eq)) + ": " + kv.substr(eq + 1);
    }
    return out + "}";
  }
  return value_text(c, r, "null", json_string);
}

}  // namespace

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

std::string json_string(const std::string& s) {
  std::string q = "\"";
  for (char c : s) {
    if (c == '\n') {
      q += "\\n";
      continue;
    }
    if (c == '"' || c == '\\') q += '\\';
    q += c;
  }
  return q + "\"";
}

std::string_view to_string(RowColumn::Type type) {
  switch (type) {
    case RowColumn::Type::count: return "integer";
    case RowColumn::Type::seconds: return "number";
    case RowColumn::Type::text: return "text";
    case RowColumn::Type::optional_text: return "text or none";
    case RowColumn::Type::counters: return "counters";
    case RowColumn::Type::optional_number: return "number or none";
  }
  return "?";
}

std::variant<std::monostate, std::uint64_t, double, std::string> column_value(const RowColumn& column, const Row& row) {
  auto value = column.value(row);
  if (column.type == RowColumn::Type::optional_text && std::get<std::string>(value).empty()) return std::monostate{};
  if (column.type == RowColumn::Type::optional_number && !std::isfinite(std::get<double>(value))) return std::monostate{};
  return std::visit([](auto&& v) -> std::variant<std::monostate, std::uint64_t, double, std::string> { return std::move(v); },
                    std::move(value));
}

void write_column_table(std::ostream& out) {
  out << "| column | type | unit | meaning |\n|---|---|---|---|\n";
  for (const RowColumn& c : kColumns)
    out << "| `" << c.name << "` | " << to_string(c.type) << " | " << (c.unit.empty() ? "-" : c.unit) << " | " << c.meaning
        << " |\n";
}

void write_csv_header(std::ostream& out) {
  for (const RowColumn& c : kColumns) out << (&c == kColumns ? "" : ",") << c.name;
  out << "\n";
}

void write_csv_rows(std::ostream& out, const std::vector<Row>& rows) {
  for (const Row& r : rows) {
    for (const RowColumn& c : kColumns) out << (&c == kColumns ? "" : ",") << csv_text(c, r);
    out << "\n";
  }
}

void write_csv(std::ostream& out, const std::vector<Row>& rows) {
  write_csv_header(out);
  write_csv_rows(out, rows);
}

std::vector<Row> read_csv(std::istream& in, const std::string& source) {
  std::vector<Row> rows;
  std::string line;
  std::size_t number = 0;
  // The fields of one record; `open` is set to the 1-based position of a quote left open at its end.
  auto fields_of = [&](const std::string& text, std::size_t& open) {
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
      const char c = text[i];
      if (quoted) {
        if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') fields.back() += '"', ++i;
        else if (c == '"') quoted = false;
        else fields.back() += c;
      } else if (c == '"') {
        quoted = true;
        open = i + 1;
      } else if (c == ',') {
        fields.emplace_back();
      } else {
        fields.back() += c;
      }
    }
    if (!quoted) open = 0;
    return fields;
  };
  while (std::getline(in, line)) {
    const std::size_t start = ++number;
    std::size_t open = 0;
    auto f = fields_of(line, open);
    // A quoted field may hold a line break (csv_field quotes it): the record goes on. A CR before
    // that break is data, like any character inside quotes.
    for (std::string more; open != 0 && std::getline(in, more); f = fields_of(line, open)) {
      ++number;
      line += '\n' + more;
    }
    if (open != 0) {  // the file ended inside the quote: say where it opened
      const auto quote = static_cast<std::ptrdiff_t>(open - 1);
      const auto lines_before = static_cast<std::size_t>(std::count(line.begin(), line.begin() + quote, '\n'));
      const auto line_start = line.rfind('\n', open - 1);
      throw InputError(source, 0, start + lines_before, line_start == std::string::npos ? open : open - 1 - line_start,
                       "this quoted field is never closed");
    }
    // The record ends outside quotes: a CR there is a CRLF file's line end, not data.
    if (!line.empty() && line.back() == '\r') {
      line.pop_back();
      f = fields_of(line, open);
    }
    if (line.empty()) continue;
    if (f.front() == "puzzle") continue;  // a header (several shard files may be concatenated)
    // Files written before a column came have fewer fields; columns that came together never
    // make a file of a width in between.
    if (f.size() != kColumnCount && f.size() != kBeforeEstimates && f.size() != kBeforeRules &&
        f.size() != kBeforeCpuTime)
      throw InputError(source, 0, start, 1, "expected 21 fields as written by sudokit compare --csv");
    Row r;
    for (std::size_t i = 0; i < f.size(); ++i) {
      try {
        kColumns[i].read(r, f[i]);
      } catch (const std::invalid_argument& e) {
        throw InputError(source, 0, start, 1, std::string(kColumns[i].name) + " is not " + e.what() + ": " + quote_word(f[i]));
      }
    }
    if (f.size() == kBeforeCpuTime) r.cpu_time = r.time;  // no CPU time: the time is the best guess
    // Before the rules column every puzzle was classic; exact cover has none (its shape says xc:).
    if (f.size() <= kBeforeRules) r.rules = r.shape.rfind("xc:", 0) == 0 ? "" : "classic";
    rows.push_back(std::move(r));
  }
  return rows;
}

void write_json(std::ostream& out, const std::vector<Row>& rows) {
  out << "[\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    out << "  {";
    for (const RowColumn& c : kColumns)
      out << (&c == kColumns ? "\"" : ", \"") << c.name << "\": " << json_text(c, rows[i]);
    out << "}" << (i + 1 < rows.size() ? "," : "") << "\n";
  }
  out << "]\n";
}

std::span<const RowColumn> row_columns() { return kColumns; }

}  // namespace sudokit
