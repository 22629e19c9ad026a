#include "gomoku/patterns.hpp"

#include <algorithm>
#include <functional>

namespace kinrow::gomoku {

namespace {

constexpr int kOwn = 1, kEmpty = 0;
constexpr std::uint8_t kUnknown = 0xFF;

int field(LineKey key, int slot) { return static_cast<int>((key >> (2 * slot)) & 3); }

// Does the centre stone (own) sit in a winning run under `rule`?
bool centre_wins(LineKey key, WinRule rule) {
    int run = 1;
    for (int o = -1; o >= -kWindowSide && field(key, window_slot(o)) == kOwn; --o) ++run;
    for (int o = 1; o <= kWindowSide && field(key, window_slot(o)) == kOwn; ++o) ++run;
    // A run reaching the window edge on both sides of a five is at least six
    // long, so the exact rule is decided inside the window.
    return rule == WinRule::AtLeastK ? run >= 5 : run == 5;
}

// The recursive definition from the header, memoised over the whole key space.
struct Builder {
    WinRule rule;
    std::uint8_t* memo;

    std::uint8_t classify(LineKey key) {
        if (memo[key] != kUnknown) return memo[key];
        std::uint8_t result;
        if (centre_wins(key, rule)) {
            result = kFive;
        } else {
            int fives = 0;
            int best = kDead;
            for (int slot = 0; slot < 2 * kWindowSide; ++slot) {
                if (field(key, slot) != kEmpty) continue;
                int child = classify(key | (LineKey{kOwn} << (2 * slot)));
                if (child == kFive) ++fives;
                if (child > best) best = child;
            }
            if (fives >= 2)
                result = kFlex4;
            else if (fives == 1)
                result = kBlock4;
            else if (best >= kBlock2)
                result = static_cast<std::uint8_t>(best - 2);  // one stone short of the best child
            else
                result = kDead;
        }
        return memo[key] = result;
    }
};

}  // namespace

CombinedTables::CombinedTables() {
    // Codes in the order of their patterns strongest first, read as digits.
    std::array<PatternCode, 10000> code_of_sorted{};
    int next = 0;
    for (int a = kLinePatternCount - 1; a >= 0; --a)
        for (int b = a; b >= 0; --b)
            for (int c = b; c >= 0; --c)
                for (int d = c; d >= 0; --d) {
                    code_patterns[next] = {static_cast<LinePattern>(a), static_cast<LinePattern>(b),
                                           static_cast<LinePattern>(c), static_cast<LinePattern>(d)};
                    code_of_sorted[((a * 10 + b) * 10 + c) * 10 + d] = static_cast<PatternCode>(next++);
                }
    for (int set = 0; set < (1 << 16); ++set) {
        int count[16] = {};
        int sum = 0;
        for (int d = 0; d < 4; ++d) {
            int p = (set >> (4 * d)) & 15;
            ++count[p];
            sum += p < kLinePatternCount ? kLineValue[p] : 0;
        }
        Shape s = kShapeNone;
        if (count[kFive])
            s = kShapeFive;
        else if (count[kFlex4] || count[kBlock4] >= 2)
            s = kShapeFlex4;
        else if (count[kBlock4] && count[kFlex3])
            s = kShapeBlock4Flex3;
        else if (count[kBlock4])
            s = kShapeBlock4;
        else if (count[kFlex3] >= 2)
            s = kShapeDoubleFlex3;
        else if (count[kFlex3])
            s = kShapeFlex3;
        int twos = count[kFlex2] + count[kBlock3];
        Combo c = kComboNone;
        switch (s) {
        case kShapeFive: c = kComboFive; break;
        case kShapeFlex4: c = kComboFlex4; break;
        case kShapeBlock4Flex3: c = kComboBlock4Flex3; break;
        case kShapeBlock4: c = twos ? kComboBlock4Two : kComboBlock4; break;
        case kShapeDoubleFlex3: c = kComboDoubleFlex3; break;
        case kShapeFlex3: c = twos ? kComboFlex3Two : kComboFlex3; break;
        case kShapeNone: c = twos >= 2 ? kComboDoubleTwo : twos ? kComboTwo : kComboNone; break;
        }
        std::array<int, 4> lines{};
        for (int d = 0; d < 4; ++d) lines[d] = std::min((set >> (4 * d)) & 15, kLinePatternCount - 1);
        std::sort(lines.begin(), lines.end(), std::greater<>());
        info[set] = SetInfo{code_of_sorted[((lines[0] * 10 + lines[1]) * 10 + lines[2]) * 10 + lines[3]],
                            static_cast<std::int16_t>(sum + kShapeBonus[s]), s, c};
    }
}

const CombinedTables kCombined;

Shape combo_shape(Combo c) {
    constexpr Shape kShapes[kComboCount] = {kShapeNone,   kShapeNone,        kShapeNone,        kShapeFlex3,
                                            kShapeFlex3,  kShapeDoubleFlex3, kShapeBlock4,      kShapeBlock4,
                                            kShapeBlock4Flex3, kShapeFlex4,  kShapeFive};
    return kShapes[c];
}

PatternTable::PatternTable(WinRule rule) {
    std::vector<std::uint8_t> full(std::size_t{1} << kWindowBits, kUnknown);
    Builder builder{rule, full.data()};
    for (LineKey key = 0; key < (1u << kWindowBits); ++key) builder.classify(key);
    // Both colours' patterns of a key in one byte (the header says why).
    for (LineKey key = 0; key < (1u << kWindowBits); ++key)
        full[key] = static_cast<std::uint8_t>((full[key] & 15) | (full[swap_colours(key)] & 15) << 4);
    if (rule == WinRule::ExactlyK) {
        shift_ = 0;
        mask_ = (1u << kWindowBits) - 1;
        table_ = std::move(full);
        return;
    }
    // Keep the keys whose outermost cells are empty: the others agree with them.
    shift_ = 2;
    mask_ = (1u << (kWindowBits - 4)) - 1;
    table_.resize(std::size_t{mask_} + 1);
    for (LineKey inner = 0; inner <= mask_; ++inner) table_[inner] = full[inner << shift_];
}

const PatternTable& PatternTable::get(WinRule rule) {
    // Built on first use; each table is 1 MiB and takes a few milliseconds.
    if (rule == WinRule::AtLeastK) {
        static const PatternTable at_least(WinRule::AtLeastK);
        return at_least;
    }
    static const PatternTable exactly(WinRule::ExactlyK);
    return exactly;
}


}  // namespace kinrow::gomoku
