// Small text helpers shared by the file readers (puzzles, DLX, solver output).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sudokit {

struct Word {
  std::size_t column;     // 1-based column of its first character
  std::string_view text;  // a view into the line given to split_words()
};

// The white space words are split at: space, tab, and CR, VT, FF (a CRLF file, a stray form feed),
// so that no name read from a file ends in an invisible character.
inline constexpr std::string_view kWhiteSpace = " \t\r\v\f";

// The runs of characters between white space, with where each starts.
std::vector<Word> split_words(std::string_view line);

// A cell's name, "r3c5" or "R3C5" (puzzle directives, f-puzzles JSON): its 1-based row and
// column, or nullopt for anything else. The range is the caller's to check.
std::optional<std::pair<int, int>> parse_cell_name(std::string_view word);

// A word read from a file, as an error shows it: in quotes, a byte that does not print (a control
// character, a byte of no valid UTF-8 character: binary data) as \xNN, and cut after its first
// 40 bytes ("...", never inside a character) so that a line of junk makes a readable message.
std::string quote_word(std::string_view word);

// "1 puzzle", "5 puzzles": a count and its noun, plural with an s unless the count is 1.
std::string counted(std::uint64_t n, std::string_view noun);

}  // namespace sudokit
