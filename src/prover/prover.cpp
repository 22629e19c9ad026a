#include "prover/prover.hpp"

#include <filesystem>
#include <fstream>
#include <thread>

#include <fmt/format.h>

#include "core/error.hpp"
#include "prover/proof_builder.hpp"
#include "prover/proof_file.hpp"

namespace kinrow::prover {

namespace {

// A checkpoint is the table plus the position it belongs to; resuming
// re-runs both questions, which the table's settled entries make quick.
std::string checkpoint_header(const Position& pos) {
    return fmt::format("kinrow-checkpoint 1 {} {}\n", pos.spec().name(), pos.board_string());
}

bool load_checkpoint(const std::string& path, const Position& pos, Table& table) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::string header;
    std::getline(in, header);
    if (header + "\n" != checkpoint_header(pos))
        throw Error(fmt::format("checkpoint {} belongs to another game or position ('{}')", path, header));
    table.load(in);
    return true;
}

void save_checkpoint(const std::string& path, const Position& pos, const Table& table) {
    std::string temporary = path + ".tmp";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out) throw Error(fmt::format("cannot write checkpoint {}", temporary));
        out << checkpoint_header(pos);
        table.save(out);
    }
    std::filesystem::rename(temporary, path);  // a crash mid-write keeps the old checkpoint
}

}  // namespace

bool handles(const GameSpec& spec) {
    return !spec.gravity() && !spec.weighted() && spec.win_rule == WinRule::AtLeastK;
}

bool is_better_for(const GameSpec& spec) { return handles(spec) && spec.k >= 5; }

const char* value_name(Value v) {
    switch (v) {
        case Value::Win: return "win";
        case Value::Draw: return "draw";
        case Value::Loss: return "loss";
        case Value::Unknown: break;
    }
    return "unknown";
}

