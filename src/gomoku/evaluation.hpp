// The Gomoku evaluation: a linear function of pattern codes, with weights
// tuned from self-play games (tuner.*) and shipped as a data file.
//
// Every empty cell has, on each of its four lines, a line pattern for each
// colour (patterns.hpp: what a stone of that colour there would make). The
// pair (own pattern, opponent's pattern) on one line is the cell's code for
// that direction; a table of 10 x 10 values maps it to a score for the side to
// move, the same table for all four directions (so the evaluation does not
// change when the board is mirrored or turned). The combination of the four
// lines — the cell's combo (patterns.hpp), for both colours — adds a second
// table of 11 x 11 values, and three whole-board terms finish it: the right to move, and a
// double open three of either side that the other cannot answer with a four.
//
// The evaluation is the dot product of these weights with feature counts,
// which is what makes it tunable by logistic regression; Board keeps the
// per-cell sums current as stones come and go, so a leaf costs a few adds.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "gomoku/patterns.hpp"

namespace kinrow::gomoku {

class Board;

// Where each term sits in the flat weight and feature vectors.
inline constexpr int kLineTerms = kLinePatternCount * kLinePatternCount;
inline constexpr int kComboTerms = kComboCount * kComboCount;
constexpr int line_term(LinePattern own, LinePattern opponent) { return own * kLinePatternCount + opponent; }
constexpr int combo_term(Combo own, Combo opponent) { return kLineTerms + own * kComboCount + opponent; }
inline constexpr int kTempoTerm = kLineTerms + kComboTerms;
// Our double open three, and the opponent has no four to answer it with.
inline constexpr int kDoubleThreeTerm = kTempoTerm + 1;
// The opponent's double open three, and we have no four.
inline constexpr int kOpponentDoubleThreeTerm = kTempoTerm + 2;
inline constexpr int kEvalTerms = kTempoTerm + 3;

using EvalVector = std::array<int, kEvalTerms>;

struct EvalWeights {
    EvalVector w{};
    int line(LinePattern own, LinePattern opponent) const { return w[line_term(own, opponent)]; }
    int combo(Combo own, Combo opponent) const { return w[combo_term(own, opponent)]; }
    bool operator==(const EvalWeights&) const = default;
};

// The weights file (data/gomoku/eval_weights.txt): `#` comments, the header
// `kinrow-gomoku-eval 2`, then `tempo N`, `double_three N`,
// `opponent_double_three N`, a `line` table (ten rows: own pattern name, then
// the values for the opponent's patterns dead .. five) and a `combo` table
// (eleven rows: own combo name, then the values for the opponent's combos).
// Every entry exactly once; anything else throws Error naming the line.
EvalWeights parse_eval_weights(std::string_view text);
std::string format_eval_weights(const EvalWeights& weights, std::string_view comment = {});
// The weights file shipped with the sources, embedded at build time.
const EvalWeights& default_eval_weights();
// The hand-set starting point of tuning: the move-ordering values of
// patterns.cpp with the side to move's cells worth 5/4 of the opponent's
// (the evaluation before it was tuned).
EvalWeights prior_eval_weights();

const char* line_pattern_name(LinePattern p);
const char* combo_name(Combo c);

// The evaluation for the side to move with the board's weights (not
// clamped; no win detection).
int evaluate(const Board& board);
// The feature counts: evaluate(board) is their dot product with the weights.
// Computed from scratch (the tuner's input and the check of Board's sums).
EvalVector eval_features(const Board& board);

}  // namespace kinrow::gomoku
