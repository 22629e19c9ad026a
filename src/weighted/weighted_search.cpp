#include "weighted/weighted_search.hpp"

#include <algorithm>
#include <array>

#include "weighted/weighted_tree.hpp"

namespace kinrow::weighted {

WeightedSearch::WeightedSearch(const GameSpec& spec, SearchOptions options)
    : options_(options),
      table_(options.buckets ? options.buckets : TranspositionTable::default_buckets(spec.width),
             TranspositionTable::entries_for_megabytes(options.table_mb)),
      weight_order_(spec.cells()) {
    for (Move m = 0; m < spec.cells(); ++m) weight_order_[m] = m;
    // Both sides want heavy cells: X's weights raise the score, O's lower it.
    // An unweighted game (the plain minimax of the web page's tree viewer)
    // keeps board order, and its boards score their lines only.
    if (spec.weighted())
        std::stable_sort(weight_order_.begin(), weight_order_.end(),
                         [&](Move a, Move b) { return spec.weights[a] > spec.weights[b]; });
}

int WeightedSearch::ordered_moves(const Position& pos, Move first, Move* out) const {
    if (!options_.alphabeta || !options_.ordering) return pos.legal_moves(out);
    int n = 0;
    if (first != kNoMove && pos.at(first) == Cell::Empty) out[n++] = first;
    for (Move m : weight_order_)
        if (m != first && pos.at(m) == Cell::Empty) out[n++] = m;
    return n;
}

SearchResult WeightedSearch::search(Position& pos, int depth, SearchTree* tree) {
    stats_ = {};
    tree_ = tree;
    // A tree that overflows throws from deep inside the search: give the
    // position back as the caller passed it, and forget the tree.
    struct Restore {
        WeightedSearch& search;
        Position& pos;
        std::size_t plies;
        ~Restore() {
            while (pos.history().size() > plies) pos.undo();
            search.tree_ = nullptr;
        }
    } restore{*this, pos, pos.history().size()};
    int empties = pos.cells() - pos.stones();
    // Entries stay valid while every position is asked for at a depth no
    // smaller than the one it was stored at: same requested depth, roots
    // advancing through one game. Anything else starts afresh.
    if (depth != table_depth_ || empties > table_empties_) table_.clear();
    table_depth_ = depth;
    table_empties_ = empties;
    // Past the end of the game extra depth changes nothing; clamping makes
    // end-of-game entries exact and reusable by every later move.
    depth = std::min(depth, empties);

    ++stats_.nodes;
    const bool maximizing = pos.side_to_move() == Player::X;
    Move hint = kNoMove;
    if (options_.table)
        if (const TableEntry* e = table_.probe(table_key(pos))) hint = e->move();
    std::array<Move, kMaxCells> moves;
    int count = ordered_moves(pos, hint, moves.data());
    int node = tree_ ? tree_->open(pos, depth, -kInfinity, kInfinity) : -1;

    SearchResult best{maximizing ? -kInfinity : kInfinity, kNoMove};
    for (int i = 0; i < count; ++i) {
        Move m = moves[i];
        // A move before the current best in row-major order must win ties, so
        // its window admits a value equal to the best; later ones must beat it.
        bool earlier = best.move != kNoMove && m < best.move;
        Score alpha = -kInfinity, beta = kInfinity;
        if (options_.alphabeta && best.move != kNoMove) {
            if (maximizing)
                alpha = earlier ? best.score - 1 : best.score;
            else
                beta = earlier ? best.score + 1 : best.score;
        }
        pos.play(m);
        Score v = value(pos, depth - 1, alpha, beta);
        pos.undo();
        bool better = maximizing ? v > best.score : v < best.score;
        if (best.move == kNoMove || better || (earlier && v == best.score)) best = {v, m};
    }
    if (options_.table)
        table_.update(table_key(pos), TableEntry(best.score, best.move, depth, Bound::Exact));
    if (tree_) tree_->close(node, best.score, SearchTree::Kind::Searched, Bound::Exact, best.move);
    return best;
}

// Fail-soft minimax with optional alpha-beta: the value is exact when it lies
// strictly inside (alpha, beta), an upper bound when <= alpha, a lower bound
// when >= beta. Without alpha-beta the window stays (-inf, inf): all exact.
Score WeightedSearch::value(Position& pos, int depth, Score alpha, Score beta) {
    ++stats_.nodes;
    int node = tree_ ? tree_->open(pos, depth, alpha, beta) : -1;
    if (depth == 0 || pos.game_over()) {
        Score score = weighted_score(pos);
        if (tree_) tree_->close(node, score, SearchTree::Kind::Leaf, Bound::Exact);
        return score;
    }

    std::uint64_t key = 0;
    Move hint = kNoMove;
    if (options_.table) {
        key = table_key(pos);
        if (const TableEntry* e = table_.probe(key)) {
            hint = e->move();
            if (e->depth() >= depth &&
                (e->bound() == Bound::Exact || (e->bound() == Bound::Lower && e->score() >= beta) ||
                 (e->bound() == Bound::Upper && e->score() <= alpha))) {
                ++stats_.table_hits;
                if (tree_) tree_->close(node, e->score(), SearchTree::Kind::TableHit, e->bound());
                return e->score();
            }
        }
    }

    const bool maximizing = pos.side_to_move() == Player::X;
    std::array<Move, kMaxCells> moves;
    int count = ordered_moves(pos, hint, moves.data());
    Score best = maximizing ? -kInfinity : kInfinity;
    Move best_move = kNoMove;
    Score a = alpha, b = beta;
    for (int i = 0; i < count; ++i) {
        pos.play(moves[i]);
        Score v = value(pos, depth - 1, a, b);
        pos.undo();
        if (maximizing ? v > best : v < best) {
            best = v;
            best_move = moves[i];
        }
        if (!options_.alphabeta) continue;
        if (maximizing)
            a = std::max(a, v);
        else
            b = std::min(b, v);
        if (a >= b) {
            if (tree_)
                for (int j = i + 1; j < count; ++j) tree_->pruned(node, moves[j]);
            break;
        }
    }

    Bound bound = best <= alpha ? Bound::Upper : best >= beta ? Bound::Lower : Bound::Exact;
    if (options_.table) table_.update(key, TableEntry(best, best_move, depth, bound));
    if (tree_) tree_->close(node, best, SearchTree::Kind::Searched, bound, best_move);
    return best;
}

}  // namespace kinrow::weighted
