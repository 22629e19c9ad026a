// The prover against the exact search, and every proof it writes against the
// independent verifier.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <random>

#include "core/error.hpp"
#include "prover/proof_file.hpp"
#include "prover/prover.hpp"
#include "prover/verifier.hpp"
#include "run_command.hpp"
#include "search/search.hpp"

using namespace kinrow;
using namespace kinrow::search;

namespace {


// The exact search's value for the side to move.
prover::Value exact_value(const Position& pos) {
    SearchOptions o;
    o.tt_mb = 16;
    o.weak = true;
    Searcher searcher(o);
    Position copy = pos;
    SearchResult r = searcher.search(copy);
    EXPECT_TRUE(r.proven);
    return is_win(r.score) ? prover::Value::Win : is_loss(r.score) ? prover::Value::Loss : prover::Value::Draw;
}

// Proves `pos`, checks the value against the exact search and the proof
// against the verifier; returns the proof as read back from its file.
prover::ProofFile expect_proof_matches_search(const Position& pos, const std::string& label,
                                              prover::Options options = {}) {
    options.table_mb = 8;
    options.proof_path = kinrow::testing::temp_file_path("values");
    prover::Result r = prover::prove(pos, options);
    EXPECT_TRUE(r.proven) << label;
    EXPECT_EQ(r.value, exact_value(pos)) << label;
    prover::VerifyReport report = prover::verify_file(options.proof_path);
    EXPECT_TRUE(report.ok) << label << ": " << report.message;
    EXPECT_EQ(report.value, prover::value_name(r.value)) << label;
    EXPECT_EQ(report.nodes, r.proof_nodes) << label;
    prover::ProofFile proof;
    if (r.proven) {
        std::ifstream in(options.proof_path);
        proof = prover::read_proof(in);
    }
    std::filesystem::remove(options.proof_path);
    return proof;
}

// Does an at-least-draw section of the proof answer with a double threat
// (`*`) of the defender?
bool defender_double_threat_in(const prover::ProofFile& proof) {
    for (const auto& section : proof.sections) {
        if (section.claim != prover::Claim::AtLeastDraw) continue;
        for (const auto& node : section.nodes) {
            if (node.type == prover::ProofNode::Type::Play && node.play.then == prover::Then::DoubleThreat) return true;
            for (const auto& e : node.entries)
                if (e.kind == prover::Entry::Kind::Reply && e.reply.then == prover::Then::DoubleThreat) return true;
        }
    }
    return false;
}

Position random_position(const GameSpec& spec, int plies, std::mt19937& rng) {
    Position pos(spec);
    for (int i = 0; i < plies && !pos.game_over(); ++i) {
        std::vector<Move> moves = pos.legal_moves();
        Move m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
        pos.play(m);
        if (pos.game_over()) pos.undo();  // keep it unfinished
    }
    return pos;
}

// A run stopped by `node_limit` saves its table; the next run resumes it and
// settles the game (a draw). Returns the checkpoint's path.
std::string expect_checkpoint_resumes(const char* game, std::uint64_t node_limit, int threads) {
    std::string checkpoint = kinrow::testing::temp_file_path("checkpoint");
    Position pos(parse_game(game));
    prover::Options options;
    options.table_mb = 4;
    options.threads = threads;
    options.node_limit = node_limit;
    options.checkpoint_path = checkpoint;
    prover::Result first = prover::prove(pos, options);
    EXPECT_FALSE(first.proven) << game;
    EXPECT_TRUE(first.checkpoint_written) << game;
    options.node_limit = 0;
    prover::Result resumed = prover::prove(pos, options);
    EXPECT_TRUE(resumed.resumed) << game;
    EXPECT_TRUE(resumed.proven) << game;
    EXPECT_EQ(resumed.value, prover::Value::Draw) << game;
    return checkpoint;
}

}  // namespace

TEST(ProverValues, EmptyBoardsUpToFiveByFiveMatchTheExactSearch) {
    for (int m = 3; m <= 5; ++m)
        for (int n = 3; n <= 5; ++n)
            for (int k = 3; k <= std::min(4, std::max(m, n)); ++k) {
                std::string game = "mnk:" + std::to_string(m) + "," + std::to_string(n) + "," + std::to_string(k);
                expect_proof_matches_search(Position(parse_game(game)), game);
            }
}

