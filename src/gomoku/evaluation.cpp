#include "gomoku/evaluation.hpp"

#include <algorithm>
#include <charconv>
#include <functional>
#include <cmath>
#include <sstream>
#include <vector>

#include <fmt/format.h>

#include "core/error.hpp"
#include "gomoku/board.hpp"
#include "gomoku/data_file.hpp"

namespace kinrow::gomoku {

// Defined in the sources generated from data/gomoku/eval_weights.txt and
// policy_weights.txt (cmake/embed_text.cmake).
std::string_view embedded_eval_weights();
std::string_view embedded_policy_weights();

namespace {

constexpr const char* kLinePatternNames[kLinePatternCount] = {
    "dead", "block1", "flex1", "block2", "flex2", "block3", "flex3", "block4", "flex4", "five"};
constexpr const char* kComboNames[kComboCount] = {
    "none",  "two",         "double_two",   "flex3", "flex3_two", "double_flex3",
    "block4", "block4_two", "block4_flex3", "flex4", "five"};
constexpr std::string_view kHeader = "kinrow-gomoku-eval 3";

struct Scalar {
    const char* name;
    int term;
};
constexpr Scalar kScalars[] = {
    {"tempo", kTempoTerm},
    {"double_three", kDoubleThreeTerm},
    {"opponent_double_three", kOpponentDoubleThreeTerm},
};

// Parses the weights file, remembering which entries it has seen.
class Parser {
public:
    EvalWeights run(std::string_view text) {
        read_data_lines(text, kHeader, "eval weights", [&](const std::vector<std::string_view>& tokens, int line) {
            number_ = line;
            entry(tokens);
        });
        for (int t = 0; t < kEvalTerms; ++t)
            if (!seen_[t]) throw Error(fmt::format("eval weights: missing {}", term_name(t)));
        return weights_;
    }

private:
    [[noreturn]] void fail(const std::string& what) const {
        throw Error(fmt::format("eval weights line {}: {}", number_, what));
    }

    static std::string term_name(int t) {
        for (const Scalar& s : kScalars)
            if (s.term == t) return fmt::format("'{}'", s.name);
        if (t < kLineTerms)
            return fmt::format("the line value {} / {}", kLinePatternNames[t / kLinePatternCount],
                               kLinePatternNames[t % kLinePatternCount]);
        if (t < kLineTerms + kComboTerms) {
            int c = t - kLineTerms;
            return fmt::format("the combo value {} / {}", kComboNames[c / kComboCount], kComboNames[c % kComboCount]);
        }
        int c = t - code_term(0);
        return fmt::format("the code value {} ({})", code_name(static_cast<PatternCode>(c % kPatternCodeCount)),
                           c < kPatternCodeCount ? "own" : "the opponent's");
    }

    int weight(std::string_view token) const {
        int value = 0;
        auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
        if (ec != std::errc{} || end != token.data() + token.size() || std::abs(value) > kMaxWeight)
            fail(fmt::format("'{}' is not a weight (an integer of at most {} in size)", token, kMaxWeight));
        return value;
    }

    void set(int term, std::string_view token) {
        if (seen_[term]) fail(fmt::format("{} given twice", term_name(term)));
        seen_[term] = true;
        weights_.w[term] = weight(token);
    }

    template <std::size_t N>
    static int index_of(const char* const (&names)[N], std::string_view name) {
        for (std::size_t i = 0; i < N; ++i)
            if (name == names[i]) return static_cast<int>(i);
        return -1;
    }

    void entry(const std::vector<std::string_view>& tokens) {
        if (tokens.size() == 1 && (tokens[0] == "line" || tokens[0] == "combo" || tokens[0] == "code")) {
            table_ = tokens[0] == "line" ? 1 : tokens[0] == "combo" ? 2 : 3;
            return;
        }
        for (const Scalar& s : kScalars)
            if (tokens[0] == s.name) {
                if (tokens.size() != 2) fail(fmt::format("'{}' takes one value", s.name));
                set(s.term, tokens[1]);
                table_ = 0;
                return;
            }
        if (table_ == 1) return row(tokens, kLinePatternNames, [](int own, int opp) {
                   return line_term(static_cast<LinePattern>(own), static_cast<LinePattern>(opp));
               });
        if (table_ == 2) return row(tokens, kComboNames, [](int own, int opp) {
                   return combo_term(static_cast<Combo>(own), static_cast<Combo>(opp));
               });
        if (table_ == 3) return code_row(tokens);
        fail(fmt::format("unknown entry '{}'", tokens[0]));
    }

