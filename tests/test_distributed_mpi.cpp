// End to end: `mpirun -n 3 --oversubscribe kinrow solve GAME --distributed`
// against the single-process solver, resuming from checkpoints, refusing bad
// ones, and losing a worker (docs/distributed.md says what Open MPI allows).
#ifdef KINROW_HAVE_MPI

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "run_command.hpp"

namespace {

using kinrow::testing::CommandResult;
using kinrow::testing::kinrow_command;
using kinrow::testing::run_command;

// A hung MPI job fails its test instead of blocking the suite.
constexpr const char* kTimeLimit = "timeout -k 10 300 ";

// mpirun with `ranks` ranks on however many cores there are; root needs leave.
std::string mpirun(int ranks, const std::string& extra = "") {
    std::string command = std::string(KINROW_MPIEXEC) + " -n " + std::to_string(ranks) + " --oversubscribe";
    if (::geteuid() == 0) command += " --allow-run-as-root";
    if (!extra.empty()) command += " " + extra;
    return command;
}

std::string temp_path(const std::string& name) {
    auto p = std::filesystem::temp_directory_path() / ("kinrow-mpi-" + std::to_string(::getpid()) + "-" + name);
    std::filesystem::remove(p);
    return p.string();
}

// The JSON rank 0 prints (standard error, mpirun's included, left out).
nlohmann::json distributed_solve(const std::string& args, int ranks = 3) {
    CommandResult r = run_command(kTimeLimit + mpirun(ranks) + " " + kinrow_command("solve " + args + " --distributed --json"),
                                  "", false);
    EXPECT_EQ(r.exit_code, 0) << r.output;
    try {
        return nlohmann::json::parse(r.output);
    } catch (const nlohmann::json::exception&) {
        ADD_FAILURE() << "not JSON: " << r.output;
        return {};
    }
}

std::string single_result(const std::string& game) {
    CommandResult r = kinrow::testing::run_kinrow("solve " + game + " --weak --json", "", false);
    EXPECT_EQ(r.exit_code, 0) << r.output;
    return nlohmann::json::parse(r.output)["result"];
}

// `tree`: the budget is small enough that the answer must come from the
// tree. Not so for connect:5,4,4: its whole solve takes about 1 ms, below
// what a watchdog thread can time reliably on a loaded machine.
void expect_single_value(const std::string& game, const std::string& budget, bool tree = true) {
    nlohmann::json j = distributed_solve(game + " " + budget);
    EXPECT_EQ(j["result"], single_result(game)) << j.dump();
    EXPECT_EQ(j["proven"], true);
    EXPECT_EQ(j["workers"], 2);
    if (tree) {
        EXPECT_GT(j["jobs"].get<int>(), 1) << "one job solved it all: the tree was not tested";
    }
}

std::set<std::string> logged_boards(const std::string& path) {
    std::set<std::string> boards;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) boards.insert(line.substr(0, line.find(' ')));
    return boards;
}

}  // namespace

TEST(DistributedMpi, Connect544MatchesTheSingleSolver) { expect_single_value("connect:5,4,4", "--job-ms 0.1", false); }
TEST(DistributedMpi, Connect654MatchesTheSingleSolver) { expect_single_value("connect:6,5,4", "--job-ms 1"); }
TEST(DistributedMpi, Mnk444MatchesTheSingleSolver) { expect_single_value("mnk:4,4,4", "--job-nodes 300"); }
TEST(DistributedMpi, Mnk554MatchesTheSingleSolver) { expect_single_value("mnk:5,5,4", "--job-nodes 100000"); }

// Five in a row: the workers run the proof-number prover, whose jobs of a
// few dozen nodes leave most of the proof to the tree.
TEST(DistributedMpi, ProverJobsMatchTheSingleSolverOn665And765) {
    for (auto [game, budget] : {std::pair{"mnk:6,6,5", 30}, std::pair{"mnk:7,6,5", 300}}) {
        nlohmann::json j = distributed_solve(fmt::format("{} --job-nodes {}", game, budget));
        EXPECT_EQ(j["job_engine"], "prover") << game;
        EXPECT_EQ(j["result"], single_result(game)) << game;
        EXPECT_EQ(j["proven"], true) << game;
        EXPECT_GT(j["jobs"].get<int>(), 10) << game << ": the tree was not tested";
    }
}

TEST(DistributedMpi, ResumesWithoutRepeatingFinishedJobs) {
    const std::string checkpoint = temp_path("resume.ckpt"), log1 = temp_path("log1"), log2 = temp_path("log2");
    const std::string args = "mnk:4,4,4 --job-nodes 300 --checkpoint " + checkpoint;
    nlohmann::json first = distributed_solve(args + " --max-jobs 12 --job-log " + log1);
    EXPECT_EQ(first["result"], "unknown");
    ASSERT_TRUE(std::filesystem::exists(checkpoint));
    nlohmann::json second = distributed_solve(args + " --job-log " + log2);
    EXPECT_EQ(second["result"], single_result("mnk:4,4,4"));
    EXPECT_EQ(second["resumed_nodes"], first["tree_nodes"]);
    EXPECT_EQ(second["totals"]["jobs"].get<int>(), first["jobs"].get<int>() + second["jobs"].get<int>());
    std::set<std::string> before = logged_boards(log1), after = logged_boards(log2);
    EXPECT_GE(before.size(), 12u);
    for (const std::string& board : after) EXPECT_FALSE(before.count(board)) << board << " was solved twice";
    for (const auto& f : {checkpoint, log1, log2}) std::filesystem::remove(f);
}

