// Transposition tables for the Connect-k solver: the fixed-memory bucketed
// table it uses by default, and the empty table of the "no table" baseline.
//
// The solver is a template over its table; any type with this interface
// plugs in (the textbook chained dictionary included, through an adapter):
//   bool probe(Bitboard key, TableEntry& out) const;   // true if key is stored
//   bool store(Bitboard key, const TableEntry& e, int work);  // true on a collision (see below)
//   void clear();
//   void prefetch(Bitboard key) const;                 // a hint; may do nothing
//   void share();                                      // before threads share it (see FixedTable)
//   std::size_t bytes() const;                         // memory in use now
// A collision is what the table's design pays for sharing space: a fixed
// table reports a store that evicted another key, the chained dictionary an
// insert into a bucket that already held one.
// Keys are BitPosition::key() values (or their mirror); every probe hit must be
// the very same position, never a look-alike, since a wrong bound is a wrong
// answer.
#pragma once

#include <atomic>
#include <cstddef>
#include <algorithm>
#include <cstdint>
#include <memory>

#include "connect/bitboard.hpp"

namespace kinrow::connect {

// A bound on a position's score plus the column that produced it.
struct TableEntry {
    int score = 0;
    bool lower = false;  // true: score is a lower bound; false: an upper bound
    int column = -1;     // best or refuting column, -1 if none
};

// The baseline: remembers nothing.
class NoTable {
public:
    bool probe(Bitboard, TableEntry&) const { return false; }
    bool store(Bitboard, const TableEntry&, int) { return false; }
    void clear() {}
    void prefetch(Bitboard) const {}
    void share() {}
    std::size_t bytes() const { return 0; }
};

// Fixed memory, 4-slot buckets of 64-bit entries, replacement by work.
//
// A key (at most 64 bits, key_bits of them used) is first scrambled by an
// invertible multiplication modulo 2^key_bits; the high bits of the result
// pick the bucket and the low bits are stored in the entry. Because the
// scrambling is a bijection, bucket + stored bits identify the key exactly:
// no false hits, whatever the board size. Each 64-bit slot holds
//   bits  0..6   score + 64 (never 0, so an all-zero slot is empty)
//   bit   7      lower bound flag
//   bits  8..13  work: bit width of the node count of the search that stored it
//   bits 14..19  column + 1 (0: none)
//   bits 20..63  the key's low bits (up to 44)
// Within a bucket a store overwrites its own key, else an empty slot, else
// the slot with the least work, so deep results survive many shallow ones.
//
// The table grows into its memory. After a clear only the first buckets are
// in use (a view small enough to stay in the CPU caches); once half of them
// hold entries, the view grows fourfold and the entries move to their places
// in it. Small searches, most positions of a batch, then probe cached memory
// instead of missing in a table bigger than the caches (40% less time per
// position on early-game sets), and big ones lose nothing: entries are
// moved, not dropped, and the view is never more than half full before it
// grows. Moving is possible because the scrambled key is bucket bits then
// stored bits: a longer bucket index just takes two bits off the stored part.
// Slots are read and written as relaxed atomics: threads may share a table,
// and a slot is always one whole entry, self-checked by its stored key bits.
class FixedTable {
public:
    static constexpr int kSlots = 4;
    static constexpr int kStoredKeyBits = 44;

    // Uses at most `megabytes` MiB (a power-of-two number of buckets), or the
    // least the key size needs for exact stored keys (see min_megabytes).
    FixedTable(int key_bits, std::size_t megabytes);
    template <class G>
    FixedTable(const G& g, std::size_t megabytes) : FixedTable(g.key_bits(), megabytes) {}

    bool probe(Bitboard key, TableEntry& out) const;
    bool store(Bitboard key, const TableEntry& e, int work);
    // Readies the table for threads to share, until the next clear: the view
    // grows to the whole table and stays (moving entries while other threads
    // probe would make them miss or misread), and first entries are no longer
    // logged (the log's counter would be one cache line that every thread
    // writes; the next clear wipes the whole table instead).
    void share();
    // Empties the table. Batch runs clear before every position, and most
    // positions touch few buckets: those are logged and zeroed one by one, so
    // a clear costs what the search stored rather than a memset of the whole
    // table (which would also flush the CPU caches). Past the log's capacity
    // it falls back to a memset of the view. The view shrinks back to its
    // first size.
    void clear();
    // Starts loading the key's bucket into the cache ahead of a probe.
    void prefetch(Bitboard key) const { __builtin_prefetch(&buckets_[locate(key).bucket]); }

    // The memory reserved (the view grows into it).
    std::size_t bytes() const { return bucket_count() * sizeof(Bucket); }
    std::size_t bucket_count() const { return std::size_t{1} << full_index_bits_; }
    std::size_t entry_count() const { return bucket_count() * kSlots; }

private:
    struct alignas(32) Bucket {
        std::uint64_t slot[kSlots];
    };
    // Page-aligned memory, backed by huge pages where the OS offers them:
    // probes land at random, and 4 KiB pages would add a TLB miss to most.
    struct Release {
        void operator()(Bucket* b) const;
    };
    struct Location {
        std::size_t bucket;
        std::uint64_t stored;  // key bits kept in the slot, already shifted
    };
    Location locate(Bitboard key) const;
    void log_first_entry(std::size_t bucket);
    void grow();
    // Uses buckets [0, 2^index_bits) from now on.
    void set_view(int index_bits);
    static std::uint64_t load(const std::uint64_t& s) {
        // atomic_ref needs a mutable object even to load; the slot is not changed.
        return std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(s))
            .load(std::memory_order_relaxed);
    }
    static void save(std::uint64_t& s, std::uint64_t v) {
        std::atomic_ref<std::uint64_t>(s).store(v, std::memory_order_relaxed);
    }

