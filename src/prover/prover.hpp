// The prover's library interface: the game-theoretic value of a free
// k-in-a-row position, by proof-number search, with an optional proof file.
//
// Two questions settle a value: "does the side to move win?" and, if not,
// "does the opponent win?". A win needs the first proven; a loss the second;
// a draw needs both disproven, and its proof file carries both halves (each
// side at least draws).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "rules/position.hpp"

namespace kinrow::prover {

// The games the prover handles: free placement, won by k or more in a row.
bool handles(const GameSpec& spec);
// The games it settles better than the exact search: from five in a row on
// the exact search drowns (6,6,5: not solved in ten minutes) where the
// threat cuts and pairings settle the game in milliseconds.
bool is_better_for(const GameSpec& spec);

enum class Value : std::uint8_t { Unknown, Win, Draw, Loss };
const char* value_name(Value v);  // "win" | "draw" | "loss" | "unknown"

struct Progress {
    int question = 1;            // 1: does the side to move win? 2: does the opponent?
    std::uint64_t nodes = 0;
    std::uint32_t root_pn = 0;   // the root's proof and disproof numbers
    std::uint32_t root_dn = 0;
    double seconds = 0;
    double table_fill = 0;       // fraction of the table's slots in use
};

inline constexpr std::uint64_t kThreatPassNodesSmallBoards = 10000;

struct Options {
    std::uint64_t node_limit = 0;  // 0: none
    int time_ms = 0;               // 0: none
    std::size_t table_mb = 256;
    // Threads of the full search sharing one table (parallel df-pn; 1: the
    // deterministic search). The node limit counts the first thread's nodes.
    int threads = 1;
    int pairing_budget = 32;         // backtracking steps per pairing search
    int reply_pairing_budget = 32;   // the same when the defender's reply is part of it
    bool use_pairing = true;
    bool use_threat_cut = true;
    int killers = 4;                 // pairings kept per ply for the siblings
    // Nodes for the proof-only pass before each question's full search (the
    // attacker plays threats only: fours and moves that leave a double
    // threat; see dfpn.hpp). -1: unlimited on boards too large for the
    // pairing search (Gomoku), kThreatPassNodesSmallBoards on others; 0: none.
    std::int64_t threat_pass_nodes = -1;
    // Written when the value is settled (empty: none).
    std::string proof_path;
    // Resumed from if it exists; written when a limit stops the run, and
    // every checkpoint_every_s seconds while it runs (0: only at the end).
    std::string checkpoint_path;
    int checkpoint_every_s = 600;
    std::function<void(const Progress&)> progress;
    // Set from another thread to stop the run soon (the result is then
    // unknown, and the checkpoint is written as at any limit).
    const std::atomic<bool>* stop = nullptr;
};

struct Result {
    Value value = Value::Unknown;
    bool proven = false;            // false: a limit stopped the search first
    std::uint64_t nodes = 0;        // search nodes of every thread, proof writing included
    std::uint64_t question_nodes[2] = {0, 0};  // of which: "side to move wins?", "opponent wins?"
    std::uint64_t pairing_calls = 0;
    std::uint64_t pairings_found = 0;
    double seconds = 0;
    std::size_t proof_nodes = 0;    // nodes in the proof file (0 if none written)
    bool resumed = false;           // started from a checkpoint
    bool checkpoint_written = false;
    std::size_t table_bytes = 0;
};

// Throws Error for games the prover does not handle (gravity, weighted,
// exactly-k), finished positions, and unreadable checkpoints.
Result prove(const Position& pos, const Options& options);

}  // namespace kinrow::prover
