// Transposition tables for the negamax search: a fixed-memory table with a
// replacement policy (the default) and the textbook chained dictionary of the
// seeds behind the same interface, so one search can run on either and their
// statistics can be compared.
//
// Entries store bounds: a value found inside the window is Exact, a fail-high
// is only a Lower bound and a fail-low only an Upper bound. Storing a cut-off
// value as exact would be wrong as soon as the same position is searched with
// another window.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>

#include "core/chained_table.hpp"
#include "search/search.hpp"

namespace kinrow::search {

// Remaining depth of an entry whose subtree was searched to the end of the game.
inline constexpr int kFullDepth = 255;

struct TTData {
    Score score = 0;
    Move move = kNoMove;  // best or refuting move, in the key's (canonical) frame
    std::uint8_t depth = 0;
    Bound bound = Bound::None;
};

class TranspositionTableBase {
public:
    virtual ~TranspositionTableBase() = default;
    virtual bool probe(std::uint64_t key, TTData& out) const = 0;
    // Returns true if the store was a collision: it evicted another position
    // (fixed table) or went into a bucket that already held keys (chained).
    virtual bool store(std::uint64_t key, const TTData& data) = 0;
    virtual void clear() = 0;
    // A hint that `key` will be probed soon.
    virtual void prefetch(std::uint64_t /*key*/) const {}
    // Called at the start of each root search: lets entries of earlier
    // searches age so the fixed table prefers to replace them.
    virtual void new_search() {}
    virtual std::size_t memory_bytes() const = 0;
};

// Fixed memory: a power-of-two number of 64-byte buckets of four entries.
// Replacement: the same key is overwritten; else an empty slot; else the slot
// whose entry is oldest, then shallowest (exact entries win ties).
// Threads may share it (SearchOptions::threads): an entry is two 64-bit words,
// its data and its key XOR its data, each read and written as one relaxed
// atomic. A probe that meets a half-written entry (one word from one store,
// one from another) finds the key check failing and sees a miss, so no thread
// ever reads a mixed entry (the lockless hashing of Hyatt and Mann).
class TranspositionTable final : public TranspositionTableBase {
public:
    // Throws Error if `megabytes` is zero or more than the machine's memory,
    // or if the allocation fails.
    explicit TranspositionTable(std::size_t megabytes);

    bool probe(std::uint64_t key, TTData& out) const override;
    bool store(std::uint64_t key, const TTData& data) override;
    void clear() override;
    void prefetch(std::uint64_t key) const override { __builtin_prefetch(&bucket_of(key)); }
    void new_search() override { generation_ = static_cast<std::uint8_t>((generation_ + 1) & 63); }
    std::size_t memory_bytes() const override { return bucket_count_ * sizeof(Bucket); }
    std::size_t entry_count() const { return bucket_count_ * kWays; }

private:
    static constexpr int kWays = 4;
    // What an entry holds, packed into its data word.
    struct Fields {
        std::int32_t score;
        std::int16_t move;
        std::uint8_t depth;
        std::uint8_t bound_generation;  // bound in the low 2 bits, generation above
    };
    static_assert(sizeof(Fields) == 8);
    struct Entry {
        std::uint64_t checked_key;  // the key XOR data
        std::uint64_t data;         // the Fields; bound None is an empty entry
    };
    static bool occupied(std::uint64_t data);
    struct alignas(64) Bucket {
        Entry entries[kWays];
    };
    static_assert(sizeof(Entry) == 16 && sizeof(Bucket) == 64);

    const Bucket& bucket_of(std::uint64_t key) const { return buckets_[key & mask_]; }
    Bucket& bucket_of(std::uint64_t key) { return buckets_[key & mask_]; }
    int replacement_value(const Fields& f) const;

    // calloc'd, so a large table costs no time until its pages are used, and
    // aligned by hand to whole cache lines.
    struct FreeMemory {
        void operator()(void* p) const { std::free(p); }
    };
    std::unique_ptr<void, FreeMemory> memory_;
    Bucket* buckets_ = nullptr;
    std::size_t bucket_count_ = 0;
    std::uint64_t mask_ = 0;
    std::uint8_t generation_ = 0;
};

// The seeds' separate-chaining dictionary with a chosen number of buckets.
// It never evicts: every stored position stays, so its memory grows with the
// search; the bucket count only decides how long the chains get.
class ChainedTranspositionTable final : public TranspositionTableBase {
public:
    explicit ChainedTranspositionTable(std::size_t buckets) : table_(buckets) {}

    bool probe(std::uint64_t key, TTData& out) const override;
    bool store(std::uint64_t key, const TTData& data) override;
    void clear() override { table_.clear(); }
    std::size_t memory_bytes() const override { return table_.memory_bytes(); }
    std::size_t size() const { return table_.size(); }

private:
    ChainedTable<std::uint64_t, TTData> table_;
};

// Bytes of physical memory, or 0 if unknown.
std::size_t physical_memory_bytes();

}  // namespace kinrow::search
