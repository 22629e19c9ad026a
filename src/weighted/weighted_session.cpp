#include "weighted/weighted_session.hpp"

#include <fmt/format.h>

#include <charconv>
#include <chrono>
#include <istream>
#include <optional>
#include <ostream>

#include "core/error.hpp"

namespace kinrow::weighted {

namespace {

using Clock = std::chrono::steady_clock;

// Thrown when the human's input ends mid-game; the session ends quietly.
struct EndOfInput {};

// Reads the human's answers one whitespace-separated token at a time, as the
// course program's `cin >> n` does, so a move may come as `1 2` on one line.
class Prompter {
public:
    Prompter(std::istream& in, std::ostream& out) : in_(in), out_(out) {}

    std::string ask(const std::string& prompt) {
        out_ << prompt << '\n' << std::flush;
        std::string token;
        if (!(in_ >> token)) throw EndOfInput{};
        return token;
    }

    // Asks until the answer is an integer in [low, high].
    int ask_number(const std::string& prompt, int low, int high) {
        for (;;) {
            std::string token = ask(prompt);
            int value = 0;
            auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
            if (ec != std::errc() || end != token.data() + token.size())
                out_ << "Please type a number.\n";
            else if (value >= low && value <= high)
                return value;
        }
    }

private:
    std::istream& in_;
    std::ostream& out_;
};

constexpr int kQuit = -1;

// The human's move, or kNoMove if they quit. Out-of-range answers repeat the
// question; an occupied cell starts the move again.
Move ask_move(Prompter& prompter, std::ostream& out, const Position& pos) {
    int n = pos.width();
    for (;;) {
        int row = prompter.ask_number(
            fmt::format("Select a row from 0 to {} (top to bottom). Type -1 to quit game.", n - 1),
            kQuit, n - 1);
        if (row == kQuit) return kNoMove;
        int col = prompter.ask_number(
            fmt::format("Select a column from 0 to {} (left to right). Type -1 to quit game.",
                        n - 1),
            kQuit, n - 1);
        if (col == kQuit) return kNoMove;
        if (pos.at(pos.cell(row, col)) == Cell::Empty) return pos.cell(row, col);
        out << "That cell is taken.\n";
    }
}

// The versus mode's side, or std::nullopt if the human quits.
std::optional<Player> ask_side(Prompter& prompter, std::ostream& out) {
    for (;;) {
        std::string answer =
            prompter.ask("Select your side, X (moves first) or O. Type -1 to quit game.");
        if (answer == "-1") return std::nullopt;
        if (answer == "X" || answer == "x") return Player::X;
        if (answer == "O" || answer == "o") return Player::O;
        out << "Please type X or O.\n";
    }
}

void print_position(std::ostream& out, const Position& pos) {
    out << board_drawing(pos) << "Score: " << weighted_score(pos) << "\nID: " << id_text(pos)
        << '\n';
}

SearchResult engine_move(WeightedSearch& engine, Position& pos, const SessionOptions& options,
                         std::ostream& out, std::ostream& log) {
    auto start = Clock::now();
    SearchResult r = engine.search(pos, options.depth);
    if (options.stats) {
        double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        log << fmt::format("Stats: {} nodes, {} table hits, {} table entries, {:.3f} ms\n",
                           engine.stats().nodes, engine.stats().table_hits, engine.table().size(),
                           ms)
            << std::flush;
    }
    out << "Estimated best score: " << r.score << "\nRow: " << pos.row_of(r.move)
        << "\nCol: " << pos.col_of(r.move) << '\n';
    return r;
}

}  // namespace

std::string board_drawing(const Position& pos) {
    std::string separator(4 * pos.width() + 1, '=');
    std::string text = separator + '\n';
    for (int r = 0; r < pos.height(); ++r) {
        text += '|';
        for (int c = 0; c < pos.width(); ++c) {
            Cell cell = pos.at(pos.cell(r, c));
            text += fmt::format(" {} |", cell == Cell::X ? 'X' : cell == Cell::O ? 'O' : ' ');
        }
        text += '\n' + separator + '\n';
    }
    return text;
}

namespace {

// The game itself; returns early when the human quits (-1).
void run_game(const GameSpec& spec, const SessionOptions& options, Prompter& prompter,
              std::ostream& out, std::ostream& log) {
    Player human = Player::X;
    if (options.mode == Mode::Versus) {
        if (options.side) {
            human = options.side == 'O' ? Player::O : Player::X;
        } else if (auto side = ask_side(prompter, out)) {
            human = *side;
        } else {
            return;
        }
    }

    auto start = Clock::now();
    Position pos(spec);
    WeightedSearch engine(spec, options.search);
    print_position(out, pos);
    while (weighted_result(pos) == Result::Ongoing) {
        bool engine_plays = options.mode == Mode::Auto ||
                            (options.mode == Mode::Versus && pos.side_to_move() != human);
        Move move = kNoMove;
        if (engine_plays) {
            move = engine_move(engine, pos, options, out, log).move;
        } else {
            if (options.mode == Mode::Hinted) engine_move(engine, pos, options, out, log);
            move = ask_move(prompter, out, pos);
            if (move == kNoMove) return;
        }
        pos.play(move);
        print_position(out, pos);
    }
    Result result = weighted_result(pos);
    out << (result == Result::XWins   ? "Player X won!\n"
            : result == Result::OWins ? "Player O won!\n"
                                      : "Draw!\n");
    if (options.mode == Mode::Auto) {
        auto ms =
            std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
        out << "Took " << ms << " milliseconds.\n";
    }
    out << std::flush;
}

}  // namespace

void play_weighted(const GameSpec& spec, const SessionOptions& options, std::istream& in,
                   std::ostream& out, std::ostream& log) {
    Prompter prompter(in, out);
    try {
        run_game(spec, options, prompter, out, log);
    } catch (const EndOfInput&) {
        out << "End of input: game abandoned.\n" << std::flush;
    }
}

void run_table_demo(std::ostream& out) {
    constexpr Score kNotFound = 20000;  // the course's "no entry" value
    GameSpec spec = weighted_game(3, default_weights(3));
    Position pos = Position::from_moves(spec, "0,0 0,1 1,0 1,1");
    TranspositionTable table(TranspositionTable::default_buckets(3), 1000);
    auto call = [&](const char* ordinal, int depth) {
        const TableEntry* e = table.lookup(pos.id(), depth);
        out << ordinal << " call: " << (e ? e->score() : kNotFound) << '\n';
    };
    call("First", 3);
    table.update(pos.id(), TableEntry(kLineScore, pos.cell(2, 0), 3, Bound::Exact));
    call("Second", 3);
    call("Third", 4);
    table.clear();
    call("Fourth", 3);
}

}  // namespace kinrow::weighted
