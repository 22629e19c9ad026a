// The dispatch rule and the result vocabulary shared by the adapters.
#include "engine/engine.hpp"

#include <fmt/format.h>

#include "core/error.hpp"
#include "engine/adapters.hpp"
#include "prover/prover.hpp"
#include "rules/outcome.hpp"

namespace kinrow::engine {

namespace {

constexpr EngineKind kAllKinds[] = {EngineKind::Generic, EngineKind::Connect, EngineKind::Gomoku,
                                    EngineKind::Weighted, EngineKind::Prover};

// Exact search stops being practical for five in a row beyond 7x7 (6,6,5
// takes minutes); the Gomoku engine plays those boards.
bool gomoku_board(const GameSpec& spec) {
    return !spec.gravity() && !spec.weighted() && spec.k == 5 && spec.width >= 5 && spec.height >= 5;
}

}  // namespace

const char* engine_name(EngineKind kind) {
    switch (kind) {
        case EngineKind::Generic: return "generic";
        case EngineKind::Connect: return "connect";
        case EngineKind::Gomoku: return "gomoku";
        case EngineKind::Weighted: return "weighted";
        case EngineKind::Prover: return "prover";
    }
    return "generic";
}

EngineKind parse_engine(std::string_view name) {
    for (EngineKind kind : kAllKinds)
        if (name == engine_name(kind)) return kind;
    throw Error(fmt::format("unknown engine '{}': expected generic, connect, gomoku, weighted or prover", name));
}

EngineKind choose_engine(const GameSpec& spec) {
    if (spec.weighted()) return EngineKind::Weighted;
    if (spec.gravity()) return EngineKind::Connect;
    if (gomoku_board(spec) && spec.cells() > 49) return EngineKind::Gomoku;
    if (prover::is_better_for(spec)) return EngineKind::Prover;
    return EngineKind::Generic;
}

void check_engine_fits(EngineKind kind, const GameSpec& spec) {
    auto refuse = [&](std::string_view why) {
        return Error(fmt::format("the {} engine cannot play {}: {}", engine_name(kind), spec.name(), why));
    };
    switch (kind) {
        case EngineKind::Generic:
            if (spec.weighted()) throw refuse("weighted scoring has its own engine (weighted)");
            return;
        case EngineKind::Connect:
            if (!spec.gravity()) throw refuse("it solves gravity games (connect4, connect:W,H,K)");
            return;
        case EngineKind::Gomoku:
            if (!gomoku_board(spec))
                throw refuse("it plays five in a row with free placement on boards of 5x5 or more");
            return;
        case EngineKind::Weighted:
            if (!spec.weighted()) throw refuse("it plays weighted tic-tac-toe (kinrow weighted)");
            return;
        case EngineKind::Prover:
            if (!prover::handles(spec))
                throw refuse("it proves free-placement games won by k or more in a row");
            return;
    }
}

std::unique_ptr<Engine> make_engine(const GameSpec& spec, const Options& options) {
    EngineKind kind = options.engine.value_or(choose_engine(spec));
    check_engine_fits(kind, spec);
    if (options.threads > 1 && kind == EngineKind::Weighted)
        throw Error("the weighted engine searches on one thread (--threads is for the connect, generic, gomoku and "
                    "prover engines)");
    switch (kind) {
        case EngineKind::Generic: return make_generic_engine(spec, options);
        case EngineKind::Connect: return make_connect_engine(spec, options);
        case EngineKind::Gomoku: return make_gomoku_engine(spec, options);
        case EngineKind::Weighted: return make_weighted_engine(spec, options);
        case EngineKind::Prover: return make_prover_engine(spec, options);
    }
    return make_generic_engine(spec, options);
}

void Engine::set_threads(int threads) {
    throw Error(fmt::format("the {} engine's threads are set when it is made, not between searches ({} asked)",
                            engine_name(kind()), threads));
}

Value proven_value(const Position& pos, Outcome outcome, int plies, long long score) {
    Value v;
    v.outcome = outcome;
    v.proven = true;
    v.bound = Bound::Exact;
    v.plies = plies;
    v.score = score;
    v.text = describe_outcome(pos.side_to_move(), outcome, plies);
    return v;
}

Value heuristic_value(long long score, std::string text) {
    Value v;
    v.bound = Bound::Exact;
    v.score = score;
    v.text = std::move(text);
    return v;
}

}  // namespace kinrow::engine
