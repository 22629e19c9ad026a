// The distributed solver's parts that need no MPI: the proof tree driven by
// a job solver in one process, checked against the single-process search;
// the job messages; the checkpoint file (round trip, damage, foreign runs).
#ifdef KINROW_HAVE_MPI

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "core/error.hpp"
#include "distributed/checkpoint.hpp"
#include "distributed/job.hpp"
#include "distributed/job_solver.hpp"
#include "distributed/proof_tree.hpp"
#include "run_command.hpp"
#include "search/search.hpp"

namespace {

using namespace kinrow;
using namespace kinrow::distributed;

// The single-process answer: a full exact solve by the generic search.
Outcome reference_value(const Position& pos) {
    search::SearchOptions options;
    options.tt_mb = 4;
    search::Searcher searcher(options);
    Position copy = pos;
    search::SearchResult r = searcher.search(copy);
    EXPECT_TRUE(r.proven);
    return search::outcome_of(r.score, r.proven);
}

// Runs the tree with one job at a time until `jobs` answers (0: the end).
int drive(ProofTree& tree, JobSolver& solver, const Budget& budget, int jobs = 0) {
    int done = 0;
    while (!tree.solved() && (jobs == 0 || done < jobs)) {
        int leaf = tree.next_job();
        if (leaf < 0) break;
        tree.assign(leaf);
        tree.record(leaf, solver.solve(tree.position_of(leaf), budget).outcome);
        ++done;
    }
    return done;
}

Position position(const std::string& game, const std::string& moves) {
    return Position::from_moves(parse_game(game), moves);
}

std::filesystem::path temp_file(const std::string& name) {
    return std::filesystem::temp_directory_path() / ("kinrow-" + std::to_string(::getpid()) + "-" + name);
}

}  // namespace

TEST(DistributedTree, TinyBudgetsGiveTheSingleSearchValues) {
    // Budgets of a few nodes: the answers come from the tree, through both
    // questions (win? at least a draw?), not from one big job.
    struct Case {
        const char* game;
        const char* moves;
        std::uint64_t budget;
    };
    std::set<Outcome> seen;
    int grown = 0, boards = 0;
    for (auto [game, moves, nodes] : {Case{"tictactoe", "", 8}, {"tictactoe", "0,0", 8}, {"tictactoe", "0,1 1,1 0,0", 8},
                                      {"tictactoe", "1,1 0,1", 8}, {"tictactoe", "1,1 0,1 0,0", 8},
                                      {"mnk:4,4,4", "", 300}, {"mnk:4,3,3", "", 8}, {"mnk:4,3,3", "1,1", 8},
                                      {"connect:5,4,4", "", 300}, {"connect:4,4,3", "", 8}}) {
        const Budget budget{nodes, 0};
        Position root = position(game, moves);
        ProofTree tree(root);
        auto solver = make_job_solver(parse_game("mnk:3,3,3"), 1);  // the generic search, any board
        int jobs = drive(tree, *solver, budget);
        ASSERT_TRUE(tree.solved()) << game << " " << moves;
        EXPECT_EQ(tree.value(), reference_value(root)) << game << " " << moves;
        grown += jobs > 1;
        ++boards;
        seen.insert(tree.value());
    }
    // A few of the tic-tac-toe positions are one forced line: one job.
    EXPECT_GE(grown, boards - 3) << "most answers should come from the tree, not from one job";
    EXPECT_EQ(seen.size(), 3u) << "the boards should cover wins, draws and losses";
}

TEST(DistributedTree, TheConnectJobSolverAgreesWithTheGenericSearch) {
    const GameSpec spec = parse_game("connect:5,4,4");
    auto solver = make_job_solver(spec, 1);
    EXPECT_STREQ(solver->name(), "connect");
    for (const char* moves : {"", "3", "33", "1", "3332"}) {
        Position pos = Position::from_moves(spec, moves);
        EXPECT_EQ(solver->solve(pos, {0, 60'000'000}).outcome, reference_value(pos)) << moves;
    }
}

TEST(DistributedTree, SeveralOutstandingJobsGetDifferentLeaves) {
    ProofTree tree(position("mnk:4,4,4", ""));
    tree.record(tree.next_job(), Outcome::Unknown);  // the root: 16 children
    std::set<int> given;
    for (int i = 0; i < 5; ++i) {
        int leaf = tree.next_job();
        ASSERT_GE(leaf, 0);
        EXPECT_TRUE(given.insert(leaf).second) << "leaf " << leaf << " handed out twice";
        tree.assign(leaf);
    }
    // A lost worker's leaf comes back.
    int lost = *given.begin();
    tree.release(lost);
    EXPECT_EQ(tree.next_job(), lost);
}

TEST(DistributedTree, LateDuplicateAnswersChangeNothing) {
    ProofTree tree(position("tictactoe", ""));
    int root = tree.next_job();
    EXPECT_TRUE(tree.record(root, Outcome::Unknown));
    EXPECT_FALSE(tree.record(root, Outcome::Unknown));
    EXPECT_FALSE(tree.record(root, Outcome::Win));
    EXPECT_FALSE(tree.solved());
}

