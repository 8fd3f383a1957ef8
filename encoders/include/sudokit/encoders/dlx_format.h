// Knuth's DLX text format (as read by dlx1): the first line names the items, primary ones first,
// then "|" and the secondary ones; every later line is one option, a list of item names. Lines
// starting with "|" are comments. Names are runs of printable characters other than '|' and ':'.
#pragma once

#include <iosfwd>
#include <string>

#include "sudokit/encoders/exact_cover.h"

namespace sudokit {

// Throws InputError (source, line, column) for a bad file: no item line, an unknown or repeated
// item in an option, an empty option, a colour (dlx2's "item:colour", not supported).
ExactCover read_dlx(std::istream& in, const std::string& source_name);

// `comments` are written first, each line prefixed by "| ".
void write_dlx(std::ostream& out, const ExactCover& cover, const std::vector<std::string>& comments = {});

}  // namespace sudokit
