// Depth-first proof-number search (Nagai's df-pn) over one question at a
// time: "does `attacker` win from this position?". A proof (pn = 0) says the
// attacker wins against every defence; a disproof (dn = 0) says the defender
// at least draws. The value of a position follows from two questions, one
// for each side as attacker (prover.cpp).
//
// Nodes where the attacker moves are OR nodes, the defender's are AND nodes.
// Every node is first classified by expand(): settled by the rules and the
// sound shortcuts of threats.hpp / pairing.hpp, or open with the moves that
// must be searched. Thresholds use the 1+epsilon trick of Pawlewicz and Lew,
// which keeps df-pn from thrashing between siblings of similar size; sums of
// proof numbers saturate, since transpositions make them over-count on the
// DAG, and only settled nodes carry kInfinity.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <unordered_map>
#include <vector>

#include "prover/board.hpp"
#include "prover/pairing.hpp"
#include "prover/table.hpp"

namespace kinrow::prover {

// A node settled without search, or the moves to search.
enum class Status : std::uint8_t { Open, Proven, Disproven };
struct Expansion {
    Status status = Status::Open;
    std::vector<Move> moves;  // Open: the children, best first
    bool by_pairing = false;  // Disproven by a pairing of the defender
    Move reply = kNoMove;     // by_pairing at a defender's node: the reply before the pairing
    // At a defender's node: the search for a reply and pairing failed, so
    // the children do not look for a pairing again (the reply search
    // covered every reply; only its budget can have missed one).
    bool children_unpairable = false;
};

// Shared by every search of one run: limits and the progress report.
struct Budget {
    std::uint64_t node_limit = 0;  // 0: none
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    // Called about once a second with the root's numbers.
    std::function<void(std::uint64_t nodes, PnDn root, double seconds)> progress;
    // Set from another thread to stop the run (Ctrl-C, a client gone).
    const std::atomic<bool>* stop = nullptr;
    std::uint64_t nodes = 0;
    bool stopped = false;
    bool out_of_nodes() const { return node_limit && nodes >= node_limit; }
    // Out of time, or told to stop from outside (reads the clock).
    bool out_of_time() const {
        return std::chrono::steady_clock::now() >= deadline || (stop && stop->load(std::memory_order_relaxed));
    }
    bool spent() const { return out_of_nodes() || out_of_time(); }
};

// What the threads of one parallel search share besides the table: the
// positions some thread is inside, so that the others prefer different
// children (Kaneko's parallel df-pn), and the word to stop, given when one
// thread settles the root or a limit stops the run.
struct Team {
    static constexpr std::size_t kBusySlots = std::size_t{1} << 16;
    std::unique_ptr<std::atomic<std::uint8_t>[]> busy = std::make_unique<std::atomic<std::uint8_t>[]>(kBusySlots);
    std::atomic<bool> stop = false;
    std::atomic<std::uint64_t> helper_nodes = 0;  // the helpers' nodes, for the progress report
    std::atomic<std::uint8_t>& busy_mark(std::uint64_t key) { return busy[key & (kBusySlots - 1)]; }
};

struct SearchConfig {
    int pairing_budget = 32;         // backtracking steps per pairing search
    int reply_pairing_budget = 32;   // the same with the defender's reply to choose
    bool use_pairing = true;
    bool use_threat_cut = true;
    int killers = 4;  // pairings kept per ply for the siblings (see Killer)
    // The proof-only search: the attacker plays only threats (makes_threat),
    // so the defender's replies are always cut to a few. A proof in it is a
    // proof (every defender reply is still searched or refuted by a sound
    // cut); a disproof only says that no threat sequence wins.
    bool threats_only = false;
};

class Dfpn {
public:
    Dfpn(Table& table, Budget& budget, SearchConfig config);

    // Makes this search one thread of a team sharing the table (which must
    // be shared_between_threads), or a lone search again (nullptr). A lone
    // search is deterministic; a team's is not, but what it settles is as
    // sound. A helper adds its nodes to the team's count (the first thread
    // reports progress).
    void join(Team* team, bool helper = false) {
        team_ = team;
        helper_ = helper;
    }

    // Searches until the question is settled or the budget runs out; the
    // root's numbers (unsettled if stopped). `board` is restored.
    PnDn solve(Board& board, Player attacker);

    // The classification of the position for the question "does `attacker`
    // win?"; the proof writer uses the same shortcuts to stay in step with
    // the search. `pairs`, if given, receives the defender's pairing when
    // that is what settles the node.
    // `seen_open`: the position was expanded before and stayed open, so the
    // costly shortcuts (pairing, double threats), which depend on the
    // position alone, are skipped.
    // `unpairable`: the parent's reply-and-pairing search failed, so the
    // pairing search is skipped here (a speed choice, see Expansion).
    Expansion expand(Board& board, Player attacker, std::vector<Pair>* pairs = nullptr, bool seen_open = false,
                     bool unpairable = false);

    // The table key of the position for this question.
    static std::uint64_t key(const Board& board, Player attacker);
    bool lookup(const Board& board, Player attacker, PnDn& out) const;
    // The pairing that settled a position (attacker to move) in the search,
    // if it is still kept: the proof writer shows the same one.
    const std::vector<Pair>* known_pairing(std::uint64_t key) const;

    // The key after the side to move plays m.
    static std::uint64_t key_after(const Board& board, Move m, Player attacker);

    std::uint64_t pairing_calls() const { return pairing_.calls() + reply_pairing_.calls(); }
    std::uint64_t pairings_found() const { return pairing_.successes() + reply_pairing_.successes(); }

private:
    struct Child {
        Move move;
        PnDn value;
    };
    // A pairing that settled a node (reply == kNoMove: the attacker was to
    // move), or a defender reply after which one did. Siblings differ by one
    // stone, so the last few found at a ply often settle the next node there
    // too, checked in linear time instead of searched (a relevance-zone
    // effect: a pairing that avoids the sibling's extra stone is untouched
    // by it).
    struct Killer {
        Move reply = kNoMove;
        std::vector<Pair> pairs;
    };
    void add_killer(int ply, Move reply, const std::vector<Pair>& pairs);
    bool settled_by_killer(Board& board, int ply);
    void remember_pairing(std::uint64_t key, const std::vector<Pair>& pairs);
    PnDn mid(Board& board, std::uint32_t th_pn, std::uint32_t th_dn, int ply, bool unpairable);
    void tick();
    // In a team: the child to enter (`first`) and the runner-up's number
    // (`second`), counting the other threads' presence.
    void choose_apart(const std::vector<Child>& children, const std::vector<std::uint64_t>& keys, bool or_node,
                      std::uint32_t limit, std::size_t& first, std::uint32_t& second) const;

    Table& table_;
    Budget& budget_;
    SearchConfig config_;
    PairingFinder pairing_;
    PairingFinder reply_pairing_;
    Player attacker_ = Player::X;
    std::vector<std::vector<Child>> children_;  // one list per ply
    std::vector<std::vector<std::uint64_t>> child_keys_;  // one list per ply
    std::vector<std::vector<Killer>> killers_;  // per ply, the most recent first
    std::vector<Move> path_;                    // the move played at each ply
    std::unordered_map<std::uint64_t, std::vector<Pair>> pairings_;  // see known_pairing
    std::chrono::steady_clock::time_point next_report_;
    PnDn root_{};
    Team* team_ = nullptr;
    bool helper_ = false;
};

}  // namespace kinrow::prover
