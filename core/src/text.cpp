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

namespace {
// The length of the UTF-8 character `rest` starts with when it is one that prints (2-4 bytes, not
// a C1 control character), else 0.
std::size_t printable_utf8(std::string_view rest) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(rest[i]); };
  const unsigned char lead = byte(0);
  const std::size_t length = lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3 : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0;
  if (length == 0 || rest.size() < length) return 0;
  for (std::size_t i = 1; i < length; ++i)
    if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
  if (lead == 0xC2 && byte(1) < 0xA0) return 0;  // U+0080-U+009F
  // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are no characters.
  if ((lead == 0xE0 && byte(1) < 0xA0) || (lead == 0xED && byte(1) > 0x9F) || (lead == 0xF0 && byte(1) < 0x90) ||
      (lead == 0xF4 && byte(1) > 0x8F))
    return 0;
  return length;
}
}  // namespace

std::string quote_word(std::string_view word) {
  constexpr std::size_t kShown = 40;
  static constexpr char kHex[] = "0123456789abcdef";
  std::string text = "'";
  std::size_t i = 0;
  while (i < word.size() && i < kShown) {
    const auto byte = static_cast<unsigned char>(word[i]);
    if (byte >= 32 && byte < 127) {
      text += word[i++];
    } else if (const std::size_t length = printable_utf8(word.substr(i))) {
      text += word.substr(i, length);  // whole, even past the cut
      i += length;
    } else {
      text += "\\x";
      text += kHex[byte >> 4];
      text += kHex[byte & 15];
      ++i;
    }
  }
  text += i < word.size() ? "...'" : "'";
  return text;
}

std::string counted(std::uint64_t n, std::string_view noun) {
  std::string text = std::to_string(n) + " ";
  text += noun;
  if (n != 1) text += "s";
  return text;
}

}  // namespace sudokit
