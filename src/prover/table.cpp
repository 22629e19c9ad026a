#include "prover/table.hpp"

#include <bit>
#include <cstdlib>
#include <utility>
#include <istream>
#include <ostream>
#include <thread>

#include "core/error.hpp"

namespace kinrow::prover {

namespace {

// Key 0 marks an empty slot; the one real position hashing to 0 is moved.
std::uint64_t stored_key(std::uint64_t key) { return key == 0 ? 1 : key; }

constexpr char kMagic[8] = {'k', 'r', 'p', 'n', 't', 'a', 'b', '1'};

bool settled(std::uint32_t pn, std::uint32_t dn) { return PnDn{pn, dn}.solved(); }

// A spin lock: the windows are held for a few dozen instructions.
void acquire(std::atomic_flag& lock) {
    while (lock.test_and_set(std::memory_order_acquire))
        while (lock.test(std::memory_order_relaxed)) std::this_thread::yield();
}

}  // namespace

// Holds the lock regions of the window starting at `start` (one or two, in
// ascending order so that two windows never wait on each other in a circle);
// nothing when the table is not shared.
class Table::WindowLock {
public:
    WindowLock(const Table& table, std::size_t start) {
        if (!table.locks_) return;
        std::size_t a = (start / kProbe) % kLockRegions;
        std::size_t b = (a + 1) % kLockRegions;
        first_ = &table.locks_[std::min(a, b)].flag;
        second_ = &table.locks_[std::max(a, b)].flag;
        acquire(*first_);
        acquire(*second_);
    }
    ~WindowLock() {
        if (!first_) return;
        second_->clear(std::memory_order_release);
        first_->clear(std::memory_order_release);
    }
    WindowLock(const WindowLock&) = delete;
    WindowLock& operator=(const WindowLock&) = delete;

private:
    std::atomic_flag* first_ = nullptr;
    std::atomic_flag* second_ = nullptr;
};

Table::Table(std::size_t max_megabytes) {
    max_slots_ = std::bit_floor(std::max<std::size_t>(max_megabytes, 1) * (std::size_t{1} << 20) / sizeof(Slot));
    resize(std::min<std::size_t>(max_slots_, 1 << 14));
}

void Table::share_between_threads() {
    if (locks_) return;
    if (slot_count_ < max_slots_) resize(max_slots_);
    locks_ = std::make_unique<RegionLock[]>(kLockRegions);
}

void Table::Free::operator()(Slot* p) const { std::free(p); }

// A zeroed array of `slots` (an all-zero Slot is an empty one).
std::unique_ptr<Table::Slot[], Table::Free> Table::allocate(std::size_t slots) {
    auto* p = static_cast<Slot*>(std::calloc(slots, sizeof(Slot)));
    if (!p) throw Error("cannot allocate the proof-number table (" + std::to_string(slots * sizeof(Slot) >> 20) + " MiB)");
    return std::unique_ptr<Slot[], Free>(p);
}

void Table::resize(std::size_t slots) {
    std::unique_ptr<Slot[], Free> old = std::exchange(slots_, allocate(slots));
    const std::size_t old_count = std::exchange(slot_count_, slots);
    mask_ = slots - 1;
    used_ = 0;
    for (std::size_t i = 0; i < old_count; ++i)
        if (old[i].key != 0) store(old[i].key, {old[i].pn, old[i].dn}, old[i].work);
}

void Table::grow_if_half_full() {
    if (used() * 2 > slot_count_ && slot_count_ < max_slots_) resize(slot_count_ * 2);
}

bool Table::find(std::uint64_t key, PnDn& out) const {
    key = stored_key(key);
    WindowLock lock(*this, index(key));
    for (int i = 0; i < kProbe; ++i) {
        const Slot& s = slots_[(index(key) + i) & mask_];
        if (s.key == key) {
            out = {s.pn, s.dn};
            return true;
        }
        if (s.key == 0) return false;
    }
    return false;
}

void Table::store(std::uint64_t key, PnDn value, std::uint64_t work) {
    if (!locks_) grow_if_half_full();
    key = stored_key(key);
    WindowLock lock(*this, index(key));
    Slot* victim = nullptr;
    for (int i = 0; i < kProbe; ++i) {
        Slot& s = slots_[(index(key) + i) & mask_];
        if (s.key == key || s.key == 0) {
            if (s.key == 0) used_.fetch_add(1, std::memory_order_relaxed);
            if (s.key == key && settled(s.pn, s.dn) && !settled(value.pn, value.dn)) return;  // see the header
            victim = &s;
            break;
        }
        // Prefer evicting unsolved entries, then the least work.
        auto cost = [](const Slot& x) { return (settled(x.pn, x.dn) ? std::uint64_t{1} << 62 : 0) + x.work; };
        if (!victim || cost(s) < cost(*victim)) victim = &s;
    }
    *victim = {key, value.pn, value.dn, work};
}

void Table::save(std::ostream& out) const {
    // While other threads search (a periodic checkpoint), every region is
    // held, in the windows' ascending order: a slot read half-written could
    // pair one position's key with another's settled numbers.
    if (locks_)
        for (std::size_t r = 0; r < kLockRegions; ++r) acquire(locks_[r].flag);
    struct Release {
        const Table& table;
        ~Release() {
            if (table.locks_)
                for (std::size_t r = 0; r < kLockRegions; ++r) table.locks_[r].flag.clear(std::memory_order_release);
        }
    } release{*this};
    out.write(kMagic, sizeof kMagic);
    std::uint64_t header[2] = {slot_count_, used()};
    out.write(reinterpret_cast<const char*>(header), sizeof header);
    out.write(reinterpret_cast<const char*>(slots_.get()), static_cast<std::streamsize>(bytes()));
    if (!out) throw Error("could not write the checkpoint's table");
}

void Table::load(std::istream& in) {
    char magic[8] = {};
    std::uint64_t header[2] = {};
    in.read(magic, sizeof magic);
    in.read(reinterpret_cast<char*>(header), sizeof header);
    if (!in || !std::equal(magic, magic + 8, kMagic)) throw Error("the checkpoint has no proof-number table");
    if (header[0] > max_slots_ || !std::has_single_bit(header[0]))
        throw Error("the checkpoint's table has " + std::to_string(header[0]) + " slots, more than this run's " +
                    std::to_string(max_slots_) + " (use a larger --tt-mb)");
    slots_ = allocate(header[0]);
    slot_count_ = header[0];
    mask_ = header[0] - 1;
    in.read(reinterpret_cast<char*>(slots_.get()), static_cast<std::streamsize>(bytes()));
    if (!in) throw Error("the checkpoint's table is truncated");
    used_ = header[1];
}

}  // namespace kinrow::prover
