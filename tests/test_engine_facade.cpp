// The engine facade: the dispatch rule, engine overrides, and that every
// engine's answer means the same thing in the shared vocabulary — checked by
// asking two engines the same question where both can answer it.
#include <gtest/gtest.h>

#include <atomic>

#include "core/error.hpp"
#include "engine/engine.hpp"
#include "rules/game.hpp"
#include "weighted/weighted_rules.hpp"
#include "weighted/weighted_search.hpp"

using namespace kinrow;
using engine::EngineKind;

namespace {

std::unique_ptr<engine::Engine> make(const std::string& game, std::optional<EngineKind> kind = std::nullopt) {
    engine::Options o;
    o.engine = kind;
    o.tt_mb = 8;
    return engine::make_engine(parse_game(game), o);
}

// A Gomoku engine with a small table and the given limits, for the position's rules.
std::unique_ptr<engine::Engine> make_gomoku(const Position& pos, const engine::Limits& limits) {
    engine::Options o;
    o.limits = limits;
    o.tt_mb = 8;
    return engine::make_engine(pos.spec(), o);
}

}  // namespace

TEST(EngineFacade, OneRulePicksTheStrongestEngine) {
    EXPECT_EQ(engine::choose_engine(parse_game("tictactoe")), EngineKind::Generic);
    EXPECT_EQ(engine::choose_engine(parse_game("mnk:9,9,4")), EngineKind::Generic);
    EXPECT_EQ(engine::choose_engine(parse_game("mnk:7,7,5")), EngineKind::Prover);
    EXPECT_EQ(engine::choose_engine(parse_game("mnk:9,9,6")), EngineKind::Prover);
    EXPECT_EQ(engine::choose_engine(parse_game("mnk:6,6,5:exact")), EngineKind::Generic);
    EXPECT_EQ(engine::choose_engine(parse_game("mnk:8,7,5")), EngineKind::Gomoku);
    EXPECT_EQ(engine::choose_engine(parse_game("gomoku")), EngineKind::Gomoku);
    EXPECT_EQ(engine::choose_engine(parse_game("gomoku-standard")), EngineKind::Gomoku);
    EXPECT_EQ(engine::choose_engine(parse_game("connect4")), EngineKind::Connect);
    EXPECT_EQ(engine::choose_engine(parse_game("connect:5,4,3")), EngineKind::Connect);
    EXPECT_EQ(engine::choose_engine(weighted::weighted_game(3, weighted::default_weights(3))),
              EngineKind::Weighted);
    EXPECT_EQ(make("connect4")->kind(), EngineKind::Connect);
    EXPECT_EQ(make("connect4", EngineKind::Generic)->kind(), EngineKind::Generic);
}

TEST(EngineFacade, AnEngineThatCannotPlayTheGameIsAnError) {
    EXPECT_THROW(make("tictactoe", EngineKind::Connect), Error);
    EXPECT_THROW(make("connect4", EngineKind::Gomoku), Error);
    EXPECT_THROW(make("mnk:9,9,4", EngineKind::Gomoku), Error);
    EXPECT_THROW(make("tictactoe", EngineKind::Weighted), Error);
    EXPECT_THROW(make("connect4", EngineKind::Prover), Error);
    EXPECT_THROW(make("mnk:5,5,4:exact", EngineKind::Prover), Error);
    engine::Options generic;
    generic.engine = EngineKind::Generic;
    EXPECT_THROW(engine::make_engine(weighted::weighted_game(3, weighted::default_weights(3)), generic), Error);
    EXPECT_THROW(engine::parse_engine("chess"), Error);
    engine::Options two_threads;
    two_threads.threads = 2;
    EXPECT_EQ(engine::make_engine(parse_game("mnk:7,7,5"), two_threads)->kind(), EngineKind::Prover);
    EXPECT_THROW(engine::make_engine(weighted::weighted_game(3, weighted::default_weights(3)), two_threads), Error);
    EXPECT_EQ(engine::make_engine(parse_game("mnk:4,4,4"), two_threads)->kind(), EngineKind::Generic);
    for (EngineKind k :
         {EngineKind::Generic, EngineKind::Connect, EngineKind::Gomoku, EngineKind::Weighted, EngineKind::Prover})
        EXPECT_EQ(engine::parse_engine(engine::engine_name(k)), k);
    engine::Options limited;
    limited.limits.depth = 3;
    EXPECT_THROW(engine::make_engine(parse_game("connect4"), limited), Error);
}

