#include "gomoku/tuner.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include <fmt/format.h>

#include "core/error.hpp"
#include "core/random.hpp"
#include "gomoku/adam.hpp"
#include "gomoku/board.hpp"
#include "gomoku/logistic.hpp"
#include "gomoku/search.hpp"
#include "gomoku/threats.hpp"

namespace kinrow::gomoku {

namespace {

// Random stones of alternating colours in the central 7x7 (or the whole of a
// smaller board), on distinct cells.
void play_opening(Board& board, int stones, std::uint64_t& state) {
    int rows = std::min(7, board.height()), cols = std::min(7, board.width());
    int top = (board.height() - rows) / 2, left = (board.width() - cols) / 2;
    for (int i = 0; i < stones; ++i) {
        Sq s;
        do {
            std::uint64_t r = splitmix64(state);
            s = board.sq(top + static_cast<int>(r % rows), left + static_cast<int>((r >> 32) % cols));
        } while (!board.is_empty(s));
        board.play(s);
    }
}

// The log-loss of one sample under the linear weights `w`.
double sample_loss(const TrainingSample& sample, const std::vector<float>& w, double scale) {
    return log_loss_of(expected_score(linear_value(sample, w) / scale), sample.score);
}

std::vector<float> as_floats(const EvalWeights& weights) { return {weights.w.begin(), weights.w.end()}; }

// The scale of a sigmoid(evaluation / scale) with the lowest `loss(scale)`,
// searched on a log grid from 25 to 5,000 units (5% apart).
template <class Loss>
double best_scale(Loss loss) {
    double best = 0, best_loss = INFINITY;
    for (double scale = 25; scale <= 5000; scale *= 1.05) {
        if (double l = loss(scale); l < best_loss) {
            best_loss = l;
            best = scale;
        }
    }
    return best;
}

// Walks game g (number g in messages) from the empty board, calling
// visit(board, ply, move) before each move is played; an illegal move throws.
// The board evaluates with `weights` alone, without the network (the
// linear terms are what this file fits and judges) unless `network` is
// given; a visit may play and take back moves.
template <class Visit>
void replay(const TrainingGame& game, std::size_t g, const SelfPlayOptions& options, Visit visit,
            const EvalWeights& weights = default_eval_weights(),
            const EvalNetwork& network = silent_eval_network()) {
    Board board(options.width, options.height, options.rule, weights, network);
    for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
        Move m = game.moves[ply];
        Sq s = m < board.width() * board.height() ? board.from_move(m) : kNoSq;
        if (s == kNoSq || !board.is_empty(s) || board.last_move_won())
            throw Error(fmt::format("training game {}: move {} ({}) is not legal", g + 1, ply + 1, m));
        visit(board, ply, s);
        board.play(s);
    }
}

// A position worth learning from: past the opening, and not decided by the
// threat rules (the side to move has no five or open four to make, the
// opponent no five to make).
bool open_position(const Board& board, std::size_t ply, const SelfPlayOptions& options) {
    Colour me = board.side_to_move(), them = other(me);
    return static_cast<int>(ply) >= options.opening_stones && !board.shape_count(me, kShapeFive) &&
           !board.shape_count(me, kShapeFlex4) && !board.shape_count(them, kShapeFive);
}

}  // namespace

