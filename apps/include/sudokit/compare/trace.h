// Observers for `sudokit solve --trace` (every step as text) and `--tree FILE.dot` (the search
// tree as Graphviz DOT, up to a node cap).
#pragma once

#include <iosfwd>
#include <string>
#include <unordered_map>
#include <vector>

#include "sudokit/exact_cover.h"
#include "sudokit/shape.h"
#include "sudokit/trace.h"

namespace sudokit {

// One line per step, indented by depth:  "[node 4] r3c5 = 7  choice (one of 2), from node 2", or
// for exact cover "[node 4] cover R3 with 'R3 C5 A8 B1'  choice (one of 2), from node 2".
class TextTrace final : public SearchObserver {
 public:
  TextTrace(std::ostream& out, const Shape& shape);
  TextTrace(std::ostream& out, const ExactCover& problem);
  void enter(std::uint64_t id, std::uint64_t parent, int cell, int digit, int alternatives, Reason reason) override;
  void enter_option(std::uint64_t id, std::uint64_t parent, int item, int option, int alternatives,
                    Reason reason) override;
  void enter_step(std::uint64_t id, std::uint64_t parent, std::string_view label, int alternatives,
                  Reason reason) override;
  void place(int cell, int digit, Reason reason, std::string_view rule) override;
  void dead_end(std::string_view why) override;
  void leave(std::uint64_t id) override;
  void solution() override;
  void note(std::string_view text) override;

 private:
  std::string indent() const { return std::string(static_cast<std::size_t>(2 * depth_ + 2), ' '); }
  void step_line(std::uint64_t id, std::uint64_t parent, const std::string& step, int alternatives, Reason reason);
  std::ostream& out_;
  const Shape* shape_ = nullptr;        // the problem is a grid of this shape,
  const ExactCover* problem_ = nullptr;  // or this exact-cover problem
  std::unordered_map<std::uint64_t, int> depth_of_;  // trace output only, never on a solver's path
  int depth_ = 0;
};

// Collects the tree and writes it as DOT: dead ends red, solutions green, each edge labelled
// with its placement, each node with the inferences made in it, and a legend. A chain of forced
// steps (each the only alternative, the only child of the one before) is folded into one box,
// "12 forced", so that a tree of backtrack or dlx fits on a slide.
class TreeRecorder final : public SearchObserver {
 public:
  explicit TreeRecorder(const Shape& shape, std::size_t max_nodes = 300);
  explicit TreeRecorder(const ExactCover& problem, std::size_t max_nodes = 300);
  void enter(std::uint64_t id, std::uint64_t parent, int cell, int digit, int alternatives, Reason reason) override;
  void enter_option(std::uint64_t id, std::uint64_t parent, int item, int option, int alternatives,
                    Reason reason) override;
  void enter_step(std::uint64_t id, std::uint64_t parent, std::string_view label, int alternatives,
                  Reason reason) override;
  void place(int cell, int digit, Reason reason, std::string_view rule) override;
  void dead_end(std::string_view why) override;
  void leave(std::uint64_t id) override;
  void solution() override;
  void note(std::string_view) override {}
  void write_dot(std::ostream& out) const;

 private:
  struct Node {
    std::uint64_t id, parent;
    std::string edge;
    int inferences = 0;
    enum { open, dead, solved } state = open;
    bool forced = false;  // entered as the only alternative (Reason::forced)
  };
  Node* current();
  void add_node(std::uint64_t id, std::uint64_t parent, std::string edge, bool forced);
  const Shape* shape_ = nullptr;
  const ExactCover* problem_ = nullptr;
  std::size_t max_nodes_;
  std::vector<Node> nodes_;
  std::vector<std::uint64_t> path_;  // ids from the root to the current node
  std::uint64_t dropped_ = 0;        // nodes past the cap
};

// Passes every step to several observers.
class ObserverList final : public SearchObserver {
 public:
  void add(SearchObserver* o) { list_.push_back(o); }
  bool empty() const { return list_.empty(); }
  void enter(std::uint64_t id, std::uint64_t parent, int cell, int digit, int alternatives, Reason reason) override {
    for (auto* o : list_) o->enter(id, parent, cell, digit, alternatives, reason);
  }
  void enter_option(std::uint64_t id, std::uint64_t parent, int item, int option, int alternatives,
                    Reason reason) override {
    for (auto* o : list_) o->enter_option(id, parent, item, option, alternatives, reason);
  }
  void enter_step(std::uint64_t id, std::uint64_t parent, std::string_view label, int alternatives,
                  Reason reason) override {
    for (auto* o : list_) o->enter_step(id, parent, label, alternatives, reason);
  }
  void place(int cell, int digit, Reason reason, std::string_view rule) override {
    for (auto* o : list_) o->place(cell, digit, reason, rule);
  }
  void place_option(int option, std::string_view words) override {
    for (auto* o : list_) o->place_option(option, words);
  }
  void reasoning(std::span<const int> cells, std::span<const Candidate> removed) override {
    for (auto* o : list_) o->reasoning(cells, removed);
  }
  void watch_counters(std::function<Stats()> now) override {
    for (auto* o : list_) o->watch_counters(now);
  }
  void dead_end(std::string_view why) override {
    for (auto* o : list_) o->dead_end(why);
  }
  void leave(std::uint64_t id) override {
    for (auto* o : list_) o->leave(id);
  }
  void solution() override {
    for (auto* o : list_) o->solution();
  }
  void note(std::string_view text) override {
    for (auto* o : list_) o->note(text);
  }

 private:
  std::vector<SearchObserver*> list_;
};

}  // namespace sudokit
