// sudokit-xcgen: writes an exact-cover problem from experiments/xc_problems.h as a DLX file.
//
//   sudokit-xcgen queens 12 > q12.dlx && sudokit xc --count 0 q12.dlx   # 14200 solutions
//
// The file starts with "| " comment lines saying what it is, how it is encoded and, when the
// count is known from the literature, "| expected solutions: N".
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "sudokit/encoders/dlx_format.h"
#include "sudokit/errors.h"
#include "xc_problems.h"

namespace {

using namespace sudokit;

constexpr const char* kUsage =
    "usage: sudokit-xcgen PROBLEM ARGS... > FILE.dlx\n"
    "\n"
    "Writes an exact-cover problem in Knuth's DLX format (dlx2's item:colour for colours):\n"
    "  queens N                 N queens: rows and columns primary, diagonals secondary\n"
    "  langford N               Langford pairs of 1..N in 2N slots\n"
    "  pentominoes RxC [r,c...] the 12 pentominoes, each once, tiling an R x C board less the\n"
    "                           listed holes (rows and columns from 1), e.g. 6x10, or 8x8 4,4 4,5 5,4 5,5\n"
    "  words RxC WORD...        the words placed across or down in an R x C grid, crossing only\n"
    "                           where they agree (exact cover with colours), e.g. words 4x4 SEAT EAST TEAS SATE\n"
    "\n"
    "Solve with `sudokit xc --count 0 FILE.dlx`. docs/exact-cover.md describes the items and options.\n";

// Known counts, every symmetric copy counted (xc_problems.h). Queens: OEIS A000170.
constexpr std::uint64_t kQueens[] = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184,
                                     14772512, 95815104, 666090624, 4968057848, 39029188884};
// Langford pairs up to reversal, OEIS A014552 (n = 1..20); the problem counts twice as many.
constexpr std::uint64_t kLangford[] = {0, 0, 1, 1, 0, 0, 26, 150, 0, 0, 17792, 108144, 0, 0, 39809640, 326721800,
                                       0, 0, 256814891280, 2636337861200};

int parse_int(const std::string& s, const char* what) {
  char* end = nullptr;
  const long v = std::strtol(s.c_str(), &end, 10);
  if (s.empty() || *end != '\0' || v < 1 || v > 1000) throw UsageError(std::string(what) + ": '" + s + "' is not a number from 1 to 1000");
  return static_cast<int>(v);
}

// "RxC" or "R,C": two numbers around the separator.
std::pair<int, int> parse_pair(const std::string& s, char separator, const char* what) {
  const auto at = s.find(separator);
  if (at == std::string::npos) throw UsageError(std::string(what) + ": '" + s + "' is not of the form A" + separator + "B");
  return {parse_int(s.substr(0, at), what), parse_int(s.substr(at + 1), what)};
}

struct Problem {
  ExactCover cover;
  std::vector<std::string> comments;
  std::optional<std::uint64_t> expected;
};

Problem make(const std::vector<std::string>& args) {
  const std::string& kind = args[0];
  auto need = [&](std::size_t n) {
    if (args.size() < n + 1) throw UsageError(kind + ": missing arguments (see sudokit-xcgen --help)");
  };
  Problem p;
  if (kind == "queens" || kind == "langford") {
    need(1);
    if (args.size() > 2) throw UsageError(kind + ": one number, N");
    const int n = parse_int(args[1], kind.c_str());
    const bool queens = kind == "queens";
    p.cover = queens ? n_queens(n) : langford(n);
    if (queens) {
      p.comments = {std::to_string(n) + " queens as exact cover",
                    "rows R1..R" + std::to_string(n) + " and columns C1..C" + std::to_string(n) +
                        " primary; diagonals A (row+column) and B (row-column+" + std::to_string(n) + ") secondary",
                    "one option per square: Rr Cc Ar+c Br-c+" + std::to_string(n)};
      if (n <= static_cast<int>(std::size(kQueens))) p.expected = kQueens[n - 1];
    } else {
      p.comments = {"Langford pairs of 1.." + std::to_string(n) + ": two copies of each k, k numbers between them",
                    "digits d1..d" + std::to_string(n) + " and slots s1..s" + std::to_string(2 * n) +
                        " primary; one option per k and first slot i: dk si si+k+1",
                    "a sequence and its reversal count as two solutions"};
      if (n <= static_cast<int>(std::size(kLangford))) p.expected = 2 * kLangford[n - 1];
    }
  } else if (kind == "pentominoes") {
    need(1);
    Board board;
    std::tie(board.rows, board.cols) = parse_pair(args[1], 'x', "pentominoes");
    for (std::size_t i = 2; i < args.size(); ++i) {
      const auto [r, c] = parse_pair(args[i], ',', "hole");
      board.holes.push_back({r - 1, c - 1});
    }
    p.cover = pentomino_packing(board);
    std::string holes;
    for (std::size_t i = 2; i < args.size(); ++i) holes += (holes.empty() ? " less the cells " : " ") + args[i];
    p.comments = {"the 12 pentominoes, each once, tiling a " + args[1] + " board" + holes,
                  "cells rRcC (row R, column C, from 1) then pieces F I L N P T U V W X Y Z, all primary",
                  "one option per piece, orientation and position: every rotation and reflection, so every",
                  "symmetric copy of a tiling counts"};
    const std::map<std::pair<int, int>, std::uint64_t> rectangles = {
        {{3, 20}, 8}, {{4, 15}, 1472}, {{5, 12}, 4040}, {{6, 10}, 9356}};
    const auto key = std::minmax(board.rows, board.cols);
    if (board.holes.empty() && rectangles.count(key)) p.expected = rectangles.at(key);
    std::vector<Square> centre = {{3, 3}, {3, 4}, {4, 3}, {4, 4}}, holes_sorted = board.holes;
    std::sort(holes_sorted.begin(), holes_sorted.end());
    if (board.rows == 8 && board.cols == 8 && holes_sorted == centre) p.expected = 520;
  } else if (kind == "words") {
    need(2);
    const auto [rows, cols] = parse_pair(args[1], 'x', "words");
    const std::vector<std::string> words(args.begin() + 2, args.end());
    p.cover = word_placement(rows, cols, words);
    std::string list;
    for (const auto& w : words) list += " " + w;
    p.comments = {"words placed across or down in a " + args[1] + " grid, each once, crossing only where they agree:" + list,
                  "exact cover with colours: the words primary, the cells rRcC secondary, coloured by their letter",
                  "one option per word and place: WORD r1c1:W r1c2:O ..."};
  } else {
    throw UsageError("unknown problem '" + kind + "'");
  }
  return p;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    (args.empty() ? std::cerr : std::cout) << kUsage;
    return args.empty() ? 3 : 0;
  }
  try {
    Problem p = make(args);
    p.comments.push_back(std::to_string(p.cover.item_count()) + " items (" + std::to_string(p.cover.primary) +
                         " primary), " + std::to_string(p.cover.option_count()) + " options");
    if (p.expected) p.comments.push_back("expected solutions: " + std::to_string(*p.expected));
    write_dlx(std::cout, p.cover, p.comments);
    std::cout.flush();
    if (!std::cout) {
      std::cerr << "sudokit-xcgen: could not write the output\n";
      return 5;
    }
  } catch (const sudokit::UsageError& e) {
    std::cerr << "sudokit-xcgen: " << e.what() << "\n" << kUsage;
    return 3;
  }
  return 0;
}
