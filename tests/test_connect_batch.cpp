// The facade's Connect-k batch: one table for many positions, cleared before
// each, so every score and node count is that of a fresh solve.
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "engine/connect_batch.hpp"
#include "engine/engine.hpp"

using namespace kinrow;

namespace {

std::vector<engine::BatchAnswer> solve_all(const GameSpec& spec, const engine::Options& options,
                                           const std::vector<Position>& positions) {
    std::vector<engine::BatchAnswer> answers;
    std::size_t next = 0;
    engine::solve_connect_batch(
        spec, options, [&]() -> const Position* { return next < positions.size() ? &positions[next++] : nullptr; },
        [&](const Position&, const engine::BatchAnswer& a) { answers.push_back(a); });
    return answers;
}

}  // namespace

TEST(ConnectBatch, EveryAnswerIsAFreshSolve) {
    GameSpec spec = parse_game("connect4");
    std::vector<Position> positions;
    for (const char* moves : {"44444433", "2252576253462244111563365343671351441", "52753311433677442422121",
                              "274552224131661", "5455174361263362"})
        positions.push_back(Position::from_moves(spec, moves));
    engine::Options options;
    options.use_book = false;
    std::vector<engine::BatchAnswer> answers = solve_all(spec, options, positions);
    ASSERT_EQ(answers.size(), positions.size());
    for (std::size_t i = 0; i < positions.size(); ++i) {
        engine::Analysis fresh = engine::make_engine(spec, options)->solve(positions[i]);
        EXPECT_EQ(answers[i].score, fresh.value.score) << i;
        EXPECT_EQ(answers[i].nodes, fresh.stats.nodes) << i;
    }
    options.weak = true;
    std::vector<engine::BatchAnswer> weak = solve_all(spec, options, positions);
    for (std::size_t i = 0; i < positions.size(); ++i)
        EXPECT_EQ(weak[i].score, (answers[i].score > 0) - (answers[i].score < 0)) << i;
}

TEST(ConnectBatch, RefusesWhatTheSolverCannotTake) {
    engine::Options options;
    EXPECT_THROW(solve_all(parse_game("tictactoe"), options, {}), Error);
    options.threads = 2;
    EXPECT_THROW(solve_all(parse_game("connect4"), options, {}), Error);
    options.threads = 1;
    GameSpec spec = parse_game("connect4");
    EXPECT_THROW(solve_all(spec, options, {Position::from_moves(spec, "1212121")}), Error);
}

TEST(ConnectBatch, AStopFlagEndsItWithStopped) {
    std::atomic<bool> stop{true};
    engine::Options options;
    options.stop = &stop;
    GameSpec spec = parse_game("connect4");
    EXPECT_THROW(solve_all(spec, options, {Position(spec)}), engine::Stopped);
}
