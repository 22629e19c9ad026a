// The logistic model both tuners fit (tuner.cpp: the linear evaluation's
// weights; network_tuner.cpp: the network on top of them): an evaluation z,
// divided by a scale, through a sigmoid is the side to move's expected score,
// and the fit lowers its log-loss against the games' results.
#pragma once

#include <algorithm>
#include <cmath>

#include "gomoku/tuner.hpp"

namespace kinrow::gomoku {

inline double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// The expected score of a logit, kept off 0 and 1 so its log-loss is finite.
inline double expected_score(double logit) { return std::clamp(sigmoid(logit), 1e-12, 1 - 1e-12); }

inline double log_loss_of(double expected, double result) {
    return -(result * std::log(expected) + (1 - result) * std::log(1 - expected));
}

// The linear evaluation of a sample: its terms' counts times `weights`
// (any indexable container of the terms' weights), plus its fixed offset.
template <class Weights>
double linear_value(const TrainingSample& sample, const Weights& weights) {
    double z = sample.offset;
    for (auto [term, count] : sample.features) z += static_cast<double>(weights[term]) * count;
    return z;
}

}  // namespace kinrow::gomoku
