#include "connect/transposition_table.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <new>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace kinrow::connect {

namespace {

constexpr std::size_t kHugePage = std::size_t{2} << 20;

}  // namespace

FixedTable::FixedTable(int key_bits, std::size_t megabytes) : key_bits_(key_bits) {
    std::size_t wanted = std::max<std::size_t>(megabytes, 1) * (std::size_t{1} << 20) / sizeof(Bucket);
    int bits = std::bit_width(wanted) - 1;
    // Enough buckets that the leftover key bits fit a slot; no more buckets than keys.
    bits = std::max(bits, key_bits_ - kStoredKeyBits);
    full_index_bits_ = std::min(bits, key_bits_);
    first_index_bits_ = std::clamp(kFirstViewBits, key_bits_ - kStoredKeyBits, full_index_bits_);
    set_view(first_index_bits_);
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
    wipe(bucket_count());
}

void FixedTable::Release::operator()(Bucket* b) const { std::free(b); }

void FixedTable::clear() {
    std::size_t n = touched_count_.load(std::memory_order_relaxed);
    if (shared_ || n > touched_capacity_) {
        wipe(std::size_t{1} << index_bits_);  // entries never lie outside the view
    } else {
        for (std::size_t i = 0; i < n; ++i) buckets_[touched_[i]] = Bucket{};
        touched_count_.store(0, std::memory_order_relaxed);
    }
    set_view(first_index_bits_);
    shared_ = false;
}

void FixedTable::wipe(std::size_t buckets) {
    std::memset(static_cast<void*>(buckets_.get()), 0, buckets * sizeof(Bucket));
    touched_count_.store(0, std::memory_order_relaxed);
}

void FixedTable::share() {
    while (index_bits_ < full_index_bits_) grow();
    shared_ = true;
}

// Bucket b of the old view becomes buckets b << shift .. (b << shift) + 2^shift - 1
// of the new one: the top `shift` stored bits pick which, and are dropped
// from the slot. Those buckets lie at or past b and take entries from b alone,
// so going down from the last bucket, every bucket is read before anything
// lands on it, and four entries always find room in their new bucket.
void FixedTable::grow() {
    const int shift = std::min(kGrowthBits, full_index_bits_ - index_bits_);
    const int new_low_bits = key_bits_ - index_bits_ - shift;
    const std::uint64_t kept_mask = (std::uint64_t{1} << new_low_bits) - 1;
    const std::uint64_t field_mask = (std::uint64_t{1} << kKeyShift) - 1;
    for (std::size_t b = std::size_t{1} << index_bits_; b-- > 0;) {
        const Bucket old = buckets_[b];
        buckets_[b] = Bucket{};
        for (std::uint64_t v : old.slot) {
            if (v == 0) break;  // slots fill in order
            const std::uint64_t low = v >> kKeyShift;
            Bucket& to = buckets_[(b << shift) | (low >> new_low_bits)];
            int slot = 0;
            while (to.slot[slot] != 0) ++slot;
            if (slot == 0) log_first_entry(static_cast<std::size_t>(&to - buckets_.get()));
            to.slot[slot] = (v & field_mask) | ((low & kept_mask) << kKeyShift);
        }
    }
    set_view(index_bits_ + shift);
}

void FixedTable::set_view(int index_bits) {
    index_bits_ = index_bits;
    grow_at_ = index_bits < full_index_bits_ ? (std::size_t{1} << index_bits) / 2
                                             : std::numeric_limits<std::size_t>::max();
}

}  // namespace kinrow::connect
