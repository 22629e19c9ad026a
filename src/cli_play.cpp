// `kinrow play`: a game in the terminal — human against the engine, engine
// against engine, or two humans with hints. This is also the seeds'
// (n,k)-tic-tac-toe program: any board size, k in a row, a depth limit.
#include <iostream>
#include <string>

#include <fmt/format.h>

#include "cli.hpp"
#include "error.hpp"
#include "search.hpp"

namespace kinrow {

namespace {

struct PlayArgs {
    PositionArgs position;
    std::string human = "x";  // x | o | both | none
    int depth = -1;
    int time_ms = 2000;
    std::size_t tt_mb = 64;
    bool hints = false;
};

bool is_human(const PlayArgs& args, Player p) {
    return args.human == "both" || (args.human == "x" && p == Player::X) ||
           (args.human == "o" && p == Player::O);
}

std::string result_line(const Position& pos) {
    switch (pos.result()) {
        case Result::XWins: return "X wins.";
        case Result::OWins: return "O wins.";
        case Result::Draw: return "Draw.";
        case Result::Ongoing: break;
    }
    return "";
}

// One engine answer, described for the player.
std::string describe_search(const Position& pos, const SearchResult& r) {
    return fmt::format("{} ({} nodes, {:.2f} s{})", describe_score(pos, r.score, r.bound, r.proven),
                       r.stats.nodes, r.stats.elapsed_s, r.complete ? "" : ", limit reached");
}

void print_help(const Position& pos) {
    fmt::print("  Enter a move ({}), or: hint, undo, board, quit\n",
               pos.spec().gravity() ? "a column number, e.g. 4" : "row,col from 0, e.g. 1,2");
}

void run_play(const PlayArgs& args) {
    Position pos = load_position(args.position);
    SearchOptions options;
    options.depth = args.depth;
    options.time_ms = args.time_ms;
    options.tt_mb = args.tt_mb;
    Searcher engine(options);

    fmt::print("kinrow play {}: {} in a row on {}x{}{}. You play {}.\n", pos.spec().name(),
               pos.spec().k, pos.width(), pos.height(), pos.spec().gravity() ? " (gravity)" : "",
               args.human == "both" ? "both sides" : args.human == "none" ? "no side" : args.human == "x" ? "X" : "O");
    if (args.human != "none") print_help(pos);
    fmt::print("\n{}", pos.diagram());

    std::string line;
    while (!pos.game_over()) {
        Player mover = pos.side_to_move();
        if (!is_human(args, mover)) {
            SearchResult r = engine.search(pos);
            fmt::print("{} plays {}: {}\n", player_char(mover), pos.move_string(r.best_move),
                       describe_search(pos, r));
            pos.play(r.best_move);
            fmt::print("\n{}", pos.diagram());
            continue;
        }
        if (args.hints) {
            SearchResult r = engine.search(pos);
            fmt::print("hint: {} — {}\n", pos.move_string(r.best_move), describe_search(pos, r));
        }
        fmt::print("{} to move> ", player_char(mover));
        std::fflush(stdout);
        if (!std::getline(std::cin, line)) {
            fmt::print("\nend of input: game abandoned.\n");
            return;
        }
        // Trim, so "1,2 \r" from a pasted or CR LF line still reads as a move.
        auto first = line.find_first_not_of(" \t\r");
        auto last = line.find_last_not_of(" \t\r");
        std::string input = first == std::string::npos ? "" : line.substr(first, last - first + 1);
        if (input.empty()) continue;
        if (input == "quit" || input == "q") {
            fmt::print("game abandoned.\n");
            return;
        }
        if (input == "help" || input == "?") {
            print_help(pos);
            continue;
        }
        if (input == "board") {
            fmt::print("{}", pos.diagram());
            continue;
        }
        if (input == "hint") {
            SearchResult r = engine.search(pos);
            fmt::print("hint: {} — {}\n", pos.move_string(r.best_move), describe_search(pos, r));
            continue;
        }
        if (input == "undo") {
            // Take back to the human's previous turn: the engine's reply too.
            int plies = args.human == "both" ? 1 : 2;
            if (static_cast<int>(pos.history().size()) < plies) {
                fmt::print("nothing to undo.\n");
                continue;
            }
            for (int i = 0; i < plies; ++i) pos.undo();
            fmt::print("\n{}", pos.diagram());
            continue;
        }
        try {
            pos.play(pos.parse_move(input));
        } catch (const Error& e) {
            fmt::print("{}; try again (type help for the syntax).\n", e.what());
            continue;
        }
        fmt::print("\n{}", pos.diagram());
    }
    fmt::print("{}\n", result_line(pos));
}

}  // namespace

void add_play_command(CLI::App& app) {
    auto args = std::make_shared<PlayArgs>();
    auto* cmd = app.add_subcommand("play", "Play a game in the terminal against the engine (or watch "
                                           "it play itself); any m,n,k or gravity game");
    add_position_options(*cmd, args->position);
    cmd->add_option("--human", args->human, "Which side you play: x, o, both (hints between humans), none (engine vs engine)")
        ->check(CLI::IsMember({"x", "o", "both", "none"}))
        ->capture_default_str();
    cmd->add_option("--depth", args->depth, "Engine depth limit in plies (default: none, a full solve within the time limit)")
        ->check(integer_at_least(0));
    cmd->add_option("--time-ms", args->time_ms, "Engine time per move in milliseconds (0 = no limit)")
        ->check(integer_at_least(0))
        ->capture_default_str();
    cmd->add_option("--tt-mb", args->tt_mb, "Engine transposition table size in MiB")
        ->check(table_megabytes())
        ->capture_default_str();
    cmd->add_flag("--hints", args->hints, "Show the engine's suggestion before each of your moves");
    cmd->callback([args] { run_play(*args); });
}

}  // namespace kinrow
