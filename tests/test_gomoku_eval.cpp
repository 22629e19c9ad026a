// The Gomoku evaluation: pattern codes on hand-made lines, the incremental
// sums against a count from scratch, symmetry, the weights file and its
// errors, the tuner (loss goes down, games are replayed exactly) and the
// move-ordering policy (its fit learns an order, the shipped one is sane).
#include <algorithm>
#include <functional>
#include <random>
#include <set>

#include <gtest/gtest.h>

#include "core/error.hpp"
#include "gomoku/board.hpp"
#include "gomoku/evaluation.hpp"
#include "gomoku/network.hpp"
#include "gomoku/network_tuner.hpp"
#include "gomoku/policy.hpp"
#include "gomoku/threats.hpp"
#include "gomoku/tuner.hpp"

using namespace kinrow;
using namespace kinrow::gomoku;

namespace {

constexpr int kHorizontal = 0;

// A 15x15 board with the given black and white stones placed and `to_move` to move.
Board board_with(const std::vector<std::pair<int, int>>& black, const std::vector<std::pair<int, int>>& white,
                 Colour to_move = kBlack) {
    Board b(15, 15, WinRule::AtLeastK);
    for (auto [r, c] : black) b.place(b.sq(r, c), kBlack);
    for (auto [r, c] : white) b.place(b.sq(r, c), kWhite);
    b.set_side_to_move(to_move);
    return b;
}

LinePattern horizontal(const Board& b, Colour c, int row, int col) {
    return line_of(b.patterns(c, b.sq(row, col)), kHorizontal);
}

int dot(const EvalVector& features, const EvalWeights& weights) {
    int sum = 0;
    for (int t = 0; t < kEvalTerms; ++t) sum += features[t] * weights.w[t];
    return sum;
}

// The evaluation counted from scratch: the linear terms and the network.
int from_scratch(const Board& b) {
    EvalVector f = eval_features(b);
    return dot(f, b.eval_weights()) + network_value(b.eval_network(), f);
}

// A network with every input row different, so a wrong index shows.
EvalNetwork scrambled_network(unsigned seed) {
    std::mt19937 rng(seed);
    auto draw = [&](int range) { return static_cast<std::int32_t>(rng() % (2 * range + 1)) - range; };
    EvalNetwork n;
    for (auto& row : n.input)
        for (auto& x : row) x = draw(3000);
    for (auto& x : n.input_bias) x = draw(20000);
    for (auto& x : n.output) x = draw(300);
    n.bias = draw(100);
    return n;
}

// Weights with every term different, so a wrong index shows.
EvalWeights scrambled_weights(unsigned seed) {
    std::mt19937 rng(seed);
    EvalWeights w;
    for (int& x : w.w) x = static_cast<int>(rng() % 2001) - 1000;
    return w;
}

// Up to `plies` random moves near the stones, none of them a five; returns
// how many were played.
int random_moves(Board& b, std::mt19937& rng, int plies) {
    int played = 0;
    for (; played < plies; ++played) {
        std::vector<Sq> near;
        for (Sq s : b.squares())
            if (b.is_empty(s) && (b.stones() == 0 || b.neighbours(s) > 0) &&
                b.shape(b.side_to_move(), s) != kShapeFive)
                near.push_back(s);
        if (near.empty()) break;
        b.play(near[rng() % near.size()]);
    }
    return played;
}

}  // namespace

TEST(GomokuEval, PatternCodesOnHandMadeLines) {
    // Row 7: . X X X . (open three): either end makes an open four.
    Board open = board_with({{7, 5}, {7, 6}, {7, 7}}, {});
    EXPECT_EQ(horizontal(open, kBlack, 7, 4), kFlex4);
    EXPECT_EQ(horizontal(open, kBlack, 7, 8), kFlex4);
    EXPECT_EQ(horizontal(open, kBlack, 7, 9), kBlock4);  // X X X . [X]: one cell completes
    // Broken three X . X X: the gap makes an open four.
    Board broken = board_with({{7, 4}, {7, 6}, {7, 7}}, {});
    EXPECT_EQ(horizontal(broken, kBlack, 7, 5), kFlex4);
    // Blocked on one side: O X X X . gives only a four.
    Board blocked = board_with({{7, 5}, {7, 6}, {7, 7}}, {{7, 4}});
    EXPECT_EQ(horizontal(blocked, kBlack, 7, 8), kBlock4);
    // Against the wall: X X . at the edge cannot become an open three.
    Board edge = board_with({{7, 0}, {7, 1}}, {});
    EXPECT_EQ(horizontal(edge, kBlack, 7, 2), kBlock3);
    // Both colours at one cell: X X X X [.] O O O . gives black a five and
    // white a four (blocked by the black stones).
    Board both = board_with({{7, 2}, {7, 3}, {7, 4}, {7, 5}}, {{7, 7}, {7, 8}, {7, 9}}, kWhite);
    EXPECT_EQ(horizontal(both, kBlack, 7, 6), kFive);
    EXPECT_EQ(horizontal(both, kWhite, 7, 6), kBlock4);
    // The evaluation sees that cell's code from the side to move: (white
    // block4, black five).
    EvalVector f = eval_features(both);
    EXPECT_GE(f[line_term(kBlock4, kFive)], 1);
    EXPECT_EQ(f[line_term(kFive, kBlock4)], 0);
    // A cell no five can pass through on a line (hemmed in by white) is dead.
    Board dead = board_with({{7, 7}}, {{7, 4}, {7, 9}});
    EXPECT_EQ(horizontal(dead, kBlack, 7, 6), kDead);
}

