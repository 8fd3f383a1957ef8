#include "sudokit/fpuzzles.h"

#include <charconv>
#include <nlohmann/json.hpp>

#include "sudokit/errors.h"
#include "sudokit/format.h"
#include "sudokit/text.h"

namespace sudokit {

namespace {

using nlohmann::json;

// Keys that describe or decorate and set no rule: f-puzzles' own solver ignores them too.
constexpr std::string_view kNoRule[] = {"size",  "grid",      "title",  "author", "ruleset", "solution", "text",
                                        "line",  "rectangle", "circle", "cage",   "disabledlogic",
                                        "truecandidatesoptions", "highlightConflicts"};
constexpr std::string_view kFlags[] = {"diagonal+", "diagonal-", "antiknight", "antiking", "disjointgroups"};
constexpr std::string_view kLists[] = {"killercage", "extraregion"};

template <std::size_t N>
bool one_of(std::string_view key, const std::string_view (&keys)[N]) {
  for (std::string_view k : keys)
    if (k == key) return true;
  return false;
}

// Thrown inside parse_fpuzzles only, turned into FPuzzleError there.
struct Bad {
  std::string path, detail;
};

std::vector<int> cells_of(const json& item, const std::string& path, int n) {
  if (!item.is_object() || !item.contains("cells") || !item["cells"].is_array())
    throw Bad{path, "wants an object with a \"cells\" list"};
  std::vector<int> cells;
  const json& list = item["cells"];
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string at = path + ".cells[" + std::to_string(i) + "]";
    if (!list[i].is_string()) throw Bad{at, "a cell is a string such as \"R1C1\""};
    const std::string name = list[i].get<std::string>();
    const auto cell = parse_cell_name(name);
    if (!cell) throw Bad{at, quote_word(name) + " is not a cell such as \"R1C1\""};
    if (cell->first < 1 || cell->first > n || cell->second < 1 || cell->second > n)
      throw Bad{at, name + " is outside the " + std::to_string(n) + "x" + std::to_string(n) + " grid"};
    cells.push_back((cell->first - 1) * n + cell->second - 1);
  }
  return cells;
}

int integer(const json& value, const std::string& path, const std::string& what) {
  if (value.is_number_integer()) return value.get<int>();
  if (value.is_string()) {
    const std::string text = value.get<std::string>();
    int v = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec == std::errc() && ptr == text.data() + text.size()) return v;
  }
  throw Bad{path, what + " is not a whole number: " + value.dump()};
}

