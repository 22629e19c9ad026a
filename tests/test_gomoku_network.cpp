// The evaluation's network: the file and its errors, and its tuner (it
// learns what the linear terms cannot, the same way every run). The
// incremental sums are checked with the linear ones in test_gomoku_eval.cpp.
#include <cmath>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "core/error.hpp"
#include "gomoku/network.hpp"
#include "gomoku/network_tuner.hpp"

using namespace kinrow;
using namespace kinrow::gomoku;

namespace {

std::string error_of(const std::string& text) {
    try {
        parse_eval_network(text);
    } catch (const Error& e) {
        return e.what();
    }
    return "no error";
}

// `text` with the first `from` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
    std::size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

}  // namespace

TEST(GomokuNetwork, ShippedFileParsesAndRoundTrips) {
    const EvalNetwork& shipped = default_eval_network();
    EXPECT_FALSE(shipped.silent());
    EXPECT_EQ(parse_eval_network(format_eval_network(shipped, "a comment\nover two lines")), shipped);
    EvalNetwork silent;
    EXPECT_TRUE(silent.silent());
    EXPECT_EQ(parse_eval_network(format_eval_network(silent)), silent);
    // Rows in any order.
    std::string text = format_eval_network(shipped);
    std::size_t first_row = text.find("\nline dead dead "), next = text.find('\n', first_row + 1);
    std::string moved = text.substr(0, first_row) + text.substr(next) + text.substr(first_row, next - first_row) + "\n";
    EXPECT_EQ(parse_eval_network(moved), shipped);
}

TEST(GomokuNetwork, CorruptFilesGetClearErrors) {
    std::string good = format_eval_network(default_eval_network());
    std::string zero_row = std::string(" 0").append(2 * (kNetworkHidden - 1), ' ');
    EXPECT_EQ(error_of(""), "eval network: empty file (expected the header 'kinrow-gomoku-network 1')");
    EXPECT_EQ(error_of("kinrow-gomoku-network 2\n"),
              "eval network line 1: expected the header 'kinrow-gomoku-network 1'");
    EXPECT_NE(error_of(replaced(good, "hidden 8", "hidden 16")).find("this build evaluates networks of 'hidden 8'"),
              std::string::npos);
    EXPECT_NE(error_of(replaced(good, "bias ", "bias 1 ")).find("'bias' takes one value"), std::string::npos);
    EXPECT_NE(error_of(replaced(good, "\nbias ", "\nbias x")).find("is not an integer"), std::string::npos);
    EXPECT_NE(error_of(replaced(good, "\nbias ", "\nbias 99999999")).find("is not an integer of at most 700000"),
              std::string::npos);
    EXPECT_NE(error_of(replaced(good, "\noutput ", "\noutput 1 ")).find("output needs 8 values, has 9"),
              std::string::npos);
    EXPECT_NE(error_of(replaced(good, "\nline flex3 dead ", "\nline flex3 gone ")).find("unknown row 'line flex3 gone'"),
              std::string::npos);
    EXPECT_NE(error_of(replaced(good, "\nline flex3 dead ", "\nline flex3 flex3 "))
                  .find("the row 'line flex3 flex3' given twice"),
              std::string::npos);
    EXPECT_NE(error_of(replaced(good, "\ncombo two flex3 ", "\ncombo two three ")).find("unknown row 'combo two three'"),
              std::string::npos);
    EXPECT_NE(error_of(good + "combo two\n").find("a combo row needs 2 names"), std::string::npos);
    // The network has no code inputs (network.hpp).
    EXPECT_NE(error_of(good + "code flex2 flex1 flex1 dead 1 2 3 4 5 6 7 8\n").find("unknown entry 'code'"),
              std::string::npos);
    EXPECT_NE(error_of(replaced(good, "\nbias ", "\nweight ")).find("unknown entry 'weight'"), std::string::npos);
    EXPECT_EQ(error_of(good.substr(0, good.find("\ncombo five five"))), "eval network: missing the row 'combo five five'");
    EXPECT_EQ(error_of(replaced(good, "\noutput ", "\n# output ")), "eval network: missing 'output'");
}

