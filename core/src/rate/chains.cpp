// Forcing chains and bidirectional cycles (rate.h, SE 6.5 and up): SE 1.2.1's first chaining
// rule, the one that follows single implications only (no nishio, no multiple or dynamic chains).
//
// A potential is "r1c2 is 5" (on) or "r1c2 is not 5" (off). Two kinds of link join them:
//   Y (in a cell): r1c2=5 makes every other digit of r1c2 off; a cell with two candidates left
//     turns the other one on when one goes off;
//   X (in a unit): r1c2=5 makes 5 off in every other cell of its box, row and column; a unit
//     with two places left for 5 turns the other one on when one goes off.
// From every candidate assumed on (and, for forcing chains, off too), the implications are
// followed breadth first, as SE follows them:
//   * a bidirectional cycle comes back to the candidate it started from after 4 or more links:
//     its on and off potentials alternate and either phase holds, so a candidate that sees both
//     an on and an off potential of the cycle's digit (outside the cycle's cells) is false;
//   * a forcing chain reaches its own start's opposite: "on" that implies "off" is false (the
//     candidate goes), "off" that implies "on" is true (the digit is placed).
// Three passes, in SE's order: X links only, Y links only (cycles only, from cells of two
// candidates), both. Each hint is rated by its pass (cycles 6.5 with X or Y links only, forcing
// chains 6.6, either 7.0 with both) plus 0.1 every time its length passes 4, 6, 8, 12, 16, 24,
// 32 ... (SE's getLengthDifficulty; the length is the distinct potentials less two: a chain's
// links less one, a cycle's less two); the easiest is taken, then the shortest, then X before Y
// before both, then the first found. The links use rows, columns and boxes only (jigsaw regions as boxes), so the
// chains are sound for every variant, if weaker than its rules would allow.
#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "board.h"

namespace sudokit::se {
namespace {

struct Potential {
  int cell = 0, digit = 0;
  bool on = false;
  int parent = -1;  // the potential that implied it (an index into the search's arena), -1 at the start
  bool same(const Potential& o) const { return cell == o.cell && digit == o.digit && on == o.on; }
};

struct Hint {
  SeStep step;
  int complexity = 0;  // distinct potentials of the chain (SE's ancestor count)
  int sort_key = 0;    // 2 X links only, 3 Y only, 4 both
};

// SE's addition for a chain of `complexity` potentials: 0.1 per threshold passed, the thresholds
// growing by 3/2 and 4/3 in turn from 4.
double length_difficulty(int complexity) {
  double added = 0.0;
  int ceil = 4;
  const int length = complexity - 2;
  bool odd = false;
  while (length > ceil) {
    added += 0.1;
    ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
    odd = !odd;
  }
  return added;
}

// The potentials from arena[at] back to the start of its chain, in that order.
std::vector<Potential> path_to(const std::vector<Potential>& arena, int at) {
  std::vector<Potential> path;
  for (; at >= 0; at = arena[static_cast<std::size_t>(at)].parent) path.push_back(arena[static_cast<std::size_t>(at)]);
  return path;
}

// SE's complexity of a chain: its distinct potentials (a cycle's start and end are one).
int distinct_potentials(const std::vector<Potential>& path) {
  std::vector<std::tuple<int, int, bool>> seen;
  for (const Potential& p : path)
    if (std::find(seen.begin(), seen.end(), std::tuple{p.cell, p.digit, p.on}) == seen.end()) seen.emplace_back(p.cell, p.digit, p.on);
  return static_cast<int>(seen.size());
}

// One pass of the search (X links, Y links or both), from candidate after candidate.
class Chaining {
 public:
  Chaining(const Board& board, bool y_links, bool x_links) : b_(board), y_(y_links), x_(x_links) {}

