#include "distributed/proof_tree.hpp"

#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

#include "core/error.hpp"
#include "distributed/job.hpp"

namespace kinrow::distributed {

namespace {

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) { return a > kInfinite - b ? kInfinite : a + b; }

// The value of a finished game for the side to move: whoever completed a line
// did it with the last stone, so a won game is lost for the side to move.
Outcome final_value(const Position& pos) {
    return pos.result() == Result::Draw ? Outcome::Draw : Outcome::Loss;
}

// How far a move is from the centre of the board (in half cells; columns
// only in gravity games, where the row is not the player's choice).
int off_centre(const Position& pos, Move m) {
    const int dc = std::abs(2 * pos.col_of(m) - (pos.width() - 1));
    if (pos.spec().gravity()) return dc;
    return std::max(dc, std::abs(2 * pos.row_of(m) - (pos.height() - 1)));
}

}  // namespace

ProofTree::ProofTree(const Position& root) : root_(root) {
    if (root.game_over()) throw Error("the position is already over: there is nothing to solve");
    nodes_.emplace_back();
    evaluate(0);
}

ProofTree::ProofTree(const Position& root, const std::vector<SavedNode>& saved) : root_(root) {
    if (saved.empty() || saved[0].parent != -1) throw Error("the saved tree has no root");
    for (std::size_t i = 0; i < saved.size(); ++i) {
        const SavedNode& s = saved[i];
        const int id = static_cast<int>(i);
        Node n;
        n.value = s.value;
        n.expanded = s.expanded;
        if (i > 0) {
            if (s.parent < 0 || s.parent >= id || !nodes_[s.parent].expanded)
                throw Error(fmt::format("the saved tree's node {} has no expanded parent", id));
            if (!position_of(s.parent).is_legal(s.move))
                throw Error(fmt::format("the saved tree's node {} follows an illegal move", id));
            n.parent = s.parent;
            n.move = s.move;
            n.depth = nodes_[s.parent].depth + 1;
            nodes_[s.parent].children.push_back(id);
        }
        nodes_.push_back(std::move(n));
        if (s.value != Outcome::Unknown) proven_[position_of(id).board_string()] = s.value;
    }
    evaluate_all();
    advance_question();
}

Position ProofTree::position_of(int node) const {
    std::vector<Move> moves;
    for (int id = node; nodes_[id].parent >= 0; id = nodes_[id].parent) moves.push_back(nodes_[id].move);
    Position pos = root_;
    for (auto it = moves.rbegin(); it != moves.rend(); ++it) pos.play(*it);
    return pos;
}

int ProofTree::next_job() {
    while (!solved() && nodes_[0].free_leaves > 0) {
        int id = 0;
        while (nodes_[id].expanded) {
            const bool or_node = nodes_[id].depth % 2 == 0;
            int best = -1;
            std::uint64_t best_number = kInfinite;
            for (int c : nodes_[id].children) {
                const Node& child = nodes_[c];
                if (child.free_leaves == 0) continue;
                std::uint64_t number = or_node ? child.proof : child.disproof;
                if (best < 0 || number < best_number) best = c, best_number = number;
            }
            id = best;
        }
        auto known = proven_.find(position_of(id).board_string());
        if (known == proven_.end()) return id;
        record(id, known->second);  // a transposition of a proven node
    }
    return -1;
}

void ProofTree::assign(int node) {
    nodes_[node].assigned = true;
    update_path(node);
}

void ProofTree::release(int node) {
    if (!nodes_[node].assigned) return;
    nodes_[node].assigned = false;
    update_path(node);
}

bool ProofTree::record(int node, Outcome value) {
    Node& n = nodes_[node];
    if (n.value != Outcome::Unknown || n.expanded) return false;
    n.assigned = false;
    if (value == Outcome::Unknown)
        expand(node);
    else
        set_value(node, value, position_of(node));
    update_path(node);
    return true;
}

std::vector<SavedNode> ProofTree::save() const {
    std::vector<SavedNode> saved;
    saved.reserve(nodes_.size());
    for (const Node& n : nodes_) saved.push_back({n.parent, n.move, n.value, n.expanded});
    return saved;
}

int ProofTree::open_leaves() const {
    return static_cast<int>(std::count_if(nodes_.begin(), nodes_.end(), [](const Node& n) {
        return !n.expanded && n.value == Outcome::Unknown;
    }));
}