namespace {

// The side to move wins exactly when one side, and only one, has an open
// three: no weighting of the counts expresses it (an exclusive or), a hidden
// layer does.
std::vector<TrainingSample> exclusive_or_samples(std::mt19937& rng, int n) {
    std::vector<TrainingSample> out;
    for (int i = 0; i < n; ++i) {
        TrainingSample s;
        int mine = static_cast<int>(rng() % 3), theirs = static_cast<int>(rng() % 3);
        s.features = {{line_term(kFlex3, kDead), static_cast<float>(mine)},
                      {line_term(kDead, kFlex3), static_cast<float>(theirs)},
                      {line_term(kFlex1, kFlex1), 100.0f},
                      {kTempoTerm, 1.0f}};
        s.score = (mine > 0) != (theirs > 0) ? 1.0f : 0.0f;
        out.push_back(std::move(s));
    }
    return out;
}

}  // namespace

TEST(GomokuNetworkTuner, LearnsWhatTheLinearTermsCannot) {
    std::mt19937 rng(7);
    auto samples = [&](int n) { return exclusive_or_samples(rng, n); };
    std::vector<TrainingSample> fit = samples(2000), held_out = samples(500);
    EvalWeights linear;
    linear.w[line_term(kFlex1, kFlex1)] = 1;  // some linear value, so the scale is fitted to something
    NetworkTuneOptions options;
    options.epochs = 30;
    options.learning_rate = 0.01;
    options.batch = 64;
    NetworkTuneResult r = tune_network(fit, held_out, linear, options);
    EXPECT_GT(r.held_out_linear, 0.6);
    EXPECT_LT(r.held_out_network, 0.25) << "linear " << r.held_out_linear;
    ASSERT_EQ(r.held_out_by_epoch.size(), 30u);
    EXPECT_GE(r.best_epoch, 1);
    EXPECT_NEAR(r.held_out_network, log_loss(held_out, linear, r.network, r.scale), 1e-12);
    // A term never seen keeps a zero input row.
    for (int h = 0; h < kNetworkHidden; ++h) EXPECT_EQ(r.network.input[line_term(kFlex4, kFlex4)][h], 0);
    // The same options give the same network; another seed another one.
    EXPECT_EQ(tune_network(fit, held_out, linear, options).network, r.network);
    options.seed = 2;
    EXPECT_NE(tune_network(fit, held_out, linear, options).network, r.network);
}

TEST(GomokuNetworkTuner, TheShareScalesTheWrittenOutputLayerAlone) {
    std::mt19937 rng(7);
    std::vector<TrainingSample> fit = exclusive_or_samples(rng, 1000), held_out = exclusive_or_samples(rng, 250);
    EvalWeights linear;
    linear.w[line_term(kFlex1, kFlex1)] = 1;
    NetworkTuneOptions options;
    options.epochs = 10;
    options.learning_rate = 0.01;
    options.batch = 64;
    NetworkTuneResult full = tune_network(fit, held_out, linear, options);
    options.output_share = 0.75;
    NetworkTuneResult part = tune_network(fit, held_out, linear, options);
    EXPECT_EQ(part.best_epoch, full.best_epoch);
    EXPECT_EQ(part.network.input, full.network.input);
    EXPECT_EQ(part.network.input_bias, full.network.input_bias);
    // Ties go to the even neighbour: -7.5 is written -8, 142.5 as 142.
    auto at_share = [](std::int32_t v) { return static_cast<std::int32_t>(std::nearbyint(v * 0.75)); };
    int changed = 0;
    for (int h = 0; h < kNetworkHidden; ++h) {
        EXPECT_EQ(part.network.output[h], at_share(full.network.output[h])) << "unit " << h;
        changed += part.network.output[h] != full.network.output[h];
    }
    EXPECT_GT(changed, 0);
    EXPECT_EQ(part.network.bias, at_share(full.network.bias));
    EXPECT_NEAR(part.held_out_network, log_loss(held_out, linear, part.network, part.scale), 1e-12);
}
