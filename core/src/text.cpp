#include "sudokit/text.h"

namespace sudokit {

namespace {
// A carriage return (a CRLF file, or a lone one) or a form feed separates words like a space, so
// that no name read from a file ends in an invisible character.
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
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

}  // namespace sudokit