TEST(GomokuEval, IncrementalSumsEqualTheFeatureCount) {
    std::mt19937 rng(11);
    EvalWeights scrambled = scrambled_weights(3);
    // The shipped network, a scrambled one and none (the linear terms alone).
    EvalNetwork scrambled_net = scrambled_network(3), silent;
    const EvalNetwork* networks[] = {&default_eval_network(), &scrambled_net, &silent};
    for (int game = 0; game < 9; ++game) {
        // 20x20 too: there the sums and the features are shifted to 15x15.
        int side = game % 3 == 2 ? 20 : 15;
        Board b(side, side, WinRule::AtLeastK, default_eval_weights(), *networks[game / 3]);
        if (game % 2) b.set_eval_weights(scrambled);
        int played = random_moves(b, rng, 40);
        if (game / 3 == 2) {
            EXPECT_EQ(b.network_value(), 0);
        }
        for (int i = 0; i <= played; ++i) {
            ASSERT_EQ(evaluate(b), from_scratch(b)) << "game " << game;
            ASSERT_EQ(b.network_value(), network_value(b.eval_network(), eval_features(b))) << "game " << game;
            if (i < played) b.undo();
        }
    }
    // New weights on a board with stones: the sums are rebuilt, and moves
    // taken back afterwards restore sums under the new weights too (and off
    // 15x15 the shift is the new weights' as well).
    for (int side : {15, 20}) {
        Board b(side, side, WinRule::ExactlyK, default_eval_weights(), scrambled_net);
        int played = random_moves(b, rng, 30);
        b.set_eval_weights(scrambled);
        EXPECT_EQ(b.stones(), played);
        for (int i = 0; i <= played; ++i) {
            ASSERT_EQ(evaluate(b), dot(eval_features(b), scrambled) + network_value(scrambled_net, eval_features(b)))
                << side << ", after " << i << " moves taken back";
            if (i < played) b.undo();
        }
    }
}

// The weights are fitted on 15x15; every other size is shifted so that its
// empty board is worth what the empty 15x15 board is, and the same stones
// near the top-left corner are then worth the same on 19x19 and 20x20 (the
// far edges out of every changed cell's reach on both). Unshifted, each of
// the extra far cells gave the side to move a few units, and 20x20 played
// with a bias 15x15 never had (session 20).
TEST(GomokuEval, EveryBoardSizeIsValuedAsTheFittedOne) {
    EvalWeights scrambled = scrambled_weights(4);
    // The network's inputs are shifted as the linear sums are.
    EvalNetwork net = scrambled_network(4);
    for (WinRule rule : {WinRule::AtLeastK, WinRule::ExactlyK}) {
        int fitted = evaluate(Board(15, 15, rule, scrambled, net));
        EXPECT_NE(fitted, scrambled.w[kTempoTerm]);
        EXPECT_NE(Board(15, 15, rule, scrambled, net).network_value(), 0);
        for (auto [w, h] : {std::pair{20, 20}, {19, 19}, {7, 12}})
            EXPECT_EQ(evaluate(Board(w, h, rule, scrambled, net)), fitted) << w << "x" << h;
    }
    std::mt19937 rng(8);
    for (int game = 0; game < 4; ++game) {
        Board b19(19, 19, WinRule::AtLeastK, scrambled, net), b20(20, 20, WinRule::AtLeastK, scrambled, net);
        for (int i = 0; i < 10 + 3 * game; ++i) {
            Sq s;
            do s = b19.sq(static_cast<int>(rng() % 8), static_cast<int>(rng() % 8));
            while (!b19.is_empty(s) || b19.shape(b19.side_to_move(), s) == kShapeFive);
            b20.play(b20.sq(b19.row_of(s), b19.col_of(s)));
            b19.play(s);
            ASSERT_EQ(evaluate(b19), evaluate(b20)) << "game " << game << ", " << i + 1 << " stones";
        }
    }
}

