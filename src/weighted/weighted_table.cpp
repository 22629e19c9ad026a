#include "weighted/weighted_table.hpp"

#include <bit>

namespace kinrow::weighted {

namespace {

// The layout of one ChainedTable node (key, value, next link), for turning a
// memory budget into an entry count.
struct ChainedNode {
    std::uint64_t key;
    TableEntry value;
    std::uint32_t next;
};

}  // namespace

std::size_t TranspositionTable::default_buckets(int n) {
    if (n <= 3) return 101;
    if (n == 4) return 200'009;
    return 1'000'003;
}

std::size_t TranspositionTable::entries_for_megabytes(std::size_t megabytes) {
    // A power of two: the node pool grows by doubling, so its capacity then
    // stops exactly at the cap instead of overshooting the budget.
    return std::bit_floor(megabytes * (std::size_t{1} << 20) / sizeof(ChainedNode));
}

TranspositionTable::TranspositionTable(std::size_t buckets, std::size_t max_entries)
    : table_(buckets), max_entries_(max_entries) {}

void TranspositionTable::update(std::uint64_t key, const TableEntry& entry) {
    if (TableEntry* old = table_.find(key)) {
        bool deeper = entry.depth() > old->depth();
        bool sharper = entry.depth() == old->depth() && entry.bound() == Bound::Exact &&
                       old->bound() != Bound::Exact;
        if (deeper || sharper) *old = entry;
        return;
    }
    if (table_.size() < max_entries_) table_.insert(key, entry);
}

}  // namespace kinrow::weighted
