#include "sudokit/rules.h"

#include <algorithm>
#include <cctype>

#include "sudokit/errors.h"

namespace sudokit {

namespace {

struct Named {
  const char* name;
  bool Rules::*flag;
};
// In the order names() writes them; "x" stands for both diagonals.
constexpr Named kNamed[] = {
    {"diagonal-", &Rules::diagonal_main}, {"diagonal+", &Rules::diagonal_anti}, {"windoku", &Rules::windoku},
    {"disjoint", &Rules::disjoint_groups}, {"anti-knight", &Rules::anti_knight}, {"anti-king", &Rules::anti_king},
};

}  // namespace

std::string Rules::names() const {
  std::string out;
  auto word = [&](const char* w) { out += (out.empty() ? "" : " ") + std::string(w); };
  const bool x = diagonal_main && diagonal_anti;
  if (x) word("x");
  for (const Named& n : kNamed) {
    if (x && (n.flag == &Rules::diagonal_main || n.flag == &Rules::diagonal_anti)) continue;
    if (this->*n.flag) word(n.name);
  }
  return out;
}

std::string Rules::summary() const {
  std::string out = names();
  for (char& c : out)
    if (c == ' ') c = '+';
  auto part = [&](const char* w) { out += (out.empty() ? "" : "+") + std::string(w); };
  if (jigsaw()) part("jigsaw");
  if (!extra_regions.empty()) part("extra-regions");
  if (!cages.empty()) part("killer");
  return out.empty() ? "classic" : out;
}

void parse_rule_names(std::string_view text, Rules& rules) {
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == ',' || text[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != ',' && text[j] != '\t') ++j;
    if (j == i) break;
    std::string word(text.substr(i, j - i));
    for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    i = j;
    if (word == "x" || word == "diagonals") {
      rules.diagonal_main = rules.diagonal_anti = true;
      continue;
    }
    if (word == "hyper") word = "windoku";
    if (word == "antiknight") word = "anti-knight";
    if (word == "antiking") word = "anti-king";
    if (word == "disjoint-groups" || word == "disjointgroups") word = "disjoint";
    bool found = false;
    for (const Named& n : kNamed)
      if (word == n.name) {
        rules.*n.flag = true;
        found = true;
      }
    if (!found)
      throw UsageError("unknown rule '" + word +
                       "': the rules are x, diagonal+, diagonal-, windoku, disjoint, anti-knight, anti-king");
  }
}

std::vector<std::uint64_t> cage_combinations(int n, int size, int sum, std::size_t limit) {
  std::vector<std::uint64_t> out;
  // Digits are taken in increasing order; a branch is cut when the smallest or largest digits
  // still available cannot reach the sum.
  auto walk = [&](auto&& self, int next, int left, int rest, std::uint64_t mask) -> void {
    if (left == 0) {
      if (sum == 0 || rest == 0) {
        if (out.size() == limit)
          throw UsageError("a cage of " + std::to_string(size) + " cells" +
                           (sum ? " summing to " + std::to_string(sum) : std::string()) + " has more than " +
                           std::to_string(limit) + " digit sets");
        out.push_back(mask);
      }
      return;
    }
    for (int d = next; d <= n - left + 1; ++d) {
      if (sum != 0) {
        const int low = left * d + left * (left - 1) / 2;          // d, d+1, ...
        const int high = left * n - left * (left - 1) / 2;         // n, n-1, ...
        if (low > rest) break;
        if (high < rest) return;
      }
      self(self, d + 1, left - 1, rest - d, mask | (std::uint64_t{1} << (d - 1)));
    }
  };
  if (size >= 1 && size <= n) walk(walk, 1, size, sum, 0);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace sudokit
