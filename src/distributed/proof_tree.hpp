// The coordinator's proof-number tree over the top of the game.
//
// Every node is a position; its value, once proven, is the win/draw/loss for
// its own side to move. Leaves are jobs: a worker proves a leaf's value or
// answers "unknown", and then the leaf is expanded into one child per legal
// move. Values are exact and independent of the question asked: a node is
// won as soon as one child is lost for its mover, otherwise known once every
// child is.
//
// The search asks one question of the root at a time, as proof-number search
// does: first "does the side to move win?", and when that is disproved, "does
// it at least draw?". The answers give the value: win; draw (not a win, at
// least a draw); loss. Proof and disproof numbers are the usual ones (OR
// nodes where the root's side moves: proof = min, disproof = sum; AND nodes
// the other way round), with (1, 1) for an open leaf.
//
// Several jobs run at once, so the tree hands out the most-proving leaf among
// those no worker has: each node counts its free leaves, and the descent
// follows the best child that still has one. A leaf in the hands of a worker
// keeps its (1, 1) in the numbers, so they stay the true ones.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/types.hpp"
#include "rules/position.hpp"

namespace kinrow::distributed {

inline constexpr std::uint64_t kInfinite = std::numeric_limits<std::uint64_t>::max();

// The question asked of the root: does its side to move reach at least this?
enum class Target : std::uint8_t { Win, Draw };

struct Node {
    int parent = -1;
    Move move = kNoMove;  // from the parent
    int depth = 0;        // plies below the root: even depths are the root side's turn
    Outcome value = Outcome::Unknown;  // proven, for the side to move here
    bool expanded = false;
    bool assigned = false;  // a worker has this leaf now
    std::vector<int> children;
    std::uint64_t proof = 1, disproof = 1;
    std::uint64_t free_leaves = 1;  // open leaves below (or this one) no worker has
};

// What a checkpoint keeps of a node; the rest follows from the root position.
struct SavedNode {
    int parent = -1;
    Move move = kNoMove;
    Outcome value = Outcome::Unknown;
    bool expanded = false;
};

class ProofTree {
public:
    // A tree of one open leaf, the root (which must not be over).
    explicit ProofTree(const Position& root);
    // The tree a checkpoint saved: nodes in creation order (parents first).
    // Throws Error when they do not form a tree of moves of `root`.
    ProofTree(const Position& root, const std::vector<SavedNode>& saved);

    const Position& root() const { return root_; }
    Target target() const { return target_; }
    // The root's value for its side to move, once proven.
    Outcome value() const { return nodes_[0].value; }
    bool solved() const { return value() != Outcome::Unknown; }

    // The next leaf to give a worker: the most-proving free leaf whose value
    // no other node of the tree has proven already (transpositions are
    // settled here, never recomputed). -1 when none is free.
    int next_job();
    Position position_of(int node) const;
    void assign(int node);
    // A worker lost with the leaf: it is free again.
    void release(int node);
    // A worker's answer: the leaf's value, or Unknown (expand it). Answers
    // for nodes already settled (a late duplicate) change nothing; returns
    // whether this one did.
    bool record(int node, Outcome value);

    int size() const { return static_cast<int>(nodes_.size()); }
    const Node& node(int id) const { return nodes_[id]; }
    std::vector<SavedNode> save() const;
    // Open leaves (no value, not expanded), with or without a worker.
    int open_leaves() const;

private:
    int add_node(int parent, Move move, const Position& pos);
    void expand(int id);
    // Sets a proven value and remembers it for the position's transpositions.
    void set_value(int id, Outcome value, const Position& pos);
    // The exact value of an expanded node, from its children, if they decide it.
    Outcome value_from_children(const Node& n) const;
    // Recomputes proof numbers (and values) from `id` up to the root.
    void update_path(int id);
    void evaluate(int id);
    void evaluate_all();
    // Moves on to the next question when the root has answered this one.
    void advance_question();
    bool reaches_target(const Node& n) const;

    Position root_;
    Target target_ = Target::Win;
    std::vector<Node> nodes_;
    // Board -> value of every position the tree has proven.
    std::unordered_map<std::string, Outcome> proven_;
};

}  // namespace kinrow::distributed