Result prove(const Position& pos, const Options& options) {
    Board board(pos);
    Table table(options.table_mb);
    Result result;
    if (!options.checkpoint_path.empty()) result.resumed = load_checkpoint(options.checkpoint_path, pos, table);

    Budget budget;
    budget.node_limit = options.node_limit;
    budget.stop = options.stop;
    if (options.time_ms > 0) budget.deadline = budget.start + std::chrono::milliseconds(options.time_ms);
    int question = 1;
    auto last_save = budget.start;
    // Once a second: the progress report, and a checkpoint every so often,
    // so that a run killed from outside loses little.
    Team team;
    budget.progress = [&](std::uint64_t nodes, PnDn root, double seconds) {
        if (options.progress)
            options.progress({question, nodes + team.helper_nodes.load(), root.pn, root.dn, seconds,
                              static_cast<double>(table.used()) / static_cast<double>(table.capacity())});
        auto now = std::chrono::steady_clock::now();
        if (!options.checkpoint_path.empty() && options.checkpoint_every_s > 0 &&
            now - last_save >= std::chrono::seconds(options.checkpoint_every_s)) {
            save_checkpoint(options.checkpoint_path, pos, table);
            last_save = now;
        }
    };
    SearchConfig config{options.pairing_budget, options.reply_pairing_budget, options.use_pairing,
                        options.use_threat_cut, options.killers};
    Dfpn search(table, budget, config);
    // The helpers of a parallel search: each has a board, a budget and a
    // search of its own, and shares the table and the team.
    struct Helper {
        Helper(const Board& b, Table& table, const Budget& main, SearchConfig config, Team& team)
            : board(b), search(table, budget, config) {
            budget.deadline = main.deadline;
            search.join(&team, true);
        }
        Board board;
        Budget budget;
        Dfpn search;
    };
    std::vector<std::unique_ptr<Helper>> helpers;
    if (options.threads > 1) {
        table.share_between_threads();
        for (int i = 1; i < options.threads; ++i)
            helpers.push_back(std::make_unique<Helper>(board, table, budget, config, team));
    }
    // The full search of one question, by the team if there is one: the
    // first thread to settle the root stops the others; the table holds the
    // answer whoever found it.
    auto full_search = [&](Player attacker) {
        if (helpers.empty()) return search.solve(board, attacker);
        team.stop = false;
        search.join(&team);
        std::vector<std::jthread> threads;
        for (auto& h : helpers)
            threads.emplace_back([&h, &team, attacker] {
                h->budget.stopped = false;
                h->search.solve(h->board, attacker);
                team.stop = true;  // settled, or out of budget: the team's work is over
            });
        PnDn v = search.solve(board, attacker);
        team.stop = true;
        threads.clear();  // joins
        search.join(nullptr);  // the proof writer's searches run alone
        if (!v.solved()) search.lookup(board, attacker, v);
        return v;
    };
    // The proof-only search (the attacker plays threats only) has a table of
    // its own: its disproofs hold for the restricted game alone and must
    // never reach the full search's table.
    SearchConfig threats_config = config;
    threats_config.use_pairing = false;  // it never needs a disproof
    threats_config.threats_only = true;
    Table threats_table(std::max<std::size_t>(1, options.table_mb / 4));
    Dfpn threats_search(threats_table, budget, threats_config);
    constexpr std::uint64_t kUnlimited = ~std::uint64_t{0};
    const std::uint64_t threat_pass_nodes = !options.use_threat_cut           ? 0
                                            : options.threat_pass_nodes >= 0 ? static_cast<std::uint64_t>(options.threat_pass_nodes)
                                            : board.has_sets()               ? kThreatPassNodesSmallBoards
                                                                             : kUnlimited;

    // Does `attacker` win? The proof-only pass first, then the full search;
    // `settled_by` is the search whose table holds the answer.
    auto ask = [&](Player attacker, Dfpn*& settled_by) {
        if (threat_pass_nodes > 0) {
            const std::uint64_t global_limit = budget.node_limit;
            if (threat_pass_nodes != kUnlimited && (!global_limit || budget.nodes + threat_pass_nodes < global_limit))
                budget.node_limit = budget.nodes + threat_pass_nodes;
            PnDn v = threats_search.solve(board, attacker);
            budget.node_limit = global_limit;
            if (v.proven()) {
                settled_by = &threats_search;
                return v;
            }
            // Only the pass's own limit stopped it: the full search goes on.
            if (!budget.spent()) budget.stopped = false;
        }
        settled_by = &search;
        PnDn v = full_search(attacker);
        // A helper's answer stopped the first thread: the run goes on.
        if (!budget.spent()) budget.stopped = false;
        return v;
    };

    const Player mover = board.side_to_move();
    Dfpn* first_by = nullptr;
    Dfpn* second_by = nullptr;
    PnDn first = ask(mover, first_by);
    result.question_nodes[0] = budget.nodes;
    PnDn second{};
    if (first.proven()) {
        result.value = Value::Win;
    } else if (first.disproven()) {
        question = 2;
        second = ask(opponent(mover), second_by);
        result.question_nodes[1] = budget.nodes - result.question_nodes[0];
        if (second.proven()) result.value = Value::Loss;
        if (second.disproven()) result.value = Value::Draw;
    }
    result.proven = result.value != Value::Unknown;

    if (result.proven && !options.proof_path.empty()) {
        // The proof writer searches again where the table lost an entry, under
        // the same limits: if it is stopped, the settled table must survive.
        if (!options.checkpoint_path.empty()) {
            save_checkpoint(options.checkpoint_path, pos, table);
            result.checkpoint_written = true;
        }
        ProofFile proof{pos.spec().name(), pos.board_string(), value_name(result.value), {}};
        auto add_section = [&](Dfpn& settled_by, Player attacker, bool attacker_wins) {
            ProofBuilder builder(settled_by, attacker, attacker_wins, options.pairing_budget,
                                 options.reply_pairing_budget);
            proof.sections.push_back(builder.build(board));
            result.proof_nodes += proof.sections.back().nodes.size();
        };
        if (result.value == Value::Win) add_section(*first_by, mover, true);
        if (result.value == Value::Loss) add_section(*second_by, opponent(mover), true);
        if (result.value == Value::Draw) {
            add_section(*first_by, mover, false);
            add_section(*second_by, opponent(mover), false);
        }
        std::ofstream out(options.proof_path, std::ios::trunc);
        if (!out) throw Error(fmt::format("cannot write proof file {}", options.proof_path));
        write_proof(out, proof, pos.width());
        if (!out) throw Error(fmt::format("error writing proof file {}", options.proof_path));
    }
    if (!result.proven && !options.checkpoint_path.empty()) {
        save_checkpoint(options.checkpoint_path, pos, table);
        result.checkpoint_written = true;
    }
    result.nodes = budget.nodes;
    for (const auto& h : helpers) result.nodes += h->budget.nodes;
    result.pairing_calls = search.pairing_calls();
    result.pairings_found = search.pairings_found();
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - budget.start).count();
    result.table_bytes = table.bytes();
    return result;
}

}  // namespace kinrow::prover
