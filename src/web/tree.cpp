#include "web/tree.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "weighted/weighted_rules.hpp"
#include "weighted/weighted_search.hpp"
#include "weighted/weighted_tree.hpp"

namespace kinrow::web {

namespace {

using weighted::kInfinity;
using weighted::Score;
using weighted::SearchTree;

// A finished game from X's view: a win counts 1000 plus the empty cells left,
// so a faster win scores higher and every win stays clear of the draw's 0.
constexpr Score kWinBase = 1000;

Score terminal_score(const Position& pos) {
    Score margin = kWinBase + pos.cells() - pos.stones();
    if (pos.result() == Result::XWins) return margin;
    if (pos.result() == Result::OWins) return -margin;
    return 0;
}

// What a value searched with the window (alpha, beta) tells: inside it the
// exact value, at or beyond an edge only a bound (fail-soft alpha-beta).
Bound bound_of(Score value, Score alpha, Score beta) {
    if (value <= alpha) return Bound::Upper;
    if (value >= beta) return Bound::Lower;
    return Bound::Exact;
}

// Textbook minimax / alpha-beta in board order, X maximising, recording every
// node it enters. At the horizon an unfinished board scores 0 (unknown).
class TextbookSearch {
public:
    TextbookSearch(bool alphabeta, SearchTree& tree) : alphabeta_(alphabeta), tree_(tree) {}

    Score value(Position& pos, int depth, Score alpha, Score beta) {
        int node = tree_.open(pos, depth, alpha, beta);
        if (pos.game_over() || depth == 0) {
            Score leaf = terminal_score(pos);
            tree_.close(node, leaf, SearchTree::Kind::Leaf, Bound::Exact);
            return leaf;
        }
        const bool maximizing = pos.side_to_move() == Player::X;
        const Score alpha0 = alpha, beta0 = beta;
        Score best = maximizing ? -kInfinity : kInfinity;
        Move best_move = kNoMove;
        std::vector<Move> moves = pos.legal_moves();
        for (std::size_t i = 0; i < moves.size(); ++i) {
            pos.play(moves[i]);
            Score v = value(pos, depth - 1, alpha, beta);
            pos.undo();
            if (maximizing ? v > best : v < best) {
                best = v;
                best_move = moves[i];
            }
            if (!alphabeta_) continue;
            if (maximizing)
                alpha = std::max(alpha, v);
            else
                beta = std::min(beta, v);
            if (alpha >= beta) {
                for (std::size_t j = i + 1; j < moves.size(); ++j) tree_.pruned(node, moves[j]);
                break;
            }
        }
        tree_.close(node, best, SearchTree::Kind::Searched,
                    alphabeta_ ? bound_of(best, alpha0, beta0) : Bound::Exact, best_move);
        return best;
    }

private:
    bool alphabeta_;
    SearchTree& tree_;
};

nlohmann::json score_json(Score s) {
    if (s <= -kInfinity) return "-inf";
    if (s >= kInfinity) return "+inf";
    return s;
}

const char* kind_name(SearchTree::Kind kind) {
    switch (kind) {
        case SearchTree::Kind::Leaf: return "leaf";
        case SearchTree::Kind::TableHit: return "table";
        case SearchTree::Kind::Searched: break;
    }
    return "searched";
}

const char* bound_word(Bound b) {
    switch (b) {
        case Bound::Lower: return "lower";
        case Bound::Upper: return "upper";
        default: return "exact";
    }
}

nlohmann::json nodes_json(const Position& root, const SearchTree& tree) {
    auto move_text = [&](Move m) { return m == kNoMove ? nlohmann::json() : nlohmann::json(root.move_string(m)); };
    nlohmann::json nodes = nlohmann::json::array();
    for (const SearchTree::Node& n : tree.nodes()) {
        nlohmann::json pruned = nlohmann::json::array();
        for (Move m : n.pruned) pruned.push_back(root.move_string(m));
        nodes.push_back({{"parent", n.parent},
                         {"move", move_text(n.via)},
                         {"board", n.board},
                         {"to_move", std::string(1, player_char(n.to_move))},
                         {"depth", n.depth},
                         {"alpha", score_json(n.alpha)},
                         {"beta", score_json(n.beta)},
                         {"value", score_json(n.value)},
                         {"bound", bound_word(n.bound)},
                         {"kind", kind_name(n.kind)},
                         {"best", move_text(n.best)},
                         {"pruned", pruned}});
    }
    return nodes;
}

}  // namespace

nlohmann::json search_tree_json(const Position& root, const TreeRequest& request) {
    const bool weighted_game = root.spec().weighted();
    if (weighted_game ? weighted::weighted_result(root) != Result::Ongoing : root.game_over())
        throw Error("the game is over in this position");
    if (request.depth < 1) throw Error("depth must be at least 1");
    SearchTree tree(request.max_nodes);
    Position pos = root;
    std::string algorithm = request.alphabeta ? "alphabeta" : "minimax";
    if (weighted_game) {
        weighted::SearchOptions options;
        options.alphabeta = request.alphabeta;
        options.table = request.table;
        weighted::WeightedSearch(root.spec(), options).search(pos, request.depth, &tree);
    } else {
        TextbookSearch(request.alphabeta, tree).value(pos, request.depth, -kInfinity, kInfinity);
    }
    return {{"algorithm", algorithm},
            {"depth", request.depth},
            {"engine", weighted_game ? "weighted" : "textbook"},
            {"table", weighted_game && request.table},
            {"values", weighted_game ? "board score, X maximises"
                                     : "X's view: +-(1000 + empty cells left) for a win, 0 for a draw "
                                       "or an unfinished board at the horizon"},
            {"node_count", tree.size()},
            {"nodes", nodes_json(root, tree)}};
}

}  // namespace kinrow::web