int ProofTree::add_node(int parent, Move move, const Position& pos) {
    Node n;
    n.parent = parent;
    n.move = move;
    n.depth = nodes_[parent].depth + 1;
    const int id = size();
    nodes_.push_back(std::move(n));
    nodes_[parent].children.push_back(id);
    if (pos.game_over()) {
        set_value(id, final_value(pos), pos);
    } else if (auto known = proven_.find(pos.board_string()); known != proven_.end()) {
        nodes_[id].value = known->second;
    }
    evaluate(id);
    return id;
}

void ProofTree::expand(int id) {
    Position pos = position_of(id);
    nodes_[id].expanded = true;
    // Centre first: the descent takes the first of equal numbers, and every
    // new leaf starts at (1, 1), so the order is the tree's first guess of the
    // best move. Board order would try the edge first, the worst square of
    // most k-in-a-row games.
    std::vector<Move> moves = pos.legal_moves();
    std::stable_sort(moves.begin(), moves.end(),
                     [&](Move a, Move b) { return off_centre(pos, a) < off_centre(pos, b); });
    for (Move m : moves) {
        pos.play(m);
        add_node(id, m, pos);
        pos.undo();
    }
}

void ProofTree::set_value(int id, Outcome value, const Position& pos) {
    nodes_[id].value = value;
    proven_[pos.board_string()] = value;
}

Outcome ProofTree::value_from_children(const Node& n) const {
    bool all_known = true, draw = false;
    for (int c : n.children) {
        Outcome v = nodes_[c].value;
        if (v == Outcome::Loss) return Outcome::Win;  // a move that leaves the opponent lost
        if (v == Outcome::Unknown) all_known = false;
        if (v == Outcome::Draw) draw = true;
    }
    if (!all_known) return Outcome::Unknown;
    return draw ? Outcome::Draw : Outcome::Loss;
}

void ProofTree::update_path(int id) {
    for (int x = id; x >= 0; x = nodes_[x].parent) {
        Node& n = nodes_[x];
        if (n.expanded && n.value == Outcome::Unknown) {
            Outcome v = value_from_children(n);
            if (v != Outcome::Unknown) set_value(x, v, position_of(x));
        }
        evaluate(x);
    }
    advance_question();
}

bool ProofTree::reaches_target(const Node& n) const {
    // The value from the root's side: its own at even depths.
    Outcome v = n.depth % 2 == 0 ? n.value : flip(n.value);
    return target_ == Target::Win ? v == Outcome::Win : v != Outcome::Loss;
}

void ProofTree::evaluate(int id) {
    Node& n = nodes_[id];
    if (n.value != Outcome::Unknown) {
        const bool proved = reaches_target(n);
        n.proof = proved ? 0 : kInfinite;
        n.disproof = proved ? kInfinite : 0;
        n.free_leaves = 0;
        return;
    }
    if (!n.expanded) {
        n.proof = n.disproof = 1;
        n.free_leaves = n.assigned ? 0 : 1;
        return;
    }
    std::uint64_t min_proof = kInfinite, sum_proof = 0, min_disproof = kInfinite, sum_disproof = 0, free = 0;
    for (int c : n.children) {
        const Node& child = nodes_[c];
        min_proof = std::min(min_proof, child.proof);
        sum_proof = saturating_add(sum_proof, child.proof);
        min_disproof = std::min(min_disproof, child.disproof);
        sum_disproof = saturating_add(sum_disproof, child.disproof);
        free += child.free_leaves;
    }
    const bool or_node = n.depth % 2 == 0;
    n.proof = or_node ? min_proof : sum_proof;
    n.disproof = or_node ? sum_disproof : min_disproof;
    n.free_leaves = n.proof == 0 || n.disproof == 0 ? 0 : free;
}

void ProofTree::evaluate_all() {
    // Children come after their parents.
    for (int id = size() - 1; id >= 0; --id) evaluate(id);
}

void ProofTree::advance_question() {
    Node& root = nodes_[0];
    if (root.value != Outcome::Unknown) return;
    if (target_ == Target::Win) {
        if (root.proof == 0) {
            set_value(0, Outcome::Win, root_);
        } else if (root.disproof == 0) {
            target_ = Target::Draw;  // no win: is it at least a draw?
            evaluate_all();
        }
    }
    if (target_ == Target::Draw && nodes_[0].value == Outcome::Unknown) {
        // "Not a win" was proven first, so at least a draw is exactly a draw.
        if (nodes_[0].proof == 0) set_value(0, Outcome::Draw, root_);
        else if (nodes_[0].disproof == 0) set_value(0, Outcome::Loss, root_);
    }
    if (nodes_[0].value != Outcome::Unknown) evaluate(0);
}

}  // namespace kinrow::distributed