namespace {

// One game from an opening of `options.opening_stones` random stones drawn
// from `state`, then `black` and `white` engines in turn.
// (Each engine evaluates with its own weights, whatever the board's.)
TrainingGame play_game(Engine& black, Engine& white, const SelfPlayOptions& options, std::uint64_t& state) {
    SearchLimits limits;
    limits.nodes = options.nodes;
    limits.vcf_nodes = limits.vct_nodes = options.threat_nodes;
    Board board(options.width, options.height, options.rule);
    play_opening(board, options.opening_stones, state);
    black.clear();
    if (&white != &black) white.clear();
    while (!board.last_move_won() && !board.full()) {
        Engine& engine = board.side_to_move() == kBlack ? black : white;
        board.play(board.from_move(engine.think(board, limits).move));
    }
    TrainingGame game;
    for (Sq s : board.history()) game.moves.push_back(board.to_move(s));
    // The side that moved last made the five.
    if (board.last_move_won()) game.black_score = board.side_to_move() == kWhite ? 1.0 : 0.0;
    return game;
}

void check_openings(const SelfPlayOptions& options) {
    if (options.opening_stones < 0 || options.opening_stones > 8)
        throw Error("self-play openings take 0 to 8 stones (more could already hold a five)");
}

// The random state each of `count` openings starts from, drawn one after the
// other as a single thread would: the games then do not depend on how many
// are played at once.
std::vector<std::uint64_t> opening_states(const SelfPlayOptions& options, int count) {
    std::vector<std::uint64_t> states;
    std::uint64_t state = options.seed;
    for (int i = 0; i < count; ++i) {
        states.push_back(state);
        Board scratch(options.width, options.height, options.rule);
        play_opening(scratch, options.opening_stones, state);
    }
    return states;
}

// Runs work(context, i) for i in [0, count) on options.jobs threads (0: one
// per core), each with its own context from make(). Each game clears its
// engines first, so a game's moves do not depend on the thread it ran on.
template <typename Make, typename Work>
void in_parallel(int count, const SelfPlayOptions& options, const std::function<void(int done)>& progress,
                 Make make, Work work) {
    int jobs = options.jobs > 0 ? options.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    std::atomic<int> next{0};
    std::mutex mutex;
    int done = 0;
    std::exception_ptr failure;
    auto worker = [&] {
        try {
            auto context = make();
            for (int i; (i = next++) < count;) {
                work(*context, i);
                std::lock_guard lock(mutex);
                if (progress) progress(++done);
            }
        } catch (...) {
            std::lock_guard lock(mutex);
            if (!failure) failure = std::current_exception();
            next = count;
        }
    };
    {
        std::vector<std::jthread> helpers;
        for (int j = 1; j < std::min(jobs, count); ++j) helpers.emplace_back(worker);
        worker();
    }
    if (failure) std::rethrow_exception(failure);
}

// A game without a judged move keeps no judged list at all.
void drop_empty_judgement(TrainingGame& game) {
    if (std::all_of(game.judged.begin(), game.judged.end(), [](float j) { return j == kNotJudged; }))
        game.judged.clear();
}

std::unique_ptr<Engine> engine_with(const EvalWeights& weights) {
    auto engine = std::make_unique<Engine>(std::size_t{16} << 20);
    engine->set_eval_weights(weights);
    return engine;
}

}  // namespace

std::vector<TrainingGame> play_training_games(const EvalWeights& weights, const SelfPlayOptions& options,
                                              const std::function<void(int done)>& progress) {
    check_openings(options);
    std::vector<std::uint64_t> states = opening_states(options, options.games);
    std::vector<TrainingGame> games(static_cast<std::size_t>(options.games));
    in_parallel(
        options.games, options, progress, [&] { return engine_with(weights); },
        [&](Engine& engine, int g) { games[g] = play_game(engine, engine, options, states[g]); });
    return games;
}

DuelResult play_duel(const EvalWeights& first, const EvalWeights& second, const SelfPlayOptions& options,
                     const std::function<void(int done)>& progress) {
    check_openings(options);
    // A pair of games shares an opening, colours swapped.
    std::vector<std::uint64_t> states = opening_states(options, (options.games + 1) / 2);
    std::vector<double> first_scores(static_cast<std::size_t>(options.games));
    struct Pair {
        std::unique_ptr<Engine> a, b;
    };
    in_parallel(
        options.games, options, progress, [&] { return std::make_unique<Pair>(engine_with(first), engine_with(second)); },
        [&](Pair& engines, int g) {
            std::uint64_t opening = states[g / 2];
            bool first_black = g % 2 == 0;
            TrainingGame game = first_black ? play_game(*engines.a, *engines.b, options, opening)
                                            : play_game(*engines.b, *engines.a, options, opening);
            first_scores[g] = first_black ? game.black_score : 1 - game.black_score;
        });
    DuelResult result;
    for (double score : first_scores) (score == 1 ? result.wins : score == 0 ? result.losses : result.draws)++;
    return result;
}

