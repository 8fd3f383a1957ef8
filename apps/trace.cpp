#include "sudokit/compare/trace.h"

#include <ostream>

namespace sudokit {

TextTrace::TextTrace(std::ostream& out, const Shape& shape) : out_(out), shape_(&shape) {
  depth_of_[1] = 0;
  out_ << "[node 1] root\n";
}

TextTrace::TextTrace(std::ostream& out, const ExactCover& problem) : out_(out), problem_(&problem) {
  depth_of_[1] = 0;
  out_ << "[node 1] root\n";
}

void TextTrace::step_line(std::uint64_t id, std::uint64_t parent, const std::string& step, int alternatives,
                           Reason reason) {
  depth_ = depth_of_[parent] + 1;
  depth_of_[id] = depth_;
  out_ << std::string(static_cast<std::size_t>(2 * depth_), ' ') << "[node " << id << "] " << step << "  "
       << to_string(reason);
  if (reason == Reason::choice) out_ << " (one of " << alternatives << ")";
  out_ << ", from node " << parent << "\n";
}

void TextTrace::enter(std::uint64_t id, std::uint64_t parent, int cell, int digit, int alternatives, Reason reason) {
  step_line(id, parent, shape_->cell_name(cell) + " = " + std::to_string(digit), alternatives, reason);
}

void TextTrace::enter_option(std::uint64_t id, std::uint64_t parent, int item, int option, int alternatives,
                             Reason reason) {
  step_line(id, parent,
            "cover " + problem_->items[static_cast<std::size_t>(item)] + " with '" + problem_->option_text(option) + "'",
             alternatives, reason);
}

void TextTrace::enter_step(std::uint64_t id, std::uint64_t parent, std::string_view label, int alternatives,
                           Reason reason) {
  step_line(id, parent, std::string(label), alternatives, reason);
}

// An inference is shown by its rule ("r1c5 = 3  naked single"), a given by its reason.
void TextTrace::place(int cell, int digit, Reason reason, std::string_view rule) {
  out_ << indent() << shape_->cell_name(cell) << " = " << digit << "  " << (rule.empty() ? to_string(reason) : rule)
       << "\n";
}

void TextTrace::dead_end(std::string_view why) { out_ << indent() << "dead end: " << why << "\n"; }

void TextTrace::leave(std::uint64_t id) {
  out_ << std::string(static_cast<std::size_t>(2 * depth_of_[id]), ' ') << "back from node " << id << "\n";
  depth_ = depth_of_[id] - 1;
}

void TextTrace::solution() { out_ << indent() << "solution\n"; }

void TextTrace::note(std::string_view text) { out_ << indent() << text << "\n"; }

TreeRecorder::TreeRecorder(const Shape& shape, std::size_t max_nodes) : shape_(&shape), max_nodes_(max_nodes) {
  nodes_.push_back({1, 0, "", 0, Node::open});
  path_.push_back(1);
}

TreeRecorder::TreeRecorder(const ExactCover& problem, std::size_t max_nodes) : problem_(&problem), max_nodes_(max_nodes) {
  nodes_.push_back({1, 0, "", 0, Node::open});
  path_.push_back(1);
}

TreeRecorder::Node* TreeRecorder::current() {
  // The node at the end of the path, if it was kept.
  const std::uint64_t id = path_.back();
  for (auto it = nodes_.rbegin(); it != nodes_.rend(); ++it)
    if (it->id == id) return &*it;
  return nullptr;
}

void TreeRecorder::add_node(std::uint64_t id, std::uint64_t parent, std::string edge, bool forced) {
  path_.push_back(id);
  if (nodes_.size() >= max_nodes_) {
    ++dropped_;
    return;
  }
  nodes_.push_back({id, parent, std::move(edge), 0, Node::open, forced});
}

void TreeRecorder::enter(std::uint64_t id, std::uint64_t parent, int cell, int digit, int alternatives, Reason reason) {
  add_node(id, parent, shape_->cell_name(cell) + "=" + std::to_string(digit),
           reason == Reason::forced || alternatives == 1);
}

// An edge is labelled with the option chosen; DOT labels are quoted, so quotes are escaped.
void TreeRecorder::enter_option(std::uint64_t id, std::uint64_t parent, int, int option, int alternatives,
                                Reason reason) {
  std::string label;
  for (char c : problem_->option_text(option)) label += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
  add_node(id, parent, std::move(label), reason == Reason::forced || alternatives == 1);
}

void TreeRecorder::enter_step(std::uint64_t id, std::uint64_t parent, std::string_view label, int alternatives,
                              Reason reason) {
  add_node(id, parent, std::string(label), reason == Reason::forced || alternatives == 1);
}

void TreeRecorder::place(int, int, Reason, std::string_view) {
  if (Node* n = current()) ++n->inferences;
}

void TreeRecorder::dead_end(std::string_view) {
  if (Node* n = current()) n->state = Node::dead;
}

void TreeRecorder::leave(std::uint64_t) {
  if (path_.size() > 1) path_.pop_back();
}

void TreeRecorder::solution() {
  if (Node* n = current()) n->state = Node::solved;
}

void TreeRecorder::write_dot(std::ostream& out) const {
  // Fold chains: a node is folded into its chain when it was forced, is its parent's only child,
  // has exactly one child itself and neither failed nor solved there. A run of two or more such
  // nodes becomes one box; the node after the run hangs from the box.
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> children;
  std::unordered_map<std::uint64_t, std::size_t> index;
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    index[nodes_[i].id] = i;
    if (nodes_[i].parent) children[nodes_[i].parent].push_back(i);
  }
  auto foldable = [&](const Node& n) {
    if (n.id == 1 || !n.forced || n.state != Node::open) return false;
    const auto p = children.find(n.parent), c = children.find(n.id);
    return p != children.end() && p->second.size() == 1 && c != children.end() && c->second.size() == 1;
  };
  std::unordered_map<std::uint64_t, std::uint64_t> box_of;  // folded node -> the chain's first node
  struct Chain {
    std::uint64_t first, parent;
    std::size_t length = 0;
    int inferences = 0;
    std::string from, to;
  };
  std::vector<Chain> chains;
  for (const Node& n : nodes_) {
    if (!foldable(n) || box_of.count(n.id)) continue;
    const auto parent = index.find(n.parent);
    if (parent != index.end() && foldable(nodes_[parent->second])) continue;  // not the start of its run
    Chain chain{n.id, n.parent, 0, 0, n.edge, n.edge};
    std::vector<std::uint64_t> members;
    for (const Node* m = &n; foldable(*m); m = &nodes_[children[m->id].front()]) {
      members.push_back(m->id);
      ++chain.length;
      chain.inferences += m->inferences;
      chain.to = m->edge;
    }
    if (chain.length < 2) continue;
    for (std::uint64_t id : members) box_of[id] = chain.first;
    chains.push_back(chain);
  }

