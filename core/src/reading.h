// What the puzzle reader's files share (format.cpp, directives.cpp): how a character is named in
// an error, and which grid sides have square boxes. Private to core.
#pragma once

#include <cstddef>
#include <string>

namespace sudokit::reading {

// A character as an error names it: 'x', or "byte 0x1b" for one that does not print.
std::string quote(char c);
// "bad character 'c'" as a cell's error, with the blanks' characters when c is a blank of other
// programs ('-', '_', '*', '?').
std::string bad_character(char c);

// The side of square boxes of an n x n grid (3 for 9x9), or 0 when n has none Shape::infer takes.
int square_box(std::size_t n);

}  // namespace sudokit::reading
