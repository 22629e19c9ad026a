// The weighted game's transposition table, as the course seed specifies it:
// separate chaining keyed by the board id (bucket = id mod table size), entries
// (id, depth, best move, score); a lookup answers only when the stored depth is
// at least the requested one; an update inserts, or overwrites an entry only
// with a deeper one; clear empties it.
//
// Two corrections to the seed. Alpha-beta results are often bounds, not exact
// values (a cut-off node knows only "at least" or "at most"), so an entry says
// which it holds; storing cut-off values as exact scores, as the seed's
// pseudo-code does, makes later lookups return wrong values. And at equal depth
// an exact value replaces a bound: it answers every question the bound did.
//
// Memory is bounded: once max_entries keys are stored, new keys are not
// inserted (existing ones are still updated), so a game never outgrows its
// budget and stays deterministic.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/chained_table.hpp"
#include "weighted/weighted_rules.hpp"

namespace kinrow::weighted {

// Eight bytes: the score, the best move, and depth and bound packed together
// (depths go up to 400 on a 20x20 board, so they need more than a byte).
class TableEntry {
public:
    TableEntry() = default;
    TableEntry(Score score, Move move, int depth, Bound bound)
        : score_(score),
          move_(static_cast<std::int16_t>(move)),
          depth_bound_(static_cast<std::uint16_t>(depth << 2 | static_cast<int>(bound))) {}

    Score score() const { return score_; }
    Move move() const { return move_; }
    int depth() const { return depth_bound_ >> 2; }
    Bound bound() const { return static_cast<Bound>(depth_bound_ & 3); }

private:
    Score score_ = 0;
    std::int16_t move_ = kNoMove;
    std::uint16_t depth_bound_ = 0;
};
static_assert(sizeof(TableEntry) == 8);

class TranspositionTable {
public:
    // The seed's sizes: 101 buckets suit 3x3, 200,009 suit 4x4.
    static std::size_t default_buckets(int n);
    // The entry cap for a budget of `megabytes` of chained nodes.
    static std::size_t entries_for_megabytes(std::size_t megabytes);

    TranspositionTable(std::size_t buckets, std::size_t max_entries);

    // The seed's lookup: the entry if it was stored at depth >= `depth`.
    const TableEntry* lookup(std::uint64_t key, int depth) const {
        const TableEntry* e = table_.find(key);
        return e && e->depth() >= depth ? e : nullptr;
    }
    // Any entry for the key, whatever its depth (its move orders a search).
    const TableEntry* probe(std::uint64_t key) const { return table_.find(key); }

    // Inserts, or overwrites when the new entry is deeper, or as deep and exact
    // where the stored one is a bound.
    void update(std::uint64_t key, const TableEntry& entry);
    void clear() { table_.clear(); }

    std::size_t size() const { return table_.size(); }
    std::size_t bucket_count() const { return table_.bucket_count(); }
    std::size_t max_entries() const { return max_entries_; }
    std::size_t memory_bytes() const { return table_.memory_bytes(); }

private:
    ChainedTable<std::uint64_t, TableEntry> table_;
    std::size_t max_entries_;
};

// The table key of a position: its board id while ids fit in 64 bits (N <= 6),
// else its Zobrist hash (a collision of two 64-bit hashes is possible in
// principle, but far less likely than any other failure at those sizes).
inline std::uint64_t table_key(const Position& pos) {
    return pos.spec().has_id() ? pos.id() : pos.hash();
}

}  // namespace kinrow::weighted
