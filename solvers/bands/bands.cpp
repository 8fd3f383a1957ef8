// bands: each digit's candidates as three 27-bit band masks (bands.h says the idea).
//
// State, for digit d (0-8) and band b (0-2), slot 4d + b:
//
//     cand[4d+b]   bit 9r + c: row 3b + r, column c may still hold digit d + 1
//                  row 0: bits 0-8, row 1: bits 9-17, row 2: bits 18-26;
//                  the box of column c is c / 3, its triad (r, c/3) bits 9r + 3(c/3) .. +2
//     open[b]      the band's cells not placed yet
//     changed      bit 4d+b: cand[4d+b] lost cells since it was last propagated
//
// A cell is placed when its row (for one digit) has it alone: the digit then leaves the cell's
// column in the other bands and the other digits leave the cell. Placing keeps the invariant that
// a placed cell is in exactly one digit's masks, so when no cell is open every digit's band holds
// one cell a row on a permutation of boxes, and the columns differ across bands: a solution.
#include "sudokit/bands/bands.h"

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "sudokit/errors.h"

namespace sudokit {

BackendInfo BandsSolver::info() {
  BackendInfo i("bands",
                "classic 9x9 only, for speed: each digit's candidates as 27-bit band masks, a table for each band's "
                "rows and boxes, naked singles counted in bits, guesses on two-candidate cells");
  i.max_size = 9;
  i.only_boxes = {3, 3};
  i.classic_only = true;
  i.default_budget = 500'000;  // about 0.05 s on 9x9 (10 million nodes per second)
  i.tracing = BackendInfo::Tracing::none;
  return i;
}

std::unique_ptr<Solver> BandsSolver::create(const SolverOptions&) { return std::make_unique<BandsSolver>(); }

namespace {

constexpr int kDigits = 9;
constexpr std::uint32_t kColumnInEveryRow = 1u | 1u << 9 | 1u << 18;  // times a 9-bit column set

struct Tables {
  std::array<std::uint8_t, 512> boxes_of_row{};    // a row's cells -> the boxes it has any in (3 bits)
  std::array<std::uint32_t, 512> lone{};           // a row's cells -> them when exactly one, else 0
  std::array<std::uint16_t, 512> permutation{};    // triads (bit 3r+k) -> those on a permutation among them
  std::array<std::uint32_t, 512> on_permutation{}; // the same as cells of the band
  std::array<std::uint32_t, 27> peers{};           // a cell -> the band's other cells in its row or box
};

constexpr Tables make_tables() {
  Tables t;
  for (std::uint32_t row = 0; row < 512; ++row) {
    for (int box = 0; box < 3; ++box)
      if (row >> (3 * box) & 7) t.boxes_of_row[row] |= static_cast<std::uint8_t>(1 << box);
    t.lone[row] = std::has_single_bit(row) ? row : 0;
  }
  constexpr int kPermutations[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (std::uint32_t triads = 0; triads < 512; ++triads) {
    std::uint32_t kept = 0;
    for (const auto& box_of_row : kPermutations) {
      std::uint32_t p = 0;
      for (int r = 0; r < 3; ++r) p |= 1u << (3 * r + box_of_row[r]);
      if ((triads & p) == p) kept |= p;
    }
    t.permutation[triads] = static_cast<std::uint16_t>(kept);
    for (int r = 0; r < 3; ++r)
      for (int k = 0; k < 3; ++k)
        if (kept >> (3 * r + k) & 1) t.on_permutation[triads] |= 7u << (9 * r + 3 * k);
  }
  for (int cell = 0; cell < 27; ++cell)
    for (int other = 0; other < 27; ++other)
      if (other != cell && (other / 9 == cell / 9 || (other % 9) / 3 == (cell % 9) / 3)) t.peers[cell] |= 1u << other;
  return t;
}

constexpr Tables kTables = make_tables();

std::uint32_t triads_of(std::uint32_t cells) {
  return kTables.boxes_of_row[cells & 511] | kTables.boxes_of_row[cells >> 9 & 511] << 3 |
         kTables.boxes_of_row[cells >> 18] << 6;
}

std::uint32_t lone_in_rows(std::uint32_t cells) {
  return kTables.lone[cells & 511] | kTables.lone[cells >> 9 & 511] << 9 | kTables.lone[cells >> 18] << 18;
}

// Slot of digit d (0-8) in band b (0-2): four a digit, so that d and b are shifts and masks.
constexpr int slot(int d, int b) { return 4 * d + b; }

struct State {
  std::array<std::uint32_t, 36> cand;  // by slot(); the fourth of each digit unused (0)
  std::array<std::uint32_t, 3> open;
  std::uint64_t changed;                // slots whose cand changed since they were last propagated

  // Removes `cells` from a slot's candidates, noting the slot as changed when it held any.
  void remove(int at, std::uint32_t cells) {
    changed |= std::uint64_t{(cand[at] & cells) != 0} << at;
    cand[at] &= ~cells;
  }
  // Digit d, one of the cell's candidates, at `cell` (0-26) of band b: a choice.
  void place(int d, int b, int cell) {
    const std::uint32_t bit = 1u << cell;
    open[b] &= ~bit;
    remove(slot(d, b), kTables.peers[cell]);
    settle(d, b, bit);
  }
  // Digit d placed at `cells` of band b, at most one a row: the other digits lose the cells, the
  // other two bands their columns.
  void settle(int d, int b, std::uint32_t cells) {
    for (int other = 0; other < kDigits; ++other)
      if (other != d) remove(slot(other, b), cells);
    const std::uint32_t columns = ((cells | cells >> 9 | cells >> 18) & 511) * kColumnInEveryRow;
    remove(slot(d, b == 0 ? 1 : 0), columns);
    remove(slot(d, b == 2 ? 1 : 2), columns);
  }
  bool solved() const { return (open[0] | open[1] | open[2]) == 0; }
};
static_assert(sizeof(State) == 168, "the state a guess copies: docs/backends/bands.md gives its size");

// Cells of a band with one candidate or more (one), two or more (two), three or more (three).
struct CandidateCounts {
  std::uint32_t one = 0, two = 0, three = 0;
  CandidateCounts(const State& s, int b) {
    for (int d = 0; d < kDigits; ++d) {
      const std::uint32_t c = s.cand[slot(d, b)];
      three |= two & c;
      two |= one & c;
      one |= c;
    }
  }
};

class Search {
 public:
  Search(ShapePtr shape, const Limits& limits, Stats& stats)
      : shape_(std::move(shape)), budget_(limits), sink_(limits), stats_(stats) {}

  // Searches from `s` (givens placed); returns true when the search must end.
  bool run(State& s) {
    if (!propagate(s)) return false;
    if (s.solved()) return found(s);
    int b = 0, cell = 0;
    std::uint32_t digits = choose(s, b, cell);
    while (digits) {
      const int d = std::countr_zero(digits);
      digits &= digits - 1;
      if (budget_.charge(stats_.nodes + 1)) return true;
      ++stats_.nodes;
      ++stats_.guesses;
      if (!digits) {  // the last alternative needs no copy
        s.place(d, b, cell);
        const bool end = run(s);
        stats_.backtracks += !end;  // a search that ends here takes nothing back
        return end;
      }
      State child = s;
      child.place(d, b, cell);
      if (run(child)) return true;
      ++stats_.backtracks;
    }
    return false;
  }

  StopReason stop_reason() const { return budget_.reason(); }
  SolutionSink& sink() { return sink_; }
  double seconds() const { return budget_.elapsed_seconds(); }

 private:
  // Everything that follows from the state, to a fixpoint; false on a contradiction.
  bool propagate(State& s) {
    std::uint32_t bands_due = 0, digits_due = 0;  // what changed since naked_singles, stacks looked
    for (;;) {
      while (s.changed) {
        const int at = std::countr_zero(s.changed);
        s.changed &= s.changed - 1;
        std::uint32_t cells = s.cand[at];
        cells &= kTables.on_permutation[triads_of(cells)];
        if (!cells) return false;
        s.cand[at] = cells;
        const int d = at >> 2, b = at & 3;
        bands_due |= 1u << b;
        digits_due |= 1u << d;
        const std::uint32_t lone = lone_in_rows(cells);
        const std::uint32_t fresh = lone & s.open[b];
        if (!fresh) continue;
        s.open[b] &= ~fresh;
        stats_.propagations += static_cast<std::uint64_t>(std::popcount(fresh));
        s.settle(d, b, fresh);
      }
      if (!naked_singles(s, std::exchange(bands_due, 0))) return false;
      if (!s.changed && !stacks(s, std::exchange(digits_due, 0))) return false;
      if (!s.changed) return true;
    }
  }

  // In `bands` (a bit each), the cells with one candidate left: it leaves their row and box peers
  // (the next sweep places them). False when an open cell has no candidate.
  static bool naked_singles(State& s, std::uint32_t bands) {
    for (; bands; bands &= bands - 1) {
      const int b = std::countr_zero(bands);
      const CandidateCounts n(s, b);
      if (s.open[b] & ~n.one) return false;
      const std::uint32_t singles = s.open[b] & ~n.two;
      for (int d = 0; d < kDigits; ++d)
        for (std::uint32_t mine = s.cand[slot(d, b)] & singles; mine; mine &= mine - 1)
          s.remove(slot(d, b), kTables.peers[std::countr_zero(mine)]);
    }
    return true;
  }

  // The bands' rule turned on its side: within a stack of three columns a digit sits once in
  // each column and once in each box, so the (band, column) pairs it occupies form a permutation
  // too. The same table keeps the pairs on one: this finds hidden singles in columns and locked
  // candidates between columns and boxes, for the digits in `digits` (a bit each). False on a
  // contradiction.
  static bool stacks(State& s, std::uint32_t digits) {
    for (; digits; digits &= digits - 1) {
      const int d = std::countr_zero(digits);
      std::array<std::uint32_t, 3> columns{}, allowed{};
      for (int b = 0; b < 3; ++b) {
        const std::uint32_t c = s.cand[slot(d, b)];
        columns[b] = (c | c >> 9 | c >> 18) & 511;
      }
      for (int k = 0; k < 3; ++k) {
        const std::uint32_t pairs = (columns[0] >> 3 * k & 7) | (columns[1] >> 3 * k & 7) << 3 | (columns[2] >> 3 * k & 7) << 6;
        const std::uint32_t kept = kTables.permutation[pairs];
        if (!kept) return false;
        for (int b = 0; b < 3; ++b) allowed[b] |= (kept >> 3 * b & 7) << 3 * k;
      }
      for (int b = 0; b < 3; ++b) s.remove(slot(d, b), (~allowed[b] & 511) * kColumnInEveryRow);
    }
    return true;
  }

  // The cell to branch on: one with two candidates, the first from the cell chosen last (on,
  // wrapping around: jsolve's choice, which keeps the search in the region its last guess was
  // about); else the first with the fewest. Returns its digits.
  std::uint32_t choose(const State& s, int& band, int& cell) {
    std::array<std::uint32_t, 3> pairs{};
    for (int b = 0; b < 3; ++b) {
      const CandidateCounts n(s, b);
      pairs[b] = s.open[b] & n.two & ~n.three;
    }
    const int from_band = last_choice_ / 27;
    const std::uint32_t from_here = ~0u << last_choice_ % 27;
    for (int k = 0; k <= 3; ++k) {
      const int b = (from_band + k) % 3;
      const std::uint32_t candidates = k == 0 ? pairs[b] & from_here : k == 3 ? pairs[b] & ~from_here : pairs[b];
      if (candidates) {
        band = b, cell = std::countr_zero(candidates);
        last_choice_ = 27 * b + cell;
        return digits_at(s, b, cell);
      }
    }
    int fewest = kDigits + 1;
    for (int b = 0; b < 3; ++b)
      for (std::uint32_t open = s.open[b]; open; open &= open - 1) {
        const int c = std::countr_zero(open);
        if (const int k = std::popcount(digits_at(s, b, c)); k < fewest) fewest = k, band = b, cell = c;
      }
    return digits_at(s, band, cell);
  }

  static std::uint32_t digits_at(const State& s, int b, int cell) {
    std::uint32_t digits = 0;
    for (int d = 0; d < kDigits; ++d) digits |= (s.cand[slot(d, b)] >> cell & 1u) << d;
    return digits;
  }

  bool found(const State& s) {
    if (!sink_.wants_answer()) return sink_.add_unseen();
    answer_.fill(0);
    for (int d = 0; d < kDigits; ++d)
      for (int b = 0; b < 3; ++b)
        for (std::uint32_t cells = s.cand[slot(d, b)]; cells; cells &= cells - 1)
          answer_[static_cast<std::size_t>(27 * b + std::countr_zero(cells))] = static_cast<std::uint8_t>(d + 1);
    return sink_.add(Grid(shape_, std::vector<std::uint8_t>(answer_.begin(), answer_.end())));
  }

  ShapePtr shape_;
  SearchBudget budget_;
  SolutionSink sink_;
  Stats& stats_;
  std::array<std::uint8_t, 81> answer_{};
  int last_choice_ = 0;  // 27 * band + cell of the last cell chosen anywhere in the search
};

// The state with the givens placed, all at once: each digit loses the cells given another digit,
// its givens' row and box peers in their band and their columns in the other bands. Empty when
// two givens clash (a given left without its own digit).
std::optional<State> with_givens(const Grid& puzzle) {
  std::array<std::uint32_t, 36> given{};
  std::array<std::uint32_t, 3> any_given{};
  for (int cell = 0; cell < 81; ++cell)
    if (const int digit = puzzle[cell]; digit != 0) {
      given[slot(digit - 1, cell / 27)] |= 1u << cell % 27;
      any_given[cell / 27] |= 1u << cell % 27;
    }
  State s{};
  for (int d = 0; d < kDigits; ++d) {
    std::array<std::uint32_t, 3> columns{};
    for (int b = 0; b < 3; ++b) {
      const std::uint32_t g = given[slot(d, b)];
      columns[b] = (g | g >> 9 | g >> 18) & 511;
    }
    for (int b = 0; b < 3; ++b) {
      const std::uint32_t g = given[slot(d, b)];
      std::uint32_t peers = 0;
      for (std::uint32_t cells = g; cells; cells &= cells - 1) peers |= kTables.peers[std::countr_zero(cells)];
      const std::uint32_t elsewhere = (columns[(b + 1) % 3] | columns[(b + 2) % 3]) * kColumnInEveryRow;
      const std::uint32_t cand = ((1u << 27) - 1) & ~(any_given[b] & ~g) & ~peers & ~elsewhere;
      if ((cand & g) != g) return std::nullopt;
      s.cand[slot(d, b)] = cand;
      s.changed |= std::uint64_t{cand != (1u << 27) - 1} << slot(d, b);
    }
  }
  for (int b = 0; b < 3; ++b) s.open[b] = ((1u << 27) - 1) & ~any_given[b];
  return s;
}

}  // namespace

Result BandsSolver::search(const Grid& puzzle, const Limits& limits) {
  const Shape& shape = puzzle.shape();
  if (shape.box_rows() != 3 || shape.box_cols() != 3 || !shape.rules().classic())  // info().takes(shape), without
    throw UsageError(info().refusal(shape));  // building the declaration for every puzzle (callers ask first; a library user may not)
  Stats stats;
  Search search(puzzle.shape_ptr(), limits, stats);
  stats.nodes = 1;
  if (std::optional<State> s = with_givens(puzzle)) search.run(*s);
  stats.seconds = search.seconds();
  return search.sink().finish(search.stop_reason(), std::move(stats));
}

}  // namespace sudokit
