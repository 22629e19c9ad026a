#include "gomoku/network_tuner.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/random.hpp"
#include "gomoku/adam.hpp"
#include "gomoku/logistic.hpp"

namespace kinrow::gomoku {

namespace {

constexpr int H = kNetworkHidden;

// A uniform draw in (0, 1) and a normal one (Box-Muller) from splitmix64:
// the same numbers with every compiler and library.
struct Random {
    std::uint64_t state;
    double uniform() { return (static_cast<double>(splitmix64(state) >> 11) + 0.5) / 9007199254740992.0; }
    double normal() { return std::sqrt(-2 * std::log(uniform())) * std::cos(2 * std::numbers::pi * uniform()); }
};

// The parameters in one vector, as Adam takes them: the input weights
// (term-major, H a term), the input biases, the output weights, the bias.
struct Layout {
    static constexpr std::size_t input(int term, int unit) { return static_cast<std::size_t>(term) * H + unit; }
    static constexpr std::size_t input_bias(int unit) { return std::size_t{kNetworkInputs} * H + unit; }
    static constexpr std::size_t output(int unit) { return input_bias(H) + unit; }
    static constexpr std::size_t bias() { return output(H); }
    static constexpr std::size_t size() { return bias() + 1; }
};

// The network on standardised inputs, in logits.
class Model {
public:
    Model(const std::vector<double>& inverse_spread) : inverse_spread_(inverse_spread) {}

    // The network's output for a sample (logits); `hidden` gets the units' inputs.
    double forward(const std::vector<double>& p, const TrainingSample& sample, std::array<double, H>& hidden) const {
        for (int h = 0; h < H; ++h) hidden[h] = p[Layout::input_bias(h)];
        for (auto [term, count] : sample.features) {
            if (term >= kNetworkInputs) continue;
            double x = count * inverse_spread_[term];
            for (int h = 0; h < H; ++h) hidden[h] += x * p[Layout::input(term, h)];
        }
        double z = p[Layout::bias()];
        for (int h = 0; h < H; ++h) z += p[Layout::output(h)] * std::max(0.0, hidden[h]);
        return z;
    }

    // Adds the gradient of the loss through this sample, whose loss has the
    // derivative `g` with respect to the output.
    void backward(const std::vector<double>& p, const TrainingSample& sample, const std::array<double, H>& hidden,
                  double g, std::vector<double>& gradient) const {
        gradient[Layout::bias()] += g;
        std::array<double, H> unit{};
        for (int h = 0; h < H; ++h) {
            if (hidden[h] <= 0) continue;
            gradient[Layout::output(h)] += g * hidden[h];
            unit[h] = g * p[Layout::output(h)];
            gradient[Layout::input_bias(h)] += unit[h];
        }
        for (auto [term, count] : sample.features) {
            if (term >= kNetworkInputs) continue;
            double x = count * inverse_spread_[term];
            for (int h = 0; h < H; ++h) gradient[Layout::input(term, h)] += x * unit[h];
        }
    }

private:
    const std::vector<double>& inverse_spread_;
};

double mean_loss(const Model& model, const std::vector<double>& p, const std::vector<TrainingSample>& samples,
                 const std::vector<double>& linear_logits) {
    if (samples.empty()) return 0;
    std::array<double, H> hidden;
    double sum = 0;
    for (std::size_t i = 0; i < samples.size(); ++i)
        sum += log_loss_of(expected_score(linear_logits[i] + model.forward(p, samples[i], hidden)), samples[i].score);
    return sum / static_cast<double>(samples.size());
}

// The choices' softmax: for each position, the mover's logits of its
// children, -(linear + network) / temperature, and their probabilities.
struct ChoiceModel {
    const Model& model;
    const ChoiceSamples& samples;
    double scale, temperature;

    // The probabilities of position k's children into `p`, each child's
    // hidden inputs into `hidden`; returns the loss -log p(played).
    double softmax(const std::vector<double>& params, std::size_t k, std::vector<double>& p,
                   std::vector<std::array<double, H>>& hidden) const {
        const auto& pos = samples.positions[k];
        std::size_t n = pos.end - pos.first;
        p.resize(n);
        hidden.resize(n);
        double top = -INFINITY;
        for (std::size_t i = 0; i < n; ++i) {
            std::size_t c = pos.first + i;
            double z = model.forward(params, samples.children[c], hidden[i]);
            p[i] = -(samples.linear[c] + z * scale) / temperature;
            top = std::max(top, p[i]);
        }
        double sum = 0;
        for (double& x : p) sum += (x = std::exp(x - top));
        for (double& x : p) x /= sum;
        return -std::log(std::max(p[pos.played], 1e-300));
    }

