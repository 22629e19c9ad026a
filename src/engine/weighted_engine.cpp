// The facade's weighted tic-tac-toe engine: the course's depth-limited
// minimax (weighted::WeightedSearch) with alpha-beta, the table and move
// ordering on. X maximises the board score, O minimises it; a search that
// reaches the end of the game knows the result (a line, or the sign of the
// full board's score), a shallower one only the score at its horizon.
#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "core/error.hpp"
#include "engine/adapters.hpp"
#include "rules/outcome.hpp"
#include "weighted/weighted_search.hpp"

namespace kinrow::engine {

namespace {

using Clock = std::chrono::steady_clock;

// `x_score` is the board score (X's view) that `pos`'s side to move reaches
// with best play to the horizon; `exact` when the horizon is the game's end.
Value value_of(const Position& pos, weighted::Score x_score, bool exact, int depth) {
    Player mover = pos.side_to_move();
    long long score = mover == Player::X ? x_score : -static_cast<long long>(x_score);
    if (exact) {
        Outcome outcome = score > 0 ? Outcome::Win : score < 0 ? Outcome::Loss : Outcome::Draw;
        Value v = proven_value(pos, outcome, -1, score);
        v.text = fmt::format("{} (board score {:+} for {})", v.text, score, player_char(mover));
        return v;
    }
    return heuristic_value(score, fmt::format("board score {:+} for {} at depth {} (heuristic)", score,
                                              player_char(mover), depth));
}

class WeightedEngine final : public Engine {
public:
    WeightedEngine(const GameSpec& spec, const Options& options)
        : default_depth_(options.weighted_default_depth), search_(spec, search_options(options)) {
        set_limits(options.limits);
    }

    EngineKind kind() const override { return EngineKind::Weighted; }

    Analysis solve(const Position& pos) override {
        require_playable(pos);
        auto start = Clock::now();
        Position p = pos;
        weighted::SearchResult r = search_.search(p, depth_);
        Analysis a;
        a.engine = kind();
        a.value = value_of(pos, r.score, depth_ >= empties(pos), depth_);
        a.best_move = r.move;
        a.pv = {r.move};
        a.stats = stats_since(start);
        return a;
    }

    // Each move is searched one ply shallower from the position it makes, so
    // its value is the one the root search compares.
    MoveAnalysis analyze(const Position& pos) override {
        require_playable(pos);
        auto start = Clock::now();
        MoveAnalysis a;
        a.engine = kind();
        std::uint64_t nodes = 0, hits = 0;
        Position p = pos;
        for (Move m : pos.legal_moves()) {
            p.play(m);
            if (p.game_over()) {
                a.moves.push_back({m, value_of(pos, weighted::weighted_score(p), true, 1)});
            } else {
                int depth = std::max(1, depth_ - 1);
                weighted::SearchResult r = search_.search(p, depth);
                nodes += search_.stats().nodes;
                hits += search_.stats().table_hits;
                a.moves.push_back({m, value_of(pos, r.score, depth >= empties(p), depth + 1)});
            }
            p.undo();
        }
        a.stats = stats_since(start);
        a.stats.nodes = nodes;
        a.stats.tt_hits = hits;
        return a;
    }

    void set_limits(const Limits& l) override {
        if (l.nodes || l.time_ms)
            throw Error("the weighted search takes a depth limit only (--depth), no --nodes or --time-ms");
        depth_ = l.depth > 0 ? l.depth : default_depth_;
    }
    void clear() override {}

private:
    static weighted::SearchOptions search_options(const Options& o) {
        weighted::SearchOptions s;
        s.alphabeta = true;
        s.table = o.generic.use_tt;
        s.ordering = o.generic.use_ordering;
        s.table_mb = o.tt_mb;
        return s;
    }
    static int empties(const Position& pos) { return pos.cells() - pos.stones(); }
    static void require_playable(const Position& pos) {
        if (pos.game_over()) throw Error("the game is already over: nothing to analyse");
    }
    Stats stats_since(Clock::time_point start) const {
        Stats st;
        st.nodes = search_.stats().nodes;
        st.tt_hits = search_.stats().table_hits;
        st.depth = depth_;
        st.table_bytes = search_.table().memory_bytes();
        st.seconds = std::chrono::duration<double>(Clock::now() - start).count();
        return st;
    }

    int default_depth_;
    int depth_ = 0;
    weighted::WeightedSearch search_;
};

}  // namespace

std::unique_ptr<Engine> make_weighted_engine(const GameSpec& spec, const Options& options) {
    return std::make_unique<WeightedEngine>(spec, options);
}

}  // namespace kinrow::engine
