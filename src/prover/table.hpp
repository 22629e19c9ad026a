// The proof-number table: proof and disproof numbers of positions already
// searched, keyed by the symmetry-canonical hash (Board::key). Open
// addressing; the table starts small (a small table stays in the caches,
// and most proofs are small) and doubles while it is half full, up to its
// memory limit. A full neighbourhood then gives up its least-worked
// unsolved entry first, so settled results survive as long as possible. Losing an entry costs time, never soundness: the proof
// writer re-searches any position it cannot find.
//
// Several threads may share one table (share_between_threads): it then
// takes its full size at once, since growing would move entries under the
// other threads' feet, and guards each probe window with a spin lock of
// its region; a settled entry is never replaced by an unsettled one of the
// same position, which a thread leaving a subtree that another thread has
// settled meanwhile would otherwise write.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <memory>

namespace kinrow::prover {

// Proof numbers saturate below kInfinity; kInfinity marks a settled side.
inline constexpr std::uint32_t kInfinity = 0x3FFFFFFF;

struct PnDn {
    std::uint32_t pn = 1;
    std::uint32_t dn = 1;
    bool proven() const { return pn == 0; }
    bool disproven() const { return dn == 0; }
    bool solved() const { return pn == 0 || dn == 0; }
};

class Table {
public:
    explicit Table(std::size_t max_megabytes);

    // From now on several threads may call find and store at once.
    void share_between_threads();

    // The stored numbers of `key`, or false.
    bool find(std::uint64_t key, PnDn& out) const;
    void store(std::uint64_t key, PnDn value, std::uint64_t work);
    // Starts loading the key's slot into the cache, so that a burst of
    // lookups (a node's children) waits for memory once, not once each.
    void prefetch(std::uint64_t key) const { __builtin_prefetch(&slots_[index(key == 0 ? 1 : key)]); }

    std::size_t bytes() const { return slot_count_ * sizeof(Slot); }
    std::size_t max_bytes() const { return max_slots_ * sizeof(Slot); }
    std::size_t used() const { return used_.load(std::memory_order_relaxed); }
    std::size_t capacity() const { return slot_count_; }

    // Checkpoints: the whole table in a binary stream, and back.
    void save(std::ostream& out) const;
    // Throws Error on a stream that is not a table, or one larger than the limit.
    void load(std::istream& in);

private:
    struct Slot {
        std::uint64_t key = 0;  // 0: empty
        std::uint32_t pn = 0;
        std::uint32_t dn = 0;
        std::uint64_t work = 0;
    };
    static constexpr int kProbe = 8;
    // A probe window of kProbe slots overlaps at most two lock regions.
    static constexpr std::size_t kLockRegions = 4096;
    class WindowLock;
    std::size_t index(std::uint64_t key) const { return static_cast<std::size_t>(key) & mask_; }
    void resize(std::size_t slots);
    void grow_if_half_full();

    // Zeroed memory straight from the system (calloc): a large table costs
    // nothing until its pages are touched, so a shared table can take its
    // full size at once.
    struct Free {
        void operator()(Slot* p) const;
    };
    static std::unique_ptr<Slot[], Free> allocate(std::size_t slots);
    std::unique_ptr<Slot[], Free> slots_;
    std::size_t slot_count_ = 0;
    std::size_t mask_ = 0;
    std::atomic<std::size_t> used_ = 0;
    std::size_t max_slots_ = 0;
    // A lock a cache line, so that two threads locking neighbouring regions
    // do not pass one line back and forth.
    struct alignas(64) RegionLock {
        std::atomic_flag flag;
    };
    std::unique_ptr<RegionLock[]> locks_;  // set while shared between threads
};

}  // namespace kinrow::prover