SearchJudgement judge_by_search(const std::vector<TrainingGame>& games, const SelfPlayOptions& options,
                                double scale, const std::function<void(int done)>& progress) {
    check_openings(options);
    SearchLimits limits;
    limits.nodes = options.nodes;
    limits.vcf_nodes = limits.vct_nodes = options.threat_nodes;
    // Each position's verdict: a proven result (kProvenWin / kProvenLoss),
    // a searched score, or none (the move came from a rule, not a search).
    constexpr int kProvenWin = kWinScore + 1, kProvenLoss = -kProvenWin, kNoVerdict = kWinScore + 2;
    std::vector<std::vector<int>> verdicts(games.size());
    in_parallel(
        static_cast<int>(games.size()), options, progress, [] { return engine_with(default_eval_weights()); },
        [&](Engine& engine, int g) {
            // One game's positions in order on a cleared engine: its tables
            // carry from move to move as in a game, and the verdicts do not
            // depend on the games a thread judged before.
            engine.clear();
            std::vector<int>& verdict = verdicts[g];
            verdict.assign(games[g].moves.size(), kNoVerdict);
            replay(
                games[g], g, options,
                [&](const Board& board, std::size_t ply, Sq) {
                    if (!open_position(board, ply, options)) return;
                    SearchReport r = engine.think(board, limits);
                    if (r.score > kWinThreshold) verdict[ply] = kProvenWin;
                    else if (r.score < -kWinThreshold) verdict[ply] = kProvenLoss;
                    else if (r.depth > 0) verdict[ply] = r.score;
                },
                default_eval_weights(), default_eval_network());
        });
    SearchJudgement judgement;
    if (scale <= 0) {
        // The scale whose sigmoid(score / scale) best predicts the games'
        // results from the searched (unproven) scores.
        std::vector<std::pair<double, double>> pairs;  // (score, the mover's result)
        for (std::size_t g = 0; g < games.size(); ++g)
            for (std::size_t ply = 0; ply < verdicts[g].size(); ++ply)
                if (int v = verdicts[g][ply]; std::abs(v) <= kWinScore)
                    pairs.emplace_back(v, ply % 2 == 0 ? games[g].black_score : 1 - games[g].black_score);
        if (pairs.empty()) throw Error("no position to judge: every one is decided by the threat rules");
        scale = best_scale([&](double s) {
            double loss = 0;
            for (auto [score, result] : pairs) loss += log_loss_of(expected_score(score / s), result);
            return loss;
        });
    }
    judgement.scale = scale;
    judgement.games = games;
    for (std::size_t g = 0; g < games.size(); ++g) {
        TrainingGame& game = judgement.games[g];
        game.judged.assign(game.moves.size(), kNotJudged);
        for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
            int v = verdicts[g][ply];
            if (v == kNoVerdict) continue;
            // Four decimals: as the judged files of Rapfi's verdicts, and short.
            double expected = v == kProvenWin ? 1 : v == kProvenLoss ? 0 : sigmoid(v / scale);
            game.judged[ply] = static_cast<float>(std::round(expected * 10000) / 10000);
            ++judgement.positions;
        }
        drop_empty_judgement(game);
    }
    return judgement;
}

std::string format_training_games(const std::vector<TrainingGame>& games) {
    std::string out = "# result for black (1, 0, 0.5), then the moves as row * width + col[:judged score]\n";
    for (const TrainingGame& game : games) {
        out += fmt::format("{}", game.black_score);
        for (std::size_t i = 0; i < game.moves.size(); ++i) {
            out += fmt::format(" {}", game.moves[i]);
            if (i < game.judged.size() && game.judged[i] != kNotJudged) out += fmt::format(":{}", game.judged[i]);
        }
        out += '\n';
    }
    return out;
}

