// `kinrow play`: a game in the terminal — human against the engine, engine
// against engine, or two humans with hints. This is also the seeds'
// (n,k)-tic-tac-toe program: any board size, k in a row, a depth limit.
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "cli/cli.hpp"
#include "connect/book.hpp"
#include "connect/engine.hpp"
#include "core/error.hpp"
#include "gomoku/search.hpp"
#include "search/search.hpp"

namespace kinrow {

using namespace search;

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

// The opponent behind `play`: the strongest engine kinrow has for the game.
class PlayEngine {
public:
    struct Answer {
        Move move = kNoMove;
        std::string verdict;  // the engine's view of the position, for the player
    };
    virtual ~PlayEngine() = default;
    virtual Answer think(Position& pos) = 0;
    // A line for the start of the game ("" for none).
    virtual std::string intro() const { return ""; }
};

// Exact search (within the limits) for any m,n,k or gravity game.
class GenericEngine final : public PlayEngine {
public:
    explicit GenericEngine(const SearchOptions& options) : searcher_(options) {}
    Answer think(Position& pos) override {
        SearchResult r = searcher_.search(pos);
        return {r.best_move, fmt::format("{} ({} nodes, {:.2f} s{})",
                                         describe_score(pos, r.score, r.bound, r.proven),
                                         r.stats.nodes, r.stats.elapsed_s,
                                         r.complete ? "" : ", limit reached")};
    }

private:
    Searcher searcher_;
};

// The perfect Connect-k player; its table is kept across moves (and games).
// With an opening book it answers the early moves from the book.
class ConnectPlayEngine final : public PlayEngine {
public:
    ConnectPlayEngine(const GameSpec& spec, std::size_t tt_mb, std::optional<connect::LoadedBook> book)
        : engine_(spec, tt_mb) {
        if (!book) return;
        intro_ = fmt::format("opening book: {} (positions up to {} stones)", book->path, book->book.depth());
        engine_.use_book(std::move(book->book));
    }
    std::string intro() const override { return intro_; }
    Answer think(Position& pos) override {
        std::uint64_t before = engine_.stats().nodes;
        connect::ConnectEngine::Decision d = engine_.decide(pos);
        std::string verdict = d.score == 0  ? "draw"
                              : d.score > 0 ? fmt::format("{} wins", player_char(pos.side_to_move()))
                                            : fmt::format("{} wins", player_char(opponent(pos.side_to_move())));
        return {d.move, fmt::format("{} (score {:+}, {}{} nodes)", verdict, d.score,
                                    d.from_book ? "from the book, " : "", engine_.stats().nodes - before)};
    }

private:
    connect::ConnectEngine engine_;
    std::string intro_;
};

// The heuristic Gomoku engine for boards exact search cannot finish.
class GomokuPlayEngine final : public PlayEngine {
public:
    GomokuPlayEngine(std::size_t tt_mb, int depth, int time_ms) : engine_(tt_mb << 20) {
        limits_.depth = depth < 0 ? 0 : depth;
        limits_.time_ms = time_ms;
    }
    Answer think(Position& pos) override {
        gomoku::SearchReport r = engine_.think(gomoku::Board::from_position(pos), limits_);
        std::string verdict = r.score > gomoku::kWinThreshold     ? "forced win"
                              : r.score < -gomoku::kWinThreshold  ? "forced loss"
                                                                  : fmt::format("eval {:+}", r.score);
        return {r.move, fmt::format("{} by {} (depth {}, {} nodes, {} ms)", verdict, r.source, r.depth,
                                    r.nodes, r.elapsed_ms)};
    }

private:
    gomoku::Engine engine_;
    gomoku::SearchLimits limits_;
};

// Gravity games go to the bitboard solver; five-in-a-row on boards beyond
// exact search (more than 7x7) to the Gomoku engine; the rest to the exact search.
std::unique_ptr<PlayEngine> make_engine(const Position& start, const PlayArgs& args) {
    const GameSpec& spec = start.spec();
    if (!args.book.empty() && (!spec.gravity() || args.generic))
        throw Error("--book works with the Connect-k player of gravity games (not with --generic)");
    if (spec.gravity() && !args.generic)
        return std::make_unique<ConnectPlayEngine>(
            spec, args.tt_mb, connect::open_book(spec, start.stones(), args.book, !args.no_book));
    if (!spec.gravity() && spec.k == 5 && spec.width >= 5 && spec.height >= 5 && spec.cells() > 49)
        return std::make_unique<GomokuPlayEngine>(args.tt_mb, args.depth, args.time_ms);
    SearchOptions options;
    options.depth = args.depth;
    options.time_ms = args.time_ms;
    options.tt_mb = args.tt_mb;
    return std::make_unique<GenericEngine>(options);
}

void print_help(const Position& pos) {
    fmt::print("  Enter a move ({}), or: hint, undo, board, quit\n",
               pos.spec().gravity() ? "a column number, e.g. 4" : "row,col from 0, e.g. 1,2");
}

void run_play(const PlayArgs& args) {
    Position pos = load_position(args.position);
    std::unique_ptr<PlayEngine> engine = make_engine(pos, args);

    fmt::print("kinrow play {}: {} in a row on {}x{}{}. You play {}.\n", pos.spec().name(),
               pos.spec().k, pos.width(), pos.height(), pos.spec().gravity() ? " (gravity)" : "",
               args.human == "both" ? "both sides" : args.human == "none" ? "no side" : args.human == "x" ? "X" : "O");
    if (!engine->intro().empty()) fmt::print("{}\n", engine->intro());
    if (args.human != "none") print_help(pos);
    fmt::print("\n{}", pos.diagram());

    std::string line;
    while (!pos.game_over()) {
        Player mover = pos.side_to_move();
        if (!is_human(args, mover)) {
            PlayEngine::Answer a = engine->think(pos);
            if (!pos.is_legal(a.move)) throw Error("internal: the engine chose an illegal move");
            fmt::print("{} plays {}: {}\n", player_char(mover), pos.move_string(a.move), a.verdict);
            pos.play(a.move);
            fmt::print("\n{}", pos.diagram());
            continue;
        }
        if (args.hints) {
            PlayEngine::Answer a = engine->think(pos);
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
            PlayEngine::Answer a = engine->think(pos);
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
