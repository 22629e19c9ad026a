#include "weighted/weighted_tree.hpp"

#include <fmt/format.h>

#include "core/error.hpp"
#include "weighted/weighted_search.hpp"

namespace kinrow::weighted {

namespace {

std::string bound_text(Score s) {
    if (s <= -kInfinity) return "-inf";
    if (s >= kInfinity) return "+inf";
    return std::to_string(s);
}

}  // namespace

int SearchTree::open(const Position& pos, int depth, Score alpha, Score beta) {
    if (nodes_.size() >= max_nodes_)
        throw Error(
            fmt::format("search tree over {} nodes; lower the depth or start from a later "
                        "position (--moves, --board)",
                        max_nodes_));
    width_ = pos.width();
    int parent = open_.empty() ? -1 : open_.back();
    Move via = parent < 0 ? kNoMove : pos.history().back();
    std::string board = pos.board_string();
    nodes_.push_back(Node{parent,
                          via,
                          std::move(board),
                          pos.side_to_move(),
                          depth,
                          alpha,
                          beta,
                          0,
                          Kind::Leaf,
                          Bound::Exact,
                          kNoMove,
                          {}});
    open_.push_back(static_cast<int>(nodes_.size() - 1));
    return open_.back();
}

void SearchTree::close(int node, Score value, Kind kind, Bound bound, Move best) {
    nodes_[node].value = value;
    nodes_[node].kind = kind;
    nodes_[node].bound = bound;
    nodes_[node].best = best;
    open_.pop_back();
}

void SearchTree::pruned(int node, Move move) { nodes_[node].pruned.push_back(move); }

std::string SearchTree::dot() const {
    std::string out =
        "digraph search {\n"
        "  node [shape=box, fontname=\"monospace\"];\n"
        "  edge [fontname=\"monospace\"];\n";
    auto move_label = [&](Move m) { return fmt::format("{},{}", m / width_, m % width_); };
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
        const Node& n = nodes_[i];
        std::string rows;
        for (char c : n.board) rows += c == '/' ? std::string("\\n") : std::string(1, c);
        std::string value = n.bound == Bound::Exact   ? fmt::format("= {}", n.value)
                            : n.bound == Bound::Lower ? fmt::format(">= {}", n.value)
                                                      : fmt::format("<= {}", n.value);
        std::string kind = n.kind == Kind::Leaf       ? "leaf"
                           : n.kind == Kind::TableHit ? "table hit"
                                                      : "";
        std::string style = n.kind == Kind::TableHit ? ", style=filled, fillcolor=lightblue"
                            : n.kind == Kind::Leaf   ? ", style=rounded"
                                                     : "";
        out += fmt::format(
            "  n{} [label=\"{}\\n{} to move, depth {}\\n({}, {})\\nvalue {}{}{}\"{}];\n", i, rows,
            player_char(n.to_move), n.depth, bound_text(n.alpha), bound_text(n.beta), value,
            kind.empty() ? "" : "\\n", kind, style);
        if (n.parent >= 0)
            out += fmt::format("  n{} -> n{} [label=\"{}\"{}];\n", n.parent, i, move_label(n.via),
                               nodes_[n.parent].best == n.via ? ", style=bold" : "");
    }
    // Skipped branches last, so Graphviz draws them right of the searched ones.
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
        const Node& n = nodes_[i];
        for (std::size_t j = 0; j < n.pruned.size(); ++j) {
            out += fmt::format(
                "  p{}_{} [label=\"pruned\", shape=plaintext, fontcolor=gray];\n"
                "  n{} -> p{}_{} [label=\"{}\", style=dashed, color=gray, fontcolor=gray];\n",
                i, j, i, i, j, move_label(n.pruned[j]));
        }
    }
    out += "}\n";
    return out;
}

}  // namespace kinrow::weighted