TEST(EngineFacade, GenericSolvesTicTacToeAsADraw) {
    Position pos(parse_game("tictactoe"));
    engine::Analysis a = make("tictactoe")->solve(pos);
    EXPECT_EQ(a.engine, EngineKind::Generic);
    EXPECT_EQ(a.value.outcome, Outcome::Draw);
    EXPECT_TRUE(a.value.proven);
    EXPECT_EQ(a.value.bound, Bound::Exact);
    ASSERT_EQ(a.pv.size(), 9u);  // a drawn game fills the board
    Position line = pos;
    for (Move m : a.pv) {
        ASSERT_TRUE(line.is_legal(m));
        line.play(m);
    }
    EXPECT_EQ(line.result(), Result::Draw);
}

// The Connect-k solver's Pons scores and the generic search's distances are
// different scales: through the facade they must give the same outcome and
// the same number of plies to the end, move by move.
TEST(EngineFacade, ConnectAndGenericAgreeOnEveryMove) {
    for (const char* game : {"connect:4,4,3", "connect:5,4,4", "connect:4,5,4"}) {
        for (const char* moves : {"", "1", "23", "2231", "3322"}) {
            Position pos = Position::from_moves(parse_game(game), moves);
            if (pos.game_over()) continue;
            engine::MoveAnalysis c = make(game)->analyze(pos);
            engine::MoveAnalysis g = make(game, EngineKind::Generic)->analyze(pos);
            EXPECT_EQ(c.engine, EngineKind::Connect);
            ASSERT_EQ(c.moves.size(), g.moves.size()) << game << " " << moves;
            for (std::size_t i = 0; i < c.moves.size(); ++i) {
                EXPECT_EQ(c.moves[i].move, g.moves[i].move);
                EXPECT_EQ(c.moves[i].value.outcome, g.moves[i].value.outcome) << game << " " << moves << " #" << i;
                EXPECT_EQ(c.moves[i].value.plies, g.moves[i].value.plies) << game << " " << moves << " #" << i;
                EXPECT_EQ(c.moves[i].value.text, g.moves[i].value.text);
            }
            engine::Analysis cs = make(game)->solve(pos);
            engine::Analysis gs = make(game, EngineKind::Generic)->solve(pos);
            EXPECT_EQ(cs.value.outcome, gs.value.outcome) << game << " " << moves;
            EXPECT_EQ(cs.value.plies, gs.value.plies) << game << " " << moves;
            EXPECT_TRUE(pos.is_legal(cs.best_move));
        }
    }
}

// When the opponent threatens a win, the note says how many root moves the
// defence checked against it (position: a game lost to Rapfi, white to move).
TEST(EngineFacade, GomokuNoteCountsTheDefenceChecks) {
    Position pos = Position::from_moves(
        parse_game("gomoku"),
        "5,6 6,6 9,8 7,5 5,7 5,8 9,7 9,6 7,9 6,8 8,9 8,8 6,9 9,9 7,7 6,7 7,10 7,8 4,8 6,5 6,4 6,11 4,9 5,9 4,10 "
        "4,11 5,10 6,10 3,9");
    engine::Analysis a = make_gomoku(pos, {.time_ms = 200})->solve(pos);
    ASSERT_TRUE(pos.is_legal(a.best_move));
    EXPECT_NE(a.stats.note.find(" root moves checked against the opponent's threat"), std::string::npos)
        << a.stats.note;
}

TEST(EngineFacade, GomokuFindsTheFiveAndRanksTheFight) {
    // X has four in a row on row 7 (h8..k8 in algebraic terms), open at both ends.
    Position pos = Position::from_moves(parse_game("gomoku"), "7,7 0,0 7,8 0,2 7,9 0,4 7,10 0,6");
    auto e = make_gomoku(pos, {.time_ms = 200});
    engine::Analysis a = e->solve(pos);
    EXPECT_EQ(a.engine, EngineKind::Gomoku);
    ASSERT_TRUE(pos.is_legal(a.best_move));
    Position after = pos;
    after.play(a.best_move);
    EXPECT_EQ(after.result(), Result::XWins);
    // The five is played by rule, before any search; the words say so.
    EXPECT_EQ(a.value.text, "X wins by the engine's forced-move rule (a claim, not a proof)");
    EXPECT_TRUE(a.stats.note.starts_with("move by the engine's forced-move rule; nodes: 0 main search"))
        << a.stats.note;

    engine::MoveAnalysis m = e->analyze(pos);
    int wins_now = 0, unsearched = 0;
    for (const auto& mv : m.moves) {
        if (mv.value.proven && mv.value.outcome == Outcome::Win && mv.value.plies == 1) ++wins_now;
        if (mv.value.bound == Bound::None) ++unsearched;
    }
    EXPECT_EQ(wins_now, 2);  // 7,6 and 7,11
    EXPECT_GT(unsearched, 100);  // the far corners are left alone
    EXPECT_EQ(m.moves.size(), static_cast<std::size_t>(pos.cells() - pos.stones()));
}

