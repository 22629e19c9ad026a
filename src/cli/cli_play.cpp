// `kinrow play`: a game in the terminal — human against the engine, engine
// against engine, or two humans with hints. This is also the seeds'
// (n,k)-tic-tac-toe program: any board size, k in a row, a depth limit.
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "cli/cli.hpp"
#include "core/error.hpp"

namespace kinrow {

namespace {

struct PlayArgs {
    PositionArgs position;
    std::string human = "x";  // x | o | both | none
    int depth = -1;
    int time_ms = 2000;
    std::size_t tt_mb = 64;
    bool hints = false;
    bool generic = false;
    std::string book;  // gravity games: a book file instead of the game's own
    bool no_book = false;
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

// The engine's move and its view of the position, for the player.
struct Answer {
    Move move = kNoMove;
    std::string verdict;
};

Answer think(engine::Engine& engine, const Position& pos) {
    engine::Analysis a = engine.choose_move(pos);
    std::string source = a.stats.from_book ? ", " + a.stats.note : "";
    return {a.best_move, fmt::format("{} (score {:+}{}, {} nodes{})", a.value.text, a.value.score, source,
                                     a.stats.nodes, a.complete ? "" : ", limit reached")};
}

// The facade's engine for the game: the strongest kinrow has, or the generic
// search with --generic.
std::unique_ptr<engine::Engine> make_engine(const Position& start, const PlayArgs& args) {
    const GameSpec& spec = start.spec();
    engine::Options o;
    if (args.generic) o.engine = engine::EngineKind::Generic;
    if (!args.book.empty() && o.engine.value_or(engine::choose_engine(spec)) != engine::EngineKind::Connect)
        throw Error("--book works with the Connect-k player of gravity games (not with --generic)");
    o.limits.depth = args.depth;
    o.limits.time_ms = args.time_ms;
    o.tt_mb = args.tt_mb;
    o.book = args.book;
    o.use_book = !args.no_book;
    return engine::make_engine(spec, o);
}

void print_help(const Position& pos) {
    fmt::print("  Enter a move ({}), or: hint, undo, board, quit\n",
               pos.spec().gravity() ? "a column number, e.g. 4" : "row,col from 0, e.g. 1,2");
}

void run_play(const PlayArgs& args) {
    Position pos = load_position(args.position);
    std::unique_ptr<engine::Engine> engine = make_engine(pos, args);

    fmt::print("kinrow play {}: {} in a row on {}x{}{}. You play {}.\n", pos.spec().name(),
               pos.spec().k, pos.width(), pos.height(), pos.spec().gravity() ? " (gravity)" : "",
               args.human == "both" ? "both sides" : args.human == "none" ? "no side" : args.human == "x" ? "X" : "O");
    fmt::print("engine: {}\n", engine::engine_name(engine->kind()));
    if (args.human != "none") print_help(pos);
    fmt::print("\n{}", pos.diagram());

    std::string line;
    while (!pos.game_over()) {
        Player mover = pos.side_to_move();
        if (!is_human(args, mover)) {
            Answer a = think(*engine, pos);
            if (!pos.is_legal(a.move)) throw Error("internal: the engine chose an illegal move");
            fmt::print("{} plays {}: {}\n", player_char(mover), pos.move_string(a.move), a.verdict);
            pos.play(a.move);
            fmt::print("\n{}", pos.diagram());
            continue;
        }
        if (args.hints) {
            Answer a = think(*engine, pos);
            fmt::print("hint: {} — {}\n", pos.move_string(a.move), a.verdict);
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
            Answer a = think(*engine, pos);
            fmt::print("hint: {} — {}\n", pos.move_string(a.move), a.verdict);
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
    cmd->add_flag("--generic", args->generic, "Gravity games: use the generic engine, not the bitboard solver");
    auto* book = cmd->add_option("--book", args->book,
                                 "Gravity games: this opening book instead of the game's own (data/<game>.book)");
    cmd->add_flag("--no-book", args->no_book, "Gravity games: play without an opening book")->excludes(book);
    cmd->callback([args] { run_play(*args); });
}

}  // namespace kinrow
