// Small text helpers shared by the file readers (puzzles, DLX, solver output).
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace sudokit {

struct Word {
  std::size_t column;     // 1-based column of its first character
  std::string_view text;  // a view into the line given to split_words()
};

// The runs of characters between white space (space, tab, CR, VT, FF), with where each starts.
std::vector<Word> split_words(std::string_view line);

}  // namespace sudokit
