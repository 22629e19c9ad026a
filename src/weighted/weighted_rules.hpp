// Weighted tic-tac-toe on top of the one rules engine: the game is a GameSpec
// (N x N, N in a row, free placement, one weight per cell) and Position plays
// it. What is specific to the weighted game — the board score, the verdict of
// a full board, the default grids — is a few small functions over Position.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rules/game.hpp"
#include "rules/position.hpp"

namespace kinrow::weighted {

using Score = std::int32_t;

// A completed row, column or main diagonal.
inline constexpr Score kLineScore = 10000;
// Every board score of an accepted grid lies within +-kScoreLimit, so a search
// can use kScoreLimit + 1 as infinity and still step one past any score.
inline constexpr Score kScoreLimit = 1'000'000'000;

// The course's grids: the Lo Shu square for 3x3 and Duerer's square for 4x4.
// Other sizes get 1..N*N row by row (there is no course grid to follow).
std::vector<int> default_weights(int n);

// Parses N*N integers separated by white space, ',' or '/'. Throws Error on
// non-numbers and on a wrong count.
std::vector<int> parse_weights(std::string_view text, int n);

// The weighted game on an N x N board with these row-major weights. Throws
// Error on a bad size, a wrong count or weights so large that scores could
// leave +-kScoreLimit.
GameSpec weighted_game(int n, std::vector<int> weights);

// Board score: +-kLineScore for a line; otherwise X's weight sum times the
// number of moves O gets (floor(N*N/2)) minus O's weight sum times the number
// X gets (ceil(N*N/2)). Also the value of an unfinished board at the horizon.
inline Score weighted_score(const Position& pos) {
    if (pos.result() == Result::XWins) return kLineScore;
    if (pos.result() == Result::OWins) return -kLineScore;
    int cells = pos.cells();
    return static_cast<Score>(pos.weight_sum(Player::X) * (cells / 2) -
                              pos.weight_sum(Player::O) * ((cells + 1) / 2));
}

// The game's verdict: a line wins; a full board without one goes to X if its
// score is positive, to O if negative, else it is a draw; Ongoing otherwise.
Result weighted_result(const Position& pos);

// The board id in decimal. Boards over kMaxIdCells cells have ids beyond 64
// bits; the same base-3 number is then computed in arbitrary precision, so
// the transcript's ID line means the same thing at every size.
std::string id_text(const Position& pos);

}  // namespace kinrow::weighted
