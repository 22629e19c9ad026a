// Line patterns of Gomoku: what a stone on an empty cell would make along one
// line, and what the four lines through the cell make together.
//
// A line is seen through a window of five cells on each side of the centre,
// two bits per cell (0 empty, 1 own, 2 opponent, 3 off the board), so a
// pattern is one table look-up. The table is built once per win rule by a
// recursive definition rather than by a hand-written list of shapes: a stone
// that completes a winning run is a five; a placement with two distinct
// completing cells is an open four, with one a closed four; a placement from
// which one more stone reaches an open (closed) four is an open (closed)
// three, and so on down to ones. Five cells per side are enough to see both
// ends of any run of five through the centre, which the exactly-five rule needs.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "rules/game.hpp"

namespace kinrow::gomoku {

// Ascending strength; each level is "one stone short" of the level two above.
enum LinePattern : std::uint8_t {
    kDead = 0,  // no five through this cell can ever be made on this line
    kBlock1,
    kFlex1,
    kBlock2,
    kFlex2,
    kBlock3,
    kFlex3,
    kBlock4,  // one cell completes a five
    kFlex4,   // two cells complete a five: cannot be stopped on this line
    kFive,
};
inline constexpr int kLinePatternCount = 10;

// The four lines together, strongest first where it matters for tactics.
enum Shape : std::uint8_t {
    kShapeNone = 0,
    kShapeFlex3,        // one open three: threatens an open four
    kShapeDoubleFlex3,  // two open threes
    kShapeBlock4,       // a four: forces the reply
    kShapeBlock4Flex3,  // a four and an open three: wins unless the reply defends both
    kShapeFlex4,        // an open four or two fours: wins next move
    kShapeFive,
};
inline constexpr bool makes_four(Shape s) { return s >= kShapeBlock4; }

// The four lines together at the evaluation's grain: the shapes, and beside
// them what a cell prepares — an open two or a closed three (a "two": one
// more stone makes an open three or a four) next to the threat it adds to.
// A cell that would make two threats at once is worth far more than one that
// makes one, and the quiet moves before the threats are about such cells.
enum Combo : std::uint8_t {
    kComboNone = 0,
    kComboTwo,          // one open two or closed three
    kComboDoubleTwo,    // two of them: a double threat next move
    kComboFlex3,        // one open three, nothing else
    kComboFlex3Two,     // an open three and a two
    kComboDoubleFlex3,  // two open threes
    kComboBlock4,       // a four, nothing else
    kComboBlock4Two,    // a four and a two
    kComboBlock4Flex3,  // a four and an open three
    kComboFlex4,        // an open four or two fours
    kComboFive,
};
inline constexpr int kComboCount = kComboFive + 1;
// The tactical shape a combination refines.
Shape combo_shape(Combo c);

inline constexpr int kWindowSide = 5;
inline constexpr int kWindowBits = 4 * kWindowSide;  // 10 cells, 2 bits each
using LineKey = std::uint32_t;

// The key with own and opponent swapped (walls and empties unchanged).
constexpr LineKey swap_colours(LineKey key) {
    LineKey lo = key & 0x55555u, hi = (key >> 1) & 0x55555u;
    LineKey differ = lo ^ hi;  // fields holding 1 or 2
    return key ^ (differ | (differ << 1));
}

// Window slot of the cell `offset` steps from the centre (offset -5..5, not 0).
constexpr int window_slot(int offset) { return offset < 0 ? offset + kWindowSide : offset + kWindowSide - 1; }

// Per-rule table: line pattern of every window key, seen by the owner of code 1
// (black) and by the owner of code 2 (white), a nibble each in one byte: the
// board needs both colours' patterns of a changed line, and one look-up serves.
// Under the at-least-five rule the outermost cells never matter (a five
// through the centre lies within four cells of it), so that table drops them:
// 64 KiB instead of 1 MiB, which keeps the look-ups in cache.
class PatternTable {
public:
    static const PatternTable& get(WinRule rule);
    // Black's pattern in the low nibble, white's in the high one.
    std::uint8_t both(LineKey key) const { return table_[(key >> shift_) & mask_]; }
    // The pattern of the owner of code 1.
    LinePattern pattern(LineKey key) const { return static_cast<LinePattern>(both(key) & 15); }

private:
    explicit PatternTable(WinRule rule);
    int shift_;
    LineKey mask_;
    std::vector<std::uint8_t> table_;
};

// The four line patterns of a cell packed 4 bits each, combined in one look-up.
using PatternSet = std::uint16_t;
constexpr LinePattern line_of(PatternSet set, int dir) {
    return static_cast<LinePattern>((set >> (4 * dir)) & 15);
}
constexpr bool has_line_at_least(PatternSet set, LinePattern p) {
    for (int d = 0; d < 4; ++d)
        if (line_of(set, d) >= p) return true;
    return false;
}
// Heuristic value of a stone on the cell for its owner: the sum of its line
// values plus a bonus for combinations; move ordering uses it, and it is the
// starting point of the tuned evaluation (evaluation.hpp).
inline constexpr int kLineValue[kLinePatternCount] = {0, 1, 3, 6, 16, 18, 50, 55, 200, 400};
// Combinations are worth more than their lines: they are threats that one
// reply cannot answer.
inline constexpr int kShapeBonus[kShapeFive + 1] = {0, 0, 300, 0, 500, 800, 1000};
// The four line patterns of a cell as a multiset, numbered 0..714 (which
// direction holds which pattern does not matter): the evaluation's per-cell
// code. A cell where two twos and a one cross is a hub of future threats,
// worth more than the same lines spread over three cells; a sum over lines
// cannot say so, a value per code can.
inline constexpr int kPatternCodeCount = 715;  // multisets of 4 of the 10 line patterns
using PatternCode = std::uint16_t;
// Everything a cell's pattern set implies, in one entry: a stone changes the
// sets of up to 40 cells, and one look-up per set instead of four (each a
// cache miss in a table of 64 Ki entries) keeps the move cheap.
struct SetInfo {
    PatternCode code;
    std::int16_t value;
    Shape shape;
    Combo combo;
};
struct CombinedTables {
    CombinedTables();
    std::array<SetInfo, 1 << 16> info;
    // The patterns of each code, strongest first.
    std::array<std::array<LinePattern, 4>, kPatternCodeCount> code_patterns;
};
extern const CombinedTables kCombined;
inline const SetInfo& info_of(PatternSet set) { return kCombined.info[set]; }
inline Shape shape_of(PatternSet set) { return info_of(set).shape; }
inline Combo combo_of(PatternSet set) { return info_of(set).combo; }
inline int value_of(PatternSet set) { return info_of(set).value; }
inline PatternCode code_of(PatternSet set) { return info_of(set).code; }
inline const std::array<LinePattern, 4>& code_patterns(PatternCode code) { return kCombined.code_patterns[code]; }

}  // namespace kinrow::gomoku
