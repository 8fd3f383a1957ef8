// Dancing links: Knuth's Algorithm X on doubly linked lists, after dlx1.w.
//
// The idea: keep the exact-cover matrix as circular lists, one per item, of the nodes of the
// options that contain it. To "cover" an item, take it out of the active items and unlink every
// other node of every option that contains it from its item's list. Because an unlinked node
// still remembers its neighbours, "uncover" puts everything back by relinking in reverse order —
// the links dance. Algorithm X: pick the active primary item with the fewest options (the first
// such on ties), cover it, try each of its options in turn (covering the option's other items),
// recurse, and undo.
//
// All nodes live in one flat array (no pointers), as in dlx1: nodes 1..N are item headers, then
// the options' nodes, separated by spacer nodes. A link holds the byte offset of the node it
// names rather than its number (Link, below): the same list, one instruction less per step.
// dlx1 also keeps the active items in a doubly linked list, which its choice of item walks; here
// the choice scans the items' lengths instead, where a covered item's carries kCovered, so that
// mark is all covering an item does to it, and a count of the primary items left says when a
// solution is reached (a tenth of the search's time went to that list's links, measured).
//
// Colours (Algorithm C, after dlx2.w): a secondary item an option gives a colour is not covered
// when the option is chosen but "purified": the other options that give the item a different
// colour (or none) are hidden, and those that give it the same colour are marked (colour -1) so
// that later hides leave them alone. Unpurify undoes it. Only a problem with colours pays for
// them: the search is compiled twice, with and without.
//
// Costs are counted as dlx1 and dlx2 count them: `updates`, one per item covered (which dlx1
// unlinks from its list of active items) and one per node hidden; `mems`, memory accesses with
// dlx1's charges for each step (see docs/stats.md).
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <utility>
#include <vector>

#include "sudokit/encoders/exact_cover.h"
#include "sudokit/solver.h"

namespace sudokit {

class DancingLinks {
 public:
  // How the item to branch on is chosen. Both take the active primary item with the fewest
  // options; they differ in ties and in how early the scan stops.
  enum class Choice {
    knuth,  // the first (leftmost) such item, as dlx1 and dlx2 choose: the same search tree, so the
            // same nodes and updates as Knuth's programs
    fast,   // stop at the first item with at most one option, and prefer the item the last covers
            // left with one option or none (kudoku's trick): fewer scans, a different tie-break
  };
  explicit DancingLinks(const ExactCover& cover, Choice choice = Choice::fast);

  struct Counts {
    std::uint64_t nodes = 1;       // search-tree nodes: the root and one per option tried
    std::uint64_t guesses = 0;     // options tried for an item that had two or more
    std::uint64_t backtracks = 0;  // options taken back
    std::uint64_t updates = 0;     // links changed by cover, as dlx1 counts: one per node hidden and item covered
    std::uint64_t mems = 0;        // memory accesses, with dlx1's charges (counted in cover, purify and solve_level)
    std::uint64_t max_depth = 0;   // deepest level reached
  };
  // Called with the options of each solution; returns true to end the search.
  using Visit = std::function<bool(std::span<const int> options)>;

  // Told each step of the search, for traces and search-tree pictures.
  class Watcher {
   public:
    virtual ~Watcher() = default;
    // Node `id` entered from `parent` by choosing `option` for `item` (0-based), which had `choices`.
    virtual void enter(std::uint64_t id, std::uint64_t parent, int option, int item, int choices) = 0;
    virtual void dead_end(int item) = 0;  // the chosen item (0-based) has no option left
    virtual void leave(std::uint64_t id) = 0;
    virtual void solution() = 0;
  };

  // Makes the matrix the one built, with `options` committed before the search as if they had
  // been chosen (givens): their items covered, every other option that shares one of them gone.
  // Whatever was committed before is replaced. Returns false when two of `options` share an item
  // (a clash); the matrix then has them all committed and is not to be searched.
  // Cost: a mark per option the givens' items hold, a pass over the options and the items, and
  // a link per node of the options kept. The constructor links the matrix by preselect({}).
  bool preselect(std::span<const int> options);
  // Runs Algorithm X. The matrix is restored when it returns, whatever ended it. With a `probe`,
  // each level tries only the option the probe picks among the chosen item's (probe.h); an
  // `estimator` hears of each node's options as its item is chosen (online_estimate.h).
  StopReason search(SearchBudget& budget, const Visit& visit, Counts& counts, Watcher* watcher = nullptr,
                    Probe* probe = nullptr, OnlineEstimator* estimator = nullptr);

  // Every link consistent and every item's length right; used by debug builds and tests.
  bool links_ok() const;