    // Four pattern names (any order), then the own and the opponent's value.
    void code_row(const std::vector<std::string_view>& tokens) {
        if (tokens.size() != 6)
            fail(fmt::format("a code row needs four pattern names and two values, has {} words", tokens.size()));
        std::array<int, 4> lines{};
        for (int i = 0; i < 4; ++i) {
            lines[i] = index_of(kLinePatternNames, tokens[i]);
            if (lines[i] < 0) fail(fmt::format("unknown line pattern '{}' in the code table", tokens[i]));
        }
        std::sort(lines.begin(), lines.end(), std::greater<>());
        PatternSet patterns = 0;
        for (int d = 0; d < 4; ++d) patterns = static_cast<PatternSet>(patterns | lines[d] << (4 * d));
        PatternCode code = code_of(patterns);
        set(code_term(code), tokens[4]);
        set(opponent_code_term(code), tokens[5]);
    }

    template <std::size_t N, typename Term>
    void row(const std::vector<std::string_view>& tokens, const char* const (&names)[N], Term term) {
        int own = index_of(names, tokens[0]);
        if (own < 0) fail(fmt::format("unknown row '{}' in the {} table", tokens[0], table_ == 1 ? "line" : "combo"));
        if (tokens.size() != N + 1)
            fail(fmt::format("row '{}' needs {} values, has {}", tokens[0], N, tokens.size() - 1));
        for (std::size_t opp = 0; opp < N; ++opp) set(term(own, static_cast<int>(opp)), tokens[opp + 1]);
    }

