#include "gomoku/network.hpp"

#include <algorithm>
#include <charconv>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "core/error.hpp"
#include "gomoku/board.hpp"
#include "gomoku/data_file.hpp"

namespace kinrow::gomoku {

// Defined in the source generated from data/gomoku/eval_network.txt
// (cmake/embed_text.cmake).
std::string_view embedded_eval_network();

int EvalNetwork::value(const std::int32_t* inputs) const {
    std::int64_t total = 0;
    for (int i = 0; i < kNetworkHidden; ++i) total += std::int64_t{output[i]} * std::max(0, inputs[i]);
    // Rounded to the nearest unit, halves away from zero: the same on every machine.
    std::int64_t half = kNetworkOne / 2;
    return bias + static_cast<int>(total >= 0 ? (total + half) / kNetworkOne : -((-total + half) / kNetworkOne));
}

PackedNetwork::PackedNetwork(const EvalNetwork& network) {
    // Black to move sees black's patterns as its own; white to move, white's.
    auto both = [&](int black_to_move, int white_to_move) {
        NetworkSums row{};
        for (int i = 0; i < kNetworkHidden; ++i) {
            row[i] = network.input[black_to_move][i];
            row[kNetworkHidden + i] = network.input[white_to_move][i];
        }
        return row;
    };
    for (int b = 0; b < kLinePatternCount; ++b)
        for (int w = 0; w < kLinePatternCount; ++w) {
            auto black = static_cast<LinePattern>(b), white = static_cast<LinePattern>(w);
            line.push_back(both(line_term(black, white), line_term(white, black)));
        }
    for (int b = 0; b < kComboCount; ++b)
        for (int w = 0; w < kComboCount; ++w) {
            auto black = static_cast<Combo>(b), white = static_cast<Combo>(w);
            combo.push_back(both(combo_term(black, white), combo_term(white, black)));
        }
}

namespace {

constexpr std::string_view kHeader = "kinrow-gomoku-network 1";

// An input term's name in the file: its kind, then two pattern or combo names.
std::string term_key(int t) {
    if (t < kLineTerms)
        return fmt::format("line {} {}", line_pattern_name(static_cast<LinePattern>(t / kLinePatternCount)),
                           line_pattern_name(static_cast<LinePattern>(t % kLinePatternCount)));
    int c = t - kLineTerms;
    return fmt::format("combo {} {}", combo_name(static_cast<Combo>(c / kComboCount)),
                       combo_name(static_cast<Combo>(c % kComboCount)));
}

const std::map<std::string, int, std::less<>>& term_keys() {
    static const std::map<std::string, int, std::less<>> keys = [] {
        std::map<std::string, int, std::less<>> m;
        for (int t = 0; t < kNetworkInputs; ++t) m.emplace(term_key(t), t);
        return m;
    }();
    return keys;
}

class Parser {
public:
    EvalNetwork run(std::string_view text) {
        read_data_lines(text, kHeader, "eval network", [&](const std::vector<std::string_view>& tokens, int line) {
            number_ = line;
            entry(tokens);
        });
        for (const char* name : {"hidden", "bias", "input_bias", "output"})
            if (!seen_scalar_.count(name)) throw Error(fmt::format("eval network: missing '{}'", name));
        for (int t = 0; t < kNetworkInputs; ++t)
            if (!seen_[t]) throw Error(fmt::format("eval network: missing the row '{}'", term_key(t)));
        return network_;
    }

private:
    [[noreturn]] void fail(const std::string& what) const {
        throw Error(fmt::format("eval network line {}: {}", number_, what));
    }

    std::int32_t integer(std::string_view token) const {
        std::int32_t value = 0;
        auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
        if (ec != std::errc{} || end != token.data() + token.size() || value > kMaxValue || value < -kMaxValue)
            fail(fmt::format("'{}' is not an integer of at most {} in size", token, kMaxValue));
        return value;
    }

