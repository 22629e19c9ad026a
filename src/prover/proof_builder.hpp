// The proof builder: turns a settled question into a proof-file section.
//
// The search keeps only numbers; the builder walks the settled DAG again
// from the root, choosing for the claimer a child the table shows settled the
// right way (re-searching any child the table lost), and listing every legal
// opponent move — including those the search cut — with what follows it:
// the claimer's immediate completion, a double threat, a pairing, or a node.
// The search's cuts thus never reach the file: each cut branch appears with
// a reason the verifier checks from the rules alone.
#pragma once

#include <optional>
#include <unordered_map>

#include "prover/dfpn.hpp"
#include "prover/proof_file.hpp"
#include "rules/symmetry.hpp"

namespace kinrow::prover {

class ProofBuilder {
public:
    // `search` answered "does `attacker` win?" with `attacker_wins`.
    // The pairing budgets are the search's, so that the builder finds the
    // pairings the search settled nodes with.
    ProofBuilder(Dfpn& search, Player attacker, bool attacker_wins, int pairing_budget, int reply_pairing_budget);

    // The section for the position on `board` (restored on return). Throws
    // Error if a limit stops a re-search before the section is complete.
    ProofSection build(Board& board);

private:
    int node(Board& board);
    Step claimer_step(Board& board);
    Entry after_opponent(Board& board, Move move);
    bool settled_for_claimer(Board& board);
    bool find_pairing(Board& board, std::vector<Pair>& pairs);
    void remember(const std::vector<Pair>& pairs);

    Dfpn& search_;
    Player attacker_;
    Player claimer_;
    Claim claim_;
    PairingFinder pairing_;
    PairingFinder reply_pairing_;
    std::optional<Symmetries> symmetries_;  // of the board being written
    std::vector<std::vector<Pair>> recent_;  // the last pairings found, tried first
    ProofSection section_;
    std::unordered_map<std::uint64_t, int> ids_;
};

}  // namespace kinrow::prover