TEST(ProverValues, FiveInARowOnSmallBoards) {
    for (const char* game : {"mnk:5,4,5", "mnk:4,5,5", "mnk:5,3,5"})
        expect_proof_matches_search(Position(parse_game(game)), game);
}

// The exact search needs seconds for these.
TEST(ProverValuesSlow, FiveInARowOnLargerBoards) {
    for (const char* game : {"mnk:5,5,5", "mnk:6,4,5"})
        expect_proof_matches_search(Position(parse_game(game)), game);
}

TEST(ProverValues, RandomPositionsMatchTheExactSearch) {
    std::mt19937 rng(12);
    for (const char* game : {"mnk:4,4,3", "mnk:5,4,4", "mnk:5,5,4", "mnk:4,4,4", "mnk:6,4,4"})
        for (int i = 0; i < 6; ++i) {
            Position pos = random_position(parse_game(game), 2 + i, rng);
            expect_proof_matches_search(pos, std::string(game) + " " + pos.move_list_string());
        }
}

// The defender's double threats: at the attacker's nodes only the moves
// that stop them (or make a four) are searched, and at the defender's nodes
// one settles the question. Positions where the defender has such threats,
// against the exact search; the proofs answer with them (`*`) in the
// at-least-draw sections, and verify.
TEST(ProverValues, TheDefendersDoubleThreatsMatchTheExactSearch) {
    std::mt19937 rng(2026);
    int with_defender_threats = 0;
    for (const char* game : {"mnk:5,5,4", "mnk:6,4,4", "mnk:5,4,4", "mnk:4,4,3"})
        for (int i = 0; i < 10; ++i) {
            Position pos = random_position(parse_game(game), 3 + i % 5, rng);
            with_defender_threats += defender_double_threat_in(
                expect_proof_matches_search(pos, std::string(game) + " " + pos.move_list_string()));
        }
    EXPECT_GT(with_defender_threats, 0);
}

// The proof-only pass (the attacker plays threats only) given every
// question in full: its proofs are proofs, and its disproofs never become
// values (the full search follows).
TEST(ProverValues, TheProofOnlyPassMatchesTheExactSearch) {
    std::mt19937 rng(77);
    prover::Options options;
    options.threat_pass_nodes = std::int64_t{1} << 40;
    for (const char* game : {"mnk:5,5,4", "mnk:6,4,4", "mnk:5,4,4", "mnk:4,4,3"})
        for (int i = 0; i < 8; ++i) {
            Position pos = random_position(parse_game(game), 2 + i % 6, rng);
            expect_proof_matches_search(pos, std::string(game) + " " + pos.move_list_string(), options);
        }
}

TEST(ProverValues, ShortcutsOffGiveTheSameValues) {
    for (const char* game : {"mnk:4,4,3", "mnk:4,4,4", "tictactoe"}) {
        Position pos(parse_game(game));
        prover::Options plain;
        plain.table_mb = 4;
        plain.use_pairing = plain.use_threat_cut = false;
        plain.proof_path = kinrow::testing::temp_file_path("plain");
        prover::Result r = prover::prove(pos, plain);
        ASSERT_TRUE(r.proven) << game;
        EXPECT_EQ(r.value, exact_value(pos)) << game;
        EXPECT_TRUE(prover::verify_file(plain.proof_path).ok) << game;
        std::filesystem::remove(plain.proof_path);
    }
}

// A table far too small for the search: settled entries are evicted, among
// them children that settled a position still stored; the proof writer
// searches such positions again, and the proof still verifies.
TEST(ProverLimits, ProofsSurviveEvictionsFromASmallTable) {
    for (const char* game : {"mnk:7,4,4", "mnk:5,5,4"}) {
        Position pos(parse_game(game));
        prover::Options options;
        options.table_mb = 1;
        options.proof_path = kinrow::testing::temp_file_path("small-table");
        prover::Result r = prover::prove(pos, options);
        ASSERT_TRUE(r.proven) << game;
        EXPECT_EQ(r.value, prover::Value::Draw) << game;
        prover::VerifyReport report = prover::verify_file(options.proof_path);
        EXPECT_TRUE(report.ok) << game << ": " << report.message;
        std::filesystem::remove(options.proof_path);
    }
}

