// The move-ordering policy: a score per candidate move, higher for the moves
// a strong player is likelier to choose. The search tries moves in this
// order (after the table's move and the killers; the history adds to the
// score), so a better order means earlier cut-offs, and late-move
// reductions that land on the moves that deserve them.
//
// It scores the cell from the same per-cell terms as the evaluation — the
// four line pairs, the combo pair and both colours' codes (evaluation.hpp) —
// but with weights of its own, fitted to a strong engine's moves by softmax
// regression (tuner.hpp, fit_policy). The evaluation's weights say what an
// empty cell is worth to the position; the policy's say how likely a stone
// there is the move to play: a cell that spoils the opponent's three is
// worth little as a cell but is often the move. The hand-set ordering
// values (patterns.hpp) weigh attack and defence alike; the fitted policy
// puts Rapfi's move first in 35% of held-out positions against 32%, and
// within the first three in 62% against 57% (docs/gomoku.md, "The move
// order").
#pragma once

#include <array>
#include <cstdint>

#include "gomoku/board.hpp"
#include "gomoku/evaluation.hpp"

namespace kinrow::gomoku {

// The policy's terms of a stone of the side to move on the empty square s
// (indices into EvalWeights::w): the four line pairs, the combo pair, its
// code and the opponent's. The search sums them; the fit learns from them.
using PolicyTerms = std::array<std::uint16_t, 7>;
inline PolicyTerms policy_terms(const Board& board, Sq s) {
    Colour me = board.side_to_move(), them = other(me);
    PatternSet own = board.patterns(me, s), opponent = board.patterns(them, s);
    const SetInfo &own_info = board.info(me, s), &opponent_info = board.info(them, s);
    PolicyTerms terms;
    for (int d = 0; d < 4; ++d) terms[d] = static_cast<std::uint16_t>(line_term(line_of(own, d), line_of(opponent, d)));
    terms[4] = static_cast<std::uint16_t>(combo_term(own_info.combo, opponent_info.combo));
    terms[5] = static_cast<std::uint16_t>(code_term(own_info.code));
    terms[6] = static_cast<std::uint16_t>(opponent_code_term(opponent_info.code));
    return terms;
}

// The score of a stone of the side to move on the empty square s. Only
// where the threat rules leave a choice: a five or an open four of the side
// to move is played by rule, so the fit never sees one, and its terms are
// not meant to rank them.
inline int policy_score(const Board& board, const EvalWeights& policy, Sq s) {
    int score = 0;
    for (std::uint16_t t : policy_terms(board, s)) score += policy.w[t];
    return score;
}

}  // namespace kinrow::gomoku
