// The evaluation's second stage: a small network over the counts of the
// line pairs and combos of the linear evaluation (evaluation.hpp), its
// output added to the linear value.
//
// The linear evaluation values each cell's patterns on their own: it cannot
// say that a flex3 of ours is worth more when the opponent has no threat of
// his own, or that the tenth two on the board adds less than the first. A
// hidden layer of kNetworkHidden rectified units over the counts can: fitted
// to the same games as a correction on top of the linear evaluation, it
// lowers the held-out log-loss against the results from 0.513 to 0.433
// (docs/gomoku.md, "The network"; PERFORMANCE.md, session 43).
//
// The first layer is linear in the counts, so Board keeps its sums current
// per move as it keeps the linear sums: a changed line pair or combo swaps
// its row of input weights. Everything is integer — the input weights and
// biases in 1/kNetworkOne, the output weights in evaluation units per unit
// of activation — so the sums kept per move equal the sums counted from
// scratch bit for bit, and play is the same on every machine.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "gomoku/evaluation.hpp"

namespace kinrow::gomoku {

inline constexpr int kNetworkHidden = 8;
// Fixed point of the first layer: an activation of 1.0 is kNetworkOne.
inline constexpr int kNetworkOne = 4096;
// The network's inputs: the line pairs' and the combos' counts, the first
// kNetworkInputs terms of the evaluation's feature vector. The pattern codes
// (715 a colour) add little the network can use — fitted with them it
// overfits sooner and ends barely better — and they cost two rows per
// changed cell in every board update and a table the first-level cache does
// not hold: with them kinrow was slower and weaker against Rapfi
// (PERFORMANCE.md, session 43). The whole-board terms are not sums over cells.
inline constexpr int kNetworkInputs = kLineTerms + kComboTerms;

// The hidden units' inputs for both sides to move: [0, kNetworkHidden) with
// black to move, [kNetworkHidden, 2 * kNetworkHidden) with white to move.
using NetworkSums = std::array<std::int32_t, 2 * kNetworkHidden>;

inline void add_to(NetworkSums& sums, const NetworkSums& more) {
    for (int i = 0; i < 2 * kNetworkHidden; ++i) sums[i] += more[i];
}
inline void subtract_from(NetworkSums& sums, const NetworkSums& less) {
    for (int i = 0; i < 2 * kNetworkHidden; ++i) sums[i] -= less[i];
}

struct EvalNetwork {
    // Input weights, one row per per-cell term, in 1/kNetworkOne.
    std::vector<std::array<std::int32_t, kNetworkHidden>> input =
        std::vector<std::array<std::int32_t, kNetworkHidden>>(kNetworkInputs);
    std::array<std::int32_t, kNetworkHidden> input_bias{};  // 1/kNetworkOne
    std::array<std::int32_t, kNetworkHidden> output{};      // evaluation units per unit of activation
    std::int32_t bias = 0;                                   // evaluation units, for the side to move
    bool operator==(const EvalNetwork&) const = default;

    // The output for the side to move from the hidden units' inputs
    // (kNetworkHidden of them, input_bias included).
    int value(const std::int32_t* inputs) const;
    // All output weights and the bias zero: the network adds nothing, and
    // Board skips its sums (the linear evaluation alone).
    bool silent() const { return bias == 0 && output == decltype(output){}; }
};

// Board's packed rows: a per-cell term's input row for both sides to move at
// once, as Board packs the linear weights (board.hpp).
struct PackedNetwork {
    explicit PackedNetwork(const EvalNetwork& network);
    std::vector<NetworkSums> line, combo;
};

// The network file (data/gomoku/eval_network.txt): `#` comments, the header
// `kinrow-gomoku-network 1`, `hidden 8` (kNetworkHidden), `bias N`, `input_bias` and `output`
// with kNetworkHidden integers each, then one row per input term: its name
// (`line OWN OPP` or `combo OWN OPP`, the names of evaluation.hpp's weights
// file) and its kNetworkHidden input weights.
// Every entry exactly once; anything else throws Error naming the line.
EvalNetwork parse_eval_network(std::string_view text);
std::string format_eval_network(const EvalNetwork& network, std::string_view comment = {});
// The network shipped with the sources, embedded at build time.
const EvalNetwork& default_eval_network();
// No network: the linear evaluation alone (what the linear tuner fits).
const EvalNetwork& silent_eval_network();

// The network's value for the side to move of a position whose per-cell
// feature counts are `features` (eval_features), counted from scratch: what
// Board's incremental sums must give.
int network_value(const EvalNetwork& network, const EvalVector& features);

}  // namespace kinrow::gomoku
