#include "prover/prover.hpp"

#include <filesystem>
#include <fstream>

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
    if (options.time_ms > 0) budget.deadline = budget.start + std::chrono::milliseconds(options.time_ms);
    int question = 1;
    auto last_save = budget.start;
    // Once a second: the progress report, and a checkpoint every so often,
    // so that a run killed from outside loses little.
    budget.progress = [&](std::uint64_t nodes, PnDn root, double seconds) {
        if (options.progress)
            options.progress({question, nodes, root.pn, root.dn, seconds,
                              static_cast<double>(table.used()) / static_cast<double>(table.capacity())});
        auto now = std::chrono::steady_clock::now();
        if (!options.checkpoint_path.empty() && options.checkpoint_every_s > 0 &&
            now - last_save >= std::chrono::seconds(options.checkpoint_every_s)) {
            save_checkpoint(options.checkpoint_path, pos, table);
            last_save = now;
        }
    };
    SearchConfig config{options.pairing_budget, options.reply_pairing_budget, options.use_pairing,
                        options.use_threat_cut};
    Dfpn search(table, budget, config);

    const Player mover = board.side_to_move();
    PnDn first = search.solve(board, mover);
    result.question_nodes[0] = budget.nodes;
    PnDn second{};
    if (first.proven()) {
        result.value = Value::Win;
    } else if (first.disproven()) {
        question = 2;
        second = search.solve(board, opponent(mover));
        result.question_nodes[1] = budget.nodes - result.question_nodes[0];
        if (second.proven()) result.value = Value::Loss;
        if (second.disproven()) result.value = Value::Draw;
    }
    result.proven = result.value != Value::Unknown;

    if (result.proven && !options.proof_path.empty()) {
        ProofFile proof{pos.spec().name(), pos.board_string(), value_name(result.value), {}};
        auto add_section = [&](Player attacker, bool attacker_wins) {
            ProofBuilder builder(search, attacker, attacker_wins, options.pairing_budget,
                                 options.reply_pairing_budget);
            proof.sections.push_back(builder.build(board));
            result.proof_nodes += proof.sections.back().nodes.size();
        };
        if (result.value == Value::Win) add_section(mover, true);
        if (result.value == Value::Loss) add_section(opponent(mover), true);
        if (result.value == Value::Draw) {
            add_section(mover, false);
            add_section(opponent(mover), false);
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
    result.pairing_calls = search.pairing_calls();
    result.pairings_found = search.pairings_found();
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - budget.start).count();
    result.table_bytes = table.bytes();
    return result;
}

}  // namespace kinrow::prover