// A protocol's INFO thread_num comes after the engine is made: a new thread
// count must keep the table (a second search of the same position finds it
// there), and only the Gomoku engine takes one between searches.
TEST(EngineFacade, GomokuTakesNewThreadsAndKeepsItsTable) {
    Position pos = Position::from_moves(parse_game("gomoku"), "7,7 8,8 7,8 6,6 8,7 9,6");
    auto e = make_gomoku(pos, {.depth = 8});
    std::uint64_t first = e->solve(pos).stats.nodes;
    e->set_threads(1);
    std::uint64_t again = e->solve(pos).stats.nodes;
    EXPECT_LT(again * 2, first) << "the table was lost";
    e->set_threads(2);
    engine::Analysis two = e->solve(pos);
    EXPECT_TRUE(pos.is_legal(two.best_move));
    EXPECT_THROW(e->set_threads(0), Error);
    try {
        make("tictactoe")->set_threads(2);
        ADD_FAILURE() << "the generic engine took a thread count between searches";
    } catch (const Error& err) {
        EXPECT_NE(std::string(err.what()).find("generic engine's threads"), std::string::npos) << err.what();
    }
}

TEST(EngineFacade, WeightedAnswersAsTheCourseSearchDoes) {
    GameSpec spec = weighted::weighted_game(3, weighted::default_weights(3));
    Position pos = Position::from_moves(spec, "1,1 0,0");
    engine::Options o;
    o.limits.depth = 9;  // to the end of the game: a proven result
    auto e = engine::make_engine(spec, o);
    engine::Analysis a = e->solve(pos);
    weighted::SearchOptions so;
    so.alphabeta = true;
    weighted::WeightedSearch direct(spec, so);
    Position p = pos;
    weighted::SearchResult r = direct.search(p, 9);
    EXPECT_EQ(a.best_move, r.move);
    EXPECT_EQ(a.value.score, r.score);  // X to move: X's view is the mover's
    EXPECT_TRUE(a.value.proven);
    // The best move's value in the analysis is the position's value.
    engine::MoveAnalysis m = e->analyze(pos);
    long long best = m.moves.front().value.score;
    for (const auto& mv : m.moves) best = std::max(best, mv.value.score);
    EXPECT_EQ(best, a.value.score);
}

TEST(EngineFacade, AStopFlagEndsASearch) {
    std::atomic<bool> stop{true};
    engine::Options o;
    o.stop = &stop;
    o.engine = EngineKind::Generic;
    o.tt_mb = 8;
    // 5,5,5 takes seconds unstopped; stopped, the generic search has no value.
    engine::Analysis a = engine::make_engine(parse_game("mnk:5,5,5"), o)->solve(Position(parse_game("mnk:5,5,5")));
    EXPECT_FALSE(a.complete);
    EXPECT_EQ(a.value.bound, Bound::None);
    EXPECT_FALSE(a.value.proven);
    // Nor the prover (9,9,5 is not settled in minutes).
    o.engine = EngineKind::Prover;
    for (int threads : {1, 2}) {
        o.threads = threads;
        engine::Analysis p = engine::make_engine(parse_game("mnk:9,9,5"), o)->solve(Position(parse_game("mnk:9,9,5")));
        EXPECT_FALSE(p.complete);
        EXPECT_FALSE(p.value.proven);
    }
    o.threads = 1;
    // The Connect-k solver has nothing partial to give.
    o.engine.reset();
    EXPECT_THROW(engine::make_engine(parse_game("connect:6,5,4"), o)->solve(Position(parse_game("connect:6,5,4"))),
                 engine::Stopped);
}

// The prover proves values, not distances: its outcome must be the generic
// search's, position by position and move by move.
TEST(EngineFacade, ProverAndGenericAgree) {
    for (const char* game : {"tictactoe", "mnk:4,3,3", "mnk:4,4,3", "mnk:4,4,4"}) {
        for (const char* moves : {"", "0,0", "1,1 0,1"}) {
            Position pos = Position::from_moves(parse_game(game), moves);
            engine::Analysis p = make(game, EngineKind::Prover)->solve(pos);
            engine::Analysis g = make(game)->solve(pos);
            EXPECT_EQ(p.engine, EngineKind::Prover);
            EXPECT_TRUE(p.value.proven) << game << " " << moves;
            EXPECT_EQ(p.value.outcome, g.value.outcome) << game << " " << moves;
            engine::MoveAnalysis pm = make(game, EngineKind::Prover)->analyze(pos);
            engine::MoveAnalysis gm = make(game)->analyze(pos);
            ASSERT_EQ(pm.moves.size(), gm.moves.size());
            for (std::size_t i = 0; i < pm.moves.size(); ++i)
                EXPECT_EQ(pm.moves[i].value.outcome, gm.moves[i].value.outcome) << game << " " << moves << " #" << i;
        }
    }
}