TEST(ProverLimits, ANodeLimitStopsUnproven) {
    prover::Options options;
    options.table_mb = 4;
    options.node_limit = 50;
    prover::Result r = prover::prove(Position(parse_game("mnk:5,5,4")), options);
    EXPECT_FALSE(r.proven);
    EXPECT_EQ(r.value, prover::Value::Unknown);
}

TEST(ProverLimits, ACheckpointResumesTheSearch) {
    const std::string checkpoint = expect_checkpoint_resumes("mnk:5,5,4", 2000, 1);
    // The resumed run starts from the stored table (and so can differ from
    // a fresh one), and a fresh run finds the same value.
    prover::Options options;
    options.table_mb = 4;
    EXPECT_EQ(prover::prove(Position(parse_game("mnk:5,5,4")), options).value, prover::Value::Draw);
    options.checkpoint_path = checkpoint;
    EXPECT_THROW(prover::prove(Position(parse_game("mnk:5,5,3")), options), Error);  // another game's checkpoint
    std::filesystem::remove(checkpoint);
}

TEST(ProverInput, GamesOutsideItsRulesAreErrors) {
    prover::Options options;
    EXPECT_THROW(prover::prove(Position(parse_game("connect4")), options), Error);
    EXPECT_THROW(prover::prove(Position(parse_game("mnk:5,5,4:exact")), options), Error);
    EXPECT_THROW(prover::prove(Position::from_moves(parse_game("tictactoe"), "0,0 1,0 0,1 1,1 0,2"), options), Error);
}

TEST(ProverGomoku, ProvesAThreatSequenceWin) {
    // A staircase of fours: row 3, then column 6, which opens row 4.
    std::string rows;
    const std::vector<std::pair<int, int>> xs = {{3, 3}, {3, 4}, {3, 5}, {5, 6}, {6, 6}, {4, 7}, {4, 8}};
    const std::vector<std::pair<int, int>> os = {{3, 2}, {7, 6}, {0, 0}, {0, 14}, {14, 0}, {14, 14}, {14, 7}};
    for (int r = 0; r < 15; ++r) {
        if (r) rows += '/';
        for (int c = 0; c < 15; ++c) {
            char cell = '.';
            for (auto [xr, xc] : xs) cell = xr == r && xc == c ? 'X' : cell;
            for (auto [orow, ocol] : os) cell = orow == r && ocol == c ? 'O' : cell;
            rows += cell;
        }
    }
    Position pos = Position::from_board(parse_game("gomoku"), rows);
    prover::Options options;
    options.table_mb = 16;
    options.proof_path = kinrow::testing::temp_file_path("gomoku");
    prover::Result r = prover::prove(pos, options);
    ASSERT_TRUE(r.proven);
    EXPECT_EQ(r.value, prover::Value::Win);
    prover::VerifyReport report = prover::verify_file(options.proof_path);
    EXPECT_TRUE(report.ok) << report.message;
    EXPECT_EQ(report.value, "win");
    std::filesystem::remove(options.proof_path);
    EXPECT_THROW(prover::prove(Position(parse_game("gomoku-standard")), options), Error);
}

