#include "search/benchmark.hpp"

#include <fmt/format.h>

namespace kinrow::search {

namespace {

BenchLine run_one(const std::string& label, const Position& start, const SearchOptions& options) {
    Position pos = start;
    Searcher searcher(options);
    SearchResult res = searcher.search(pos);
    return BenchLine{label, describe_score(pos, res.score, res.bound, res.proven),
                     res.best_move == kNoMove ? "-" : pos.move_string(res.best_move), res.stats};
}

}  // namespace

const std::vector<BenchCase>& signature_cases() {
    static const std::vector<BenchCase> cases = {
        {"tictactoe", "", -1},
        {"tictactoe", "0,0 1,1", -1},
        {"mnk:4,3,3", "", -1},
        {"mnk:4,4,3", "", -1},
        {"mnk:4,4,4", "", -1},
        {"mnk:4,4,4", "1,1 2,2", -1},
        {"mnk:5,4,4", "", -1},
        {"mnk:5,5,4", "2,2 1,1 1,2", -1},
        {"mnk:6,6,4", "", 6},
        {"connect:4,4,3", "", -1},
        {"connect:5,4,4", "", -1},
        {"connect4", "4444", 10},
        {"gomoku", "h8 i9 h9", 4},
        {"gomoku-standard", "h8 h9 i8 g7", 3},
    };
    return cases;
}

std::vector<BenchLine> run_signature() {
    std::vector<BenchLine> lines;
    for (const BenchCase& c : signature_cases()) {
        SearchOptions options;
        options.depth = c.depth;
        options.tt_mb = 16;
        Position pos = Position::from_moves(parse_game(c.game), c.moves);
        std::string label = c.game + (c.moves.empty() ? "" : " [" + c.moves + "]") +
                            (c.depth >= 0 ? fmt::format(" depth {}", c.depth) : "");
        lines.push_back(run_one(label, pos, options));
    }
    return lines;
}

std::vector<TicTacToeRow> run_tictactoe_table() {
    // From alpha-beta on, the rows score win/draw/loss only (--weak), as the
    // seed's program does: with distances in the scores fewer lines are cut.
    // Each row adds one enhancement to the one before.
    auto with = [](auto change) {
        SearchOptions o;
        o.use_tt = o.use_symmetry = o.use_ordering = o.use_pruning = o.iterative_deepening = false;
        o.weak = true;
        change(o);
        return o;
    };
    struct Config {
        std::string label;
        SearchOptions options;
        std::string reference;
    };
    std::vector<Config> configs = {
        {"minimax, full tree (never stopping at a win)",
         with([](SearchOptions& o) { o.algorithm = Algorithm::Minimax; o.stop_at_wins = false; }),
         "986,410 (exact)"},
        {"minimax, stopping at a win",
         with([](SearchOptions& o) { o.algorithm = Algorithm::Minimax; }), "549,946 (exact)"},
        {"+ alpha-beta", with([](SearchOptions& o) { o.algorithm = Algorithm::AlphaBeta; }),
         "18,297 (seed)"},
        {"+ transposition table", with([](SearchOptions& o) { o.use_tt = true; }), "7,954 (seed)"},
        {"+ symmetry", with([](SearchOptions& o) { o.use_tt = o.use_symmetry = true; }), "??? (seed)"},
        {"+ everything (ordering, forced moves, live lines, dead cells)", SearchOptions{},
         "goal <= 1,000"},
    };
    Position empty(parse_game("tictactoe"));
    std::vector<TicTacToeRow> rows;
    for (const Config& c : configs) rows.push_back({run_one(c.label, empty, c.options), c.reference});
    return rows;
}

std::vector<BenchLine> run_table_experiment(const std::string& game) {
    Position empty(parse_game(game));
    std::vector<BenchLine> lines;
    SearchOptions base;
    base.use_tt = false;
    lines.push_back(run_one("no table", empty, base));
    for (std::size_t buckets : {10, 1000, 100000}) {
        SearchOptions o = base;
        o.use_tt = true;
        o.chained_buckets = buckets;
        lines.push_back(run_one(fmt::format("chained, {} buckets", buckets), empty, o));
    }
    SearchOptions fixed = base;
    fixed.use_tt = true;
    fixed.tt_mb = 16;
    lines.push_back(run_one("fixed-memory table, 16 MiB", empty, fixed));
    return lines;
}

}  // namespace kinrow::search
