// Knuth's DLX text formats, as read by his dlx1 and dlx2 programs.
//
//   | lines starting with '|' are comments
//   a b c | x y          the item line: primary items, then '|' and the secondary ones
//   a x                  each later line is one option: the names of its items
//   b c y:red            dlx2: a secondary item with a colour ("item:colour")
//
// Names are runs of printable characters other than '|' and ':' (Knuth limits them to 8
// characters; sudokit does not). An option with no primary item is dropped with a warning, as
// dlx1 and dlx2 do, so that every backend sees the same problem (sudokit/exact_cover.h).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "sudokit/exact_cover.h"

namespace sudokit {

// Something read_dlx() accepted but changed: "FILE:LINE: WHAT".
struct DlxWarning {
  std::size_t line;
  std::string message;
};

// Throws InputError (source, line, column) for a bad file: no item line, an unknown or repeated
// item in an option, a colour on a primary item, a control character in a name, an empty colour.
// Options without a primary item are dropped and reported in `warnings` (when given).
ExactCover read_dlx(std::istream& in, const std::string& source_name, std::vector<DlxWarning>* warnings = nullptr);

// Whether text that begins with `in` is in this format rather than puzzles, from its first line
// that is not blank, a '#' comment nor a puzzle's title ("Grid 01"): a '|' comment, or an item
// line that no puzzle form has (a line of digits, dots, spaces and '|'; a pretty grid's rule; a
// one-line puzzle of n*n characters; f-puzzles JSON or link).
// Reads `in` up to that line. False for text with no such line.
bool starts_like_dlx(std::istream& in);

// `comments` are written first, each line prefixed by "| ". Colours are written as "item:colour".
void write_dlx(std::ostream& out, const ExactCover& cover, const std::vector<std::string>& comments = {});

}  // namespace sudokit