TEST(DistributedMpi, RefusesDamagedAndForeignCheckpoints) {
    const std::string checkpoint = temp_path("refuse.ckpt");
    distributed_solve("mnk:4,4,4 --job-nodes 300 --max-jobs 3 --checkpoint " + checkpoint);
    std::string text = kinrow::testing::read_text_file(checkpoint);
    ASSERT_FALSE(text.empty());

    CommandResult foreign = run_command(
        kTimeLimit + mpirun(3) + " " + kinrow_command("solve mnk:4,4,3 --distributed --job-nodes 300 --checkpoint " + checkpoint));
    EXPECT_NE(foreign.exit_code, 0);
    EXPECT_NE(foreign.output.find("kinrow: error: checkpoint " + checkpoint + " is for mnk:4,4,4 from"),
              std::string::npos)
        << foreign.output;

    text[text.rfind("\n0 ") + 3] ^= 1;
    std::ofstream(checkpoint, std::ios::binary) << text;
    CommandResult damaged = run_command(
        kTimeLimit + mpirun(3) + " " + kinrow_command("solve mnk:4,4,4 --distributed --job-nodes 300 --checkpoint " + checkpoint));
    EXPECT_NE(damaged.exit_code, 0);
    EXPECT_NE(damaged.output.find("kinrow: error: checkpoint " + checkpoint +
                                  " is damaged (checksum mismatch): delete it to start over"),
              std::string::npos)
        << damaged.output;
    std::filesystem::remove(checkpoint);
}

TEST(DistributedMpi, NeedsAWorker) {
    CommandResult r = run_command(kTimeLimit + mpirun(1) + " " + kinrow_command("solve mnk:4,4,4 --distributed"));
    EXPECT_NE(r.exit_code, 0);
    EXPECT_NE(r.output.find("kinrow: error: --distributed needs at least two MPI ranks"), std::string::npos)
        << r.output;
}

// Kills worker rank 1 (SIGKILL) once the job log has a few lines, under
// mpirun `flags`; returns mpirun's output and exit code.
CommandResult run_and_kill_a_worker(const std::string& flags, const std::string& args, const std::string& log) {
    std::string script =
        mpirun(4, flags) + " " + kinrow_command("solve " + args + " --distributed --job-log " + log) +
        " & MPIRUN=$!\n"
        "for i in $(seq 200); do [ \"$(cat " + log + " 2>/dev/null | wc -l)\" -ge 3 ] && break; sleep 0.05; done\n"
        "for c in $(pgrep -P $MPIRUN); do\n"
        "  if tr '\\0' '\\n' < /proc/$c/environ | grep -qx OMPI_COMM_WORLD_RANK=1; then kill -9 $c; fi\n"
        "done\n"
        "wait $MPIRUN";
    const std::string path = temp_path("kill.sh");
    std::ofstream(path) << script;
    CommandResult r = run_command(kTimeLimit + std::string("bash ") + path);
    std::filesystem::remove(path);
    return r;
}

// 10-30 s: the run must outlast the time-out by far, so that the dead
// worker's job is missed and queued again, whatever the load.
TEST(DistributedMpiSlow, ALostWorkersJobIsQueuedAgainUnderRecovery) {
    // mpirun --enable-recovery keeps the other ranks running when one dies;
    // the coordinator notices the silence and gives the job to another.
    const std::string log = temp_path("lost.log");
    CommandResult r = run_and_kill_a_worker("--enable-recovery",
                                            "connect:6,6,4 --job-ms 50 --worker-timeout 3 --json", log);
    EXPECT_EQ(r.exit_code, 0) << r.output;
    EXPECT_NE(r.output.find("kinrow: worker rank 1 lost (no answer within 3 s)"), std::string::npos) << r.output;
    // stdout and stderr share the pipe: Open MPI's own diagnostics about the
    // dead rank ("[host:pid] PMIX ERROR ...") can land inside the JSON.
    std::istringstream lines(r.output);
    std::string json;
    for (std::string line; std::getline(lines, line);)
        if (!line.starts_with("[")) json += line + "\n";
    auto start = json.find('{');
    ASSERT_NE(start, std::string::npos) << r.output;
    auto j = nlohmann::json::parse(json.substr(start, json.rfind('}') - start + 1));
    EXPECT_EQ(j["result"], single_result("connect:6,6,4"));
    EXPECT_EQ(j["workers_lost"], 1);
    std::filesystem::remove(log);
}

TEST(DistributedMpi, AKilledJobResumesFromItsCheckpoint) {
    // Without --enable-recovery Open MPI ends the whole job when a rank dies:
    // the checkpoint is the recovery.
    const std::string log = temp_path("abort.log"), checkpoint = temp_path("abort.ckpt");
    const std::string args = "connect:6,5,4 --job-ms 20 --checkpoint " + checkpoint;
    CommandResult r = run_and_kill_a_worker("", args + " --checkpoint-every 0.05", log);
    EXPECT_NE(r.exit_code, 0) << r.output;
    ASSERT_TRUE(std::filesystem::exists(checkpoint)) << r.output;
    nlohmann::json resumed = distributed_solve(args);
    EXPECT_EQ(resumed["result"], single_result("connect:6,5,4"));
    EXPECT_GT(resumed["resumed_nodes"].get<int>(), 1);
    for (const auto& f : {log, checkpoint}) std::filesystem::remove(f);
}

#endif  // KINROW_HAVE_MPI
