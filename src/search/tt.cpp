#include "search/tt.hpp"

#include <unistd.h>

#include <cstring>

#include <fmt/format.h>

#include "core/error.hpp"

namespace kinrow::search {

std::size_t physical_memory_bytes() {
    long pages = sysconf(_SC_PHYS_PAGES);
    long page_size = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || page_size <= 0) return 0;
    return static_cast<std::size_t>(pages) * static_cast<std::size_t>(page_size);
}

TranspositionTable::TranspositionTable(std::size_t megabytes) {
    if (megabytes == 0) throw Error("transposition table size must be at least 1 MiB");
    std::size_t bytes = megabytes << 20;
    std::size_t physical = physical_memory_bytes();
    if ((megabytes >> 44) != 0 || (physical != 0 && bytes > physical))
        throw Error(fmt::format("transposition table of {} MiB is larger than this machine's memory "
                                "({} MiB)",
                                megabytes, physical >> 20));
    // The largest power-of-two bucket count that fits, so indexing is a mask.
    std::size_t buckets = 1;
    while (buckets * 2 * sizeof(Bucket) <= bytes) buckets *= 2;
    std::size_t space = (buckets + 1) * sizeof(Bucket);
    memory_.reset(std::calloc(buckets + 1, sizeof(Bucket)));
    void* start = memory_.get();
    if (start == nullptr || std::align(alignof(Bucket), buckets * sizeof(Bucket), start, space) == nullptr)
        throw Error(fmt::format("cannot allocate a transposition table of {} MiB", megabytes));
    // calloc's zero bytes are empty entries (bound None).
    buckets_ = static_cast<Bucket*>(start);
    bucket_count_ = buckets;
    mask_ = buckets - 1;
}

void TranspositionTable::clear() {
    std::memset(static_cast<void*>(buckets_), 0, bucket_count_ * sizeof(Bucket));
    generation_ = 0;
}

bool TranspositionTable::probe(std::uint64_t key, TTData& out) const {
    for (const Entry& e : bucket_of(key).entries) {
        if (e.key == key && (e.bound_generation & 3) != 0) {
            out = TTData{e.score, e.move, e.depth, static_cast<Bound>(e.bound_generation & 3)};
            return true;
        }
    }
    return false;
}

// Higher means more worth keeping: entries of the current search first, then
// deeper ones; an exact bound is worth a little more than a one-sided one.
int TranspositionTable::replacement_value(const Entry& e) const {
    int age = (generation_ - (e.bound_generation >> 2)) & 63;
    return e.depth * 2 + ((e.bound_generation & 3) == 3 ? 1 : 0) - age * 1024;
}

bool TranspositionTable::store(std::uint64_t key, const TTData& data) {
    Bucket& bucket = bucket_of(key);
    Entry* slot = nullptr;
    bool collision = false;
    for (Entry& e : bucket.entries) {
        if (e.key == key && (e.bound_generation & 3) != 0) {
            slot = &e;
            break;
        }
    }
    if (slot == nullptr) {
        for (Entry& e : bucket.entries)
            if ((e.bound_generation & 3) == 0) {
                slot = &e;
                break;
            }
    }
    if (slot == nullptr) {
        slot = &bucket.entries[0];
        for (Entry& e : bucket.entries)
            if (replacement_value(e) < replacement_value(*slot)) slot = &e;
        collision = true;
    }
    // Keep a known move when the new result (e.g. a fail-low) has none.
    std::int16_t move = data.move != kNoMove || slot->key != key ? static_cast<std::int16_t>(data.move)
                                                                 : slot->move;
    *slot = Entry{key, data.score, move, data.depth,
                  static_cast<std::uint8_t>((generation_ << 2) | static_cast<int>(data.bound))};
    return collision;
}

bool ChainedTranspositionTable::probe(std::uint64_t key, TTData& out) const {
    const TTData* found = table_.find(key);
    if (found == nullptr) return false;
    out = *found;
    return true;
}

bool ChainedTranspositionTable::store(std::uint64_t key, const TTData& data) {
    if (TTData* found = table_.find(key)) {
        Move keep = data.move == kNoMove ? found->move : data.move;
        *found = data;
        found->move = keep;
        return false;
    }
    return table_.insert(key, data) == InsertResult::InsertedCollision;
}

}  // namespace kinrow::search
