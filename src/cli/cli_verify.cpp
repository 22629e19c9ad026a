// `kinrow verify FILE`: the independent checker of the prover's proof files
// (`kinrow solve ... --engine prover --proof FILE` writes them, through the
// facade). It trusts none of the prover's pruning.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/cli.hpp"
#include "core/error.hpp"
#include "prover/verifier.hpp"

namespace kinrow {

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
