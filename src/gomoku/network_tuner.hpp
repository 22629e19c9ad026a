// Fitting the evaluation's network (network.hpp) to games: the same
// positions and targets as the linear tuning (tuner.hpp), the linear
// evaluation held fixed, and the network fitted as a correction on top of
// it — the predicted score is sigmoid((linear + network) / scale).
//
// Mini-batch gradient descent (Adam) on the mean log-loss, a few passes
// over the positions in a seeded order; after each pass the held-out loss is
// measured and the best pass is kept (a network this size overfits 70,000
// positions within a few passes). The inputs are the feature counts divided
// by their spread over the positions, so that Adam's one step size suits
// terms counted once and terms counted hundreds of times; the division is
// folded into the input weights when the network is written, and every value
// is then rounded to the file's integers. Deterministic: one thread, a
// seeded generator.
#pragma once

#include <cstdint>
#include <vector>

#include "gomoku/evaluation.hpp"
#include "gomoku/network.hpp"
#include "gomoku/tuner.hpp"

namespace kinrow::gomoku {

struct NetworkTuneOptions {
    int epochs = 6;               // passes over the positions
    double learning_rate = 1e-3;  // Adam's step, in logits (the output) and standardised units (the inputs)
    int batch = 512;              // positions per step
    std::uint64_t seed = 1;       // the first weights and the order of the positions
    // The choice loss's share (λ): the loss fitted is the results' log-loss
    // plus λ times the mean softmax loss of the moves chosen among their
    // siblings (ChoiceSamples), each child scored -(its evaluation) /
    // choice_temperature for the mover. 0: results only.
    double choice_weight = 0;
    double choice_temperature = 400;  // evaluation units per logit of the choice
    // The network's share of the evaluation, for matches to set rather than
    // the fit: the output weights and bias as fitted (integers) are
    // multiplied by it when written, rounded half to even, so a file at a
    // share follows from the file at full share alone. At full share the
    // network's differences between sibling positions carry most of what
    // keeps kinrow's black from a stronger player's quiet moves; 0.75 plays
    // those moves more often and the games no better, 0.5 worse
    // (PERFORMANCE.md, session 61): the shipped file has full share.
    double output_share = 1;
};

struct NetworkTuneResult {
    EvalNetwork network;
    double scale = 0;  // fitted to the linear weights: evaluation units per logit
    // Held-out log-loss: the linear evaluation alone, then with the network
    // as written (integers, at output_share), and after each pass (before
    // rounding).
    double held_out_linear = 0, held_out_network = 0;
    std::vector<double> held_out_by_epoch;
    // The choice loss on the held-out choices: the linear evaluation alone,
    // then after each pass (0 without choices).
    double held_out_choice_linear = 0;
    std::vector<double> held_out_choice_by_epoch;
    int best_epoch = 0;  // from 1
};

// The pass kept is the one with the lowest held-out loss, the choice loss
// (times choice_weight) included.
NetworkTuneResult tune_network(const std::vector<TrainingSample>& fit, const std::vector<TrainingSample>& held_out,
                               const EvalWeights& linear, const NetworkTuneOptions& options,
                               const ChoiceSamples& fit_choices = {}, const ChoiceSamples& held_out_choices = {});

// Mean log-loss of sigmoid((linear + network) / scale) against the targets.
double log_loss(const std::vector<TrainingSample>& samples, const EvalWeights& linear, const EvalNetwork& network,
                double scale);

}  // namespace kinrow::gomoku
