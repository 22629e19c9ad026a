#include "weighted/weighted_rules.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cstdlib>

#include "core/error.hpp"

namespace kinrow::weighted {

std::vector<int> default_weights(int n) {
    if (n == 3) return {4, 3, 8, 9, 5, 1, 2, 7, 6};
    if (n == 4) return {4, 14, 15, 1, 9, 7, 6, 12, 5, 11, 10, 8, 16, 2, 3, 13};
    std::vector<int> weights(static_cast<std::size_t>(n) * n);
    for (std::size_t i = 0; i < weights.size(); ++i) weights[i] = static_cast<int>(i) + 1;
    return weights;
}

std::vector<int> parse_weights(std::string_view text, int n) {
    std::vector<int> weights;
    std::size_t i = 0;
    auto separator = [](char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == '/';
    };
    while (i < text.size()) {
        while (i < text.size() && separator(text[i])) ++i;
        std::size_t start = i;
        while (i < text.size() && !separator(text[i])) ++i;
        if (i == start) break;
        std::string_view token = text.substr(start, i - start);
        int value = 0;
        if (token.front() == '+') token.remove_prefix(1);
        auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
        if (token.empty() || ec != std::errc() || end != token.data() + token.size())
            throw Error(
                fmt::format("grid: '{}' is not an integer weight", text.substr(start, i - start)));
        weights.push_back(value);
    }
    if (static_cast<int>(weights.size()) != n * n)
        throw Error(fmt::format("grid: a {}x{} board needs {} weights, got {}", n, n, n * n,
                                weights.size()));
    return weights;
}

GameSpec weighted_game(int n, std::vector<int> weights) {
    if (n < 1 || n > kMaxFreeSide)
        throw Error(fmt::format("board size {} out of range 1..{}", n, kMaxFreeSide));
    if (static_cast<int>(weights.size()) != n * n)
        throw Error(fmt::format("grid: a {}x{} board needs {} weights, got {}", n, n, n * n,
                                weights.size()));
    // The largest |score| any board can reach: all weights on one side times
    // the larger multiplier. Checked in 64 bits before anything is scored.
    long long magnitude = 0;
    for (int w : weights) magnitude += std::llabs(w);
    if (magnitude * ((n * n + 1) / 2) > kScoreLimit)
        throw Error(fmt::format("grid: weights too large, board scores must stay within +-{}",
                                kScoreLimit));
    GameSpec spec = make_game(n, n, n, Placement::Free);
    spec.weights = std::move(weights);
    return spec;
}

Result weighted_result(const Position& pos) {
    if (pos.result() != Result::Draw) return pos.result();
    Score score = weighted_score(pos);
    return score > 0 ? Result::XWins : score < 0 ? Result::OWins : Result::Draw;
}

std::string id_text(const Position& pos) {
    if (pos.spec().has_id()) return std::to_string(pos.id());
    // Horner's rule from the last cell, in base-10^9 limbs (least significant first).
    constexpr std::uint64_t kLimb = 1'000'000'000;
    std::vector<std::uint64_t> limbs{0};
    for (Move m = pos.cells() - 1; m >= 0; --m) {
        std::uint64_t carry = static_cast<std::uint64_t>(pos.at(m));
        for (auto& limb : limbs) {
            std::uint64_t v = limb * 3 + carry;
            limb = v % kLimb;
            carry = v / kLimb;
        }
        if (carry) limbs.push_back(carry);
    }
    std::string text = std::to_string(limbs.back());
    for (auto it = limbs.rbegin() + 1; it != limbs.rend(); ++it) text += fmt::format("{:09}", *it);
    return text;
}

}  // namespace kinrow::weighted
