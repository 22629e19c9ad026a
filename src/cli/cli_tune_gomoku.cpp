// `kinrow tune-gomoku`: regenerates the Gomoku evaluation's weights
// (data/gomoku/eval_weights.txt) from self-play games; the method is in
// gomoku/tuner.hpp and docs/gomoku.md.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/cli.hpp"
#include "core/error.hpp"
#include "gomoku/network_tuner.hpp"
#include "gomoku/tuner.hpp"
#include "protocol/match.hpp"

namespace kinrow {

namespace {

std::string read_text(const std::string& path, const char* what) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(fmt::format("cannot read {} '{}'", what, path));
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void write_text(const std::string& path, const std::string& text, const char* what) {
    std::ofstream out(path, std::ios::binary);
    if (!(out << text)) throw Error(fmt::format("cannot write {} '{}'", what, path));
}

// The games of one or more training-games files, in the order given (the
// fifth-game hold-out runs over the whole list).
std::vector<gomoku::TrainingGame> load_training_games(const std::vector<std::string>& paths) {
    std::vector<gomoku::TrainingGame> games;
    for (const auto& path : paths) {
        auto more = gomoku::parse_training_games(read_text(path, "training games file"));
        games.insert(games.end(), more.begin(), more.end());
    }
    return games;
}

std::string joined(const std::vector<std::string>& words) { return fmt::format("{}", fmt::join(words, " ")); }

// Every fifth game is held out: its loss shows whether a fit generalises;
// the fit sees the other four. One rule for every fit, so that their
// held-out figures are comparable.
struct SplitGames {
    std::vector<gomoku::TrainingGame> fit, held_out;
};

SplitGames split_held_out(const std::vector<gomoku::TrainingGame>& games) {
    SplitGames split;
    for (std::size_t g = 0; g < games.size(); ++g) (g % 5 == 4 ? split.held_out : split.fit).push_back(games[g]);
    return split;
}

// A weights file, or `prior` (the hand-set start) or `shipped` (the built-in file).
gomoku::EvalWeights weights_named(const std::string& name) {
    if (name == "prior") return gomoku::prior_eval_weights();
    if (name == "shipped") return gomoku::default_eval_weights();
    return gomoku::parse_eval_weights(read_text(name, "weights file"));
}

// `--duel A B`: the two weight sets play each other instead of tuning.
void duel(const std::string& first, const std::string& second, const gomoku::SelfPlayOptions& options) {
    gomoku::DuelResult d = gomoku::play_duel(weights_named(first), weights_named(second), options, [&](int done) {
        if (done % 50 == 0) fmt::print(stderr, "{} of {} games\n", done, options.games);
    });
    gomoku::MatchResult r{d.wins, d.draws, d.losses};
    double elo = std::abs(r.elo()) < 0.5 ? 0.0 : r.elo();  // no "-0"
    fmt::print("{} vs {}: {} games, +{} ={} -{}, score {:.1f}%, Elo {:+.0f} +/- {:.0f} (95%)\n", first, second,
               options.games, r.wins, r.draws, r.losses, 100 * r.score(), elo, r.elo_error());
}

std::string stats_line(const char* what, const gomoku::PolicyStats& s, bool logits = true) {
    return fmt::format("{}: first {:.1f}%, first three {:.1f}%, mean rank {:.2f}{}", what, 100 * s.top1, 100 * s.top3,
                       s.mean_rank, logits ? fmt::format(", log-loss {:.4f}", s.log_loss) : "");
}

// `--policy`: fits the move-ordering policy to the moves of the games.
void fit_policy(const std::vector<std::string>& games_files, const gomoku::SelfPlayOptions& play,
                const gomoku::PolicyOptions& options, const std::string& out) {
    if (games_files.empty()) throw Error("--policy needs --load-games: the games whose moves it learns");
    auto games = load_training_games(games_files);
    auto [fit, held_out] = split_held_out(games);
    auto samples = gomoku::policy_samples(fit, play);
    auto validation = gomoku::policy_samples(held_out, play);
    gomoku::EvalWeights policy = gomoku::fit_policy(samples, options);
    std::string history = fmt::format(
        "{} games, {} positions; held out {} games, {} positions\n{}\n{}\n{}\n", fit.size(),
        samples.positions.size(), held_out.size(), validation.positions.size(),
        stats_line("fitted, on its games", gomoku::policy_stats(samples, policy)),
        stats_line("fitted, held out", gomoku::policy_stats(validation, policy)),
        stats_line("hand-set values, held out", gomoku::hand_order_stats(validation), false));
    fmt::print(stderr, "{}", history);
    std::string comment = fmt::format(
        "kinrow Gomoku move-ordering policy (docs/gomoku.md, \"The move order\"), written by\n"
        "  kinrow tune-gomoku --policy --load-games {} --opening-stones {} --iterations {} --learning-rate {} "
        "--regularisation {}\n(the whole-board terms are unused)\n{}",
        joined(games_files), play.opening_stones, options.iterations, options.learning_rate, options.regularisation, history);
    std::string text = gomoku::format_eval_weights(policy, comment);
    if (out.empty()) fmt::print("{}", text);
    else write_text(out, text, "weights file");
}

// `--diagnose W`: how the weights W predict the held-out games (the
// fit's split): the log-loss, by the side to move and the stones on the
// board, and the evaluation as a one-ply move chooser beside the policy.
void diagnose(const std::string& name, const std::vector<std::string>& games_files,
              const gomoku::SelfPlayOptions& play) {
    if (games_files.empty()) throw Error("--diagnose needs --load-games: the games to measure the weights on");
    gomoku::EvalWeights weights = weights_named(name);
    auto games = load_training_games(games_files);
    auto [fit, held_out] = split_held_out(games);
    double scale = gomoku::fit_scale(gomoku::training_samples(fit, play), weights);
    auto validation = gomoku::training_samples(held_out, play);
    fmt::print("{}: held out {} games, {} positions; scale {:.0f} (fitted on the other {} games); log-loss {:.5f}\n",
               name, held_out.size(), validation.size(), scale, fit.size(), gomoku::log_loss(validation, weights, scale));
    fmt::print("{:>7} {:>7} {:>9} {:>10} {:>7} {:>9}\n", "stones", "to move", "positions", "predicted", "result",
               "log-loss");
    for (const auto& row : gomoku::calibration(held_out, play, weights, scale))
        fmt::print("{:>7} {:>7} {:>9} {:>10.3f} {:>7.3f} {:>9.4f}\n",
                   fmt::format("{}-{}", row.first_stones, row.last_stones), row.side == gomoku::kBlack ? "black" : "white",
                   row.positions, row.predicted, row.actual, row.log_loss);
    fmt::print("{}\n{}\n",
               stats_line("the evaluation one ply ahead, held out", gomoku::one_ply_stats(held_out, play, weights), false),
               stats_line("the shipped policy, held out",
                          gomoku::policy_stats(gomoku::policy_samples(held_out, play), gomoku::default_policy_weights())));
}

// `--network`: fits the evaluation's network on top of the linear weights.
// With --choice-games, the moves of those games (every fifth game held out)
// are learned as well: the choice loss (network_tuner.hpp).
void fit_network(const std::vector<std::string>& games_files, const std::vector<std::string>& choice_files,
                 const std::string& start, const gomoku::SelfPlayOptions& play, double judge_weight,
                 const gomoku::NetworkTuneOptions& options, const std::string& out) {
    if (games_files.empty()) throw Error("--network needs --load-games: the games whose results it learns");
    if (options.choice_weight > 0 && choice_files.empty())
        throw Error("--choice-weight needs --choice-games: the games whose moves it learns");
    if (options.choice_weight == 0 && !choice_files.empty())
        throw Error("--choice-games needs --choice-weight: the share of their moves in the fit");
    auto games = load_training_games(games_files);
    auto [fit, held_out] = split_held_out(games);
    auto samples = gomoku::training_samples(fit, play, judge_weight);
    auto validation = gomoku::training_samples(held_out, play, judge_weight);
    gomoku::EvalWeights linear = weights_named(start.empty() ? "shipped" : start);
    gomoku::ChoiceSamples choices, held_out_choices;
    std::string choosing;
    if (options.choice_weight > 0) {
        auto choice_split = split_held_out(load_training_games(choice_files));
        choices = gomoku::choice_samples(choice_split.fit, play, linear);
        held_out_choices = gomoku::choice_samples(choice_split.held_out, play, linear);
        choosing = fmt::format(" --choice-weight {} --choice-temperature {} --choice-games {}", options.choice_weight,
                               options.choice_temperature, joined(choice_files));
    }
    gomoku::NetworkTuneResult r =
        gomoku::tune_network(samples, validation, linear, options, choices, held_out_choices);
    std::string passes;
    for (double loss : r.held_out_by_epoch) passes += fmt::format(" {:.5f}", loss);
    if (!r.held_out_choice_by_epoch.empty()) {
        passes += fmt::format("; choices ({} positions, {} held out): the linear evaluation {:.5f}, by pass:",
                              choices.positions.size(), held_out_choices.positions.size(), r.held_out_choice_linear);
        for (double loss : r.held_out_choice_by_epoch) passes += fmt::format(" {:.5f}", loss);
    }
    bool judged = std::any_of(games.begin(), games.end(), [](const auto& g) { return !g.judged.empty(); });
    std::string comment = fmt::format(
        "kinrow Gomoku evaluation network (docs/gomoku.md, \"The network\"), written by\n"
        "  kinrow tune-gomoku --network --opening-stones {} --epochs {} --learning-rate {} --seed {} --start {} "
        "--load-games {}{}{}{}\n"
        "{} games, {} positions, scale {:.0f}; held out ({} games, {} positions): the linear evaluation {:.5f}, "
        "with the network {:.5f}\n(by pass:{}; pass {} kept)",
        play.opening_stones, options.epochs, options.learning_rate, options.seed, start.empty() ? "shipped" : start,
        joined(games_files), judged ? fmt::format(" --judge-weight {}", judge_weight) : "", choosing,
        options.output_share != 1 ? fmt::format(" --network-share {}", options.output_share) : "", fit.size(),
        samples.size(), r.scale, held_out.size(), validation.size(), r.held_out_linear, r.held_out_network, passes,
        r.best_epoch);
    fmt::print(stderr, "{}\n", comment);
    std::string text = gomoku::format_eval_network(r.network, comment);
    if (out.empty()) fmt::print("{}", text);
    else write_text(out, text, "network file");
}

// `--search-judge`: the games of --load-games with each open position
// judged by kinrow's own search (tuner.hpp, judge_by_search).
void search_judge(const std::vector<std::string>& games_files, const gomoku::SelfPlayOptions& play, double scale,
                  const std::string& out) {
    if (games_files.empty()) throw Error("--search-judge needs --load-games: the games whose positions it judges");
    auto games = load_training_games(games_files);
    gomoku::SearchJudgement j = gomoku::judge_by_search(games, play, scale, [&](int done) {
        if (done % 100 == 0) fmt::print(stderr, "{} of {} games judged\n", done, games.size());
    });
    std::string comment = fmt::format(
        "# Each open position judged by kinrow's own search (docs/gomoku.md, \"The network\"), written by\n"
        "#   kinrow tune-gomoku --search-judge --nodes {} --threat-nodes {} --opening-stones {}{} --load-games {}\n"
        "# {} games, {} positions judged; a judged score is sigmoid(score / {:.0f}){}\n",
        play.nodes, play.threat_nodes, play.opening_stones, scale > 0 ? fmt::format(" --judge-scale {}", scale) : "",
        joined(games_files), games.size(), j.positions, j.scale,
        scale > 0 ? "" : " (the scale fitted to the games' results)");
    fmt::print(stderr, "{}", comment);
    std::string text = comment + gomoku::format_training_games(j.games);
    if (out.empty()) fmt::print("{}", text);
    else write_text(out, text, "training games file");
}

}  // namespace

void add_tune_gomoku_command(CLI::App& app) {
    struct Args {
        gomoku::SelfPlayOptions play;
        gomoku::TuneOptions tune;
        int rounds = 1, compare_weight = 1;
        double judge_weight = 0, judge_scale = 0;
        std::string start, out, save_games;
        std::vector<std::string> load_games, choice_games, compare_games, duel;
        std::string diagnose;
        bool policy = false, network = false, search_judge = false;
        gomoku::NetworkTuneOptions network_options;
        gomoku::PolicyOptions policy_options;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand(
        "tune-gomoku",
        "Tune the Gomoku evaluation from self-play games (logistic regression on the results) and "
        "write the weights file");
    cmd->add_option("--games", args->play.games, "Self-play games per round (default 100)")
        ->check(CLI::Range(1, 1000000));
    cmd->add_option("--nodes", args->play.nodes, "Main-search nodes per move (default 8000)")
        ->check(CLI::Range(1, 1000000000));
    cmd->add_option("--threat-nodes", args->play.threat_nodes,
                    "Root VCF and VCT budget per move (default 20000)")
        ->check(CLI::Range(1, 1000000000));
    cmd->add_option("--opening-stones", args->play.opening_stones,
                    "Random stones in the central 7x7 before the engine plays (default 4)")
        ->check(CLI::Range(0, 8));
    cmd->add_option("--seed", args->play.seed, "Seed of the random openings (default 1)");
    cmd->add_option("--jobs", args->play.jobs,
                    "Games played at once, one per thread (default 1; 0: one per core); the games and "
                    "the weights do not depend on it")
        ->check(CLI::Range(0, 256));
    cmd->add_option("--rounds", args->rounds,
                    "Rounds of play-then-tune; each round's games use the weights of the round before "
                    "and every game so far is tuned on (default 1)")
        ->check(CLI::Range(1, 100));
    cmd->add_option("--iterations", args->tune.iterations, "Gradient steps per round (default 2000)")
        ->check(CLI::Range(0, 1000000));
    cmd->add_option("--learning-rate", args->tune.learning_rate, "Adam's step in evaluation units (default 2)")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--regularisation", args->tune.regularisation,
                    "Pull of each weight towards its start, in log-loss per unit squared (default 1e-7): "
                    "keeps rarely seen terms near their start")
        ->check(CLI::NonNegativeNumber);
    cmd->add_option("--start", args->start,
                    "Weights file to start from (default: the hand-set prior of the move ordering)");
    cmd->add_option("--load-games", args->load_games,
                    "Tune on these games (one or more files from --save-games, taken in order) instead of "
                    "playing the first round");
    cmd->add_option("--judge-weight", args->judge_weight,
                    "Share of a judged position's target taken from the judge's score, the rest from "
                    "the game's result (default 0: results only; only games with judged moves, `move:score`, "
                    "have any)")
        ->check(CLI::Range(0.0, 1.0));
    cmd->add_option("--save-games", args->save_games, "Write every game played to this file");
    cmd->add_option("--duel", args->duel,
                    "Instead of tuning, play --games games between two weights files (or 'prior', "
                    "'shipped'), each opening twice with colours swapped, and print W/D/L of the first")
        ->expected(2);
    cmd->add_option("--diagnose", args->diagnose,
                    "Instead of tuning, report how a weights file (or 'prior', 'shipped') predicts the held-out "
                    "games of --load-games (every fifth): log-loss, expected against actual score by side to move "
                    "and stones on the board, and how often the evaluation one ply ahead picks the move played");
    cmd->add_flag("--policy", args->policy,
                  "Instead of the evaluation, fit the move-ordering policy (data/gomoku/policy_weights.txt) to "
                  "the moves of --load-games; --iterations (default 300), --learning-rate (default 5) and "
                  "--regularisation (default 1e-9) apply to it");
    cmd->add_flag("--network", args->network,
                  "Instead of the evaluation's weights, fit its network (data/gomoku/eval_network.txt) to the "
                  "results of --load-games, on top of the weights of --start (default: shipped); --epochs, "
                  "--learning-rate (default 0.001), --seed and --judge-weight apply to it");
    cmd->add_option("--epochs", args->network_options.epochs,
                    "With --network: passes over the positions, the best by the held-out loss kept (default 6)")
        ->check(CLI::Range(1, 1000));
    cmd->add_option("--choice-weight", args->network_options.choice_weight,
                    "With --network: the share of the choice loss, the moves of --choice-games learned among "
                    "their siblings (default 0: results only)")
        ->check(CLI::NonNegativeNumber);
    cmd->add_option("--choice-temperature", args->network_options.choice_temperature,
                    "With --choice-weight: evaluation units per logit of a choice (default 400)")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--network-share", args->network_options.output_share,
                    "With --network: the network's share of the evaluation, its output weights and bias as "
                    "fitted multiplied by it when written, ties to even (0 to 1, default 1; PERFORMANCE.md, session 61)")
        ->check(CLI::Range(0.0, 1.0));
    cmd->add_option("--choice-games", args->choice_games,
                    "With --choice-weight: games (training-games files) whose moves are a stronger player's");
    cmd->add_option("--compare-games", args->compare_games,
                    "Comparison training: games (training-games files) whose moves are a stronger player's; where "
                    "kinrow's search (--nodes, --threat-nodes; --jobs apply) picks another move, the leaves of the "
                    "two moves' principal variations join the fit, the played move's to be rated higher");
    cmd->add_option("--compare-weight", args->compare_weight,
                    "With --compare-games: each comparison counts as this many positions in the fit (default 1)")
        ->check(CLI::Range(1, 1000));
    cmd->add_flag("--search-judge", args->search_judge,
                  "Instead of tuning, judge every open position of --load-games by kinrow's own search "
                  "(--nodes main-search nodes, --threat-nodes per root threat search; --jobs apply) and write the "
                  "games with those judged scores: --network --judge-weight then learns the search's values");
    cmd->add_option("--judge-scale", args->judge_scale,
                    "With --search-judge: evaluation units per logistic unit of a judged score (default: the "
                    "scale that best predicts the games' results)")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--out", args->out, "The weights file to write (default: standard output)");
    // Comparisons join the weights' fit only: another mode would ignore them.
    auto* compare = cmd->get_option("--compare-games");
    for (const char* mode : {"--policy", "--network", "--search-judge", "--duel", "--diagnose"}) compare->excludes(mode);
    cmd->get_option("--compare-weight")->needs(compare);
    cmd->callback([args, cmd] {
        if (args->policy) {
            // The policy's own defaults, unless given.
            auto given = [&](const char* name) { return cmd->get_option(name)->count() > 0; };
            if (given("--iterations")) args->policy_options.iterations = args->tune.iterations;
            if (given("--learning-rate")) args->policy_options.learning_rate = args->tune.learning_rate;
            if (given("--regularisation")) args->policy_options.regularisation = args->tune.regularisation;
            return fit_policy(args->load_games, args->play, args->policy_options, args->out);
        }
        if (args->network) {
            auto given = [&](const char* name) { return cmd->get_option(name)->count() > 0; };
            if (given("--learning-rate")) args->network_options.learning_rate = args->tune.learning_rate;
            args->network_options.seed = args->play.seed;
            return fit_network(args->load_games, args->choice_games, args->start, args->play, args->judge_weight,
                               args->network_options, args->out);
        }
        if (args->search_judge) return search_judge(args->load_games, args->play, args->judge_scale, args->out);
        if (!args->duel.empty()) return duel(args->duel[0], args->duel[1], args->play);
        if (!args->diagnose.empty()) return diagnose(args->diagnose, args->load_games, args->play);
        gomoku::EvalWeights weights = weights_named(args->start.empty() ? "prior" : args->start);
        std::vector<gomoku::TrainingGame> games;
        // Read before any self-play, so a bad file fails at once.
        SplitGames compare = split_held_out(load_training_games(args->compare_games));
        std::string history;
        for (int round = 1; round <= args->rounds; ++round) {
            if (round == 1 && !args->load_games.empty()) {
                games = load_training_games(args->load_games);
            } else {
                gomoku::SelfPlayOptions play = args->play;
                play.seed += static_cast<std::uint64_t>(round - 1) * 1000003;
                auto more = gomoku::play_training_games(weights, play, [&](int done) {
                    if (done % 50 == 0) fmt::print(stderr, "round {}: {} of {} games\n", round, done, play.games);
                });
                games.insert(games.end(), more.begin(), more.end());
            }
            if (!args->save_games.empty())
                write_text(args->save_games, gomoku::format_training_games(games), "training games file");
            auto [fit, held_out] = split_held_out(games);
            auto samples = gomoku::training_samples(fit, args->play, args->judge_weight);
            auto validation = gomoku::training_samples(held_out, args->play, args->judge_weight);
            args->tune.scale = gomoku::fit_scale(samples, weights);
            std::size_t positions = samples.size(), comparisons = 0;
            std::vector<gomoku::TrainingSample> held_out_pairs;
            if (!args->compare_games.empty()) {
                auto pairs_of = [&](const std::vector<gomoku::TrainingGame>& some, const char* what) {
                    return gomoku::comparison_samples(some, args->play, weights, [&](int done) {
                        if (done % 50 == 0)
                            fmt::print(stderr, "comparisons ({}): {} of {} games\n", what, done, some.size());
                    });
                };
                auto pairs = pairs_of(compare.fit, "fit");
                held_out_pairs = pairs_of(compare.held_out, "held out");
                comparisons = pairs.size();
                for (int i = 0; i < args->compare_weight; ++i)
                    samples.insert(samples.end(), pairs.begin(), pairs.end());
            }
            gomoku::TuneResult r = gomoku::tune_weights(samples, weights, args->tune);
            std::string line = fmt::format(
                "round {}: {} games, {} positions, scale {:.0f}, log-loss {:.5f} -> {:.5f}; held out ({} games, "
                "{} positions) {:.5f} -> {:.5f}",
                round, fit.size(), positions, args->tune.scale, r.loss_before, r.loss_after, held_out.size(),
                validation.size(), gomoku::log_loss(validation, weights, args->tune.scale),
                gomoku::log_loss(validation, r.weights, args->tune.scale));
            if (!args->compare_games.empty())
                line += fmt::format(
                    "; {} comparisons fitted too, each {} times (the log-loss counts them); held out {}: the played "
                    "move's leaf preferred {:.1f}% -> {:.1f}%",
                    comparisons, args->compare_weight, held_out_pairs.size(),
                    100 * gomoku::preferred_share(held_out_pairs, weights),
                    100 * gomoku::preferred_share(held_out_pairs, r.weights));
            fmt::print(stderr, "{}\n", line);
            history += line + "\n";
            weights = r.weights;
        }
        const auto& p = args->play;
        // The self-play options only matter when a round plays games.
        bool played = args->load_games.empty() || args->rounds > 1;
        bool judged = std::any_of(games.begin(), games.end(), [](const auto& g) { return !g.judged.empty(); });
        std::string comment = fmt::format(
            "kinrow Gomoku evaluation weights (docs/gomoku.md, \"The evaluation\"), written by\n"
            "  kinrow tune-gomoku {}--opening-stones {} --rounds {} --iterations {} --learning-rate {} "
            "--regularisation {}{}{}{}{}\n{}",
            played ? fmt::format("--games {} --nodes {} --threat-nodes {} --seed {} ", p.games, p.nodes,
                                 p.threat_nodes, p.seed)
                   : "",
            p.opening_stones, args->rounds, args->tune.iterations, args->tune.learning_rate, args->tune.regularisation,
            args->start.empty() ? "" : " --start " + args->start,
            args->load_games.empty() ? "" : " --load-games " + joined(args->load_games),
            judged ? fmt::format(" --judge-weight {}", args->judge_weight) : "",
            args->compare_games.empty() ? ""
                                        : fmt::format(" --compare-games {} --compare-weight {} --nodes {} "
                                                      "--threat-nodes {}",
                                                      joined(args->compare_games), args->compare_weight, p.nodes,
                                                      p.threat_nodes),
            history);
        std::string text = gomoku::format_eval_weights(weights, comment);
        if (args->out.empty()) fmt::print("{}", text);
        else write_text(args->out, text, "weights file");
    });
}

}  // namespace kinrow