    void values(const std::vector<std::string_view>& tokens, std::size_t first, std::string_view what,
                std::array<std::int32_t, kNetworkHidden>& out) const {
        if (tokens.size() != first + kNetworkHidden)
            fail(fmt::format("{} needs {} values, has {}", what, kNetworkHidden, tokens.size() - first));
        for (int i = 0; i < kNetworkHidden; ++i) out[i] = integer(tokens[first + i]);
    }

    void scalar(std::string_view name) {
        if (!seen_scalar_.emplace(name).second) fail(fmt::format("'{}' given twice", name));
    }

    void entry(const std::vector<std::string_view>& tokens) {
        std::string_view kind = tokens[0];
        if (kind == "hidden") {
            scalar(kind);
            if (tokens.size() != 2 || integer(tokens[1]) != kNetworkHidden)
                fail(fmt::format("this build evaluates networks of 'hidden {}'", kNetworkHidden));
        } else if (kind == "bias") {
            scalar(kind);
            if (tokens.size() != 2) fail("'bias' takes one value");
            network_.bias = integer(tokens[1]);
        } else if (kind == "input_bias" || kind == "output") {
            scalar(kind);
            values(tokens, 1, kind, kind == "output" ? network_.output : network_.input_bias);
        } else if (kind == "line" || kind == "combo") {
            constexpr std::size_t names = 2;
            if (tokens.size() < names + 1) fail(fmt::format("a {} row needs {} names", kind, names));
            std::string key(kind);
            for (std::size_t i = 1; i <= names; ++i) (key += ' ') += tokens[i];
            auto found = term_keys().find(key);
            if (found == term_keys().end()) fail(fmt::format("unknown row '{}'", key));
            int t = found->second;
            if (seen_[t]) fail(fmt::format("the row '{}' given twice", term_key(t)));
            seen_[t] = true;
            values(tokens, names + 1, fmt::format("the row '{}'", key), network_.input[t]);
        } else {
            fail(fmt::format("unknown entry '{}'", kind));
        }
    }

    // Far beyond any fitted value, and small enough that no sum overflows:
    // 400 cells x 7 terms x 700,000 < 2^31.
    static constexpr std::int32_t kMaxValue = 700000;
    EvalNetwork network_;
    std::array<bool, kNetworkInputs> seen_{};
    std::set<std::string, std::less<>> seen_scalar_;
    int number_ = 0;
};

}  // namespace

EvalNetwork parse_eval_network(std::string_view text) { return Parser{}.run(text); }

std::string format_eval_network(const EvalNetwork& network, std::string_view comment) {
    std::ostringstream out;
    std::istringstream lines{std::string(comment)};
    for (std::string line; std::getline(lines, line);) out << "# " << line << '\n';
    out << kHeader << '\n' << "hidden " << kNetworkHidden << '\n' << "bias " << network.bias << '\n';
    auto row = [&](const std::string& name, const std::array<std::int32_t, kNetworkHidden>& values) {
        out << fmt::format("{:<40}", name);
        for (std::int32_t v : values) out << fmt::format(" {:>6}", v);
        out << '\n';
    };
    row("input_bias", network.input_bias);
    row("output", network.output);
    out << "# the input weights of the line pairs and the combos (1/" << kNetworkOne << ")\n";
    for (int t = 0; t < kNetworkInputs; ++t) row(term_key(t), network.input[t]);
    return out.str();
}

const EvalNetwork& default_eval_network() {
    static const EvalNetwork network = [] {
        try {
            return parse_eval_network(embedded_eval_network());
        } catch (const Error& e) {
            // Only a broken build gets here: the file is checked by the tests.
            throw Error(fmt::format("the embedded data/gomoku/eval_network.txt: {}", e.what()));
        }
    }();
    return network;
}

const EvalNetwork& silent_eval_network() {
    static const EvalNetwork silent;
    return silent;
}

int network_value(const EvalNetwork& network, const EvalVector& features) {
    std::array<std::int32_t, kNetworkHidden> sums = network.input_bias;
    for (int t = 0; t < kNetworkInputs; ++t)
        if (features[t])
            for (int i = 0; i < kNetworkHidden; ++i) sums[i] += features[t] * network.input[t][i];
    return network.value(sums.data());
}

}  // namespace kinrow::gomoku
