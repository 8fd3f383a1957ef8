#include "sudokit/text.h"

#include <charconv>

namespace sudokit {

namespace {
bool is_space(char c) { return kWhiteSpace.find(c) != std::string_view::npos; }
}  // namespace

std::vector<Word> split_words(std::string_view line) {
  std::vector<Word> words;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !is_space(line[i])) ++i;
    if (i > start) words.push_back({start + 1, line.substr(start, i - start)});
  }
  return words;
}

std::optional<std::pair<int, int>> parse_cell_name(std::string_view word) {
  if (word.size() < 4 || (word[0] != 'r' && word[0] != 'R')) return std::nullopt;
  const auto c = word.find_first_of("cC");
  if (c == std::string_view::npos) return std::nullopt;
  int row = 0, col = 0;
  const char* end = word.data() + word.size();
  auto a = std::from_chars(word.data() + 1, word.data() + c, row);
  auto b = std::from_chars(word.data() + c + 1, end, col);
  if (a.ec != std::errc() || a.ptr != word.data() + c || b.ec != std::errc() || b.ptr != end) return std::nullopt;
  return std::pair{row, col};
}

std::string quote_word(std::string_view word) {
  constexpr std::size_t kShown = 40;
  static constexpr char kHex[] = "0123456789abcdef";
  std::string text = "'";
  for (const char c : word.substr(0, kShown)) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 32 && byte != 127) {
      text += c;
    } else {
      text += "\\x";
      text += kHex[byte >> 4];
      text += kHex[byte & 15];
    }
  }
  text += word.size() > kShown ? "...'" : "'";
  return text;
}

std::string counted(std::uint64_t n, std::string_view noun) {
  std::string text = std::to_string(n) + " ";
  text += noun;
  if (n != 1) text += "s";
  return text;
}

}  // namespace sudokit
