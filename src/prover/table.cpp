#include "prover/table.hpp"

#include <bit>
#include <istream>
#include <ostream>

#include "core/error.hpp"

namespace kinrow::prover {

namespace {

// Key 0 marks an empty slot; the one real position hashing to 0 is moved.
std::uint64_t stored_key(std::uint64_t key) { return key == 0 ? 1 : key; }

constexpr char kMagic[8] = {'k', 'r', 'p', 'n', 't', 'a', 'b', '1'};

}  // namespace

Table::Table(std::size_t max_megabytes) {
    max_slots_ = std::bit_floor(std::max<std::size_t>(max_megabytes, 1) * (std::size_t{1} << 20) / sizeof(Slot));
    resize(std::min<std::size_t>(max_slots_, 1 << 14));
}

void Table::resize(std::size_t slots) {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(slots, Slot{});
    mask_ = slots - 1;
    used_ = 0;
    for (const Slot& s : old)
        if (s.key != 0) store(s.key, {s.pn, s.dn}, s.work);
}

void Table::grow_if_half_full() {
    if (used_ * 2 > slots_.size() && slots_.size() < max_slots_) resize(slots_.size() * 2);
}

bool Table::find(std::uint64_t key, PnDn& out) const {
    key = stored_key(key);
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
    grow_if_half_full();
    key = stored_key(key);
    Slot* victim = nullptr;
    for (int i = 0; i < kProbe; ++i) {
        Slot& s = slots_[(index(key) + i) & mask_];
        if (s.key == key || s.key == 0) {
            if (s.key == 0) ++used_;
            victim = &s;
            break;
        }
        // Prefer evicting unsolved entries, then the least work.
        auto cost = [](const Slot& x) { return (x.pn == 0 || x.dn == 0 ? std::uint64_t{1} << 62 : 0) + x.work; };
        if (!victim || cost(s) < cost(*victim)) victim = &s;
    }
    *victim = {key, value.pn, value.dn, work};
}

void Table::save(std::ostream& out) const {
    out.write(kMagic, sizeof kMagic);
    std::uint64_t header[2] = {slots_.size(), used_};
    out.write(reinterpret_cast<const char*>(header), sizeof header);
    out.write(reinterpret_cast<const char*>(slots_.data()), static_cast<std::streamsize>(bytes()));
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
    slots_.assign(header[0], Slot{});
    mask_ = header[0] - 1;
    in.read(reinterpret_cast<char*>(slots_.data()), static_cast<std::streamsize>(bytes()));
    if (!in) throw Error("the checkpoint's table is truncated");
    used_ = header[1];
}

}  // namespace kinrow::prover