  // SE's doUnaryChaining: the cycles through `cell`=`digit`, and the forcing chains from it
  // (assumed on, then off), as hints.
  void from(int cell, int digit, std::vector<Hint>& hints) {
    if (!x_ && count(b_.candidates(cell)) > 2) return;  // a Y-cycle starts in a cell of two candidates
    const Potential start{cell, digit, true, -1};
    std::vector<int> cycles, chains;
    chain_arena_.clear();
    cycles_from(start, cycles);
    if (x_) {
      forcing_from(start, chains);
      forcing_from(Potential{cell, digit, false, -1}, chains);
    }
    for (int end : cycles)
      if (auto h = cycle_hint(end)) hints.push_back(std::move(*h));
    for (int target : chains) hints.push_back(forcing_hint(target));
  }

 private:
  int key(const Potential& p) const { return (p.cell * b_.size() + p.digit - 1) * 2 + (p.on ? 1 : 0); }
  void start_search() {
    arena_.clear();
    reached_.assign(static_cast<std::size_t>(b_.cells() * b_.size() * 2), 0);
  }
  int add(const Potential& p) {
    arena_.push_back(p);
    return static_cast<int>(arena_.size()) - 1;
  }

  // What `p` (on) makes off: with Y links its cell's other digits; its digit in the other cells of
  // its box, row and column, each cell once, in that order.
  void on_to_off(int p, std::vector<Potential>& out) const {
    out.clear();
    const Potential& q = arena_[static_cast<std::size_t>(p)];
    if (y_)
      for (int d : digits_of(b_.candidates(q.cell)))
        if (d != q.digit) out.push_back({q.cell, d, false, p});
    const std::size_t from_cell = out.size();
    for (int kind = 0; kind < 3; ++kind)
      for (int other : cells_at(b_.unit_of(kind, q.cell), b_.positions(b_.unit_of(kind, q.cell), q.digit))) {
        if (other == q.cell) continue;
        const bool seen = std::any_of(out.begin() + static_cast<std::ptrdiff_t>(from_cell), out.end(),
                                      [&](const Potential& o) { return o.cell == other; });
        if (!seen) out.push_back({other, q.digit, false, p});
      }
  }

  // What `p` (off) makes on: with Y links the other digit of a cell of two candidates; with X
  // links the other place of its digit in a box, row or column with two places left.
  void off_to_on(int p, bool x_links, std::vector<Potential>& out) const {
    out.clear();
    const Potential& q = arena_[static_cast<std::size_t>(p)];
    const Mask c = b_.candidates(q.cell);
    if (y_ && count(c) == 2) out.push_back({q.cell, lowest(c & ~digit_bit(q.digit)) + 1, true, p});
    if (!x_links) return;
    for (int kind = 0; kind < 3; ++kind) {
      const Unit& unit = b_.unit_of(kind, q.cell);
      const std::vector<int> places = cells_at(unit, b_.positions(unit, q.digit));
      if (places.size() == 2) out.push_back({places[0] == q.cell ? places[1] : places[0], q.digit, true, p});
    }
  }

  // Whether a potential like `q` is among the ancestors of arena_[child] (not child itself).
  bool descends_from(int child, const Potential& q) const {
    for (int at = arena_[static_cast<std::size_t>(child)].parent; at >= 0; at = arena_[static_cast<std::size_t>(at)].parent)
      if (arena_[static_cast<std::size_t>(at)].same(q)) return true;
    return false;
  }

  // SE's doCycles: breadth first from `start` (on), every off not already on its own path, each on
  // once; an on equal to `start` after 4 or more links closes a cycle (its arena index is kept).
  void cycles_from(const Potential& start, std::vector<int>& cycles) {
    start_search();
    std::vector<int> pending_on{add(start)}, pending_off;
    reached_[static_cast<std::size_t>(key(start))] = 1;
    int length = 0;
    while (!pending_on.empty() || !pending_off.empty()) {
      ++length;
      for (int p : pending_on) {
        on_to_off(p, links_);
        for (const Potential& off : links_)
          if (!descends_from(p, off)) pending_off.push_back(add(off));
      }
      pending_on.clear();
      ++length;
      for (int p : pending_off) {
        off_to_on(p, x_, links_);
        for (const Potential& on : links_) {
          if (length >= 4 && on.same(start)) cycles.push_back(add(on));
          if (!reached_[static_cast<std::size_t>(key(on))]) {
            reached_[static_cast<std::size_t>(key(on))] = 1;
            pending_on.push_back(add(on));
          }
        }
      }
      pending_off.clear();
    }
    if (!cycles.empty()) cycle_arena_.swap(arena_);  // the hints read it after the forcing chains reuse arena_
  }