std::vector<TrainingGame> parse_training_games(std::string_view text) {
    std::vector<TrainingGame> games;
    std::istringstream lines{std::string(text)};
    int number = 0;
    for (std::string line; std::getline(lines, line);) {
        ++number;
        if (std::size_t hash = line.find('#'); hash != std::string::npos) line.resize(hash);
        std::istringstream words(line);
        std::string result;
        if (!(words >> result)) continue;
        TrainingGame game;
        if (result == "1") game.black_score = 1;
        else if (result == "0") game.black_score = 0;
        else if (result == "0.5") game.black_score = 0.5;
        else throw Error(fmt::format("training games line {}: the result '{}' is not 1, 0 or 0.5", number, result));
        for (std::string word; words >> word;) {
            char* end = nullptr;
            long m = std::strtol(word.c_str(), &end, 10);
            if (end == word.c_str() || (*end != '\0' && *end != ':') || m < 0 || m >= kMaxFreeSide * kMaxFreeSide)
                throw Error(fmt::format("training games line {}: '{}' is not a move number", number, word));
            float judged = kNotJudged;
            if (*end == ':') {
                const char* score = end + 1;
                judged = std::strtof(score, &end);
                if (end == score || *end != '\0' || !(judged >= 0 && judged <= 1))
                    throw Error(fmt::format("training games line {}: '{}' has no judged score from 0 to 1", number,
                                            word));
            }
            game.moves.push_back(static_cast<Move>(m));
            game.judged.push_back(judged);
        }
        drop_empty_judgement(game);
        games.push_back(std::move(game));
    }
    return games;
}

namespace {

// The non-zero terms of eval_features(board) below term_count, as
// (term, count): a position has few of the terms, and the fits loop over
// millions of positions.
std::vector<std::pair<int, float>> sparse_features(const Board& board, int term_count) {
    EvalVector f = eval_features(board);
    std::vector<std::pair<int, float>> terms;
    for (int t = 0; t < term_count; ++t)
        if (f[t]) terms.emplace_back(t, static_cast<float>(f[t]));
    return terms;
}

}  // namespace

std::vector<TrainingSample> training_samples(const std::vector<TrainingGame>& games,
                                             const SelfPlayOptions& options, double judge_weight) {
    std::vector<TrainingSample> samples;
    for (std::size_t g = 0; g < games.size(); ++g)
        replay(games[g], g, options, [&](const Board& board, std::size_t ply, Sq) {
            if (!open_position(board, ply, options)) return;
            double black = games[g].black_score;
            TrainingSample sample;
            sample.features = sparse_features(board, kEvalTerms);
            double result = board.side_to_move() == kBlack ? black : 1 - black;
            float judged = ply < games[g].judged.size() ? games[g].judged[ply] : kNotJudged;
            if (judged != kNotJudged) result = judge_weight * judged + (1 - judge_weight) * result;
            sample.score = static_cast<float>(result);
            samples.push_back(std::move(sample));
        });
    return samples;
}

namespace {

// The leaf a search of `move` rests on: the position after it and the
// principal variation kinrow finds from there. Its features and network
// output count for the side that plays `move` (negated when the other side
// is to move at the leaf). None when the move wins at once or the search
// proves a result: no evaluation decides then.
std::optional<TrainingSample> searched_leaf(Engine& engine, const Board& root, Sq move, const SearchLimits& limits) {
    Board board = root;
    board.play(move);
    if (board.last_move_won()) return std::nullopt;
    SearchReport r = engine.think(board, limits);
    if (r.depth == 0 || std::abs(r.score) > kWinThreshold) return std::nullopt;
    for (Move m : r.pv) {
        if (m < 0 || m >= board.width() * board.height() || board.last_move_won()) break;
        Sq s = board.from_move(m);
        if (!board.is_empty(s)) break;
        board.play(s);
    }
    if (board.last_move_won()) return std::nullopt;
    float sign = board.side_to_move() == root.side_to_move() ? 1.0f : -1.0f;
    TrainingSample leaf;
    leaf.features = sparse_features(board, kEvalTerms);
    for (auto& term : leaf.features) term.second *= sign;
    leaf.offset = sign * static_cast<float>(board.network_value());
    return leaf;
}

// a - b, both sparse and in term order.
TrainingSample difference(const TrainingSample& a, const TrainingSample& b) {
    std::vector<float> dense(kEvalTerms, 0.0f);
    for (auto [term, count] : a.features) dense[term] += count;
    for (auto [term, count] : b.features) dense[term] -= count;
    TrainingSample d;
    for (int t = 0; t < kEvalTerms; ++t)
        if (dense[t] != 0) d.features.emplace_back(t, dense[t]);
    d.offset = a.offset - b.offset;
    d.score = 1;
    return d;
}

}  // namespace

