// The facade's Gomoku engine: the heuristic searcher of five in a row
// (gomoku::Engine), always under a time limit (Options::gomoku_default_time_ms
// when the caller gives none). Its values are heuristic: a win it announces
// comes from its threat searches, and the facade reports it as a claim, not a
// proof.
#include <algorithm>
#include <chrono>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "core/error.hpp"
#include "engine/adapters.hpp"
#include "gomoku/search.hpp"

namespace kinrow::engine {

namespace {

using Clock = std::chrono::steady_clock;

// No analysis gives a move less than this: below it a search sees nothing.
constexpr int kMinMoveTimeMs = 20;

// The searcher's SearchReport::source as the words a description reads
// ("... by the engine's VCF", "move by the engine's forced-move rule").
std::string source_words(std::string_view source) {
    if (source == "forced") return "forced-move rule";  // a five, an open four or the only reply
    if (source == "first") return "first candidate";     // stopped before the first iteration ended
    if (source == "vcf") return "VCF";
    if (source == "vct") return "VCT";
    return std::string(source);  // "search", "table"
}

Value value_of(const Position& pos, int score, const char* source, int depth) {
    Player mover = pos.side_to_move();
    if (score > gomoku::kWinThreshold || score < -gomoku::kWinThreshold) {
        char winner = player_char(score > 0 ? mover : opponent(mover));
        return heuristic_value(score, fmt::format("{} wins by the engine's {} (a claim, not a proof)", winner,
                                                  source_words(source)));
    }
    return heuristic_value(score, fmt::format("eval {:+} for {} (heuristic, depth {})", score,
                                              player_char(mover), depth));
}

class GomokuEngine final : public Engine {
public:
    GomokuEngine(const Options& options)
        : options_(options), engine_(std::max<std::size_t>(options.tt_mb, 1) << 20) {
        set_limits(options.limits);
        limits_.stop = options.stop;
        limits_.vcf = options.gomoku_root_vcf;
        limits_.vct = options.gomoku_root_vct;
        limits_.turn_nodes = options.gomoku_turn_nodes;
        set_threads(options.threads);
    }

    EngineKind kind() const override { return EngineKind::Gomoku; }

    Analysis solve(const Position& pos) override {
        if (pos.game_over()) throw Error("the game is already over: nothing to analyse");
        auto start = Clock::now();
        std::function<void(const gomoku::SearchReport&)> on_report;
        if (options_.on_best_move) on_report = [this](const gomoku::SearchReport& r) { options_.on_best_move(r.move); };
        gomoku::SearchReport r = engine_.think(gomoku::Board::from_position(pos), limits_, on_report);
        Analysis a;
        a.engine = kind();
        a.value = value_of(pos, r.score, r.source, r.depth);
        a.best_move = r.move;
        a.pv = r.pv.empty() && r.move != kNoMove ? std::vector<Move>{r.move} : r.pv;
        a.stats.nodes = r.nodes;
        a.stats.depth = r.depth;
        a.stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
        // Most of a Gomoku search's nodes are threat-search nodes: the note
        // says where they went (docs/gomoku.md, "Node counts").
        a.stats.note = fmt::format("move by the engine's {}; nodes: {} main search, {} leaf VCF, {} root threats",
                                   source_words(r.source), r.main_nodes, r.leaf_vcf_nodes, r.root_threat_nodes);
        if (r.defence_checks > 0)
            a.stats.note += fmt::format("; {} root moves checked against the opponent's threat", r.defence_checks);
        a.complete = !(options_.stop && options_.stop->load(std::memory_order_relaxed));
        return a;
    }

    // Every move within two cells of a stone (the centre on an empty board)
    // gets a search of its own from the opponent's side, the time shared
    // evenly; moves away from the fight are left unsearched.
    MoveAnalysis analyze(const Position& pos) override {
        if (pos.game_over()) throw Error("the game is already over: nothing to analyse");
        auto start = Clock::now();
        gomoku::Board board = gomoku::Board::from_position(pos);
        std::vector<gomoku::Sq> near;
        for (gomoku::Sq s : board.squares())
            if (board.is_empty(s) && (board.neighbours(s) > 0 || pos.stones() == 0)) near.push_back(s);
        if (pos.stones() == 0) near = {board.sq(pos.height() / 2, pos.width() / 2)};
        gomoku::SearchLimits each = limits_;
        if (each.time_ms)
            each.time_ms = std::max(kMinMoveTimeMs, each.time_ms / static_cast<int>(near.size()));
        if (each.nodes) each.nodes = std::max<std::uint64_t>(1, each.nodes / near.size());
        if (each.turn_nodes) each.turn_nodes = std::max<std::uint64_t>(1, each.turn_nodes / near.size());
        if (each.depth > 1) --each.depth;

        MoveAnalysis a;
        a.engine = kind();
        std::vector<Value> values(pos.cells());
        for (gomoku::Sq s : near) {
            Move m = board.to_move(s);
            board.play(s);
            if (board.last_move_won()) {
                values[m] = proven_value(pos, Outcome::Win, 1, gomoku::kWinScore);
            } else {
                gomoku::SearchReport r = engine_.think(board, each);
                a.stats.nodes += r.nodes;
                // The reply's value is the opponent's; the move's is its negation.
                values[m] = value_of(pos, -r.score, r.source, r.depth);
            }
            board.undo();
        }
        for (Move m : pos.legal_moves()) {
            Value v = values[m];
            if (v.text.empty()) v.text = "not searched (away from the stones)";
            a.moves.push_back({m, v});
        }
        a.stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
        return a;
    }

    void set_limits(const Limits& l) override {
        limits_.depth = std::max(l.depth, 0);
        limits_.nodes = l.nodes;
        limits_.time_ms = l.time_ms;
        limits_.target_ms = l.target_ms;
        if (!limits_.depth && !limits_.nodes && !limits_.time_ms && !options_.gomoku_turn_nodes)
            limits_.time_ms = options_.gomoku_default_time_ms;
    }
    void set_threads(int threads) override {
        if (threads < 1) throw Error(fmt::format("threads must be at least 1, not {}", threads));
        limits_.threads = threads;
    }
    void clear() override { engine_.clear(); }

private:
    Options options_;
    gomoku::Engine engine_;
    gomoku::SearchLimits limits_;
};

}  // namespace

std::unique_ptr<Engine> make_gomoku_engine(const GameSpec&, const Options& options) {
    return std::make_unique<GomokuEngine>(options);
}

}  // namespace kinrow::engine
