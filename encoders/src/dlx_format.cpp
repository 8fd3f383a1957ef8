#include "sudokit/encoders/dlx_format.h"

#include <istream>
#include <ostream>
#include <unordered_map>

#include "sudokit/errors.h"
#include "sudokit/text.h"

namespace sudokit {

ExactCover read_dlx(std::istream& in, const std::string& source) {
  ExactCover xc;
  // Item names are looked up once per option entry while reading a file; this map is for parsing
  // text only, never used by a solver.
  std::unordered_map<std::string, int> index;
  bool have_items = false;
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
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
        if (w.text.find_first_of("|:") != std::string::npos)
          throw InputError(source, 0, number, w.column + w.text.find_first_of("|:"),
                           "item names may not contain '|' or ':' (colours are not supported)");
        const std::string name(w.text);
        if (!index.emplace(name, static_cast<int>(xc.items.size())).second)
          throw InputError(source, 0, number, w.column, "item '" + name + "' is named twice");
        xc.items.push_back(name);
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
      const std::string name(w.text);
      auto it = index.find(name);
      if (it == index.end()) throw InputError(source, 0, number, w.column, "unknown item '" + name + "'");
      for (int seen : option)
        if (seen == it->second)
          throw InputError(source, 0, number, w.column, "item '" + name + "' appears twice in this option");
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
