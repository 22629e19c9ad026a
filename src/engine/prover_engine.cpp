// The facade's prover: proof-number search (prover::prove) for free-placement
// games, whose values are proofs and can be written as a proof file that
// `kinrow verify` re-checks. It proves the value of a position, not a line:
// solve gives no best move (the proof file holds the attacker's moves),
// analyze proves each move's position in turn (the limits shared between
// the moves), and a move to play comes from the generic search under the
// same limits.
#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "core/error.hpp"
#include "engine/adapters.hpp"
#include "prover/prover.hpp"

namespace kinrow::engine {

namespace {

using Clock = std::chrono::steady_clock;

Outcome outcome_of(prover::Value v) {
    switch (v) {
        case prover::Value::Win: return Outcome::Win;
        case prover::Value::Draw: return Outcome::Draw;
        case prover::Value::Loss: return Outcome::Loss;
        case prover::Value::Unknown: break;
    }
    return Outcome::Unknown;
}

// A proof carries no distance to the end: the prover's scale is +1 for a
// win, 0 for a draw and -1 for a loss, so that the score agrees with the value.
long long score_of(Outcome o) { return o == Outcome::Win ? 1 : o == Outcome::Loss ? -1 : 0; }

class ProverEngine final : public Engine {
public:
    explicit ProverEngine(const Options& options) : options_(options) { set_limits(options.limits); }

    EngineKind kind() const override { return EngineKind::Prover; }

    Analysis solve(const Position& pos) override {
        prover::Result r = prover::prove(pos, prover_options(options_.proof_path, options_.checkpoint_path));
        Analysis a;
        a.engine = kind();
        a.value = value_of(pos, r);
        a.complete = r.proven;
        a.stats = stats_of(r);
        if (r.proof_nodes) a.stats.note = fmt::format("proof: {} ({} nodes)", options_.proof_path, r.proof_nodes);
        if (r.resumed) a.stats.note += fmt::format("{}resumed from {}", a.stats.note.empty() ? "" : "; ",
                                                   options_.checkpoint_path);
        if (r.checkpoint_written)
            a.stats.note += fmt::format("{}checkpoint written to {}", a.stats.note.empty() ? "" : "; ",
                                        options_.checkpoint_path);
        return a;
    }

    MoveAnalysis analyze(const Position& pos) override {
        if (!options_.proof_path.empty() || !options_.checkpoint_path.empty())
            throw Error("--proof and --checkpoint belong to solve, one position");
        if (pos.game_over()) throw Error("the game is already over: nothing to analyse");
        auto start = Clock::now();
        MoveAnalysis a;
        a.engine = kind();
        Position p = pos;
        const std::vector<Move> moves = pos.legal_moves();
        prover::Options each = prover_options("", "");
        const auto share = static_cast<unsigned>(moves.size());
        if (each.time_ms) each.time_ms = std::max(1, each.time_ms / static_cast<int>(share));
        if (each.node_limit) each.node_limit = std::max<std::uint64_t>(1, each.node_limit / share);
        for (Move m : moves) {
            p.play(m);
            Value v;
            if (p.game_over()) {
                Outcome o = p.result() == Result::Draw ? Outcome::Draw : Outcome::Win;
                v = proven_value(pos, o, 1, score_of(o));
            } else {
                prover::Result r = prover::prove(p, each);
                a.stats.nodes += r.nodes;
                // The reply's value is the opponent's: the move's is its mirror.
                Outcome reply = outcome_of(r.value);
                Outcome mine = reply == Outcome::Win ? Outcome::Loss : reply == Outcome::Loss ? Outcome::Win : reply;
                if (r.proven) v = proven_value(pos, mine, -1, score_of(mine));
                else v.text = "unknown (a limit stopped the prover first)";
            }
            a.moves.push_back({m, v});
            p.undo();
        }
        a.stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
        return a;
    }

    Analysis choose_move(const Position& pos) override {
        if (!player_) {
            Options generic = options_;
            generic.engine = EngineKind::Generic;
            player_ = make_generic_engine(pos.spec(), generic);
        }
        return player_->choose_move(pos);
    }

    void set_limits(const Limits& l) override {
        if (l.depth >= 0) throw Error("--depth does not apply to the prover (it proves or stops at a limit)");
        options_.limits = l;
        if (player_) player_->set_limits(l);
    }
    void clear() override {}

private:
    prover::Options prover_options(const std::string& proof, const std::string& checkpoint) const {
        prover::Options o;
        o.node_limit = options_.limits.nodes;
        o.time_ms = options_.limits.time_ms;
        o.table_mb = options_.tt_mb;
        o.threads = options_.threads;
        o.stop = options_.stop;
        o.proof_path = proof;
        o.checkpoint_path = checkpoint;
        if (options_.progress)
            o.progress = [report = options_.progress](const prover::Progress& p) {
                report(Progress{0, p.nodes, p.seconds,
                                fmt::format("question {} root pn {} dn {} table {:.1f}%", p.question, p.root_pn,
                                            p.root_dn, 100 * p.table_fill)});
            };
        return o;
    }

    static Value value_of(const Position& pos, const prover::Result& r) {
        if (!r.proven) {
            Value v;
            v.text = "unknown (a limit stopped the prover first)";
            return v;
        }
        return proven_value(pos, outcome_of(r.value), -1, score_of(outcome_of(r.value)));
    }

    static Stats stats_of(const prover::Result& r) {
        Stats st;
        st.nodes = r.nodes;
        st.seconds = r.seconds;
        st.table_bytes = r.table_bytes;
        return st;
    }

    Options options_;
    std::unique_ptr<Engine> player_;  // the generic search, for moves to play
};

}  // namespace

std::unique_ptr<Engine> make_prover_engine(const GameSpec&, const Options& options) {
    return std::make_unique<ProverEngine>(options);
}

}  // namespace kinrow::engine
