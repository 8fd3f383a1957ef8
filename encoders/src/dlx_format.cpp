#include "sudokit/encoders/dlx_format.h"

#include <cmath>
#include <istream>
#include <ostream>
#include <unordered_map>

#include "sudokit/errors.h"
#include "sudokit/format.h"
#include "sudokit/text.h"

namespace sudokit {

namespace {

// The first control character (NUL included) or '|' in a name, or npos.
std::size_t bad_char(std::string_view name) {
  for (std::size_t i = 0; i < name.size(); ++i) {
    const auto c = static_cast<unsigned char>(name[i]);
    if (c < 0x20 || c == 0x7f || c == '|') return i;
  }
  return std::string_view::npos;
}

}  // namespace

bool starts_like_dlx(std::istream& in) {
  bool first = true;
  for (std::string line; std::getline(in, line); first = false) {
    if (first) skip_byte_order_mark(line);
    const auto start = line.find_first_not_of(" \t\r");
    if (start == std::string::npos || line[start] == '#' || is_grid_title(line)) continue;
    // A pretty grid's rule or row ("+-------+", "|...|...|...|", "| 4 . . | . . . |") is
    // puzzles; a '|' line with anything else is a comment of this format.
    if (is_rule_line(line)) return false;
    if (line.find_first_not_of("0123456789.| \t\r") == std::string::npos) return false;  // rows, '|' between boxes
    if (line[start] == '|') return true;
    if (line[start] == '{' || line.find("?load=") != std::string::npos) return false;  // f-puzzles
    const auto end = line.find_last_not_of(" \t\r");
    const std::string word = line.substr(start, end - start + 1);
    const auto side = static_cast<std::size_t>(std::sqrt(static_cast<double>(word.size())) + 0.5);
    const bool one_line_puzzle = word.find_first_of(" \t") == std::string::npos && side * side == word.size() &&
                                 word.size() >= 16;
    return !one_line_puzzle;
  }
  return false;
}

ExactCover read_dlx(std::istream& in, const std::string& source, std::vector<DlxWarning>* warnings) {
  ExactCover xc;
  // Item names are looked up once per option entry while reading a file; this map is for parsing
  // text only, never used by a solver.
  std::unordered_map<std::string, int> index;
  std::vector<std::size_t> seen_on;  // per item: the last option line naming it, to catch repeats in O(1)
  bool have_items = false, coloured = false;
  std::string line;
  std::vector<int> option, colours;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    if (number == 1) skip_byte_order_mark(line);
    const auto ws = split_words(line);
    if (ws.empty() || ws[0].text[0] == '|') continue;  // blank, or a comment
    if (!have_items) {
      bool secondary = false;
      for (const Word& w : ws) {
        if (w.text == "|") {
          if (secondary) throw InputError(source, 0, number, w.column, "a second '|' in the item line");
          secondary = true;
          xc.primary = static_cast<int>(xc.items.size());
          continue;
        }
        if (const auto at = w.text.find(':'); at != std::string_view::npos)
          throw InputError(source, 0, number, w.column + at, "an item name may not contain ':' (colours go in options)");
        if (const auto at = bad_char(w.text); at != std::string_view::npos)
          throw InputError(source, 0, number, w.column + at, "an item name may not contain '|' or a control character");
        const std::string name(w.text);
        if (!index.emplace(name, static_cast<int>(xc.items.size())).second)
          throw InputError(source, 0, number, w.column, "item " + quote_word(name) + " is named twice");
        xc.items.push_back(name);
      }
      if (!secondary) xc.primary = static_cast<int>(xc.items.size());
      if (xc.primary == 0) throw InputError(source, 0, number, 1, "no primary items");
      seen_on.assign(xc.items.size(), 0);
      have_items = true;
      continue;
    }
    option.clear();
    colours.clear();
    bool has_primary = false, has_colour = false;
    for (const Word& w : ws) {
      const auto colon = w.text.find(':');
      const std::string_view item_text = w.text.substr(0, colon);
      if (const auto at = bad_char(w.text); at != std::string_view::npos)
        throw InputError(source, 0, number, w.column + at, "a name may not contain '|' or a control character");
      auto it = index.find(std::string(item_text));
      if (it == index.end()) throw InputError(source, 0, number, w.column, "unknown item " + quote_word(item_text));
      const int item = it->second;
      if (seen_on[static_cast<std::size_t>(item)] == number)
        throw InputError(source, 0, number, w.column, "item " + quote_word(item_text) + " appears twice in this option");
      seen_on[static_cast<std::size_t>(item)] = number;
      int colour = 0;
      if (colon != std::string_view::npos) {
        if (xc.is_primary(item))
          throw InputError(source, 0, number, w.column + colon, "primary item " + quote_word(item_text) + " cannot have a colour");
        const std::string_view name = w.text.substr(colon + 1);
        if (name.empty() || name.find(':') != std::string_view::npos)
          throw InputError(source, 0, number, w.column + colon, "a colour is 'item:name' with one ':' and a name");
        colour = xc.colour_id(std::string(name));
        has_colour = true;
      }
      has_primary |= xc.is_primary(item);
      option.push_back(item);
      colours.push_back(colour);
    }
    if (!has_primary) {
      if (warnings)
        warnings->push_back({number, "option '" + line.substr(ws.front().column - 1) +
                                         "' has no primary item and is ignored (as Knuth's dlx1 and dlx2 do)"});
      continue;
    }
    if (has_colour && !coloured) {  // the first colour: the options before it had none
      coloured = true;
      for (const auto& o : xc.options) xc.option_colours.emplace_back(o.size(), 0);
    }
    if (coloured) xc.option_colours.push_back(colours);
    xc.options.push_back(option);
  }
  if (!have_items) throw InputError(source, 0, 1, 1, "no item line: the first line must name the items");
  return xc;
}

void write_dlx(std::ostream& out, const ExactCover& xc, const std::vector<std::string>& comments) {
  for (const auto& c : comments) out << "| " << c << "\n";
  for (int i = 0; i < xc.item_count(); ++i) {
    if (i > 0) out << ' ';
    if (i == xc.primary && i > 0) out << "| ";
    out << xc.items[static_cast<std::size_t>(i)];
  }
  out << "\n";
  for (int o = 0; o < xc.option_count(); ++o) out << xc.option_text(o) << "\n";
}

}  // namespace sudokit
