// Position: one state of a k-in-a-row game under a GameSpec — the single rules
// engine of kinrow. It knows legal moves, play/undo, wins (including the
// exactly-k rule), hashing, the base-3 board id, and the text forms a position
// comes in. Searches are generic over it; front ends only parse and print.
//
// A move is a cell index (row * width + col, row 0 at the top). Gravity games
// use the same index: the legal move in a column is the cell a stone drops to,
// so one move type serves every placement rule.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/types.hpp"
#include "rules/game.hpp"

namespace kinrow {

// Cell values are the digits of the base-3 board id: 0 empty, 1 X, 2 O.
enum class Cell : std::uint8_t { Empty = 0, X = 1, O = 2 };
enum class Result : std::uint8_t { Ongoing, XWins, OWins, Draw };

constexpr Cell stone_of(Player p) { return p == Player::X ? Cell::X : Cell::O; }

class Position {
public:
    explicit Position(GameSpec spec);

    // Parsers; each throws Error with a one-line reason for malformed text,
    // illegal moves and unreachable positions.
    // Moves are separated by white space: `row,col` or algebraic `h8` on free
    // boards, 1-based column digits on gravity boards (`4453`, or `10 3` when
    // the board is wider than 9).
    static Position from_moves(GameSpec spec, std::string_view moves);
    // Rows top to bottom of `.`, `X`, `O`, separated by `/` or new lines.
    static Position from_board(GameSpec spec, std::string_view rows);
    // The base-3 id: sum of cell value * 3^(row*width+col).
    static Position from_id(GameSpec spec, std::uint64_t id);
    // A position as a protocol sends it: the stones (row-major, cells()
    // values) and the side to move, with no check that play could reach it
    // (a Gomocup manager may send any BOARD). Free placement only. A line
    // already on the board ends the game; throws Error if both have one.
    static Position from_setup(GameSpec spec, const std::vector<Cell>& stones, Player to_move);
    // Trusted reconstruction of an unfinished position from stone masks
    // (bit i = cell i; boards of at most 64 cells), for enumerators that
    // produced the masks by legal play themselves. No validation.
    static Position from_masks(GameSpec spec, std::uint64_t x_stones, std::uint64_t o_stones);

    const GameSpec& spec() const { return spec_; }
    int width() const { return spec_.width; }
    int height() const { return spec_.height; }
    int cells() const { return spec_.cells(); }
    int row_of(Move m) const { return m / spec_.width; }
    int col_of(Move m) const { return m % spec_.width; }
    Move cell(int row, int col) const { return row * spec_.width + col; }

    Cell at(Move m) const { return board_[m]; }
    Player side_to_move() const { return side_; }
    int stones() const { return stones_; }
    const std::vector<Move>& history() const { return history_; }

    Result result() const { return result_; }
    bool game_over() const { return result_ != Result::Ongoing; }

    bool is_legal(Move m) const;
    // Legal moves in board order: row-major on free boards, left to right by
    // column on gravity boards. Returns the count written to `out`.
    int legal_moves(Move* out) const;
    std::vector<Move> legal_moves() const;
    // Gravity: the cell a stone dropped in `col` lands on, or kNoMove if full.
    Move drop_cell(int col) const;

    // Would `who` complete a winning line by a stone on the empty cell m?
    bool completes_line(Move m, Cell who) const;

    void play(Move m);  // m must be legal
    void undo();        // undoes the last play(); not past a parsed board

    std::uint64_t hash() const { return hash_; }
    // Requires spec().has_id().
    std::uint64_t id() const { return id_; }
    // Sum of the weights under X's (or O's) stones; 0 for unweighted games.
    long long weight_sum(Player p) const { return weight_sum_[static_cast<int>(p)]; }

    // Text forms.
    std::string board_string() const;  // rows joined by '/'
    std::string diagram() const;        // rows on lines, with coordinates
    std::string move_string(Move m) const;   // `row,col` or gravity column digit(s)
    std::string move_list_string() const;    // history in the from_moves syntax
    // Parses one move token in this position (not played). Throws Error.
    Move parse_move(std::string_view token) const;

private:
    // Length of the run of `who` through cell m along direction (dr, dc),
    // counting m itself as `who`.
    int run_length(Move m, Cell who, int dr, int dc) const;
    bool is_win_run(int length) const;
    // Does `who` have a winning line anywhere on the board?
    bool has_line(Cell who) const;
    void put(Move m, Cell c);
    void validate_reachable();

    GameSpec spec_;
    std::array<Cell, kMaxCells> board_{};
    std::array<std::uint8_t, kMaxGravityBits> column_fill_{};  // gravity: stones per column
    std::vector<Move> history_;
    std::uint64_t hash_ = 0;
    std::uint64_t id_ = 0;
    std::array<long long, 2> weight_sum_{};
    int stones_ = 0;
    Player side_ = Player::X;
    Result result_ = Result::Ongoing;
};

// Zobrist key of a stone; fixed, so hashes are reproducible across runs.
std::uint64_t zobrist_key(Cell stone, Move m);
// 3^n for 0 <= n <= 40.
std::uint64_t power_of_three(int n);

}  // namespace kinrow