TEST(GomokuEval, MirroredAndTurnedPositionsEvaluateTheSame) {
    std::mt19937 rng(5);
    EvalWeights scrambled = scrambled_weights(9);
    EvalNetwork net = scrambled_network(9);
    for (int game = 0; game < 4; ++game) {
        Board b(15, 15, WinRule::AtLeastK);
        random_moves(b, rng, 12 + 7 * game);
        std::vector<int> values;
        for (int symmetry = 0; symmetry < 8; ++symmetry) {
            Board t(15, 15, WinRule::AtLeastK, scrambled, net);
            for (Sq s : b.squares()) {
                if (b.is_empty(s)) continue;
                int r = b.row_of(s), c = b.col_of(s);
                if (symmetry & 1) c = 14 - c;
                if (symmetry & 2) r = 14 - r;
                if (symmetry & 4) std::swap(r, c);
                t.place(t.sq(r, c), b.cell(s) == 1 ? kBlack : kWhite);
            }
            t.set_side_to_move(b.side_to_move());
            values.push_back(evaluate(t));
        }
        for (int v : values) EXPECT_EQ(v, values[0]) << "game " << game;
    }
}

TEST(GomokuEval, WeightsFileRoundTripsAndTheShippedOneParses) {
    const EvalWeights& shipped = default_eval_weights();
    EXPECT_EQ(parse_eval_weights(format_eval_weights(shipped, "a comment\nover two lines")), shipped);
    EvalWeights scrambled = scrambled_weights(1);
    EXPECT_EQ(parse_eval_weights(format_eval_weights(scrambled)), scrambled);
    // Winning more is worth more: the tuned table keeps the obvious order.
    EXPECT_GT(shipped.line(kFlex3, kDead), shipped.line(kFlex1, kDead));
}