  // SE's doForcingChains: breadth first from `start`, X links always followed, each potential
  // once; a potential opposite to `start` ends a chain (the first one found to each target).
  void forcing_from(const Potential& start, std::vector<int>& chains) {
    start_search();
    std::vector<int> pending_on, pending_off;
    (start.on ? pending_on : pending_off).push_back(add(start));
    reached_[static_cast<std::size_t>(key(start))] = 1;
    const auto reach = [&](const Potential& p, std::vector<int>& pending) {
      Potential opposite = p;
      opposite.on = !p.on;
      if (opposite.same(start) &&
          std::none_of(chains.begin(), chains.end(), [&](int c) { return chain_arena_[static_cast<std::size_t>(c)].same(p); }))
        chains.push_back(keep_chain(add(p)));
      if (!reached_[static_cast<std::size_t>(key(p))]) {
        reached_[static_cast<std::size_t>(key(p))] = 1;
        pending.push_back(add(p));
      }
    };
    while (!pending_on.empty() || !pending_off.empty()) {
      for (int p : pending_on) {
        on_to_off(p, links_);
        for (const Potential& off : links_) reach(off, pending_off);
      }
      pending_on.clear();
      for (int p : pending_off) {
        off_to_on(p, true, links_);
        for (const Potential& on : links_) reach(on, pending_on);
      }
      pending_off.clear();
    }
  }

  // Copies the chain ending at arena_[at] into chain_arena_ (whose chains outlive this search).
  int keep_chain(int at) {
    const std::vector<Potential> path = path_to(arena_, at);
    int parent = -1;
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      Potential p = *it;
      p.parent = parent;
      chain_arena_.push_back(p);
      parent = static_cast<int>(chain_arena_.size()) - 1;
    }
    return parent;
  }

  // "r1c2=5 => r1c7 not 5 => ...", from the start.
  std::string chain_text(const std::vector<Potential>& path) const {
    std::string text;
    for (auto p = path.rbegin(); p != path.rend(); ++p)
      text += (text.empty() ? "" : " => ") + b_.shape().cell_name(p->cell) + (p->on ? "=" : " not ") +
              digit_symbol(p->digit, b_.shape());
    return text;
  }

  std::vector<int> classic_peers(int cell) const {
    std::vector<int> peers;
    for (int kind = 0; kind < 3; ++kind)
      for (int other : b_.unit_of(kind, cell).cells)
        if (other != cell) peers.push_back(other);
    std::sort(peers.begin(), peers.end());
    peers.erase(std::unique(peers.begin(), peers.end()), peers.end());
    return peers;
  }

