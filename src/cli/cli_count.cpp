// `kinrow count`: exhaustive enumeration of a small game.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/cli.hpp"
#include "search/count.hpp"
#include "cli/progress.hpp"

namespace kinrow {

using namespace search;

namespace {

struct CountArgs {
    PositionArgs position;
    bool json = false;
    bool by_ply = false;
    int max_plies = -1;
    std::uint64_t max_positions = 100'000'000;
};

void run_count(const CountArgs& args) {
    Position root = load_position(args.position);
    ProgressLine progress;
    CountOptions options;
    options.max_positions = args.max_positions;
    options.max_plies = args.max_plies;
    options.progress = [&](int ply, std::uint64_t positions) {
        progress.update(fmt::format("count: ply {}, {} positions", ply, positions));
    };
    CountResult r = count_positions(root, options);
    double seconds = progress.elapsed_seconds();
    progress.finish();
    if (args.json) {
        nlohmann::json j = {
            {"game", root.spec().name()},
            {"position", root.board_string()},
            {"positions", r.positions},
            {"positions_up_to_symmetry", r.canonical_positions},
            {"terminal", {{"x_wins", r.terminal[0]}, {"o_wins", r.terminal[1]},
                          {"draws", r.terminal[2]}, {"total", r.terminal_total()}}},
            {"games", {{"x_wins", r.games[0]}, {"o_wins", r.games[1]},
                       {"draws", r.games[2]}, {"total", r.games_total()}}},
            {"tree_nodes", r.tree_nodes},
            {"max_plies", r.max_layer_plies},
            {"positions_by_ply", r.positions_by_ply},
            {"seconds", seconds},
        };
        fmt::print("{}\n", j.dump(2));
        return;
    }
    fmt::print("game:                      {}\n", root.spec().name());
    fmt::print("reachable positions:       {}\n", r.positions);
    fmt::print("  up to symmetry:          {}\n", r.canonical_positions);
    fmt::print("terminal positions:        {} (X wins {}, O wins {}, draws {})\n",
               r.terminal_total(), r.terminal[0], r.terminal[1], r.terminal[2]);
    fmt::print("complete games:            {} (X wins {}, O wins {}, draws {})\n", r.games_total(),
               r.games[0], r.games[1], r.games[2]);
    fmt::print("game-tree nodes:           {} (root included, stopping at wins)\n", r.tree_nodes);
    fmt::print("time:                      {:.2f} s\n", seconds);
    if (args.by_ply) {
        fmt::print("\nply  positions\n");
        for (std::size_t ply = 0; ply < r.positions_by_ply.size(); ++ply)
            fmt::print("{:>3}  {}\n", ply, r.positions_by_ply[ply]);
    }
}

}  // namespace

void add_count_command(CLI::App& app) {
    auto args = std::make_shared<CountArgs>();
    auto* cmd = app.add_subcommand(
        "count", "Reachable positions (also up to symmetry), terminal positions by result, complete "
                 "games and game-tree nodes of a small game (at most 64 cells)");
    add_position_options(*cmd, args->position);
    cmd->add_flag("--json", args->json, "Print the counts as JSON");
    cmd->add_option("--max-plies", args->max_plies,
                    "Enumerate only this many plies from the position (for games too big to finish)")
        ->check(integer_at_least(0));
    cmd->add_flag("--by-ply", args->by_ply, "Also list the distinct positions at each ply (perft-style)");
    cmd->add_option("--max-positions", args->max_positions,
                    "Stop with an error past this many positions")
        ->capture_default_str();
    cmd->callback([args] { run_count(*args); });
}

}  // namespace kinrow
