#include "search/tt.hpp"

#include <unistd.h>

#include <atomic>
#include <bit>
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

namespace {

// The whole word at once: another thread may be writing it.
std::uint64_t load_word(const std::uint64_t& w) {
    return std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(w)).load(std::memory_order_relaxed);
}
void store_word(std::uint64_t& w, std::uint64_t v) {
    std::atomic_ref<std::uint64_t>(w).store(v, std::memory_order_relaxed);
}

}  // namespace

bool TranspositionTable::occupied(std::uint64_t data) { return (std::bit_cast<Fields>(data).bound_generation & 3) != 0; }

bool TranspositionTable::probe(std::uint64_t key, TTData& out) const {
    for (const Entry& e : bucket_of(key).entries) {
        const std::uint64_t data = load_word(e.data);
        if (!occupied(data) || (load_word(e.checked_key) ^ data) != key) continue;
        const auto f = std::bit_cast<Fields>(data);
        out = TTData{f.score, f.move, f.depth, static_cast<Bound>(f.bound_generation & 3)};
        return true;
    }
    return false;
}

// Higher means more worth keeping: entries of the current search first, then
// deeper ones; an exact bound is worth a little more than a one-sided one.
int TranspositionTable::replacement_value(const Fields& f) const {
    int age = (generation_ - (f.bound_generation >> 2)) & 63;
    return f.depth * 2 + ((f.bound_generation & 3) == 3 ? 1 : 0) - age * 1024;
}

bool TranspositionTable::store(std::uint64_t key, const TTData& data) {
    Bucket& bucket = bucket_of(key);
    std::uint64_t words[kWays];
    int slot = -1;
    bool same_key = false;
    for (int i = 0; i < kWays; ++i) {
        words[i] = load_word(bucket.entries[i].data);
        if (slot < 0 && occupied(words[i]) && (load_word(bucket.entries[i].checked_key) ^ words[i]) == key) {
            slot = i;
            same_key = true;
        }
    }
    if (slot < 0)
        for (int i = 0; i < kWays && slot < 0; ++i)
            if (!occupied(words[i])) slot = i;
    const bool collision = slot < 0;
    if (collision) {
        slot = 0;
        for (int i = 1; i < kWays; ++i)
            if (replacement_value(std::bit_cast<Fields>(words[i])) <
                replacement_value(std::bit_cast<Fields>(words[slot])))
                slot = i;
    }
    // Keep a known move when the new result (e.g. a fail-low) has none.
    const std::int16_t move = data.move != kNoMove || !same_key ? static_cast<std::int16_t>(data.move)
                                                                : std::bit_cast<Fields>(words[slot]).move;
    const auto word = std::bit_cast<std::uint64_t>(Fields{
        data.score, move, data.depth, static_cast<std::uint8_t>((generation_ << 2) | static_cast<int>(data.bound))});
    store_word(bucket.entries[slot].data, word);
    store_word(bucket.entries[slot].checked_key, key ^ word);
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
