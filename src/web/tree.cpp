#include "web/tree.hpp"

#include "core/error.hpp"
#include "report/report.hpp"
#include "web/games.hpp"
#include "weighted/weighted_search.hpp"
#include "weighted/weighted_tree.hpp"

namespace kinrow::web {

namespace {

using weighted::kInfinity;
using weighted::Score;
using weighted::SearchTree;

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
                         {"bound", report::bound_name(n.bound)},
                         {"kind", kind_name(n.kind)},
                         {"best", move_text(n.best)},
                         {"pruned", pruned}});
    }
    return nodes;
}

}  // namespace

nlohmann::json search_tree_json(const Position& root, const TreeRequest& request) {
    const bool weighted_game = root.spec().weighted();
    if (game_result(root) != Result::Ongoing) throw Error("the game is over in this position");
    if (request.depth < 1) throw Error("depth must be at least 1");
    SearchTree tree(request.max_nodes);
    Position pos = root;
    weighted::SearchOptions options;
    options.alphabeta = request.alphabeta;
    options.table = request.table;
    weighted::WeightedSearch(root.spec(), options).search(pos, request.depth, &tree);
    return {{"algorithm", request.alphabeta ? "alphabeta" : "minimax"},
            {"depth", request.depth},
            {"table", request.table},
            {"values", weighted_game ? "board score from X's view (X maximises): +-10000 for a line, else "
                                       "X's weights times O's moves minus O's weights times X's"
                                     : "X's view (X maximises): +10000 X has a line, -10000 O has, 0 otherwise"},
            {"node_count", tree.size()},
            {"nodes", nodes_json(root, tree)}};
}

}  // namespace kinrow::web