    void wipe(std::size_t buckets);

    // Odd, so multiplying by it permutes the keys modulo any power of two.
    static constexpr std::uint64_t kScramble = 0x9E3779B97F4A7C15ULL;
    // The slot layout described above.
    static constexpr int kScoreOffset = 64;
    static constexpr int kLowerBit = 7;
    static constexpr int kWorkShift = 8;
    static constexpr int kColumnShift = 14;
    static constexpr int kKeyShift = 20;
    static constexpr std::uint64_t kSixBits = 63;
    // The view after a clear: 512 KiB of buckets, which stay in the caches
    // beside the near table (the best of 128 KiB to 8 MiB on early-game
    // positions); and how many bucket bits each growth adds.
    static constexpr int kFirstViewBits = 14;
    static constexpr int kGrowthBits = 2;

    int key_bits_;
    int full_index_bits_;   // the buckets allocated: 2^full_index_bits_
    int first_index_bits_;  // the view after a clear
    int index_bits_;        // the view in use: buckets [0, 2^index_bits_)
    std::size_t grow_at_;   // touched_count_ that triggers the next growth (never at full size)
    bool shared_ = false;   // see share()
    // Buckets that received their first entry since the last clear. Threads
    // append through the atomic count; a bucket logged twice is harmless.
    std::unique_ptr<std::size_t[]> touched_;
    std::size_t touched_capacity_ = 0;
    std::atomic<std::size_t> touched_count_{0};
    std::uint64_t key_mask_;
    std::unique_ptr<Bucket[], Release> buckets_;
};

// Probes and stores sit on the solver's hot path: inline.
inline void FixedTable::log_first_entry(std::size_t bucket) {
    std::size_t i = touched_count_.fetch_add(1, std::memory_order_relaxed);
    if (i < touched_capacity_) touched_[i] = bucket;
}

inline FixedTable::Location FixedTable::locate(Bitboard key) const {
    std::uint64_t h = (key * kScramble) & key_mask_;
    int low_bits = key_bits_ - index_bits_;
    if (low_bits == 0) return {static_cast<std::size_t>(h), 0};
    return {static_cast<std::size_t>(h >> low_bits),
            (h & ((std::uint64_t{1} << low_bits) - 1)) << kKeyShift};
}

[[gnu::always_inline]] inline bool FixedTable::probe(Bitboard key, TableEntry& out) const {
    Location loc = locate(key);
    const Bucket& b = buckets_[loc.bucket];
    for (const std::uint64_t& s : b.slot) {
        std::uint64_t v = load(s);
        if (v == 0 || (v >> kKeyShift) != (loc.stored >> kKeyShift)) continue;
        out.score = static_cast<int>(v & 127) - kScoreOffset;
        out.lower = (v >> kLowerBit) & 1;
        out.column = static_cast<int>((v >> kColumnShift) & kSixBits) - 1;
        return true;
    }
    return false;
}

[[gnu::always_inline]] inline bool FixedTable::store(Bitboard key, const TableEntry& e, int work) {
    Location loc = locate(key);
    // Slots fill in order, so an empty first slot means a bucket new since the clear.
    if (!shared_ && load(buckets_[loc.bucket].slot[0]) == 0) {
        if (touched_count_.load(std::memory_order_relaxed) >= grow_at_) {
            grow();
            loc = locate(key);
        }
        if (load(buckets_[loc.bucket].slot[0]) == 0) log_first_entry(loc.bucket);
    }
    Bucket& b = buckets_[loc.bucket];
    std::uint64_t value = loc.stored | (static_cast<std::uint64_t>(e.column + 1) << kColumnShift) |
                          (static_cast<std::uint64_t>(std::clamp(work, 0, 63)) << kWorkShift) |
                          (static_cast<std::uint64_t>(e.lower) << kLowerBit) |
                          static_cast<std::uint64_t>(e.score + kScoreOffset);
    int victim = 0;
    std::uint64_t victim_work = ~std::uint64_t{0};
    for (int i = 0; i < kSlots; ++i) {
        std::uint64_t v = load(b.slot[i]);
        if (v == 0 || (v >> kKeyShift) == (loc.stored >> kKeyShift)) {
            save(b.slot[i], value);
            return false;
        }
        std::uint64_t w = (v >> kWorkShift) & kSixBits;
        if (w < victim_work) {
            victim_work = w;
            victim = i;
        }
    }
    save(b.slot[victim], value);
    return true;
}

// Positions with fewer empty cells than this go to the near table: their
// subtrees are small, so losing an entry costs little, and a table that stays
// in cache spares the search a memory miss at most of its nodes (on positions
// from Pons's sets this took 40% off the time for 5% more nodes).
inline constexpr int kNearEmptyCells = 18;
inline constexpr std::size_t kNearTableMb = 1;

// The solver's memory: a far table of the requested size for positions with
// many empty cells, and the near table for the rest.
struct TablePair {
    template <class G>
    TablePair(const G& g, std::size_t megabytes) : far(g, megabytes), near(g, kNearTableMb) {}
    void clear() {
        far.clear();
        near.clear();  // last, so it starts out in cache
    }
    std::size_t bytes() const { return far.bytes() + near.bytes(); }

    FixedTable far;
    FixedTable near;
};

}  // namespace kinrow::connect
