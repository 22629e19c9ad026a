#include "connect/transposition_table.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <new>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace kinrow::connect {

namespace {

// Odd, so multiplying by it permutes the keys modulo any power of two.
constexpr std::uint64_t kScramble = 0x9E3779B97F4A7C15ULL;

constexpr int kScoreOffset = 64;
constexpr int kLowerBit = 7;
constexpr int kWorkShift = 8;
constexpr int kColumnShift = 14;
constexpr int kKeyShift = 20;
constexpr std::uint64_t kSixBits = 63;
constexpr std::size_t kHugePage = std::size_t{2} << 20;

}  // namespace

FixedTable::FixedTable(const Geometry& g, std::size_t megabytes) : key_bits_(g.key_bits()) {
    std::size_t wanted = std::max<std::size_t>(megabytes, 1) * (std::size_t{1} << 20) / sizeof(Bucket);
    int bits = std::bit_width(wanted) - 1;
    // Enough buckets that the leftover key bits fit a slot; no more buckets than keys.
    bits = std::max(bits, key_bits_ - kStoredKeyBits);
    index_bits_ = std::min(bits, key_bits_);
    key_mask_ = key_bits_ == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << key_bits_) - 1;
    std::size_t size = (bytes() + kHugePage - 1) / kHugePage * kHugePage;
    void* memory = std::aligned_alloc(kHugePage, size);
    if (!memory) throw std::bad_alloc();
#ifdef __linux__
    madvise(memory, size, MADV_HUGEPAGE);  // a hint: failure only costs speed
#endif
    buckets_.reset(static_cast<Bucket*>(memory));
    // Beyond an eighth of the buckets, one sequential memset is as cheap.
    touched_capacity_ = std::clamp<std::size_t>(bucket_count() / 8, 1, std::size_t{1} << 16);
    touched_ = std::make_unique<std::size_t[]>(touched_capacity_);
    wipe();
}

void FixedTable::Release::operator()(Bucket* b) const { std::free(b); }

FixedTable::Location FixedTable::locate(Bitboard key) const {
    std::uint64_t h = (key * kScramble) & key_mask_;
    int low_bits = key_bits_ - index_bits_;
    if (low_bits == 0) return {static_cast<std::size_t>(h), 0};
    return {static_cast<std::size_t>(h >> low_bits),
            (h & ((std::uint64_t{1} << low_bits) - 1)) << kKeyShift};
}

bool FixedTable::probe(Bitboard key, TableEntry& out) const {
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

bool FixedTable::store(Bitboard key, const TableEntry& e, int work) {
    Location loc = locate(key);
    Bucket& b = buckets_[loc.bucket];
    // Slots fill in order, so an empty first slot means a bucket new since the clear.
    if (load(b.slot[0]) == 0) {
        std::size_t i = touched_count_.fetch_add(1, std::memory_order_relaxed);
        if (i < touched_capacity_) touched_[i] = loc.bucket;
    }
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

void FixedTable::clear() {
    std::size_t n = touched_count_.load(std::memory_order_relaxed);
    if (n > touched_capacity_) return wipe();
    for (std::size_t i = 0; i < n; ++i) buckets_[touched_[i]] = Bucket{};
    touched_count_.store(0, std::memory_order_relaxed);
}

void FixedTable::wipe() {
    std::memset(static_cast<void*>(buckets_.get()), 0, bytes());
    touched_count_.store(0, std::memory_order_relaxed);
}

}  // namespace kinrow::connect