TEST(DistributedTree, JobsAndAnswersSurviveTheirMessages) {
    Job job{17, "X../.O./...", {1234, 56}};
    Job back = decode_job(encode(job));
    EXPECT_EQ(back.node, 17);
    EXPECT_EQ(back.board, job.board);
    EXPECT_EQ(back.budget.nodes, 1234u);
    EXPECT_EQ(back.budget.time_us, 56);
    JobAnswer a = decode_answer(encode(JobAnswer{3, Outcome::Loss, 99, 0.5}));
    EXPECT_EQ(a.node, 3);
    EXPECT_EQ(a.outcome, Outcome::Loss);
    EXPECT_EQ(a.nodes, 99u);
    EXPECT_THROW(decode_job("x y"), Error);
    EXPECT_THROW(decode_answer("1 Q 2 3"), Error);
}

TEST(DistributedCheckpoint, ResumesTheSameTreeAndValue) {
    Position root = position("mnk:4,4,4", "");
    auto solver = make_job_solver(root.spec(), 1);
    const Budget budget{60, 0};
    ProofTree tree(root);
    drive(tree, *solver, budget, 25);
    ASSERT_FALSE(tree.solved());
    auto path = temp_file("resume.ckpt").string();
    save_checkpoint(path, root, {tree.save(), {25, 1500, 0.5, 2.0}});
    auto loaded = load_checkpoint(path, root);
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->totals.jobs, 25u);
    EXPECT_EQ(loaded->totals.nodes, 1500u);
    ProofTree resumed(root, loaded->nodes);
    ASSERT_EQ(resumed.size(), tree.size());
    for (int i = 0; i < tree.size(); ++i) {
        EXPECT_EQ(resumed.node(i).value, tree.node(i).value) << i;
        EXPECT_EQ(resumed.node(i).proof, tree.node(i).proof) << i;
        EXPECT_EQ(resumed.node(i).disproof, tree.node(i).disproof) << i;
    }
    EXPECT_EQ(resumed.target(), tree.target());
    EXPECT_EQ(resumed.next_job(), tree.next_job());
    drive(resumed, *solver, budget);
    EXPECT_EQ(resumed.value(), reference_value(root));
    std::filesystem::remove(path);
}

TEST(DistributedCheckpoint, AMissingFileIsAFreshStart) {
    EXPECT_FALSE(load_checkpoint(temp_file("none.ckpt").string(), position("tictactoe", "")));
}

// The error message of loading `path` for `root`, "" if it loads.
std::string load_error(const std::string& path, const Position& root) {
    try {
        load_checkpoint(path, root);
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

TEST(DistributedCheckpoint, DamagedForeignAndOtherFilesAreRefused) {
    Position root = position("mnk:4,4,4", "");
    ProofTree tree(root);
    tree.record(tree.next_job(), Outcome::Unknown);
    auto path = temp_file("damaged.ckpt").string();
    save_checkpoint(path, root, {tree.save(), {}});
    std::string text = kinrow::testing::read_text_file(path);

    // One changed character in a node line.
    std::string damaged = text;
    damaged[damaged.find("\n0 ") + 3] ^= 1;
    std::ofstream(path, std::ios::binary) << damaged;
    EXPECT_NE(load_error(path, root).find("is damaged (checksum mismatch)"), std::string::npos) << load_error(path, root);

    // Cut short.
    std::ofstream(path, std::ios::binary) << text.substr(0, text.size() / 2);
    EXPECT_NE(load_error(path, root).find("is damaged"), std::string::npos) << load_error(path, root);

    // Another game, another position.
    std::ofstream(path, std::ios::binary) << text;
    EXPECT_NE(load_error(path, position("mnk:4,4,3", "")).find("is for mnk:4,4,4"), std::string::npos);
    EXPECT_NE(load_error(path, position("mnk:4,4,4", "1,1")).find("is for mnk:4,4,4 from ..../"),
              std::string::npos);

    // Another version, and not a checkpoint at all.
    std::string version2 = text;
    version2.replace(0, std::string("kinrow-checkpoint 1").size(), "kinrow-checkpoint 2");
    std::ofstream(path, std::ios::binary) << version2;
    EXPECT_NE(load_error(path, root).find("format version 2"), std::string::npos) << load_error(path, root);
    std::ofstream(path, std::ios::binary) << "hello\n";
    EXPECT_NE(load_error(path, root).find("is not a kinrow checkpoint"), std::string::npos);
    std::filesystem::remove(path);
}

TEST(DistributedCheckpoint, BudgetsEachEngineCanKeep) {
    EXPECT_THROW(check_budget(parse_game("connect:5,4,4"), {1000, 0}), Error);  // no node count in the solver
    EXPECT_NO_THROW(check_budget(parse_game("connect:5,4,4"), {0, 100}));
    EXPECT_NO_THROW(check_budget(parse_game("mnk:4,4,4"), {1000, 0}));
    EXPECT_THROW(check_budget(parse_game("mnk:4,4,4"), {0, 0}), Error);
}

#endif  // KINROW_HAVE_MPI