  // SE's createCycleHint: what sees both an on and an off potential of the cycle, outside its cells.
  std::optional<Hint> cycle_hint(int end) const {
    const std::vector<Potential> path = path_to(cycle_arena_, end);
    const std::span<const Potential> links(path.data(), path.size() - 1);  // the start, again at the end, once
    std::vector<int> cells;
    for (const Potential& p : links)
      if (std::find(cells.begin(), cells.end(), p.cell) == cells.end()) cells.push_back(p.cell);
    std::vector<CellDigit> forth, back;  // candidates seeing an on potential, an off potential
    for (const Potential& p : links) {
      for (int other : classic_peers(p.cell))
        if (std::find(cells.begin(), cells.end(), other) == cells.end() && b_.has(other, p.digit)) {
          auto& into = p.on ? forth : back;
          if (std::find(into.begin(), into.end(), CellDigit{other, p.digit}) == into.end()) into.push_back({other, p.digit});
        }
    }
    Hint h;
    for (const CellDigit& c : forth)
      if (std::find(back.begin(), back.end(), c) != back.end()) h.step.removed.push_back(c);
    if (h.step.removed.empty()) return std::nullopt;
    h.complexity = distinct_potentials(path);
    h.sort_key = sort_key();
    h.step.technique = x_ && y_ ? "Bidirectional Cycle"
                       : y_     ? "Bidirectional Y-Cycle"
                       : cells.size() == 4 ? "Generalized X-Wing"
                                           : "Bidirectional X-Cycle";
    h.step.difficulty = (x_ && y_ ? 7.0 : 6.5) + length_difficulty(h.complexity);
    h.step.where = "the cycle " + chain_text(path);
    h.step.cells = cells;
    for (const Potential& p : path) h.step.digits.push_back(p.digit);
    h.step = finish(std::move(h.step));
    return h;
  }

  // SE's createForcingChainHint: the start's opposite reached, so the start is false (or true).
  Hint forcing_hint(int target) const {
    const std::vector<Potential> path = path_to(chain_arena_, target);
    const Potential& t = path.front();
    Hint h;
    h.complexity = distinct_potentials(path);
    h.sort_key = sort_key();
    h.step.technique = x_ && y_ ? "Forcing Chain" : h.complexity == 6 ? "Turbot Fish" : "Forcing X-Chain";
    h.step.difficulty = (x_ && y_ ? 7.0 : 6.6) + length_difficulty(h.complexity);
    h.step.where = "the chain " + chain_text(path);
    for (const Potential& p : path) {
      h.step.cells.push_back(p.cell);
      h.step.digits.push_back(p.digit);
    }
    if (t.on) h.step.placed = CellDigit{t.cell, t.digit};  // "off" implies "on": the digit is true
    else h.step.removed.push_back({t.cell, t.digit});     // "on" implies "off": the candidate is false
    h.step = finish(std::move(h.step));
    return h;
  }

  int sort_key() const { return x_ && y_ ? 4 : y_ ? 3 : 2; }

  const Board& b_;
  bool y_, x_;
  std::vector<Potential> arena_;        // the search under way: every potential made, with its parent
  std::vector<Potential> cycle_arena_;  // the last cycle search that closed a cycle: the cycle hints walk it
  std::vector<Potential> chain_arena_;  // the forcing chains found from one candidate, both ways
  std::vector<char> reached_;           // by key(): potentials the search has queued
  std::vector<Potential> links_;
};

}  // namespace

std::optional<SeStep> forcing_chain(const Board& board) {
  // A search follows every candidate both ways: about 0.8 s a step at 25x25, and it grows some
  // n^6 with the side n (minutes a step at 49x49), so larger grids are not searched.
  if (board.size() > kLargestChainGrid) return std::nullopt;
  std::vector<Hint> hints;
  for (const auto& [y, x] : {std::pair{false, true}, std::pair{true, false}, std::pair{true, true}}) {
    Chaining chaining(board, y, x);
    for (int cell = 0; cell < board.cells(); ++cell) {
      if (board.value(cell) != 0 || count(board.candidates(cell)) < 2) continue;
      for (int digit : digits_of(board.candidates(cell))) chaining.from(cell, digit, hints);
    }
  }
  const auto best = std::min_element(hints.begin(), hints.end(), [](const Hint& a, const Hint& b) {
    if (a.step.difficulty != b.step.difficulty) return a.step.difficulty < b.step.difficulty;
    if (a.complexity != b.complexity) return a.complexity < b.complexity;
    return a.sort_key < b.sort_key;
  });  // the first of the easiest: SE's stable sort, then its first hint
  if (best == hints.end()) return std::nullopt;
  return std::move(best->step);
}

double highest_chain_rating() {
  const int n = kLargestChainGrid;
  return 7.0 + length_difficulty(2 * n * n * n);  // every potential of the grid in one chain
}

}  // namespace sudokit::se
