// Tuning the evaluation from games (Texel's method): self-play games with a
// fixed node budget per move, positions sampled from them labelled with the
// game's result, and the weights fitted by logistic regression — the
// evaluation, divided by a scale, through a sigmoid is read as the side to
// move's expected score, and gradient descent (Adam, full batch) lowers the
// mean log-loss of that prediction against the results.
//
// The same games also fit the move-ordering policy (policy.hpp, below).
//
// Everything is deterministic: node budgets instead of time, a seeded opening
// generator, and games that run in parallel but each on a cleared engine, so
// the same for any number of threads.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/types.hpp"
#include "gomoku/evaluation.hpp"
#include "gomoku/policy.hpp"
#include "rules/game.hpp"

namespace kinrow::gomoku {

// A judged move: the mover's expected score in the position it was played
// from, as a stronger engine's search rated it (0 to 1); kNotJudged: none.
constexpr float kNotJudged = -1;

struct TrainingGame {
    std::vector<Move> moves;  // row * width + col from the empty board, black first
    std::vector<float> judged;  // per move (or empty): the judge's score for its mover, or kNotJudged
    double black_score = 0.5;  // 1 black won, 0 white won, 0.5 draw
};

struct SelfPlayOptions {
    // The evaluation is fitted on 15x15 (kFittedSide): other sizes are valued
    // as 15x15 through a constant shift (evaluation.hpp), which their
    // features carry too.
    int width = 15, height = 15;
    WinRule rule = WinRule::AtLeastK;
    int games = 100;
    std::uint64_t nodes = 8000;          // main-search nodes per move
    std::uint64_t threat_nodes = 20000;  // root VCF and VCT budgets per move
    int opening_stones = 4;              // random stones in the central 7x7
    std::uint64_t seed = 1;
    int jobs = 1;  // games played at once (0: one per core); the games are the same for any number
};

// Self-play with `weights` on both sides (one engine), each game from its
// own random opening; `progress` (if given) is called after each game.
std::vector<TrainingGame> play_training_games(const EvalWeights& weights, const SelfPlayOptions& options,
                                              const std::function<void(int done)>& progress = {});

// Compares two weight sets: options.games games, each opening twice with
// colours swapped (node budgets, so the same on any machine).
struct DuelResult {
    int wins = 0, draws = 0, losses = 0;  // for `first`
};
DuelResult play_duel(const EvalWeights& first, const EvalWeights& second, const SelfPlayOptions& options,
                     const std::function<void(int done)>& progress = {});

// Search distillation: every open position of `games` (those
// training_samples takes) searched by kinrow itself with the shipped
// evaluation and network — options.nodes main-search nodes and
// options.threat_nodes for each root threat search — and its score made the
// mover's expected score, sigmoid(score / scale) (a proven win 1, a proven
// loss 0), as a judged move. A fit with judge_weight then learns what a
// search a few plies deep says of each position, beside the game's result.
// `scale` <= 0: the one that best predicts the games' results from the
// searched scores (log-loss, on the fit_scale grid). Positions whose move
// comes from a rule rather than a search stay unjudged. Games run on
// options.jobs threads, each on a cleared engine: the same verdicts for any
// number of threads.
struct SearchJudgement {
    std::vector<TrainingGame> games;
    double scale = 0;
    std::size_t positions = 0;  // judged
};
SearchJudgement judge_by_search(const std::vector<TrainingGame>& games, const SelfPlayOptions& options,
                                double scale = 0, const std::function<void(int done)>& progress = {});

// One game a line: the result for black (1, 0 or 0.5) and the moves as
// numbers (row * width + col), each optionally followed by `:` and the
// judge's score for its mover (`112:0.63`); `#` comments.
std::string format_training_games(const std::vector<TrainingGame>& games);
std::vector<TrainingGame> parse_training_games(std::string_view text);

struct TrainingSample {
    // eval_features() of the position, its non-zero terms only: (term, count).
    std::vector<std::pair<int, float>> features;
    float score = 0.5f;           // the side to move's target: the game's result, or blended with a judge's
    // A part of the evaluation the fit does not move: the network's share of
    // a comparison (comparison_samples); 0 for a position.
    float offset = 0;
};

// The positions the evaluation is asked about: after the opening stones,
// not yet decided by the threat rules (the side to move has no five or open
// four to make, the opponent no five to make). A judged position's target
// is `judge_weight` times the judge's score plus the rest times the game's
// result: a game result is one noisy bit shared by every position of the
// game, a judge's search rates each position on its own.
std::vector<TrainingSample> training_samples(const std::vector<TrainingGame>& games,
                                             const SelfPlayOptions& options, double judge_weight = 0);

// Comparison training (Tesauro's; Deep Blue's evaluation was tuned so). In
// each open position of `games`, whose moves are a stronger player's, kinrow
// searches with `weights` and the shipped network (options.nodes main-search
// nodes, options.threat_nodes for each root threat search). Where it picks
// another move than the one played, the position after each of the two moves
// is searched as well, and the position at the end of each principal
// variation is kept: the leaf whose evaluation the choice rests on. A
// sample's features are the played move's leaf less kinrow's, each counted
// for the root's side to move, its offset the same difference of the
// network's outputs, and its target 1: fitted beside the positions of
// training_samples, the linear weights learn to rate the stronger player's
// leaves above those kinrow preferred. Positions the threat rules, a threat
// search or a proven score decide are left out: no evaluation chose there.
// Games run on options.jobs threads, each on a cleared engine: the same
// samples for any number of threads.
std::vector<TrainingSample> comparison_samples(const std::vector<TrainingGame>& games, const SelfPlayOptions& options,
                                               const EvalWeights& weights,
                                               const std::function<void(int done)>& progress = {});

// The share of comparison samples whose played move's leaf `weights` rate
// higher (a tie counts half).
double preferred_share(const std::vector<TrainingSample>& comparisons, const EvalWeights& weights);

// Mean log-loss of sigmoid(evaluation / scale) against the results.
double log_loss(const std::vector<TrainingSample>& samples, const EvalWeights& weights, double scale);
// The scale that fits `weights` best (log-loss, searched on a log grid).
double fit_scale(const std::vector<TrainingSample>& samples, const EvalWeights& weights);

struct TuneOptions {
    double scale = 400;
    int iterations = 2000;
    double learning_rate = 2.0;  // Adam's step, in evaluation units
    // Pull towards the starting weights (per weight, in log-loss per unit^2):
    // features that never occur keep their start value.
    double regularisation = 1e-7;
};

struct TuneResult {
    EvalWeights weights;
    double loss_before = 0, loss_after = 0;
};

TuneResult tune_weights(const std::vector<TrainingSample>& samples, const EvalWeights& start,
                        const TuneOptions& options);

// The move-ordering policy (policy.hpp), fitted by softmax regression: in
// each open position of the games, the candidates the search would order
// (the squares near the stones, or the replies to an open three) compete,
// each scored by policy_score, and the fit raises the probability of the
// move played (gradient descent, Adam, on the mean negative log-likelihood).
// A score of kPolicyUnit is one logit: e times likelier.
inline constexpr double kPolicyUnit = 100;

// The candidates of every open position, each by its policy terms.
struct PolicySamples {
    struct Position {
        std::uint32_t first, end;  // candidates [first, end)
        std::uint32_t played;      // the move played, counted from first
    };
    std::vector<Position> positions;
    std::vector<PolicyTerms> terms;  // policy_terms of each candidate
    std::vector<int> hand_value;  // the hand-set ordering value (both colours' values)
};
PolicySamples policy_samples(const std::vector<TrainingGame>& games, const SelfPlayOptions& options);

// The moves a stronger player chose, as the network's fit sees them (the
// choice loss, network_tuner.hpp): in the positions policy_samples takes,
// the position after each candidate, for the opponent to move — its
// network inputs (the terms below kNetworkInputs) and its linear evaluation.
struct ChoiceSamples {
    std::vector<PolicySamples::Position> positions;  // children [first, end), the move played
    std::vector<TrainingSample> children;            // the features; `score` unused
    std::vector<float> linear;                        // each child's linear evaluation (its side to move)
};
ChoiceSamples choice_samples(const std::vector<TrainingGame>& games, const SelfPlayOptions& options,
                             const EvalWeights& linear);

// How well an order predicts the moves played: the move played first in
// `top1` of the positions, among the first three in `top3`, with `mean_rank`
// moves before it on average; ties are ordered as the search orders them
// (the first generated first). `log_loss` only for a policy.
struct PolicyStats {
    double log_loss = 0, top1 = 0, top3 = 0, mean_rank = 0;
};
PolicyStats policy_stats(const PolicySamples& samples, const EvalWeights& policy);
PolicyStats hand_order_stats(const PolicySamples& samples);

// The evaluation as a move chooser: in the positions policy_samples takes,
// each candidate scored by `weights`' evaluation of the position after it
// (the mover's side), the played move ranked as policy_stats ranks it
// (`log_loss` unused). A one-ply look: how well the evaluation orders a
// node's children where the search compares them, at its leaves.
PolicyStats one_ply_stats(const std::vector<TrainingGame>& games, const SelfPlayOptions& options,
                          const EvalWeights& weights);

// How the expected score sigmoid(evaluation / scale) meets the results, in
// the positions training_samples takes, by the side to move and the stones
// on the board (rows from each of kCalibrationStones to the next, black then
// white; positions with fewer stones than the first are left out). A
// difference the search cannot see — one shared by every child of a node,
// such as the colour to move — shows here and in the log-loss but changes
// no move (docs/PERFORMANCE.md, session 21).
inline constexpr int kCalibrationStones[] = {3, 12, 24, 36, 60};
struct CalibrationRow {
    int first_stones = 0, last_stones = 0;
    Colour side = kBlack;
    std::size_t positions = 0;
    double predicted = 0, actual = 0, log_loss = 0;  // means over the positions
};
std::vector<CalibrationRow> calibration(const std::vector<TrainingGame>& games, const SelfPlayOptions& options,
                                        const EvalWeights& weights, double scale);

struct PolicyOptions {
    int iterations = 300;
    double learning_rate = 5;  // Adam's step, in policy units
    double regularisation = 1e-9;  // pull towards 0, per unit^2
};
EvalWeights fit_policy(const PolicySamples& samples, const PolicyOptions& options);

}  // namespace kinrow::gomoku
