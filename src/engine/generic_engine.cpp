// The facade's generic engine: the exact search (search::Searcher) for any
// game Position models, with every enhancement switchable. Its table lives
// as long as the engine, so a game's positions get cheaper move by move.
#include <fmt/format.h>

#include "core/error.hpp"
#include "engine/adapters.hpp"

namespace kinrow::engine {

namespace {

Value value_of(const Position& pos, search::Score score, Bound bound, bool proven) {
    if (bound == Bound::None) {
        Value v;
        v.text = "unknown (a limit stopped the search first)";
        return v;
    }
    if (!proven) return heuristic_value(score, search::describe_score(pos, score, bound, proven));
    Value v = proven_value(pos, search::outcome_of(score, true),
                           bound == Bound::Exact && search::is_decisive(score) ? search::plies_to_end(pos, score) : -1,
                           score);
    v.bound = bound;  // a weak solve knows the outcome, not the distance
    v.text = search::describe_score(pos, score, bound, proven);
    return v;
}

Stats stats_of(const search::SearchStats& s) {
    Stats st;
    st.nodes = s.nodes;
    st.seconds = s.elapsed_s;
    st.depth = s.depth_reached;
    st.tt_probes = s.tt_probes;
    st.tt_hits = s.tt_hits;
    st.tt_cutoffs = s.tt_cutoffs;
    st.tt_stores = s.tt_stores;
    st.tt_collisions = s.tt_collisions;
    st.table_bytes = s.table_bytes;
    return st;
}

search::SearchOptions search_options(const Options& o) {
    search::SearchOptions s = o.generic;
    s.depth = o.limits.depth;
    s.node_limit = o.limits.nodes;
    s.time_ms = o.limits.time_ms;
    s.tt_mb = o.tt_mb;
    s.weak = o.weak;
    s.threads = o.threads;
    s.stop = o.stop;
    if (o.progress)
        s.progress = [report = o.progress](const search::SearchProgress& p) {
            report(Progress{p.depth, p.nodes, p.elapsed_s, ""});
        };
    return s;
}

class GenericEngine final : public Engine {
public:
    explicit GenericEngine(const Options& options) : searcher_(search_options(options)) {}

    EngineKind kind() const override { return EngineKind::Generic; }

    Analysis solve(const Position& pos) override {
        Position p = pos;
        search::SearchResult r = searcher_.search(p);
        Analysis a;
        a.engine = kind();
        a.value = value_of(pos, r.score, r.bound, r.proven);
        a.best_move = r.best_move;
        a.pv = r.pv;
        a.complete = r.complete;
        a.stats = stats_of(r.stats);
        return a;
    }

    MoveAnalysis analyze(const Position& pos) override {
        Position p = pos;
        search::SearchStats stats;
        MoveAnalysis a;
        a.engine = kind();
        for (const search::MoveValue& mv : searcher_.analyze(p, &stats))
            a.moves.push_back({mv.move, value_of(pos, mv.score, mv.bound, mv.proven)});
        a.stats = stats_of(stats);
        return a;
    }

    void set_limits(const Limits& l) override { searcher_.set_limits(l.depth, l.nodes, l.time_ms); }
    void clear() override { searcher_.clear(); }

private:
    search::Searcher searcher_;
};

}  // namespace

std::unique_ptr<Engine> make_generic_engine(const GameSpec&, const Options& options) {
    return std::make_unique<GenericEngine>(options);
}

}  // namespace kinrow::engine
