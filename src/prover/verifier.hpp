// The verifier: an independent check of a proof file against the rules.
//
// It shares no search code with the prover: no table, no threat analysis,
// no pairing finder, no window index. It replays every move through
// Position (the rules engine), and checks at each node exactly what the
// format promises: the claimer's move is legal and leads where the file
// says; an `all` node lists every legal opponent move once; `#` really ends
// the game the claimed way; `*` leaves, after every opponent reply, a cell
// that completes a claimer line; a pairing's cells are empty and disjoint and
// every window without a claimer stone (enumerated here from scratch) holds a
// pair; a node referred to twice stands for positions equal up to a symmetry
// of the board. Finally the claims proved must amount to the stated value.
#pragma once

#include <cstddef>
#include <string>

#include "prover/proof_file.hpp"

namespace kinrow::prover {

struct VerifyReport {
    bool ok = false;
    std::string value;    // the value proved, when ok
    std::string message;  // ok: a summary; otherwise the first problem: section, node, path, why
    std::size_t nodes = 0;
};

VerifyReport verify(const ProofFile& proof);
// Reads and verifies; unreadable or malformed files give a report, not a throw.
VerifyReport verify_file(const std::string& path);

}  // namespace kinrow::prover
