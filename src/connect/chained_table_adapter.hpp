// The textbook chained dictionary (kinrow::ChainedTable) as a Connect-k
// transposition table, for the seed's memoisation experiment: the same
// solve with 10, 1,000 or 100,000 buckets.
//
// It is the seed's memoising table, not a cache: every position stored stays
// until clear(), so memory grows with the search (24 bytes per position) and
// the bucket count decides only how long the chains get, i.e. what a probe
// costs. Since nothing is ever lost, the search itself (nodes, probes, hits)
// is the same for every bucket count. Keys are compared in full, so a hit is
// always the very position asked for.
#pragma once

#include <cstddef>

#include "core/chained_table.hpp"
#include "connect/bitboard.hpp"
#include "connect/transposition_table.hpp"

namespace kinrow::connect {

class ChainedTableAdapter {
public:
    explicit ChainedTableAdapter(std::size_t buckets) : table_(buckets) {}

    bool probe(Bitboard key, TableEntry& out) const {
        const TableEntry* e = table_.find(key);
        if (e) out = *e;
        return e != nullptr;
    }
    // Updates the key's entry in place, or inserts it; true when the insert
    // joined a bucket that already held other positions (a collision, the
    // seed's measure: it lengthens a chain instead of evicting anything).
    bool store(Bitboard key, const TableEntry& e, int /*work: nothing is ever replaced*/) {
        if (TableEntry* stored = table_.find(key)) {
            *stored = e;
            return false;
        }
        return table_.insert(key, e) == InsertResult::InsertedCollision;
    }
    void clear() { table_.clear(); }
    void prefetch(Bitboard) const {}  // the chain's nodes are unknown until it is walked
    void share() {}  // threads never share it

    std::size_t bytes() const { return table_.memory_bytes(); }
    std::size_t size() const { return table_.size(); }
    std::size_t bucket_count() const { return table_.bucket_count(); }

private:
    // Bucket = key mod bucket count, as the seed defines it.
    ChainedTable<Bitboard, TableEntry> table_;
};

}  // namespace kinrow::connect
