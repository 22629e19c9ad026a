// SearchTree: the explored tree of one small search, recorded node by node as
// the search visits it and written as Graphviz DOT, so a student can watch
// minimax and alpha-beta at work: each node shows its board, the side to
// move, the remaining depth, the (alpha, beta) window it was searched with and
// the value it returned (exact or a bound); table answers and the branches a
// cut-off skipped are marked. Render with `dot -Tsvg` (Debian package graphviz),
// or read nodes() to draw it another way (the web page's SVG viewer).
//
// The recorder knows nothing of weighted scoring: it records any search over
// Position (the web page records this search on unweighted boards too).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "weighted/weighted_table.hpp"

namespace kinrow::weighted {

class SearchTree {
public:
    enum class Kind { Leaf, Searched, TableHit };

    // Recording more than max_nodes nodes throws Error: DOT of a big tree is
    // unreadable and slow to lay out.
    explicit SearchTree(std::size_t max_nodes) : max_nodes_(max_nodes) {}

    // Called by the search on entering a node; returns its handle.
    int open(const Position& pos, int depth, Score alpha, Score beta);
    // `best` is the child move the value came from (kNoMove for leaves and
    // table hits); its edge is drawn bold, so the principal line stands out.
    void close(int node, Score value, Kind kind, Bound bound, Move best = kNoMove);
    // A child move of `node` skipped by an alpha-beta cut-off.
    void pruned(int node, Move move);

    std::size_t size() const { return nodes_.size(); }
    std::string dot() const;

    // One recorded node, in the order the search entered them (the root
    // first); front ends that draw the tree themselves read these.
    struct Node {
        int parent;
        Move via;  // the move from the parent
        std::string board;
        Player to_move;
        int depth;
        Score alpha, beta;
        Score value = 0;
        Kind kind = Kind::Leaf;
        Bound bound = Bound::Exact;
        Move best = kNoMove;
        std::vector<Move> pruned;
    };
    const std::vector<Node>& nodes() const { return nodes_; }

private:
    std::size_t max_nodes_;
    int width_ = 0;
    std::vector<Node> nodes_;
    std::vector<int> open_;  // the path from the root to the current node
};

}  // namespace kinrow::weighted
