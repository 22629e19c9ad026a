// GameSpec: the rules of one k-in-a-row game, and nothing else.
//
// Every game kinrow plays is a point in the same space: a width x height board,
// k in a row, free or gravity placement, a win rule (k or more, or exactly k)
// and optional cell weights (weighted tic-tac-toe). Front ends parse a game name
// into a GameSpec; Position and the searches read it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kinrow {

enum class Placement : std::uint8_t { Free, Gravity };
enum class WinRule : std::uint8_t { AtLeastK, ExactlyK };

// Board limits. Free boards go up to the Gomocup 20x20; gravity boards must fit
// Pons's bitboard layout, one spare bit per column: width * (height + 1) <= 64.
inline constexpr int kMaxFreeSide = 20;
inline constexpr int kMaxCells = kMaxFreeSide * kMaxFreeSide;
inline constexpr int kMaxGravityBits = 64;
// The base-3 board id fits in 64 bits while 3^cells <= 2^64, i.e. up to 40 cells.
inline constexpr int kMaxIdCells = 40;

struct GameSpec {
    int width = 3;   // m: columns
    int height = 3;  // n: rows
    int k = 3;       // stones in a row to win
    Placement placement = Placement::Free;
    WinRule win_rule = WinRule::AtLeastK;
    // Weighted scoring (weighted tic-tac-toe): one integer per cell, row-major.
    // Empty means plain win/draw/loss.
    std::vector<int> weights;

    int cells() const { return width * height; }
    bool gravity() const { return placement == Placement::Gravity; }
    bool weighted() const { return !weights.empty(); }
    bool has_id() const { return cells() <= kMaxIdCells; }

    // The canonical spelling: a named game where one matches, else mnk:/connect:.
    std::string name() const;

    bool operator==(const GameSpec&) const = default;
};

// Parses `tictactoe`, `connect4`, `gomoku`, `gomoku-standard`, `mnk:M,N,K`,
// `connect:W,H,K`. Throws Error on unknown names or sizes out of range.
GameSpec parse_game(std::string_view text);

// Builds and range-checks a spec; throws Error naming the violated limit.
GameSpec make_game(int width, int height, int k, Placement placement,
                   WinRule win_rule = WinRule::AtLeastK);

// The names accepted by parse_game, for help texts.
std::string game_names_help();

}  // namespace kinrow
