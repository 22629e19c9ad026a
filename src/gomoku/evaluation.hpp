// The Gomoku evaluation: a linear function of per-cell pattern terms, with
// weights tuned from games (tuner.*) and shipped as a data file, plus a
// small network over the same counts (network.hpp).
//
// Every empty cell has, on each of its four lines, a line pattern for each
// colour (patterns.hpp: what a stone of that colour there would make). The
// pair (own pattern, opponent's pattern) on one line is the cell's line pair
// for that direction; a table of 10 x 10 values maps it to a score for the side to
// move, the same table for all four directions (so the evaluation does not
// change when the board is mirrored or turned). The combination of the four
// lines — the cell's combo (patterns.hpp), for both colours — adds a second
// table of 11 x 11 values; the four patterns as a multiset — the cell's code
// (patterns.hpp) — add a value for the side to move's code and one for the
// opponent's (715 each); three whole-board terms finish it: the right to
// move, and a double open three of either side that the other cannot answer
// with a four.
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

// The weights are fitted on 15x15 games, and part of what they learn is a
// value for the side to move in each empty cell far from the stones (four
// flex1 lines both ways: a few units each). On another board the number of
// such cells changes the value of every position by a constant for the side
// to move: 20x20 has 175 more, and the weights of session 14 gave the side
// to move some 700 units (about one logistic unit) more there — a bias that
// swaps sign with every ply and misleads each comparison across plies (the
// futility and razoring margins, the reduced searches' re-search test, the
// aspiration window). So on any other size the evaluation is shifted by a
// constant, the empty 15x15 board's terms less its own empty board's: every
// empty board is worth what the empty 15x15 board is, and 15x15 is unchanged
// (docs/gomoku.md, "The evaluation"; the 20x20 matches in PERFORMANCE.md,
// session 20).
inline constexpr int kFittedSide = 15;

// Where each term sits in the flat weight and feature vectors.
inline constexpr int kLineTerms = kLinePatternCount * kLinePatternCount;
inline constexpr int kComboTerms = kComboCount * kComboCount;
constexpr int line_term(LinePattern own, LinePattern opponent) { return own * kLinePatternCount + opponent; }
constexpr int combo_term(Combo own, Combo opponent) { return kLineTerms + own * kComboCount + opponent; }
constexpr int code_term(PatternCode own) { return kLineTerms + kComboTerms + own; }
constexpr int opponent_code_term(PatternCode opponent) {
    return kLineTerms + kComboTerms + kPatternCodeCount + opponent;
}
inline constexpr int kTempoTerm = kLineTerms + kComboTerms + 2 * kPatternCodeCount;
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
    int code(PatternCode own) const { return w[code_term(own)]; }
    int opponent_code(PatternCode opponent) const { return w[opponent_code_term(opponent)]; }
    bool operator==(const EvalWeights&) const = default;
};

// The weights file (data/gomoku/eval_weights.txt): `#` comments, the header
// `kinrow-gomoku-eval 3`, then `tempo N`, `double_three N`,
// `opponent_double_three N`, a `line` table (ten rows: own pattern name, then
// the values for the opponent's patterns dead .. five), a `combo` table
// (eleven rows: own combo name, then the values for the opponent's combos)
// and a `code` table (715 rows: a code's four pattern names, then its value
// as the side to move's code and as the opponent's).
// Every entry exactly once; anything else throws Error naming the line.
EvalWeights parse_eval_weights(std::string_view text);
std::string format_eval_weights(const EvalWeights& weights, std::string_view comment = {});
// The weights file shipped with the sources, embedded at build time.
const EvalWeights& default_eval_weights();
// The move-ordering policy's weights (policy.hpp) share the file format and
// the per-cell terms; the whole-board terms are unused. Shipped in
// data/gomoku/policy_weights.txt, embedded at build time.
const EvalWeights& default_policy_weights();
// The hand-set starting point of tuning: the move-ordering values of
// patterns.cpp with the side to move's cells worth 5/4 of the opponent's
// (the evaluation before it was tuned).
EvalWeights prior_eval_weights();

const char* line_pattern_name(LinePattern p);
const char* combo_name(Combo c);
// A code's four pattern names, strongest first ("flex2 flex2 flex1 dead").
std::string code_name(PatternCode code);

// The evaluation for the side to move with the board's weights and network
// (not clamped; no win detection).
int evaluate(const Board& board);
// The feature counts: evaluate(board) is their dot product with the weights
// plus network_value() of them (off 15x15 with the same shift to the fitted
// size, as above).
// Computed from scratch (the tuner's input and the check of Board's sums).
EvalVector eval_features(const Board& board);

}  // namespace kinrow::gomoku
