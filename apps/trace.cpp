#include "trace.h"

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

void TextTrace::place(int cell, int digit, Reason reason) {
  out_ << indent() << shape_->cell_name(cell) << " = " << digit << "  " << to_string(reason) << "\n";
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

void TreeRecorder::add_node(std::uint64_t id, std::uint64_t parent, std::string edge) {
  path_.push_back(id);
  if (nodes_.size() >= max_nodes_) {
    ++dropped_;
    return;
  }
  nodes_.push_back({id, parent, std::move(edge), 0, Node::open});
}

void TreeRecorder::enter(std::uint64_t id, std::uint64_t parent, int cell, int digit, int, Reason) {
  add_node(id, parent, shape_->cell_name(cell) + "=" + std::to_string(digit));
}

// An edge is labelled with the option chosen; DOT labels are quoted, so quotes are escaped.
void TreeRecorder::enter_option(std::uint64_t id, std::uint64_t parent, int, int option, int, Reason) {
  std::string label;
  for (char c : problem_->option_text(option)) label += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
  add_node(id, parent, std::move(label));
}

void TreeRecorder::enter_step(std::uint64_t id, std::uint64_t parent, std::string_view label, int, Reason) {
  add_node(id, parent, std::string(label));
}

void TreeRecorder::place(int, int, Reason) {
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
  out << "digraph search {\n"
         "  node [shape=circle, style=filled, fillcolor=white, fontname=Helvetica, fontsize=10];\n"
         "  edge [fontname=Helvetica, fontsize=9];\n";
  for (const Node& n : nodes_) {
    const char* fill = n.state == Node::dead ? "#f4a6a6" : n.state == Node::solved ? "#a6e3a6" : "white";
    out << "  n" << n.id << " [label=\"" << (n.id == 1 ? "root" : std::to_string(n.id));
    if (n.inferences) out << "\\n+" << n.inferences;
    out << "\", fillcolor=\"" << fill << "\"];\n";
    if (n.parent) out << "  n" << n.parent << " -> n" << n.id << " [label=\"" << n.edge << "\"];\n";
  }
  if (dropped_)
    out << "  more [shape=box, label=\"" << dropped_ << " more nodes not drawn (--tree-nodes)\"];\n";
  out << "}\n";
}

}  // namespace sudokit