std::vector<TrainingSample> comparison_samples(const std::vector<TrainingGame>& games, const SelfPlayOptions& options,
                                               const EvalWeights& weights, const std::function<void(int done)>& progress) {
    check_openings(options);
    SearchLimits limits;
    limits.nodes = options.nodes;
    limits.vcf_nodes = limits.vct_nodes = options.threat_nodes;
    std::vector<std::vector<TrainingSample>> by_game(games.size());
    in_parallel(
        static_cast<int>(games.size()), options, progress, [&] { return engine_with(weights); },
        [&](Engine& engine, int g) {
            engine.clear();
            replay(
                games[g], g, options,
                [&](const Board& board, std::size_t ply, Sq played) {
                    if (!open_position(board, ply, options)) return;
                    SearchReport r = engine.think(board, limits);
                    if (r.depth == 0 || std::abs(r.score) > kWinThreshold) return;
                    Sq chosen = board.from_move(r.move);
                    if (chosen == played) return;
                    auto theirs = searched_leaf(engine, board, played, limits);
                    auto ours = searched_leaf(engine, board, chosen, limits);
                    if (theirs && ours) by_game[g].push_back(difference(*theirs, *ours));
                },
                weights, default_eval_network());
        });
    std::vector<TrainingSample> samples;
    for (auto& game : by_game)
        for (auto& sample : game) samples.push_back(std::move(sample));
    return samples;
}

double log_loss(const std::vector<TrainingSample>& samples, const EvalWeights& weights, double scale) {
    if (samples.empty()) return 0;
    std::vector<float> w = as_floats(weights);
    double sum = 0;
    for (const TrainingSample& sample : samples) sum += sample_loss(sample, w, scale);
    return sum / static_cast<double>(samples.size());
}

double preferred_share(const std::vector<TrainingSample>& comparisons, const EvalWeights& weights) {
    if (comparisons.empty()) return 0;
    std::vector<float> w = as_floats(weights);
    double preferred = 0;
    for (const TrainingSample& sample : comparisons) {
        double z = linear_value(sample, w);
        preferred += z > 0 ? 1 : z == 0 ? 0.5 : 0;
    }
    return preferred / static_cast<double>(comparisons.size());
}

double fit_scale(const std::vector<TrainingSample>& samples, const EvalWeights& weights) {
    return best_scale([&](double scale) { return log_loss(samples, weights, scale); });
}

TuneResult tune_weights(const std::vector<TrainingSample>& samples, const EvalWeights& start,
                        const TuneOptions& options) {
    if (samples.empty()) throw Error("no training positions to tune on");
    TuneResult result;
    result.loss_before = log_loss(samples, start, options.scale);
    const std::size_t terms = kEvalTerms;
    const double n = static_cast<double>(samples.size());
    std::vector<float> w = as_floats(start);
    std::vector<double> weight(w.begin(), w.end()), gradient(terms);
    Adam adam(terms);
    for (int iteration = 0; iteration < options.iterations; ++iteration) {
        std::fill(gradient.begin(), gradient.end(), 0.0);
        for (const TrainingSample& sample : samples) {
            // d(log-loss)/dz for a sigmoid of z / scale.
            double error = (sigmoid(linear_value(sample, w) / options.scale) - sample.score) / options.scale / n;
            for (auto [term, count] : sample.features) gradient[term] += error * count;
        }
        for (std::size_t t = 0; t < terms; ++t) gradient[t] += 2 * options.regularisation * (weight[t] - start.w[t]);
        adam.step(weight, gradient, options.learning_rate);
        for (std::size_t t = 0; t < terms; ++t) w[t] = static_cast<float>(weight[t]);
    }
    for (std::size_t t = 0; t < terms; ++t) result.weights.w[t] = static_cast<int>(std::lround(weight[t]));
    result.loss_after = log_loss(samples, result.weights, options.scale);
    return result;
}