    // Far beyond any sensible weight, and small enough that no sum overflows.
    static constexpr int kMaxWeight = 100000;
    EvalWeights weights_;
    std::array<bool, kEvalTerms> seen_{};
    int number_ = 0;
    int table_ = 0;  // 1 inside the line table, 2 inside the combo table, 3 inside the code table
};

}  // namespace

const char* line_pattern_name(LinePattern p) { return kLinePatternNames[p]; }
const char* combo_name(Combo c) { return kComboNames[c]; }
std::string code_name(PatternCode code) {
    const auto& lines = code_patterns(code);
    return fmt::format("{} {} {} {}", kLinePatternNames[lines[0]], kLinePatternNames[lines[1]],
                       kLinePatternNames[lines[2]], kLinePatternNames[lines[3]]);
}

EvalWeights parse_eval_weights(std::string_view text) { return Parser{}.run(text); }

std::string format_eval_weights(const EvalWeights& weights, std::string_view comment) {
    std::ostringstream out;
    std::istringstream lines{std::string(comment)};
    for (std::string line; std::getline(lines, line);) out << "# " << line << '\n';
    out << kHeader << '\n';
    for (const Scalar& s : kScalars) out << s.name << ' ' << weights.w[s.term] << '\n';
    auto table = [&](const char* name, const char* const* names, int count, int first) {
        out << name << "  # rows: own, columns: the opponent's";
        for (int i = 0; i < count; ++i) out << ' ' << names[i];
        out << '\n';
        for (int own = 0; own < count; ++own) {
            out << fmt::format("{:<13}", names[own]);
            for (int opp = 0; opp < count; ++opp) out << fmt::format(" {:>6}", weights.w[first + own * count + opp]);
            out << '\n';
        }
    };
    table("line", kLinePatternNames, kLinePatternCount, 0);
    table("combo", kComboNames, kComboCount, kLineTerms);
    out << "code  # the four line patterns, then the value as the side to move's code and as the opponent's\n";
    for (int c = 0; c < kPatternCodeCount; ++c) {
        auto code = static_cast<PatternCode>(c);
        out << fmt::format("{:<26} {:>6} {:>6}\n", code_name(code), weights.code(code), weights.opponent_code(code));
    }
    return out.str();
}

namespace {

EvalWeights parse_embedded(std::string_view text, std::string_view file) {
    try {
        return parse_eval_weights(text);
    } catch (const Error& e) {
        // Only a broken build gets here: the files are checked by the tests.
        throw Error(fmt::format("the embedded data/gomoku/{}: {}", file, e.what()));
    }
}

}  // namespace

const EvalWeights& default_eval_weights() {
    static const EvalWeights weights = parse_embedded(embedded_eval_weights(), "eval_weights.txt");
    return weights;
}

const EvalWeights& default_policy_weights() {
    static const EvalWeights weights = parse_embedded(embedded_policy_weights(), "policy_weights.txt");
    return weights;
}

EvalWeights prior_eval_weights() {
    EvalWeights prior;
    auto ours = [](int value) { return static_cast<int>(std::lround(value * 1.25)); };
    for (int own = 0; own < kLinePatternCount; ++own)
        for (int opp = 0; opp < kLinePatternCount; ++opp)
            prior.w[line_term(static_cast<LinePattern>(own), static_cast<LinePattern>(opp))] =
                ours(kLineValue[own]) - kLineValue[opp];
    for (int own = 0; own < kComboCount; ++own)
        for (int opp = 0; opp < kComboCount; ++opp)
            prior.w[combo_term(static_cast<Combo>(own), static_cast<Combo>(opp))] =
                ours(kShapeBonus[combo_shape(static_cast<Combo>(own))]) -
                kShapeBonus[combo_shape(static_cast<Combo>(opp))];
    prior.w[kDoubleThreeTerm] = 1500;
    return prior;
}

namespace {

bool has_four(const Board& board, Colour c) {
    return board.shape_count(c, kShapeBlock4) + board.shape_count(c, kShapeBlock4Flex3) > 0;
}

// The per-cell terms of the empty squares, added to f with sign n.
void add_cell_features(const Board& board, int n, EvalVector& f) {
    Colour me = board.side_to_move(), them = other(me);
    for (Sq s : board.squares()) {
        if (!board.is_empty(s)) continue;
        PatternSet mine = board.patterns(me, s), theirs = board.patterns(them, s);
        for (int d = 0; d < 4; ++d) f[line_term(line_of(mine, d), line_of(theirs, d))] += n;
        f[combo_term(combo_of(mine), combo_of(theirs))] += n;
        f[code_term(code_of(mine))] += n;
        f[opponent_code_term(code_of(theirs))] += n;
    }
}

}  // namespace

int evaluate(const Board& board) {
    const EvalWeights& weights = board.eval_weights();
    Colour me = board.side_to_move(), them = other(me);
    int score = board.eval_sum(me) + weights.w[kTempoTerm] + board.network_value();
    if (board.shape_count(me, kShapeDoubleFlex3) && !has_four(board, them)) score += weights.w[kDoubleThreeTerm];
    if (board.shape_count(them, kShapeDoubleFlex3) && !has_four(board, me))
        score += weights.w[kOpponentDoubleThreeTerm];
    return score;
}

EvalVector eval_features(const Board& board) {
    EvalVector f{};
    add_cell_features(board, +1, f);
    if (board.width() != kFittedSide || board.height() != kFittedSide) {
        add_cell_features(Board(board.width(), board.height(), board.rule(), board.eval_weights()), -1, f);
        add_cell_features(Board(kFittedSide, kFittedSide, board.rule(), board.eval_weights()), +1, f);
    }
    Colour me = board.side_to_move(), them = other(me);
    f[kTempoTerm] = 1;
    f[kDoubleThreeTerm] = board.shape_count(me, kShapeDoubleFlex3) && !has_four(board, them);
    f[kOpponentDoubleThreeTerm] = board.shape_count(them, kShapeDoubleFlex3) && !has_four(board, me);
    return f;
}

}  // namespace kinrow::gomoku