 private:
  // A link names a node by its byte offset in node_ (its index times sizeof(Node)), not by its
  // index: a linked node's address is then one addition, where an index into 12-byte nodes took
  // a sign extension and a multiply by 3 on the path of every step along a list.
  using Link = std::uint32_t;
  // The work of the covers made for one node, kept in registers and added to Counts once. dlx1
  // charges a cover 2 x (4 + 3 x rows + 6 x nodes hidden) mems with its uncover (a row is an
  // option visited; 2 for its spacer and 1 for its link), that is 12 x updates + 6 x rows - 4,
  // summed here from three additions per cover instead of computed at each.
  // With kTrack it also carries the item the covers left with the fewest options (first on
  // ties), and that count, in registers rather than in members that every store to a node may
  // alias.
  struct Tally {
    std::uint64_t updates = 0, rows = 0, covers = 0;  // by cover()
    std::uint64_t purified_updates = 0, mems = 0;     // by purify(), which charges its own mems
    int least_len = kCovered, least_item = 0;          // by hide(), with kTrack
    std::uint64_t all_updates() const { return updates + purified_updates; }
    std::uint64_t all_mems() const { return mems + 12 * updates + 6 * rows - 4 * covers; }
  };
  // kTrack: the covers note the item they leave with the fewest options (only Choice::fast reads
  // it). `active`: the primary items still to cover; 0 is a solution, and dlx1's scan of them is
  // charged in mems.
  template <bool kColours, bool kTrack>
  bool solve_level(std::size_t level, std::uint64_t id, int active, SearchBudget& budget, const Visit& visit, Counts& c,
                   StopReason& stop);
  template <bool kColours, bool kTrack>
  void cover(int item, Tally& t);
  template <bool kColours = false>
  void uncover(int item);
  template <bool kColours, bool kTrack>
  std::uint64_t hide(Link node, Tally& t);  // returns the links changed
  template <bool kColours>
  void unhide(Link node);
  template <bool kColours, bool kTrack>
  int cover_rest(Link node, Tally& t);  // the option's other items, left to right; returns how many
  template <bool kColours>
  void uncover_rest(Link node);             // the same, right to left
  template <bool kTrack>
  void purify(Link node, Tally& t);         // node's item keeps node's colour: hide the options that differ
  void unpurify(Link node);
  template <bool kTrack>
  std::pair<int, int> choose_item() const;  // the item to branch on, and its number of options
  // Not covered: its own count of options (len_ less the kCovered every secondary item carries)
  // is below kCovered.
  bool active(int item) const {
    return len_[static_cast<std::size_t>(item)] - (item > primary_ ? kCovered : 0) < kCovered;
  }

  int items_, primary_;
  // Options still in each item's list, + kCovered while covered (and always for secondary items,
  // which are never chosen); padded with kCovered to whole blocks of kBlock for choose_item().
  std::vector<int> len_;
  static constexpr int kCovered = 1 << 28;  // more options than any matrix has
  static constexpr int kBlock = 16;
  // One node's fields side by side, as in dlx1: cover and uncover touch all three at once.
  struct Node {
    int top;        // the node's item (1..N); spacers hold -(option+1)
    Link up, down;  // vertical links; a spacer's up is the first node of the option before it,
                    // its down the last node of the option after it
  };
  static constexpr Link kStep = sizeof(Node);  // from a node to the next one in node_
  static Link link_of(int index) { return static_cast<Link>(index) * kStep; }
  static std::size_t index_of(Link p) { return p / kStep; }
  static Node& at(unsigned char* base, Link p) { return *reinterpret_cast<Node*>(base + p); }
  unsigned char* base() { return reinterpret_cast<unsigned char*>(node_.data()); }
  const Node& at(Link p) const {
    return *reinterpret_cast<const Node*>(reinterpret_cast<const unsigned char*>(node_.data()) + p);
  }
  std::vector<Node> node_;
  std::vector<int> colour_;            // per node, with colours only: 0 none, > 0 a colour, -1 purified
  std::vector<int> option_first_;      // first node of each option
  // Each item's options in order, for preselect() to mark those a given's item holds: item i's
  // are item_options_[item_options_start_[i] .. item_options_start_[i + 1]).
  std::vector<int> item_options_, item_options_start_;
  // preselect()'s marks, valid when equal to its stamp (so no pass clears them): an item covered
  // by a given, an option that shares an item with one.
  std::uint32_t stamp_ = 0;
  std::vector<std::uint32_t> committed_, gone_;
  std::vector<int> kept_;   // preselect()'s scratch: the options kept,
  std::vector<Link> last_;  // and each item's last node
  std::vector<int> option_of_;          // node -> its option (-1 for headers and spacers)
  std::vector<Link> chosen_;           // per level: the node of the option chosen
  std::vector<int> solution_;          // scratch for visit()
  Watcher* watcher_ = nullptr;         // during search(), if any
  Probe* probe_ = nullptr;             // likewise
  OnlineEstimator* estimator_ = nullptr; // likewise
  // The item whose length dropped lowest (first on ties) in the covers since the last choice,
  // and that length: when it is 0 or 1 and the item is still active, the choice needs no scan.
  int least_len_ = kCovered, least_item_ = 0;
  int forced_below_;      // the Choice: a scan ends at an item with fewer options than this (fast 2, knuth 1)
  int active_primary_;    // primary items not covered by preselect()
  std::vector<int> primary_in_option_;  // per option, its primary items
};

}  // namespace sudokit