    double mean_loss(const std::vector<double>& params) const {
        if (samples.positions.empty()) return 0;
        std::vector<double> p;
        std::vector<std::array<double, H>> hidden;
        double sum = 0;
        for (std::size_t k = 0; k < samples.positions.size(); ++k) sum += softmax(params, k, p, hidden);
        return sum / static_cast<double>(samples.positions.size());
    }

    // Adds `weight` times the gradient of position k's loss.
    void backward(const std::vector<double>& params, std::size_t k, double weight, std::vector<double>& gradient,
                  std::vector<double>& p, std::vector<std::array<double, H>>& hidden) const {
        softmax(params, k, p, hidden);
        const auto& pos = samples.positions[k];
        for (std::size_t i = 0; i < p.size(); ++i) {
            // d loss / d logit = p - [played]; d logit / d output = -scale / temperature.
            double g = weight * (p[i] - (i == pos.played)) * (-scale / temperature);
            model.backward(params, samples.children[pos.first + i], hidden[i], g, gradient);
        }
    }
};

constexpr double kFileLimit = 700000;  // a value's limit in the network file (network.cpp)

std::int32_t rounded(double x) {
    return static_cast<std::int32_t>(std::lround(std::clamp(x, -kFileLimit, kFileLimit)));
}

// An output value as written at a share: the fitted integer scaled, ties to
// even (std::nearbyint in the default rounding mode), so that the file at a
// share follows from the file at full share alone. Clamped as well, so that
// no share can write a file the parser rejects.
std::int32_t shared(std::int32_t fitted, double share) {
    return static_cast<std::int32_t>(std::clamp(std::nearbyint(fitted * share), -kFileLimit, kFileLimit));
}

}  // namespace

double log_loss(const std::vector<TrainingSample>& samples, const EvalWeights& linear, const EvalNetwork& network,
                double scale) {
    if (samples.empty()) return 0;
    double sum = 0;
    EvalVector f;
    for (const TrainingSample& sample : samples) {
        f.fill(0);
        for (auto [term, count] : sample.features) f[term] = static_cast<int>(count);
        double value = linear_value(sample, linear.w) + network_value(network, f);
        sum += log_loss_of(expected_score(value / scale), sample.score);
    }
    return sum / static_cast<double>(samples.size());
}

NetworkTuneResult tune_network(const std::vector<TrainingSample>& fit, const std::vector<TrainingSample>& held_out,
                               const EvalWeights& linear, const NetworkTuneOptions& options,
                               const ChoiceSamples& fit_choices, const ChoiceSamples& held_out_choices) {
    NetworkTuneResult result;
    result.scale = fit_scale(fit, linear);
    auto logits = [&](const std::vector<TrainingSample>& samples) {
        std::vector<double> z;
        for (const TrainingSample& s : samples) z.push_back(linear_value(s, linear.w) / result.scale);
        return z;
    };
    std::vector<double> fit_logits = logits(fit), held_out_logits = logits(held_out);

    // The spread of each count over the positions (zeros included), plus a
    // little so that a term seen once does not get a huge input. A term
    // whose count never varies (never seen, or always the same) tells the
    // positions nothing apart: it gets no input at all.
    std::vector<double> sum(kNetworkInputs), square(kNetworkInputs), inverse_spread(kNetworkInputs);
    for (const TrainingSample& s : fit)
        for (auto [term, count] : s.features)
            if (term < kNetworkInputs) {
                sum[term] += count;
                square[term] += static_cast<double>(count) * count;
            }
    double n = std::max<double>(1, static_cast<double>(fit.size()));
    for (int t = 0; t < kNetworkInputs; ++t) {
        double mean = sum[t] / n, spread = std::sqrt(std::max(0.0, square[t] / n - mean * mean));
        inverse_spread[t] = spread > 1e-9 ? 1 / (spread + 0.01) : 0;
    }

    Random random{options.seed};
    std::vector<double> p(Layout::size());
    for (int t = 0; t < kNetworkInputs; ++t)
        for (int h = 0; h < H; ++h)
            p[Layout::input(t, h)] = inverse_spread[t] > 0 ? 0.02 * random.normal() : 0;
    for (int h = 0; h < H; ++h) p[Layout::output(h)] = 0.01 * random.normal();

    Model model(inverse_spread);
    Adam adam(p.size());
    std::vector<double> gradient(p.size()), best = p;
    std::vector<std::size_t> order(fit.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    const bool choosing = options.choice_weight > 0 && !fit_choices.positions.empty();
    ChoiceModel choice{model, fit_choices, result.scale, options.choice_temperature};
    ChoiceModel held_out_choice{model, held_out_choices, result.scale, options.choice_temperature};
    result.held_out_linear = mean_loss(model, std::vector<double>(p.size()), held_out, held_out_logits);
    if (choosing) result.held_out_choice_linear = held_out_choice.mean_loss(std::vector<double>(p.size()));
    // Each step takes a batch of positions and an equal share of the choices,
    // so that a pass goes over both once.
    const std::size_t steps = (order.size() + options.batch - 1) / static_cast<std::size_t>(options.batch);
    std::vector<std::size_t> choice_order(choosing ? fit_choices.positions.size() : 0);
    for (std::size_t i = 0; i < choice_order.size(); ++i) choice_order[i] = i;
    const std::size_t choices_per_step = steps ? (choice_order.size() + steps - 1) / steps : 0;
    std::vector<double> probabilities;
    std::vector<std::array<double, H>> child_hidden;
    double best_loss = INFINITY;
    std::array<double, H> hidden;
    for (int epoch = 1; epoch <= options.epochs; ++epoch) {
        for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[splitmix64(random.state) % i]);
        for (std::size_t i = choice_order.size(); i > 1; --i)
            std::swap(choice_order[i - 1], choice_order[splitmix64(random.state) % i]);
        for (std::size_t step = 0; step < steps; ++step) {
            std::size_t first = step * static_cast<std::size_t>(options.batch);
            std::size_t last = std::min(order.size(), first + static_cast<std::size_t>(options.batch));
            std::fill(gradient.begin(), gradient.end(), 0.0);
            for (std::size_t k = first; k < last; ++k) {
                const TrainingSample& s = fit[order[k]];
                double z = fit_logits[order[k]] + model.forward(p, s, hidden);
                double g = (sigmoid(z) - s.score) / static_cast<double>(last - first);
                model.backward(p, s, hidden, g, gradient);
            }
            std::size_t choice_first = std::min(choice_order.size(), step * choices_per_step);
            std::size_t choice_last = std::min(choice_order.size(), choice_first + choices_per_step);
            const double choice_share = options.choice_weight / static_cast<double>(choice_last - choice_first);
            for (std::size_t k = choice_first; k < choice_last; ++k)
                choice.backward(p, choice_order[k], choice_share, gradient, probabilities, child_hidden);
            adam.step(p, gradient, options.learning_rate);
        }
        double loss = mean_loss(model, p, held_out, held_out_logits);
        result.held_out_by_epoch.push_back(loss);
        if (choosing) {
            double choice_loss = held_out_choice.mean_loss(p);
            result.held_out_choice_by_epoch.push_back(choice_loss);
            loss += options.choice_weight * choice_loss;
        }
        if (loss < best_loss) {
            best_loss = loss;
            best = p;
            result.best_epoch = epoch;
        }
    }

    // Into the file's units: inputs in 1/kNetworkOne (the spread folded in),
    // the output in evaluation units.
    EvalNetwork& net = result.network;
    for (int t = 0; t < kNetworkInputs; ++t)
        for (int h = 0; h < H; ++h)
            net.input[t][h] = rounded(best[Layout::input(t, h)] * inverse_spread[t] * kNetworkOne);
    for (int h = 0; h < H; ++h) {
        net.input_bias[h] = rounded(best[Layout::input_bias(h)] * kNetworkOne);
        net.output[h] = shared(rounded(best[Layout::output(h)] * result.scale), options.output_share);
    }
    net.bias = shared(rounded(best[Layout::bias()] * result.scale), options.output_share);
    result.held_out_network = log_loss(held_out, linear, net, result.scale);
    return result;
}

}  // namespace kinrow::gomoku
