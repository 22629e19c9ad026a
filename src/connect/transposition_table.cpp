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

constexpr std::size_t kHugePage = std::size_t{2} << 20;

}  // namespace

FixedTable::FixedTable(int key_bits, std::size_t megabytes) : key_bits_(key_bits) {
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