TEST(GomokuEval, CorruptWeightsFilesGetClearErrors) {
    std::string good = format_eval_weights(prior_eval_weights());
    auto error_of = [](const std::string& text) {
        try {
            parse_eval_weights(text);
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    auto replaced = [&](const std::string& from, const std::string& to) {
        std::string text = good;
        std::size_t at = text.find(from);
        EXPECT_NE(at, std::string::npos) << from;
        return text.replace(at, from.size(), to);
    };
    EXPECT_EQ(error_of(""), "eval weights: empty file (expected the header 'kinrow-gomoku-eval 3')");
    // The earlier formats (seven shapes instead of eleven combos; no code
    // table) are not read.
    EXPECT_EQ(error_of("kinrow-gomoku-eval 2\n"), "eval weights line 1: expected the header 'kinrow-gomoku-eval 3'");
    EXPECT_EQ(error_of(replaced("tempo ", "tempo x")).find("eval weights line 2: "), 0u);
    EXPECT_NE(error_of(replaced("tempo 0", "tempo 0.5")).find("'0.5' is not a weight"), std::string::npos);
    EXPECT_NE(error_of(replaced("tempo 0", "tempo 0 1")).find("'tempo' takes one value"), std::string::npos);
    EXPECT_NE(error_of(replaced("tempo ", "pace ")).find("unknown entry 'pace'"), std::string::npos);
    EXPECT_NE(error_of(replaced("double_three ", "tempo ")).find("'tempo' given twice"), std::string::npos);
    EXPECT_NE(error_of(replaced("\nflex3 ", "\nflex3 7 ")).find("row 'flex3' needs 10 values, has 11"),
              std::string::npos);
    EXPECT_NE(error_of(replaced("\nflex3 ", "\nflex9 ")).find("unknown row 'flex9' in the line table"),
              std::string::npos);
    EXPECT_EQ(error_of(good.substr(0, good.find("\ncombo"))), "eval weights: missing the combo value none / none");
    EXPECT_NE(error_of(replaced("\nflex3_two ", "\nflex3_three ")).find("unknown row 'flex3_three' in the combo table"),
              std::string::npos);
    EXPECT_NE(error_of(replaced("tempo ", "tempo 99999999999")).find("is not a weight"), std::string::npos);
    EXPECT_EQ(error_of(good.substr(0, good.find("\ncode"))),
              "eval weights: missing the code value five five five five (own)");
    EXPECT_NE(error_of(replaced("\nflex2 flex2 flex1 dead ", "\nflex2 flex2 flex1 gone ")).find(
                  "unknown line pattern 'gone' in the code table"),
              std::string::npos);
    EXPECT_NE(error_of(replaced("\nflex2 flex2 flex1 dead ", "\nflex2 flex2 flex1 ")).find(
                  "a code row needs four pattern names and two values, has 5 words"),
              std::string::npos);
    // A code's patterns may come in any order, but only once.
    EXPECT_NE(error_of(replaced("\nflex2 flex2 flex1 dead ", "\nflex2 flex2 flex1 flex1 ")).find(
                  "the code value flex2 flex2 flex1 flex1 (own) given twice"),
              std::string::npos);
}

TEST(GomokuEval, CodesAreTheFourPatternsInAnyOrder) {
    // 715 codes: every multiset of four of the ten patterns once.
    std::set<std::array<LinePattern, 4>> seen;
    for (int c = 0; c < kPatternCodeCount; ++c) {
        const auto& lines = code_patterns(static_cast<PatternCode>(c));
        EXPECT_TRUE(std::is_sorted(lines.begin(), lines.end(), std::greater<>())) << c;
        EXPECT_TRUE(seen.insert(lines).second) << c;
        PatternSet set = 0;
        for (int d = 0; d < 4; ++d) set = static_cast<PatternSet>(set | lines[d] << (4 * d));
        EXPECT_EQ(code_of(set), c);
    }
    EXPECT_EQ(seen.size(), 715u);
    // The directions do not matter: flex3 on one line, flex2 on two others.
    auto set_of = [](int a, int b, int c, int d) { return static_cast<PatternSet>(a | b << 4 | c << 8 | d << 12); };
    EXPECT_EQ(code_of(set_of(kFlex3, kFlex2, kFlex2, kDead)), code_of(set_of(kDead, kFlex2, kFlex3, kFlex2)));
    EXPECT_NE(code_of(set_of(kFlex3, kFlex2, kFlex2, kDead)), code_of(set_of(kFlex3, kFlex2, kFlex1, kDead)));
    EXPECT_EQ(code_name(code_of(set_of(kDead, kFlex2, kFlex3, kFlex2))), "flex3 flex2 flex2 dead");
    // A lone black stone in the middle of the board: the cell beside it has
    // a flex2 towards it and three flex1 lines, for black; white sees the
    // same lines blocked on one side.
    Board b = board_with({{7, 7}}, {}, kWhite);
    EvalVector f = eval_features(b);
    PatternCode black_next = code_of(b.patterns(kBlack, b.sq(7, 8)));
    EXPECT_EQ(code_name(black_next), "flex2 flex1 flex1 flex1");
    EXPECT_GE(f[opponent_code_term(black_next)], 8);  // the eight neighbours, black's as the opponent's
}

TEST(GomokuTuner, LowersTheLossOnASyntheticSet) {
    // The side to move wins exactly when it has more open-three cells than
    // the opponent: a rule the weights can express.
    std::mt19937 rng(2);
    std::vector<TrainingSample> samples;
    for (int i = 0; i < 400; ++i) {
        TrainingSample s;
        int mine = static_cast<int>(rng() % 5), theirs = static_cast<int>(rng() % 5);
        s.features = {{line_term(kFlex3, kDead), static_cast<float>(mine)},
                      {line_term(kDead, kFlex3), static_cast<float>(theirs)},
                      {kTempoTerm, 1.0f}};
        s.score = mine > theirs ? 1.0f : mine < theirs ? 0.0f : 0.5f;
        samples.push_back(std::move(s));
    }
    EvalWeights zero;
    TuneOptions options;
    options.iterations = 300;
    TuneResult r = tune_weights(samples, zero, options);
    EXPECT_NEAR(r.loss_before, std::log(2.0), 1e-9);
    EXPECT_LT(r.loss_after, 0.5 * r.loss_before);
    EXPECT_GT(r.weights.line(kFlex3, kDead), 0);
    EXPECT_LT(r.weights.line(kDead, kFlex3), 0);
    EXPECT_EQ(r.weights.line(kFlex4, kFlex4), 0);  // never seen: stays at its start
}

TEST(GomokuTuner, SelfPlayGamesReplayAndTune) {
    SelfPlayOptions play;
    // 15x15, the size the evaluation is fitted on (evaluation.hpp): off it the
    // features carry the shift to 15x15, a large constant the fit is not for.
    play.width = play.height = 15;
    play.games = 3;
    play.nodes = 300;
    play.threat_nodes = 1000;
    play.seed = 4;
    EvalWeights prior = prior_eval_weights();
    std::vector<TrainingGame> games = play_training_games(prior, play);
    ASSERT_EQ(games.size(), 3u);
    // Deterministic: the same options give the same games, also when they
    // are played three at once.
    play.jobs = 3;
    std::vector<TrainingGame> again = play_training_games(prior, play);
    for (int g = 0; g < 3; ++g) EXPECT_EQ(games[g].moves, again[g].moves);
    EXPECT_NE(games[0].moves, games[1].moves);
    play.jobs = 1;
    // The file format keeps them.
    std::vector<TrainingGame> parsed = parse_training_games(format_training_games(games));
    ASSERT_EQ(parsed.size(), 3u);
    for (int g = 0; g < 3; ++g) {
        EXPECT_EQ(parsed[g].moves, games[g].moves);
        EXPECT_EQ(parsed[g].black_score, games[g].black_score);
    }
    std::vector<TrainingSample> samples = training_samples(games, play);
    ASSERT_FALSE(samples.empty());
    TuneOptions options;
    options.scale = fit_scale(samples, prior);
    options.iterations = 50;
    TuneResult r = tune_weights(samples, prior, options);
    EXPECT_LT(r.loss_after, r.loss_before);
    // A duel counts every game and repeats exactly, on any number of threads.
    EvalWeights other = scrambled_weights(6);
    DuelResult duel = play_duel(prior, other, play);
    play.jobs = 2;
    DuelResult repeat = play_duel(prior, other, play);
    EXPECT_EQ(duel.wins + duel.draws + duel.losses, 3);
    EXPECT_EQ(duel.wins, repeat.wins);
    EXPECT_EQ(duel.draws, repeat.draws);
    EXPECT_THROW(parse_training_games("1 112 112x\n"), Error);
    EXPECT_THROW(parse_training_games("2 112\n"), Error);
    // An occupied cell in a game is refused when the positions are replayed.
    EXPECT_THROW(training_samples(parse_training_games("1 40 40\n"), play), Error);
}

TEST(GomokuTuner, JudgedMovesBlendIntoTheTargets) {
    SelfPlayOptions play;
    play.width = play.height = 9;
    play.opening_stones = 4;
    // Black won; the judge rated black's fifth stone's position 0.2 for
    // black and white's sixth 0.9 for white.
    std::vector<TrainingGame> games = parse_training_games("1 40 41 30 31 52:0.2 51:0.9 60\n");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(games[0].judged[4], 0.2f);
    EXPECT_EQ(games[0].judged[6], kNotJudged);
    EXPECT_EQ(parse_training_games(format_training_games(games))[0].judged, games[0].judged);
    std::vector<TrainingSample> results_only = training_samples(games, play);
    ASSERT_EQ(results_only.size(), 3u);  // plies 4, 5 and 6
    EXPECT_FLOAT_EQ(results_only[0].score, 1);
    EXPECT_FLOAT_EQ(results_only[1].score, 0);
    std::vector<TrainingSample> blended = training_samples(games, play, 0.5);
    EXPECT_FLOAT_EQ(blended[0].score, 0.6f);   // (0.2 + 1) / 2
    EXPECT_FLOAT_EQ(blended[1].score, 0.45f);  // (0.9 + 0) / 2
    EXPECT_FLOAT_EQ(blended[2].score, 1);      // not judged: the result
    // Games without judged moves keep no judged list (and write none).
    EXPECT_TRUE(parse_training_games("1 40 41\n")[0].judged.empty());
    EXPECT_THROW(parse_training_games("1 40:1.5\n"), Error);
    EXPECT_THROW(parse_training_games("1 40:\n"), Error);
    EXPECT_THROW(parse_training_games("1 40:0.5x\n"), Error);
    EXPECT_THROW(parse_training_games("1 :0.5\n"), Error);
}

TEST(GomokuTuner, SearchJudgeRatesEachOpenPositionBySearch) {
    SelfPlayOptions play;
    play.games = 2;
    play.nodes = 300;
    play.threat_nodes = 1000;
    play.opening_stones = 3;
    play.seed = 7;
    std::vector<TrainingGame> games = play_training_games(default_eval_weights(), play);
    SearchJudgement j = judge_by_search(games, play, 800);
    EXPECT_EQ(j.scale, 800);
    ASSERT_EQ(j.games.size(), 2u);
    std::size_t judged = 0, decided = 0;
    for (std::size_t g = 0; g < 2; ++g) {
        const TrainingGame& game = j.games[g];
        EXPECT_EQ(game.moves, games[g].moves);
        ASSERT_EQ(game.judged.size(), game.moves.size());
        // The opening's random stones are not judged; the rest are scores.
        for (int ply = 0; ply < play.opening_stones; ++ply) EXPECT_EQ(game.judged[ply], kNotJudged);
        for (float v : game.judged) {
            if (v == kNotJudged) continue;
            EXPECT_GE(v, 0);
            EXPECT_LE(v, 1);
            ++judged;
        }
        // The winner's last judged position is a proven win (its threat
        // search finds the five), the loser's before it no better than even;
        // a drawn game (a full board) has neither.
        if (game.black_score == 0.5) continue;
        ++decided;
        std::size_t winner = game.black_score == 1 ? 0 : 1;
        int last_winner = -1, last_loser = -1;
        for (std::size_t ply = 0; ply < game.moves.size(); ++ply)
            if (game.judged[ply] != kNotJudged) (ply % 2 == winner ? last_winner : last_loser) = static_cast<int>(ply);
        ASSERT_GE(last_winner, 0);
        ASSERT_GE(last_loser, 0);
        EXPECT_EQ(game.judged[last_winner], 1);
        EXPECT_LE(game.judged[last_loser], 0.5);
    }
    EXPECT_GE(decided, 1u);
    EXPECT_EQ(j.positions, judged);
    // Only open positions are judged: as many as the fit takes at most.
    EXPECT_LE(judged, training_samples(games, play).size());
    EXPECT_GT(judged, 10u);
    // With judge weight 1 the fit's targets are the judged scores.
    std::vector<TrainingSample> targets = training_samples(j.games, play, 1);
    EXPECT_TRUE(std::any_of(targets.begin(), targets.end(), [](const auto& t) { return t.score > 0 && t.score < 1; }));
    // The same verdicts on two threads; the fitted scale is a positive one;
    // the file format keeps them.
    play.jobs = 2;
    SearchJudgement again = judge_by_search(games, play);
    EXPECT_GT(again.scale, 0);
    EXPECT_EQ(again.positions, j.positions);
    SearchJudgement same_scale = judge_by_search(games, play, 800);
    for (std::size_t g = 0; g < 2; ++g) {
        EXPECT_EQ(same_scale.games[g].judged, j.games[g].judged);
        EXPECT_EQ(parse_training_games(format_training_games(j.games))[g].judged, j.games[g].judged);
    }
    // A game with an illegal move is refused.
    EXPECT_THROW(judge_by_search(parse_training_games("1 40 40\n"), play), Error);
}

namespace {

// Games of up to 30 moves after a random 3-stone opening, each move
// choose(board) (kNoSq ends the game); a game's result cycles through black wins, white wins, draw.
template <class Choose>
std::vector<TrainingGame> games_choosing(int count, unsigned seed, Choose choose) {
    std::mt19937 rng(seed);
    std::vector<TrainingGame> games;
    for (int g = 0; g < count; ++g) {
        // The linear weights alone, as the tuner's diagnostics judge them.
        Board b(15, 15, WinRule::AtLeastK, default_eval_weights(), silent_eval_network());
        TrainingGame game;
        auto play = [&](Sq s) {
            game.moves.push_back(b.to_move(s));
            b.play(s);
        };
        while (b.stones() < 3) {
            Sq s = b.sq(5 + static_cast<int>(rng() % 5), 5 + static_cast<int>(rng() % 5));
            if (b.is_empty(s)) play(s);
        }
        for (int ply = 0; ply < 30 && !b.last_move_won(); ++ply) {
            Sq s = choose(b);
            if (s == kNoSq) break;  // no candidate: an open three no reply stops
            play(s);
        }
        game.black_score = g % 3 == 0 ? 1 : g % 3 == 1 ? 0 : 0.5;
        games.push_back(std::move(game));
    }
    return games;
}

// Games whose every move is the hand-set ordering's first choice (the
// highest value(me) + value(them) among the squares near the stones, the
// first on ties).
std::vector<TrainingGame> hand_ordered_games(int count, unsigned seed) {
    return games_choosing(count, seed, [](const Board& b) {
        Colour me = b.side_to_move(), them = other(me);
        Sq best = kNoSq;
        for (Sq s : b.squares())
            if (b.is_empty(s) && b.neighbours(s) > 0 &&
                (best == kNoSq || b.value(me, s) + b.value(them, s) > b.value(me, best) + b.value(them, best)))
                best = s;
        return best;
    });
}

// Games whose every move is the shipped linear weights' one-ply choice: among
// the search's candidates, the one after which the opponent's evaluation is
// lowest, the first generated on ties.
std::vector<TrainingGame> one_ply_games(int count, unsigned seed) {
    return games_choosing(count, seed, [](Board& b) {
        Sq best = kNoSq;
        int best_value = 0;
        for_each_candidate(b, [&](Sq s) {
            b.play(s);
            int value = -evaluate(b);
            b.undo();
            if (best == kNoSq || value > best_value) {
                best = s;
                best_value = value;
            }
        });
        return best;
    });
}

}  // namespace

TEST(GomokuPolicy, FitLearnsTheOrderTheGamesFollow) {
    SelfPlayOptions options;
    options.opening_stones = 3;
    PolicySamples samples = policy_samples(hand_ordered_games(40, 3), options);
    ASSERT_GT(samples.positions.size(), 200u);
    // Positions where the opponent has an open three are left out when the
    // move played is no reply; every kept position's move is a candidate.
    for (const auto& p : samples.positions) {
        ASSERT_LT(p.played, p.end - p.first);
        ASSERT_GT(p.end - p.first, 1u);
    }
    // The games follow the hand-set order wherever it is the search's
    // order of candidates (no open three to answer): nearly always first.
    PolicyStats hand = hand_order_stats(samples);
    EXPECT_GT(hand.top1, 0.9);
    // A policy of zeros ranks the first generated candidate first: no better
    // than chance at the moves played.
    EvalWeights zero;
    PolicyStats before = policy_stats(samples, zero);
    EXPECT_LT(before.top1, 0.2);
    PolicyOptions fit;
    fit.iterations = 200;
    EvalWeights policy = fit_policy(samples, fit);
    PolicyStats after = policy_stats(samples, policy);
    EXPECT_LT(after.log_loss, 0.5 * before.log_loss);
    EXPECT_GT(after.top1, 0.6);
    EXPECT_LT(after.mean_rank, 0.25 * before.mean_rank);
    EXPECT_THROW(fit_policy(PolicySamples{}, fit), Error);
}

TEST(GomokuTuner, OnePlyStatsRankTheEvaluationsOwnChoiceFirst) {
    SelfPlayOptions options;
    options.opening_stones = 3;
    std::vector<TrainingGame> games = one_ply_games(12, 5);
    PolicyStats own = one_ply_stats(games, options, default_eval_weights());
    EXPECT_EQ(own.top1, 1.0);
    EXPECT_EQ(own.mean_rank, 0.0);
    // Evaluated with zeros, every child ties and the first generated is
    // ranked first: seldom the move these games played.
    PolicyStats zero = one_ply_stats(games, options, EvalWeights{});
    EXPECT_LT(zero.top1, 0.3);
    EXPECT_GT(zero.mean_rank, 2.0);
    // The hand-ordered games are not the evaluation's choices everywhere.
    PolicyStats hand = one_ply_stats(hand_ordered_games(12, 3), options, default_eval_weights());
    EXPECT_LT(hand.top1, 1.0);
    EXPECT_GT(hand.top1, zero.top1);
}

// The choice samples are one_ply_stats' positions: in games of the linear
// weights' own one-ply choices, every move played is the child the
// opponent rates lowest.
TEST(GomokuTuner, ChoiceSamplesHoldEachCandidatesChild) {
    SelfPlayOptions options;
    options.opening_stones = 3;
    std::vector<TrainingGame> games = one_ply_games(12, 5);
    ChoiceSamples choices = choice_samples(games, options, default_eval_weights());
    ASSERT_GT(choices.positions.size(), 100u);
    ASSERT_EQ(choices.children.size(), choices.linear.size());
    for (const auto& p : choices.positions) {
        ASSERT_GT(p.end - p.first, 1u);
        ASSERT_LT(p.played, p.end - p.first);
        float played = choices.linear[p.first + p.played];
        for (std::uint32_t c = p.first; c < p.end; ++c) EXPECT_LE(played, choices.linear[c]);
        // Only the network's inputs are kept.
        for (std::uint32_t c = p.first; c < p.end; ++c)
            for (auto [term, count] : choices.children[c].features) EXPECT_LT(term, kNetworkInputs);
    }
}

// The network learns moves the linear evaluation does not choose: fitted
// with the choice loss on the hand-ordered games' moves, it rates the
// held-out moves likelier than the linear evaluation alone; without it the
// choices change nothing.
TEST(GomokuTuner, TheChoiceLossTeachesTheNetworkTheMovesPlayed) {
    SelfPlayOptions options;
    options.opening_stones = 3;
    std::vector<TrainingGame> fit_games = hand_ordered_games(40, 3), held_out_games = hand_ordered_games(10, 11);
    auto fit = training_samples(fit_games, options), held_out = training_samples(held_out_games, options);
    ChoiceSamples fit_choices = choice_samples(fit_games, options, default_eval_weights());
    ChoiceSamples held_out_choices = choice_samples(held_out_games, options, default_eval_weights());
    NetworkTuneOptions tune;
    tune.epochs = 8;
    tune.learning_rate = 0.01;
    tune.batch = 64;
    NetworkTuneResult results_only = tune_network(fit, held_out, default_eval_weights(), tune);
    EXPECT_TRUE(results_only.held_out_choice_by_epoch.empty());
    EXPECT_EQ(tune_network(fit, held_out, default_eval_weights(), tune, fit_choices, held_out_choices).network,
              results_only.network);
    tune.choice_weight = 1;
    NetworkTuneResult r = tune_network(fit, held_out, default_eval_weights(), tune, fit_choices, held_out_choices);
    ASSERT_EQ(r.held_out_choice_by_epoch.size(), 8u);
    EXPECT_GT(r.held_out_choice_linear, 0);
    EXPECT_LT(r.held_out_choice_by_epoch[r.best_epoch - 1], 0.8 * r.held_out_choice_linear);
}

// Comparison training: the hand-ordered games' moves are often not what
// kinrow's search picks; each such position gives one sample, the played
// move's leaf less kinrow's, which the start weights (the ones kinrow
// searched with) mostly rate below zero, and a fit on the samples raises.
TEST(GomokuTuner, ComparisonSamplesTeachThePlayedMovesLeaves) {
    SelfPlayOptions options{.nodes = 400, .threat_nodes = 1000, .opening_stones = 3, .jobs = 1};
    std::vector<TrainingGame> games = hand_ordered_games(6, 3);
    std::vector<TrainingSample> samples = comparison_samples(games, options, default_eval_weights());
    ASSERT_GT(samples.size(), 20u);
    // At most one sample an open position.
    EXPECT_LE(samples.size(), training_samples(games, options).size());
    for (const TrainingSample& sample : samples) {
        EXPECT_EQ(sample.score, 1);
        ASSERT_FALSE(sample.features.empty());
        for (std::size_t i = 1; i < sample.features.size(); ++i)
            EXPECT_LT(sample.features[i - 1].first, sample.features[i].first);
    }
    // The same samples on two threads.
    options.jobs = 2;
    std::vector<TrainingSample> again = comparison_samples(games, options, default_eval_weights());
    ASSERT_EQ(again.size(), samples.size());
    for (std::size_t i = 0; i < samples.size(); ++i) {
        EXPECT_EQ(again[i].features, samples[i].features);
        EXPECT_EQ(again[i].offset, samples[i].offset);
    }
    double before = preferred_share(samples, default_eval_weights());
    EXPECT_LT(before, 0.5);
    TuneOptions fit;
    fit.scale = 400;
    fit.iterations = 300;
    TuneResult r = tune_weights(samples, default_eval_weights(), fit);
    EXPECT_LT(r.loss_after, r.loss_before);
    EXPECT_GT(preferred_share(samples, r.weights), before + 0.2);
    // A game with an illegal move is refused.
    EXPECT_THROW(comparison_samples(parse_training_games("1 40 40\n"), options, default_eval_weights()), Error);
}

TEST(GomokuTuner, CalibrationRowsSumToTheLogLoss) {
    SelfPlayOptions options;
    options.opening_stones = 3;
    std::vector<TrainingGame> games = one_ply_games(30, 7);
    const EvalWeights& weights = default_eval_weights();
    std::vector<TrainingSample> samples = training_samples(games, options);
    const double scale = 700;
    std::vector<CalibrationRow> rows = calibration(games, options, weights, scale);
    ASSERT_EQ(rows.size(), 2 * std::size(kCalibrationStones));
    std::size_t positions = 0;
    double loss = 0, result = 0;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const CalibrationRow& row = rows[r];
        EXPECT_EQ(row.side, r % 2 ? kWhite : kBlack);
        EXPECT_LE(row.first_stones, row.last_stones);
        if (r >= 2) {
            EXPECT_EQ(row.first_stones, rows[r - 2].last_stones + 1);
        }
        if (!row.positions) continue;
        EXPECT_GT(row.predicted, 0.0);
        EXPECT_LT(row.predicted, 1.0);
        positions += row.positions;
        loss += row.log_loss * static_cast<double>(row.positions);
        result += row.actual * static_cast<double>(row.positions);
    }
    // The same positions as the tuner's, the same loss, the same results.
    ASSERT_EQ(positions, samples.size());
    EXPECT_NEAR(loss / static_cast<double>(positions), log_loss(samples, weights, scale), 1e-9);
    double expected_result = 0;
    for (const TrainingSample& s : samples) expected_result += s.score;
    EXPECT_NEAR(result, expected_result, 1e-6);
}

TEST(GomokuPolicy, ShippedPolicyParsesAndPutsThreatsFirst) {
    const EvalWeights& policy = default_policy_weights();
    EXPECT_EQ(parse_eval_weights(format_eval_weights(policy)), policy);
    // Black's open two on row 7 (7,6 7,7), white's open three on row 3
    // (3,5 3,6 3,7); black to move.
    Board b = board_with({{7, 6}, {7, 7}, {9, 9}}, {{3, 5}, {3, 6}, {3, 7}});
    int block = policy_score(b, policy, b.sq(3, 8));   // stops the three at one end
    int extend = policy_score(b, policy, b.sq(7, 8));  // black's own open three
    int quiet = policy_score(b, policy, b.sq(10, 11));  // next to nothing that matters
    EXPECT_GT(block, quiet);
    EXPECT_GT(extend, quiet);
    // A four (closed: white at 7,3) comes before a quiet square. (Fives and
    // open fours are played by rule before any ordering: the fit never sees
    // them, and their terms mean nothing.)
    Board four = board_with({{7, 4}, {7, 5}, {7, 6}, {9, 9}}, {{7, 3}, {3, 6}, {3, 7}});
    EXPECT_GT(policy_score(four, policy, four.sq(7, 7)), policy_score(four, policy, four.sq(10, 11)));
}