namespace {

// A candidate's policy score from its terms, as policy_score sums them.
template <class Weight>
double candidate_score(const PolicyTerms& terms, const Weight& w) {
    double z = 0;
    for (std::uint16_t t : terms) z += w[t];
    return z;
}

// The rank of the played move under `score` (ties: the earlier first) and
// its softmax log-likelihood in logits of kPolicyUnit.
template <class Score>
std::pair<int, double> rank_and_likelihood(const PolicySamples::Position& p, Score score) {
    double played = score(p.first + p.played), top = played;
    int rank = 0;
    for (std::uint32_t k = p.first; k < p.end; ++k) {
        double z = score(k);
        top = std::max(top, z);
        if (z > played || (z == played && k < p.first + p.played)) ++rank;
    }
    double sum = 0;
    for (std::uint32_t k = p.first; k < p.end; ++k) sum += std::exp((score(k) - top) / kPolicyUnit);
    return {rank, (played - top) / kPolicyUnit - std::log(sum)};
}

template <class Score>
PolicyStats order_stats(const PolicySamples& samples, Score score) {
    PolicyStats stats;
    if (samples.positions.empty()) return stats;
    for (const auto& p : samples.positions) {
        auto [rank, likelihood] = rank_and_likelihood(p, score);
        stats.log_loss -= likelihood;
        stats.top1 += rank == 0;
        stats.top3 += rank < 3;
        stats.mean_rank += rank;
    }
    double n = static_cast<double>(samples.positions.size());
    stats.log_loss /= n;
    stats.top1 /= n;
    stats.top3 /= n;
    stats.mean_rank /= n;
    return stats;
}

// Calls visit(board, candidates, played) for each open position of the games
// whose move is one of two or more candidates (for_each_candidate's order;
// `played` indexes the move): a move outside them (a far one, or one that
// ignores an open three), or no choice at all, has nothing to teach. The
// board evaluates with `weights`.
template <class Visit>
void for_each_choice(const std::vector<TrainingGame>& games, const SelfPlayOptions& options,
                     const EvalWeights& weights, Visit visit) {
    std::vector<Sq> candidates;
    for (std::size_t g = 0; g < games.size(); ++g)
        replay(
            games[g], g, options,
            [&](Board& board, std::size_t ply, Sq played) {
                if (!open_position(board, ply, options)) return;
                candidates.clear();
                for_each_candidate(board, [&](Sq s) { candidates.push_back(s); });
                auto at = std::find(candidates.begin(), candidates.end(), played);
                if (at == candidates.end() || candidates.size() < 2) return;
                visit(board, candidates, static_cast<std::uint32_t>(at - candidates.begin()));
            },
            weights);
}

}  // namespace

PolicySamples policy_samples(const std::vector<TrainingGame>& games, const SelfPlayOptions& options) {
    PolicySamples samples;
    for_each_choice(games, options, default_eval_weights(),
                    [&](const Board& board, const std::vector<Sq>& candidates, std::uint32_t played) {
                        Colour me = board.side_to_move(), them = other(me);
                        auto first = static_cast<std::uint32_t>(samples.terms.size());
                        for (Sq s : candidates) {
                            samples.terms.push_back(policy_terms(board, s));
                            samples.hand_value.push_back(board.value(me, s) + board.value(them, s));
                        }
                        samples.positions.push_back({first, static_cast<std::uint32_t>(samples.terms.size()), played});
                    });
    return samples;
}

ChoiceSamples choice_samples(const std::vector<TrainingGame>& games, const SelfPlayOptions& options,
                             const EvalWeights& linear) {
    ChoiceSamples samples;
    for_each_choice(games, options, linear, [&](Board& board, const std::vector<Sq>& candidates, std::uint32_t played) {
        auto first = static_cast<std::uint32_t>(samples.children.size());
        for (Sq s : candidates) {
            board.play(s);
            TrainingSample child;
            child.features = sparse_features(board, kNetworkInputs);
            samples.linear.push_back(static_cast<float>(evaluate(board)));
            samples.children.push_back(std::move(child));
            board.undo();
        }
        samples.positions.push_back({first, static_cast<std::uint32_t>(samples.children.size()), played});
    });
    return samples;
}

