// ConnectEngine (the player API) and the bitboard position counter.
#include <gtest/gtest.h>


#include "connect/engine.hpp"
#include "core/error.hpp"
#include "rules/position.hpp"

using namespace kinrow;
using namespace kinrow::connect;

namespace {

// Plays the engine against itself from the empty board; returns the result.
Result self_play(ConnectEngine& engine, const GameSpec& spec) {
    Position pos(spec);
    while (!pos.game_over()) {
        Move m = engine.best_move(pos);
        EXPECT_TRUE(pos.is_legal(m));
        pos.play(m);
    }
    return pos.result();
}

// Distinct boards per stone count, by depth-first play on the rules engine.
}  // namespace

TEST(ConnectEngine, PerfectPlayReachesTheSolvedResultAndReusesItsTable) {
    struct Case {
        const char* game;
        Result result;
    };
    for (Case c : {Case{"connect:4,3,3", Result::XWins}, Case{"connect:5,4,4", Result::Draw},
                   Case{"connect:6,4,4", Result::OWins}}) {
        GameSpec spec = parse_game(c.game);
        ConnectEngine engine(spec, 4);
        EXPECT_EQ(self_play(engine, spec), c.result) << c.game;
        std::uint64_t first = engine.stats().nodes;
        EXPECT_EQ(self_play(engine, spec), c.result) << c.game;
        std::uint64_t second = engine.stats().nodes - first;
        // The second game finds the first one's results in the table.
        EXPECT_LT(second, first) << c.game;
        int score = engine.score(Position(spec));
        EXPECT_EQ((score > 0) - (score < 0), c.result == Result::XWins ? 1 : c.result == Result::Draw ? 0 : -1);
    }
}

TEST(ConnectEngine, ColumnScoresAndBadPositions) {
    GameSpec spec = parse_game("connect4");
    ConnectEngine engine(spec, 4);
    // Pons's Test_L3_R1 line 1: score -1, so no column is better than -1.
    Position pos = Position::from_moves(spec, "2252576253462244111563365343671351441");
    auto scores = engine.column_scores(pos);
    int best = -100;
    for (const auto& s : scores)
        if (s) best = std::max(best, *s);
    EXPECT_EQ(best, -1);
    EXPECT_EQ(engine.score(pos), -1);
    EXPECT_EQ(scores[pos.col_of(engine.best_move(pos))], -1);
    EXPECT_THROW(engine.score(Position::from_moves(spec, "4455667")), Error);
    EXPECT_THROW(engine.score(Position(parse_game("connect:6,5,4"))), Error);
    EXPECT_EQ(engine.best_move(Position::from_moves(spec, "4455667")), kNoMove);
}
