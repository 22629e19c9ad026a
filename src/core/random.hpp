// splitmix64: the fixed pseudo-random generator behind every table of
// Zobrist keys. Fixed seeds, so keys — and the node counts that depend on
// table collisions — are the same on every run and machine.
#pragma once

#include <cstdint>

namespace kinrow {

constexpr std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

}  // namespace kinrow