FPuzzle read(const json& doc) {
  if (!doc.is_object()) throw Bad{"", "an f-puzzles puzzle is a JSON object"};
  for (const auto& [key, value] : doc.items()) {
    if (one_of(key, kNoRule) || one_of(key, kFlags) || one_of(key, kLists)) continue;
    const bool empty = value.is_null() || (value.is_boolean() && !value.get<bool>()) ||
                       ((value.is_array() || value.is_object()) && value.empty());
    if (!empty) throw Bad{key, "f-puzzles constraint '" + key + "' is not supported"};
  }
  if (!doc.contains("size")) throw Bad{"size", "missing: the side of the grid"};
  const int n = integer(doc["size"], "size", "the size");
  if (n < 2 || n > 35) throw Bad{"size", "a " + std::to_string(n) + "x" + std::to_string(n) + " grid is not a size sudokit reads from f-puzzles (2 to 35)"};
  FPuzzle out;
  std::tie(out.box_rows, out.box_cols) = fpuzzles_box(n);
  out.values.assign(static_cast<std::size_t>(n * n), 0);

  for (std::string_view flag : kFlags) {
    const std::string key(flag);
    if (!doc.contains(key)) continue;
    if (!doc[key].is_boolean()) throw Bad{key, "wants true or false, not " + doc[key].dump()};
    const bool on = doc[key].get<bool>();
    if (flag == "diagonal+") out.rules.diagonal_anti = on;
    if (flag == "diagonal-") out.rules.diagonal_main = on;
    if (flag == "antiknight") out.rules.anti_knight = on;
    if (flag == "antiking") out.rules.anti_king = on;
    if (flag == "disjointgroups") out.rules.disjoint_groups = on;
  }

  if (!doc.contains("grid") || !doc["grid"].is_array() || doc["grid"].size() != static_cast<std::size_t>(n))
    throw Bad{"grid", "wants " + std::to_string(n) + " rows"};
  std::vector<int> regions(static_cast<std::size_t>(n * n));
  bool jigsaw = false;
  for (int r = 0; r < n; ++r) {
    const json& row = doc["grid"][static_cast<std::size_t>(r)];
    const std::string row_path = "grid[" + std::to_string(r) + "]";
    if (!row.is_array() || row.size() != static_cast<std::size_t>(n))
      throw Bad{row_path, "wants " + std::to_string(n) + " cells"};
    for (int c = 0; c < n; ++c) {
      const json& cell = row[static_cast<std::size_t>(c)];
      const std::string path = row_path + "[" + std::to_string(c) + "]";
      if (!cell.is_object()) throw Bad{path, "a cell is an object"};
      const auto index = static_cast<std::size_t>(r * n + c);
      const int box = (r / out.box_rows) * (n / out.box_cols) + c / out.box_cols;
      regions[index] = box;
      if (cell.contains("region") && !cell["region"].is_null()) {
        const int region = integer(cell["region"], path + ".region", "the region");
        if (region < 0 || region >= n)
          throw Bad{path + ".region", "region " + std::to_string(region) + " is not one of 0.." + std::to_string(n - 1)};
        regions[index] = region;
        jigsaw = jigsaw || region != box;
      }
      const bool given = cell.contains("given") && cell["given"].is_boolean() && cell["given"].get<bool>();
      if (given && cell.contains("value")) {
        const int value = integer(cell["value"], path + ".value", "the value");
        if (value < 1 || value > n)
          throw Bad{path + ".value", "digit " + std::to_string(value) + " out of range 1.." + std::to_string(n)};
        out.values[index] = value;
      }
    }
  }
  if (jigsaw) out.rules.regions = std::move(regions);

  for (std::string_view list : kLists) {
    const std::string key(list);
    if (!doc.contains(key)) continue;
    if (!doc[key].is_array()) throw Bad{key, "wants a list"};
    for (std::size_t i = 0; i < doc[key].size(); ++i) {
      const std::string path = key + "[" + std::to_string(i) + "]";
      const json& item = doc[key][i];
      std::vector<int> cells = cells_of(item, path, n);
      if (list == "extraregion") {
        out.rules.extra_regions.push_back(std::move(cells));
        continue;
      }
      int sum = 0;
      if (item.contains("value") && !item["value"].is_null() && item["value"] != "")
        sum = integer(item["value"], path + ".value", "the cage's sum");
      if (sum < 0) throw Bad{path + ".value", "a cage's sum is not negative"};
      out.rules.cages.push_back(Cage{std::move(cells), sum});
    }
  }
  return out;
}

}  // namespace

std::pair<int, int> fpuzzles_box(int n) {
  int rows = 1;
  for (int r = 1; r * r <= n; ++r)
    if (n % r == 0) rows = r;
  return {rows, n / rows};
}

std::optional<FPuzzle> parse_fpuzzles(std::string_view text, FPuzzleError& error) {
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error& e) {
    error = {"", e.byte > 0 ? std::optional<std::size_t>(e.byte - 1) : std::nullopt,
             std::string("not JSON: ") + e.what()};
    return std::nullopt;
  } catch (const json::exception& e) {  // well-formed but unrepresentable, e.g. 1e999 (out_of_range 406)
    error = {"", std::nullopt, std::string("not JSON: ") + e.what()};
    return std::nullopt;
  }
  try {
    return read(doc);
  } catch (const Bad& bad) {
    error = {bad.path, std::nullopt, bad.detail};
  } catch (const json::exception& e) {  // a value of an unexpected type deep inside
    error = {"", std::nullopt, e.what()};
  }
  return std::nullopt;
}