PolicyStats one_ply_stats(const std::vector<TrainingGame>& games, const SelfPlayOptions& options,
                          const EvalWeights& weights) {
    PolicySamples choices;
    std::vector<int> value;
    for_each_choice(games, options, weights, [&](Board& board, const std::vector<Sq>& candidates, std::uint32_t played) {
        auto first = static_cast<std::uint32_t>(value.size());
        for (Sq s : candidates) {
            board.play(s);
            value.push_back(-evaluate(board));  // the mover's view of the position after the move
            board.undo();
        }
        choices.positions.push_back({first, static_cast<std::uint32_t>(value.size()), played});
    });
    PolicyStats stats = order_stats(choices, [&](std::uint32_t k) { return double(value[k]); });
    stats.log_loss = 0;  // evaluation units are no logits
    return stats;
}

std::vector<CalibrationRow> calibration(const std::vector<TrainingGame>& games, const SelfPlayOptions& options,
                                        const EvalWeights& weights, double scale) {
    std::vector<CalibrationRow> rows;
    for (int first : kCalibrationStones)
        for (Colour side : {kBlack, kWhite}) rows.push_back({first, 0, side});
    for (std::size_t r = 0; r < rows.size(); ++r)
        rows[r].last_stones = r + 2 < rows.size() ? rows[r + 2].first_stones - 1 : options.width * options.height;
    for (std::size_t g = 0; g < games.size(); ++g)
        replay(
            games[g], g, options,
            [&](const Board& board, std::size_t ply, Sq) {
                if (!open_position(board, ply, options)) return;
                Colour me = board.side_to_move();
                auto row = std::find_if(rows.begin(), rows.end(), [&](const CalibrationRow& c) {
                    return c.side == me && board.stones() >= c.first_stones && board.stones() <= c.last_stones;
                });
                if (row == rows.end()) return;  // fewer stones than the first row's
                double result = me == kBlack ? games[g].black_score : 1 - games[g].black_score;
                double p = expected_score(evaluate(board) / scale);
                ++row->positions;
                row->predicted += p;
                row->actual += result;
                row->log_loss += log_loss_of(p, result);
            },
            weights);
    for (CalibrationRow& row : rows)
        if (row.positions) {
            double n = static_cast<double>(row.positions);
            row.predicted /= n;
            row.actual /= n;
            row.log_loss /= n;
        }
    return rows;
}

PolicyStats policy_stats(const PolicySamples& samples, const EvalWeights& policy) {
    return order_stats(samples, [&](std::uint32_t k) { return candidate_score(samples.terms[k], policy.w); });
}

PolicyStats hand_order_stats(const PolicySamples& samples) {
    PolicyStats stats = order_stats(samples, [&](std::uint32_t k) { return double(samples.hand_value[k]); });
    stats.log_loss = 0;  // the hand values are no logits
    return stats;
}

EvalWeights fit_policy(const PolicySamples& samples, const PolicyOptions& options) {
    if (samples.positions.empty()) throw Error("no training positions to fit the policy on");
    const std::size_t terms = kEvalTerms;
    const double n = static_cast<double>(samples.positions.size());
    std::vector<double> weight(terms, 0.0), gradient(terms), z;
    Adam adam(terms);
    for (int iteration = 0; iteration < options.iterations; ++iteration) {
        std::fill(gradient.begin(), gradient.end(), 0.0);
        for (const auto& p : samples.positions) {
            // d(-log softmax of the played move)/dz: its probability less
            // one for the played move, the probability for the others.
            z.resize(p.end - p.first);
            double top = -INFINITY, sum = 0;
            for (std::uint32_t k = p.first; k < p.end; ++k)
                top = std::max(top, z[k - p.first] = candidate_score(samples.terms[k], weight));
            for (double& x : z) sum += x = std::exp((x - top) / kPolicyUnit);
            for (std::uint32_t k = p.first; k < p.end; ++k) {
                double error = (z[k - p.first] / sum - (k == p.first + p.played)) / kPolicyUnit / n;
                for (std::uint16_t t : samples.terms[k]) gradient[t] += error;
            }
        }
        for (std::size_t t = 0; t < terms; ++t) gradient[t] += 2 * options.regularisation * weight[t];
        adam.step(weight, gradient, options.learning_rate);
    }
    EvalWeights policy;
    for (std::size_t t = 0; t < terms; ++t) policy.w[t] = static_cast<int>(std::lround(weight[t]));
    return policy;
}

}  // namespace kinrow::gomoku