  out << "digraph search {\n"
         "  node [shape=circle, style=filled, fillcolor=white, fontname=Helvetica, fontsize=10];\n"
         "  edge [fontname=Helvetica, fontsize=9];\n";
  for (const Node& n : nodes_) {
    if (box_of.count(n.id)) continue;
    const char* fill = n.state == Node::dead ? "#f4a6a6" : n.state == Node::solved ? "#a6e3a6" : "white";
    out << "  n" << n.id << " [label=\"" << (n.id == 1 ? "root" : std::to_string(n.id));
    if (n.inferences) out << "\\n+" << n.inferences;
    out << "\", fillcolor=\"" << fill << "\"];\n";
    if (!n.parent) continue;
    const auto box = box_of.find(n.parent);
    out << "  " << (box != box_of.end() ? "f" : "n") << (box != box_of.end() ? box->second : n.parent) << " -> n" << n.id
        << " [label=\"" << n.edge << "\"];\n";
  }
  for (const Chain& c : chains) {
    out << "  f" << c.first << " [shape=box, style=\"filled,rounded\", fillcolor=\"#e8e8e8\", label=\"" << c.length
        << " forced\\n" << c.from << " ... " << c.to;
    if (c.inferences) out << "\\n+" << c.inferences;
    out << "\"];\n  n" << c.parent << " -> f" << c.first << ";\n";
  }
  if (dropped_)
    out << "  more [shape=box, label=\"" << dropped_ << " more nodes not drawn (--tree-nodes)\"];\n";
  // The legend, drawn apart from the tree.
  out << "  subgraph cluster_legend {\n"
         "    label=\"legend\"; fontname=Helvetica; fontsize=10; color=gray;\n"
         "    l_open [label=\"node\", fillcolor=white];\n"
         "    l_dead [label=\"dead\\nend\", fillcolor=\"#f4a6a6\"];\n"
         "    l_solved [label=\"solu-\\ntion\", fillcolor=\"#a6e3a6\"];\n"
         "    l_forced [shape=box, style=\"filled,rounded\", fillcolor=\"#e8e8e8\", label=\"k forced\\n(one choice\\neach)\"];\n"
         "    l_text [shape=plaintext, style=\"\", label=\"edge: the step tried\\n(cell=digit, or the option)\\n+k: inferences in the node\"];\n"
         "    l_open -> l_dead -> l_solved -> l_forced -> l_text [style=invis];\n"
         "  }\n";
  out << "}\n";
}

}  // namespace sudokit
