// What compare says of one backend's answer to a puzzle, and what check says of another solver's
// answer: one enum, so that the words in the CSV and JSON files, the summaries and the exit codes
// come from one table (kVerdictWords) and a misspelt verdict is a compile error, not a silent
// miscount.
#pragma once

#include <array>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace sudokit {

enum class Verdict {
  unset,  // no verdict yet: a row made but not judged (written as an empty field)
  // compare (Row): the answer agrees with the majority; another answer won, or a tie; it failed
  // verification; the work budget or a no-search mode ended the search; the wall-clock limit did
  // (the one verdict that may differ between machines); the backend threw an error; the backend
  // does not take the problem and was not run.
  agrees, disagrees, invalid, stopped, timeout, failed, skipped,
  // check (CheckRow): the answer and its claim hold; the grid is not a solution; a claim is false;
  // no answer for the puzzle; the answer cannot be read. stopped and failed as for compare: a
  // limit ended the search that decides the claim, or the deciding backend failed.
  correct, wrong, refuted, missing, unreadable,
};

// Each verdict with its word, as the files and messages write it: the one place the words are.
inline constexpr std::array<std::pair<Verdict, std::string_view>, 13> kVerdictWords{{
    {Verdict::unset, ""},
    {Verdict::agrees, "agrees"},
    {Verdict::disagrees, "disagrees"},
    {Verdict::invalid, "invalid"},
    {Verdict::stopped, "stopped"},
    {Verdict::timeout, "timeout"},
    {Verdict::failed, "failed"},
    {Verdict::skipped, "skipped"},
    {Verdict::correct, "correct"},
    {Verdict::wrong, "wrong"},
    {Verdict::refuted, "refuted"},
    {Verdict::missing, "missing"},
    {Verdict::unreadable, "unreadable"},
}};

constexpr std::string_view to_string(Verdict v) {
  for (const auto& [verdict, word] : kVerdictWords)
    if (verdict == v) return word;
  return "?";
}

// The verdict a word names; throws std::invalid_argument for any other text (read_csv reports it
// with the field, as it does a number that is not one).
inline Verdict verdict_of(std::string_view word) {
  for (const auto& [verdict, w] : kVerdictWords)
    if (w == word) return verdict;
  throw std::invalid_argument("a verdict as sudokit writes it (agrees, disagrees, invalid, stopped, timeout, failed, skipped, ...)");
}

// The same for a verdict compare writes (a Row's; empty: unset): check's words are refused there.
inline Verdict compare_verdict_of(std::string_view word) {
  const Verdict v = verdict_of(word);
  if (v >= Verdict::correct)
    throw std::invalid_argument("a verdict compare writes (agrees, disagrees, invalid, stopped, timeout, failed, skipped)");
  return v;
}

inline std::ostream& operator<<(std::ostream& out, Verdict v) { return out << to_string(v); }

}  // namespace sudokit
