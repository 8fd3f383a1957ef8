#include "sudokit/encoders/dlx_format.h"

#include <istream>
#include <ostream>
#include <unordered_map>

#include "sudokit/errors.h"

namespace sudokit {

namespace {
struct Word {
  std::size_t column;
  std::string text;
};
std::vector<Word> words(const std::string& line) {
  std::vector<Word> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) out.push_back({start + 1, line.substr(start, i - start)});
  }
  return out;
}
}  // namespace

ExactCover read_dlx(std::istream& in, const std::string& source) {
  ExactCover xc;
  // Item names are looked up once per option entry while reading a file; this map is for parsing
  // text only, never used by a solver.
  std::unordered_map<std::string, int> index;
  bool have_items = false;
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto ws = words(line);
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
        if (w.text.find_first_of("|:") != std::string::npos)
          throw InputError(source, 0, number, w.column + w.text.find_first_of("|:"),
                           "item names may not contain '|' or ':' (colours are not supported)");
        if (!index.emplace(w.text, static_cast<int>(xc.items.size())).second)
          throw InputError(source, 0, number, w.column, "item '" + w.text + "' is named twice");
        xc.items.push_back(w.text);
      }
      if (!secondary) xc.primary = static_cast<int>(xc.items.size());
      if (xc.primary == 0) throw InputError(source, 0, number, 1, "no primary items");
      have_items = true;
      continue;
    }
    std::vector<int> option;
    for (const Word& w : ws) {
      if (w.text.find(':') != std::string::npos)
        throw InputError(source, 0, number, w.column + w.text.find(':'), "colours (dlx2's item:colour) are not supported");
      auto it = index.find(w.text);
      if (it == index.end()) throw InputError(source, 0, number, w.column, "unknown item '" + w.text + "'");
      for (int seen : option)
        if (seen == it->second)
          throw InputError(source, 0, number, w.column, "item '" + w.text + "' appears twice in this option");
      option.push_back(it->second);
    }
    xc.options.push_back(std::move(option));
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
  for (int o = 0; o < static_cast<int>(xc.options.size()); ++o) out << xc.option_text(o) << "\n";
}

}  // namespace sudokit