// lz-string's decompressFromBase64 (pieroxy/lz-string, MIT), which f-puzzles links use: an LZW
// stream of variable-width codes, 6 bits per base64 character, read low bit first; codes 0 and 1
// bring a new 8- or 16-bit character, 2 ends the stream.
std::optional<std::string> fpuzzles_link_json(std::string_view link) {
  if (const auto load = link.find("load="); load != std::string_view::npos) link.remove_prefix(load + 5);
  if (const auto end = link.find_first_of("&# \t\r\n"); end != std::string_view::npos) link = link.substr(0, end);
  std::string input;
  for (std::size_t i = 0; i < link.size(); ++i) {  // URL escapes: %2B for '+', and so on
    if (link[i] == '%' && i + 2 < link.size()) {
      int v = 0;
      auto [ptr, ec] = std::from_chars(link.data() + i + 1, link.data() + i + 3, v, 16);
      if (ec == std::errc() && ptr == link.data() + i + 3) {
        input += static_cast<char>(v);
        i += 2;
        continue;
      }
    }
    input += link[i];
  }
  if (input.empty()) return std::nullopt;
  static constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
  std::vector<int> values;
  for (char ch : input) {
    const auto at = kAlphabet.find(ch == ' ' ? '+' : ch);  // a '+' decoded from a query string is a space
    if (at == std::string_view::npos) return std::nullopt;
    values.push_back(static_cast<int>(at));
  }
  std::size_t index = 0;
  int value = values[index++], position = 32;
  auto read_bits = [&](int count) {
    int bits = 0;
    for (int power = 0; power < count; ++power) {
      const int bit = (value & position) ? 1 : 0;
      position >>= 1;
      if (position == 0) {
        position = 32;
        value = index < values.size() ? values[index] : 0;
        ++index;
      }
      bits |= bit << power;
    }
    return bits;
  };
  using Text = std::u16string;
  std::vector<Text> dictionary = {Text(1, u'\0'), Text(1, u'\1'), Text(1, u'\2')};
  int enlarge_in = 4, bits_per_code = 3;
  Text w, result;
  switch (read_bits(2)) {
    case 0: w = Text(1, static_cast<char16_t>(read_bits(8))); break;
    case 1: w = Text(1, static_cast<char16_t>(read_bits(16))); break;
    default: return std::nullopt;  // the empty text: no puzzle either
  }
  dictionary.push_back(w);
  result = w;
  for (;;) {
    if (index > values.size()) return std::nullopt;  // ran out without the end code
    std::size_t code = static_cast<std::size_t>(read_bits(bits_per_code));
    if (code == 0 || code == 1) {
      dictionary.push_back(Text(1, static_cast<char16_t>(read_bits(code == 0 ? 8 : 16))));
      code = dictionary.size() - 1;
      if (--enlarge_in == 0) enlarge_in = 1 << bits_per_code++;
    } else if (code == 2) {
      break;
    }
    Text entry;
    if (code < dictionary.size()) entry = dictionary[code];
    else if (code == dictionary.size()) entry = w + w[0];
    else return std::nullopt;
    result += entry;
    dictionary.push_back(w + entry[0]);
    w = entry;
    if (--enlarge_in == 0) enlarge_in = 1 << bits_per_code++;
    if (dictionary.size() > (std::size_t{1} << 24)) return std::nullopt;  // no real puzzle is this big
  }
  // UTF-16 to UTF-8 (JSON text may hold any character in its strings).
  std::string out;
  for (std::size_t i = 0; i < result.size(); ++i) {
    std::uint32_t c = result[i];
    if (c >= 0xD800 && c < 0xDC00 && i + 1 < result.size() && result[i + 1] >= 0xDC00 && result[i + 1] < 0xE000)
      c = 0x10000 + ((c - 0xD800) << 10) + (result[++i] - 0xDC00);
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else if (c < 0x800) {
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out += static_cast<char>(0xE0 | (c >> 12));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (c >> 18));
      out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  return out;
}

// PuzzleReader's f-puzzles form (format.h): the JSON, over as many lines as its braces take, or
// an f-puzzles link on one line, read into a puzzle with errors placed at their line and column.
ParsedPuzzle PuzzleReader::read_fpuzzles_form(const Line& first, std::size_t number) {
  // The JSON text: from the first line to the line where its braces close (outside strings).
  std::string text;
  std::vector<std::size_t> line_starts;  // offset in `text` of each line
  std::optional<std::string> json;
  if (first.text.find_first_not_of(kWhiteSpace) != first.text.find('{')) {
    json = fpuzzles_link_json(first.text);
    if (!json)
      throw InputError(source_, number, first.number, first.text.find("?load=") + 7,
                       "the f-puzzles link does not decompress (lz-string, base64)");
  } else {
    int depth = 0;
    bool in_string = false, escaped = false;
    Line line = first;
    for (bool more = true; more;) {
      line_starts.push_back(text.size());
      // As written: the reader reads a pretty grid's '|' as a space, which a JSON string keeps.
      for (char c : line.as_written()) {
        if (escaped) escaped = false;
        else if (in_string && c == '\\') escaped = true;
        else if (c == '"') in_string = !in_string;
        else if (!in_string && c == '{') ++depth;
        else if (!in_string && c == '}') --depth;
      }
      text += line.as_written();
      text += '\n';
      if (depth <= 0) break;
      more = peek_line(line);
      if (more) consume_line();
    }
    if (depth > 0)
      throw InputError(source_, number, first.number, 1, "f-puzzles JSON: the source ends before its closing brace");
    json = std::move(text);
  }
  FPuzzleError error;
  const auto puzzle = parse_fpuzzles(*json, error);
  auto fail = [&](const std::string& path, const std::string& detail) {
    std::size_t line = first.number, column = 0;
    if (error.offset && !line_starts.empty()) {
      const auto at = std::upper_bound(line_starts.begin(), line_starts.end(), *error.offset) - line_starts.begin() - 1;
      line = first.number + static_cast<std::size_t>(at);
      column = *error.offset - line_starts[static_cast<std::size_t>(at)] + 1;
    }
    throw InputError(source_, number, line, column, "f-puzzles JSON" + (path.empty() ? "" : " " + path) + ": " + detail);
  };
  if (!puzzle) fail(error.path, error.detail);
  const int n = puzzle->box_rows * puzzle->box_cols;

  Rules rules = rules_for(static_cast<std::size_t>(n), number);
  const Rules& own = puzzle->rules;
  for (bool Rules::*flag : {&Rules::diagonal_main, &Rules::diagonal_anti, &Rules::windoku, &Rules::disjoint_groups,
                            &Rules::anti_knight, &Rules::anti_king})
    rules.*flag = rules.*flag || own.*flag;
  if (own.jigsaw()) rules.regions = own.regions;
  // The JSON's cages and regions keep their numbers (killercage[0] is cage 1), the directives' follow.
  rules.cages.insert(rules.cages.begin(), own.cages.begin(), own.cages.end());
  rules.extra_regions.insert(rules.extra_regions.begin(), own.extra_regions.begin(), own.extra_regions.end());
  ShapePtr shape;
  try {
    shape = Shape::make(puzzle->box_rows, puzzle->box_cols, std::move(rules));
  } catch (const UsageError& e) {
    const std::string message = e.what();
    std::string path;
    if (message.rfind("cage ", 0) == 0) path = "killercage[" + std::to_string(std::atoi(message.c_str() + 5) - 1) + "]";
    else if (message.rfind("extra region ", 0) == 0)
      path = "extraregion[" + std::to_string(std::atoi(message.c_str() + 13) - 1) + "]";
    else if (message.find("jigsaw") != std::string::npos) path = "grid[][].region";
    fail(path, message);
  }
  std::vector<std::uint8_t> values(puzzle->values.begin(), puzzle->values.end());
  Grid grid(shape, std::move(values));
  check_givens(grid, number, std::vector<std::pair<std::size_t, std::size_t>>(grid.values().size(), {first.number, 0}));
  return {std::move(grid), Format::line, number, first.number};
}

}  // namespace sudokit
