// Adam (Kingma & Ba), the gradient descent of both tuners: the linear
// evaluation's (tuner.cpp) and the network's (network_tuner.cpp).
#pragma once

#include <cmath>
#include <cstddef>
#include <vector>

namespace kinrow::gomoku {

// Adam (Kingma & Ba): per-weight steps, so rare and frequent features
// (counts from 0 to hundreds) move at the same pace.
class Adam {
public:
    explicit Adam(std::size_t terms) : m_(terms), v_(terms) {}
    // One step of `rate` (in the weights' units) down the gradient.
    void step(std::vector<double>& weight, const std::vector<double>& gradient, double rate) {
        constexpr double kBeta1 = 0.9, kBeta2 = 0.999, kEpsilon = 1e-12;
        beta1_power_ *= kBeta1;
        beta2_power_ *= kBeta2;
        for (std::size_t t = 0; t < weight.size(); ++t) {
            double g = gradient[t];
            m_[t] = kBeta1 * m_[t] + (1 - kBeta1) * g;
            v_[t] = kBeta2 * v_[t] + (1 - kBeta2) * g * g;
            weight[t] -= rate * (m_[t] / (1 - beta1_power_) / (std::sqrt(v_[t] / (1 - beta2_power_)) + kEpsilon));
        }
    }

private:
    std::vector<double> m_, v_;
    double beta1_power_ = 1, beta2_power_ = 1;
};

}  // namespace kinrow::gomoku
