// The prover's front end: `kinrow solve ... --engine prover` (solve_prover)
// and `kinrow verify FILE`. Parses nothing itself beyond the request; prints
// the prover's result as text or JSON and its progress on stderr.
#include <cstdio>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "error.hpp"
#include "prover/prover.hpp"
#include "prover/verifier.hpp"

namespace kinrow {

void solve_prover(const SolveRequest& request) {
    Position pos = load_position(request.position);
    if (request.depth >= 0) throw Error("--depth does not apply to the prover (it proves or stops at a limit)");
    prover::Options options;
    options.node_limit = request.node_limit;
    options.time_ms = request.time_ms;
    options.table_mb = request.tt_mb;
    options.proof_path = request.proof_path;
    options.checkpoint_path = request.checkpoint_path;
    options.progress = [](const prover::Progress& p) {
        fmt::print(stderr, "info question {} root pn {} dn {} nodes {} nps {:.0f} time {:.1f}s table {:.1f}%\n",
                   p.question, p.root_pn, p.root_dn, p.nodes, p.seconds > 0 ? p.nodes / p.seconds : 0.0,
                   p.seconds, 100 * p.table_fill);
        std::fflush(stderr);
    };
    prover::Result res = prover::prove(pos, options);
    const char* value = prover::value_name(res.value);
    if (request.json) {
        nlohmann::json j = {{"engine", "prover"},
                            {"game", pos.spec().name()},
                            {"board", pos.board_string()},
                            {"to_move", std::string(1, player_char(pos.side_to_move()))},
                            {"result", value},
                            {"proven", res.proven},
                            {"complete", res.proven},
                            {"stats", {{"nodes", res.nodes},
                                       {"time_s", res.seconds},
                                       {"nps", res.seconds > 0 ? res.nodes / res.seconds : 0.0},
                                       {"table_bytes", res.table_bytes}}}};
        if (!request.proof_path.empty() && res.proven) {
            j["proof"] = request.proof_path;
            j["proof_nodes"] = res.proof_nodes;
        }
        if (!request.checkpoint_path.empty()) {
            j["checkpoint"] = request.checkpoint_path;
            j["resumed"] = res.resumed;
            j["checkpoint_written"] = res.checkpoint_written;
        }
        fmt::print("{}\n", j.dump(2));
        return;
    }
    fmt::print("{} ({} to move)\n{}", pos.spec().name(), player_char(pos.side_to_move()), pos.diagram());
    if (res.proven)
        fmt::print("value: {} for {} (proven)\n", value, player_char(pos.side_to_move()));
    else
        fmt::print("value: unknown  [stopped by a limit]\n");
    fmt::print("nodes {}  time {:.3f}s  nps {:.0f}\n", res.nodes, res.seconds,
               res.seconds > 0 ? res.nodes / res.seconds : 0.0);
    if (res.proof_nodes > 0) fmt::print("proof: {} ({} nodes)\n", request.proof_path, res.proof_nodes);
    if (res.resumed) fmt::print("resumed from checkpoint {}\n", request.checkpoint_path);
    if (res.checkpoint_written) fmt::print("checkpoint written to {}\n", request.checkpoint_path);
}

void add_verify_command(CLI::App& app) {
    auto path = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    auto* cmd = app.add_subcommand("verify", "Check a proof file written by solve --engine prover --proof FILE");
    cmd->add_option("FILE", *path, "The proof file")->required();
    cmd->add_flag("--json", *json, "Print the report as JSON");
    cmd->callback([path, json] {
        prover::VerifyReport report = prover::verify_file(*path);
        if (*json) {
            nlohmann::json j = {{"ok", report.ok}, {"message", report.message}, {"nodes", report.nodes}};
            if (report.ok) j["value"] = report.value;
            fmt::print("{}\n", j.dump(2));
        } else if (report.ok) {
            fmt::print("{}\n", report.message);
        }
        if (!report.ok) throw Error("proof rejected: " + report.message);
    });
}

}  // namespace kinrow
