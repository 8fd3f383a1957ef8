// Exact cover with colours (XCC), the second kind of problem every applicable backend solves.
//
// A problem is a set of items and a list of options, each option a set of items. A solution is a
// set of options that
//   * covers every primary item exactly once, and
//   * covers every secondary item at most once, except that options may share a secondary item
//     when they all give it the same colour (Knuth's Algorithm C, dlx2): an option names a
//     coloured secondary item as "item:colour". An uncoloured use of a secondary item excludes
//     every other use of it.
// Sudoku is one instance (encoders/exact_cover.h); N queens, Langford pairs, polyomino packing and
// many puzzles are others (experiments/xc_problems.h makes them).
//
// An option with no primary item could be chosen or not without changing what is covered, so it
// would make the count of solutions depend on the method. Knuth's programs drop such options with
// a warning; read_dlx() does the same, and a problem built in code should not contain one
// (validate() says so).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace sudokit {

// A solution of an exact-cover problem: the indices of the options chosen, ascending.
using Selection = std::vector<int>;

struct ExactCover {
  std::vector<std::string> items;         // names; the first `primary` are primary, the rest secondary
  int primary = 0;
  std::vector<std::vector<int>> options;  // item indices, in the order written
  // Colours, as in Knuth's DLX2 format. colour_names[0] is "" (no colour). option_colours is empty
  // when no option colours an item; otherwise it parallels `options`: the colour of each item
  // occurrence, 0 for none. Only secondary items carry colours.
  std::vector<std::string> colour_names;
  std::vector<std::vector<int>> option_colours;

  int item_count() const { return static_cast<int>(items.size()); }
  int option_count() const { return static_cast<int>(options.size()); }
  bool is_primary(int item) const { return item < primary; }
  bool has_colours() const { return !option_colours.empty(); }
  // The colour of the k-th item of `option` (0: none).
  int colour(int option, std::size_t k) const {
    return has_colours() ? option_colours[static_cast<std::size_t>(option)][k] : 0;
  }
  // Its items as written in a DLX file: names separated by spaces, "name:colour" where coloured.
  std::string option_text(int option) const;
  // Adds a colour name (or finds it) and returns its number, >= 1.
  int colour_id(const std::string& name);
  // Throws UsageError for an item index out of range, an item twice in one option, a colour on a
  // primary item, or an option without a primary item (see the header comment).
  void validate() const;
};

// The problem left once the options `chosen` (of `problem`) are taken, as Algorithm X has it after
// covering them: the items they cover gone (a secondary item they colour too: the options left that
// give it the same colour agree with them on it), the options that clash with them gone, and the
// others without those items. Its solutions are exactly those of `problem` that contain `chosen`,
// less `chosen`; `kept`, when given, receives for each of its options the index in `problem`.
// Throws UsageError when an index is out of range or two of `chosen` clash (naming them).
ExactCover remaining_problem(const ExactCover& problem, std::span<const int> chosen, std::vector<int>* kept = nullptr);

// Why a set of options is not a solution. `item` is the item at fault (-1 when it is an option
// index out of range, then `option` says which).
struct CoverViolation {
  enum class Kind { bad_option, repeated_option, uncovered, covered_twice, colour_clash };
  Kind kind;
  int item;
  int option;  // the option at fault, or the second of two that clash; -1 for uncovered
  std::string message;
};

// The independent exact-cover verifier: every way `chosen` fails to solve `problem`, empty when it
// is a solution. It recounts item uses from the option lists alone and shares no code with any
// backend, so a bug in a backend's data structures cannot hide a wrong answer.
std::vector<CoverViolation> verify_cover(const ExactCover& problem, std::span<const int> chosen);

inline bool is_exact_cover(const ExactCover& problem, std::span<const int> chosen) {
  return verify_cover(problem, chosen).empty();
}

}  // namespace sudokit
