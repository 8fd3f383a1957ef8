#include "sudokit/exact_cover.h"

#include <boost/dynamic_bitset.hpp>

#include <algorithm>

#include "sudokit/errors.h"

namespace sudokit {

namespace {
inline std::size_t z(int i) { return static_cast<std::size_t>(i); }
}  // namespace

std::string ExactCover::option_text(int option) const {
  std::string s;
  const auto& list = options[z(option)];
  for (std::size_t k = 0; k < list.size(); ++k) {
    if (!s.empty()) s += ' ';
    s += items[z(list[k])];
    if (const int c = colour(option, k); c != 0) s += ":" + colour_names[z(c)];
  }
  return s;
}

int ExactCover::colour_id(const std::string& name) {
  if (colour_names.empty()) colour_names.emplace_back();
  for (std::size_t c = 1; c < colour_names.size(); ++c)
    if (colour_names[c] == name) return static_cast<int>(c);
  colour_names.push_back(name);
  return static_cast<int>(colour_names.size()) - 1;
}

ExactCover remaining_problem(const ExactCover& problem, std::span<const int> chosen, std::vector<int>* kept) {
  constexpr int kFree = -1;  // not covered; otherwise the colour it was covered with (0: none, exclusive)
  std::vector<int> cover_colour(z(problem.item_count()), kFree), covered_by(z(problem.item_count()), -1);
  for (const int o : chosen) {
    if (o < 0 || o >= problem.option_count())
      throw UsageError("exact cover: no option " + std::to_string(o + 1) + " (there are " +
                       std::to_string(problem.option_count()) + ")");
    const auto& list = problem.options[z(o)];
    for (std::size_t k = 0; k < list.size(); ++k) {
      const int item = list[k], c = problem.colour(o, k);
      int& was = cover_colour[z(item)];
      if (was != kFree && (was == 0 || c == 0 || was != c))
        throw UsageError("exact cover: options '" + problem.option_text(covered_by[z(item)]) + "' and '" +
                         problem.option_text(o) + "' clash on " + problem.items[z(item)]);
      was = c;
      covered_by[z(item)] = o;
    }
  }
  ExactCover left;
  left.colour_names = problem.colour_names;
  std::vector<int> renamed(z(problem.item_count()), -1);
  for (int item = 0; item < problem.item_count(); ++item) {
    if (cover_colour[z(item)] != kFree) continue;
    renamed[z(item)] = left.item_count();
    left.items.push_back(problem.items[z(item)]);
    left.primary += problem.is_primary(item);
  }
  if (kept) kept->clear();
  for (int o = 0; o < problem.option_count(); ++o) {
    if (std::find(chosen.begin(), chosen.end(), o) != chosen.end()) continue;
    const auto& list = problem.options[z(o)];
    std::vector<int> items, colours;
    bool fits = true;
    for (std::size_t k = 0; k < list.size() && fits; ++k) {
      const int was = cover_colour[z(list[k])], c = problem.colour(o, k);
      if (was == kFree) items.push_back(renamed[z(list[k])]), colours.push_back(c);
      else fits = was != 0 && was == c;  // a secondary item coloured alike: agreed, and dropped
    }
    if (!fits) continue;
    left.options.push_back(std::move(items));
    if (problem.has_colours()) left.option_colours.push_back(std::move(colours));
    if (kept) kept->push_back(o);
  }
  return left;
}

void ExactCover::validate() const {
  if (primary < 0 || primary > item_count()) throw UsageError("exact cover: primary count out of range");
  if (has_colours() && option_colours.size() != options.size())
    throw UsageError("exact cover: option_colours does not parallel options");
  std::vector<int> seen_in(items.size(), -1);
  for (int o = 0; o < option_count(); ++o) {
    const auto& list = options[z(o)];
    if (has_colours() && option_colours[z(o)].size() != list.size())
      throw UsageError("exact cover: option " + std::to_string(o + 1) + " has colours for the wrong number of items");
    bool has_primary = false;
    for (std::size_t k = 0; k < list.size(); ++k) {
      const int item = list[k];
      if (item < 0 || item >= item_count())
        throw UsageError("exact cover: option " + std::to_string(o + 1) + " names item " + std::to_string(item) +
                         ", out of range");
      if (seen_in[z(item)] == o)
        throw UsageError("exact cover: option " + std::to_string(o + 1) + " names item '" + items[z(item)] + "' twice");
      seen_in[z(item)] = o;
      const int c = colour(o, k);
      if (c < 0 || (c != 0 && z(c) >= colour_names.size()))
        throw UsageError("exact cover: option " + std::to_string(o + 1) + " has an unknown colour");
      if (c != 0 && is_primary(item))
        throw UsageError("exact cover: option " + std::to_string(o + 1) + " colours primary item '" + items[z(item)] + "'");
      has_primary |= is_primary(item);
    }
    if (!has_primary)
      throw UsageError("exact cover: option " + std::to_string(o + 1) + " (" + option_text(o) +
                       ") has no primary item");
  }
}

std::vector<CoverViolation> verify_cover(const ExactCover& xc, std::span<const int> chosen) {
  std::vector<CoverViolation> out;
  // Per item: how many chosen options use it, and the first one that did with which colour.
  std::vector<int> uses(xc.items.size(), 0), first_option(xc.items.size(), -1), first_colour(xc.items.size(), 0);
  boost::dynamic_bitset<> taken(xc.options.size());  // the options met so far
  for (int o : chosen) {
    if (o < 0 || o >= xc.option_count()) {
      out.push_back({CoverViolation::Kind::bad_option, -1, o, "option " + std::to_string(o) + " does not exist"});
      continue;
    }
    if (taken.test(z(o))) {
      out.push_back({CoverViolation::Kind::repeated_option, -1, o, "option '" + xc.option_text(o) + "' is chosen twice"});
      continue;
    }
    taken.set(z(o));
    const auto& list = xc.options[z(o)];
    for (std::size_t k = 0; k < list.size(); ++k) {
      const int item = list[k];
      if (item < 0 || item >= xc.item_count()) {
        out.push_back({CoverViolation::Kind::bad_option, -1, o, "option " + std::to_string(o) + " names no item"});
        continue;
      }
      const int colour = xc.has_colours() ? xc.option_colours[z(o)][k] : 0;
      const std::string& name = xc.items[z(item)];
      if (uses[z(item)]++ == 0) {
        first_option[z(item)] = o;
        first_colour[z(item)] = colour;
        continue;
      }
      const std::string pair = "'" + xc.option_text(first_option[z(item)]) + "' and '" + xc.option_text(o) + "'";
      if (item < xc.primary || colour == 0 || first_colour[z(item)] == 0) {
        out.push_back({CoverViolation::Kind::covered_twice, item, o, "item '" + name + "' is covered by both " + pair});
      } else if (colour != first_colour[z(item)]) {
        out.push_back({CoverViolation::Kind::colour_clash, item, o,
                       "item '" + name + "' gets two colours, from " + pair});
      }
    }
  }
  for (int i = 0; i < xc.primary; ++i)
    if (uses[z(i)] == 0)
      out.push_back({CoverViolation::Kind::uncovered, i, -1, "primary item '" + xc.items[z(i)] + "' is not covered"});
  return out;
}

}  // namespace sudokit