// Wins the Gomoku engine claimed in self-play (tests/data/gomoku_claims.txt,
// lines 3, 4, 8, 11, 16): the prover proves each (its proof-only pass, the
// attacker playing fours and threes) and the verifier accepts the proof.
TEST(ProverGomoku, ProvesTheEnginesThreatWins) {
    for (const char* moves : {"9,8 6,5 8,9 5,4 10,9 7,6 8,7 8,5", "9,8 6,5 8,9 5,4 9,9 4,3 3,2 8,7 7,6 9,10",
                              "9,7 5,5 6,8 5,4 6,10 8,8 5,7 7,6",
                              "5,7 5,9 8,6 3,7 8,7 8,8 6,10 3,6 6,9 3,8 3,9 3,5 3,4 6,8",
                              "9,7 7,5 8,9 9,5 8,8 8,5 10,5 5,5 6,5 8,6"}) {
        Position pos = Position::from_moves(parse_game("gomoku"), moves);
        prover::Options options;
        options.table_mb = 16;
        options.node_limit = 200000;
        options.proof_path = kinrow::testing::temp_file_path("gomoku-claim");
        prover::Result r = prover::prove(pos, options);
        EXPECT_EQ(r.value, prover::Value::Win) << moves;
        if (r.proven) {
            prover::VerifyReport report = prover::verify_file(options.proof_path);
            EXPECT_TRUE(report.ok) << moves << ": " << report.message;
        }
        std::filesystem::remove(options.proof_path);
    }
}

// Parallel df-pn: a team of threads shares the table and settles the same
// values as one thread, and the proofs it writes verify.
TEST(ProverParallel, TwoAndThreeThreadsSettleTheSameValuesWithProofs) {
    std::mt19937 rng(31);
    for (const char* game : {"mnk:5,5,4", "mnk:6,5,4", "mnk:4,4,3"})
        for (int plies : {0, 2}) {
            Position pos = random_position(parse_game(game), plies, rng);
            const std::string label = std::string(game) + " " + pos.move_list_string();
            const prover::Value alone = prover::prove(pos, {}).value;  // checked against the exact search above
            ASSERT_NE(alone, prover::Value::Unknown) << label;
            for (int threads : {2, 3}) {
                prover::Options options;
                options.threads = threads;
                options.table_mb = 8;
                options.proof_path = kinrow::testing::temp_file_path("team");
                prover::Result r = prover::prove(pos, options);
                EXPECT_EQ(r.value, alone) << label << " threads " << threads;
                prover::VerifyReport report = prover::verify_file(options.proof_path);
                EXPECT_TRUE(report.ok) << label << " threads " << threads << ": " << report.message;
                EXPECT_EQ(report.value, prover::value_name(alone)) << label;
                std::filesystem::remove(options.proof_path);
            }
        }
}

TEST(ProverParallel, ATeamObeysTheNodeLimitAndResumesFromItsCheckpoint) {
    expect_checkpoint_resumes("mnk:7,4,4", 3000, 2);
}

// The periodic checkpoint is written while the helpers search (the table
// then holds every region): resumed, it settles the game with a proof the
// verifier accepts.
TEST(ProverParallelSlow, ACheckpointWrittenWhileTheTeamSearchesResumes) {
    const std::string checkpoint = kinrow::testing::temp_file_path("team-periodic");
    const std::string proof = kinrow::testing::temp_file_path("team-periodic-proof");
    Position pos(parse_game("mnk:8,4,4"));
    prover::Options options;
    options.threads = 2;
    options.table_mb = 64;
    options.checkpoint_every_s = 1;
    options.checkpoint_path = checkpoint;
    // Stopped (as by Ctrl-C) once a periodic checkpoint is on disk: the
    // run's own end-of-run save then comes after it.
    std::atomic<bool> stop{false};
    options.stop = &stop;
    options.progress = [&](const prover::Progress&) {
        if (std::filesystem::exists(checkpoint)) stop = true;
    };
    prover::Result first = prover::prove(pos, options);
    ASSERT_FALSE(first.proven);
    ASSERT_TRUE(stop);  // a checkpoint was there before the run ended
    options.stop = nullptr;
    options.progress = nullptr;
    options.proof_path = proof;
    prover::Result resumed = prover::prove(pos, options);
    EXPECT_TRUE(resumed.resumed);
    ASSERT_TRUE(resumed.proven);
    EXPECT_EQ(resumed.value, prover::Value::Draw);
    prover::VerifyReport report = prover::verify_file(proof);
    EXPECT_TRUE(report.ok) << report.message;
    for (const auto& f : {checkpoint, proof}) std::filesystem::remove(f);
}
