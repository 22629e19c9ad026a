#include "rules/position.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <charconv>

#include <fmt/format.h>

#include "core/error.hpp"
#include "core/random.hpp"

namespace kinrow {

namespace {

struct ZobristTable {
    std::array<std::array<std::uint64_t, kMaxCells>, 2> keys{};
    ZobristTable() {
        std::uint64_t state = 0x6B696E726F77ULL;  // "kinrow"
        for (auto& side : keys)
            for (auto& k : side) k = splitmix64(state);
    }
};

const ZobristTable kZobrist;

std::vector<std::string_view> split_tokens(std::string_view text) {
    std::vector<std::string_view> tokens;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (std::isspace(static_cast<unsigned char>(text[i])) || text[i] == ';'))
            ++i;
        std::size_t start = i;
        while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i])) && text[i] != ';')
            ++i;
        if (i > start) tokens.push_back(text.substr(start, i - start));
    }
    return tokens;
}

bool parse_int(std::string_view text, int& out) {
    if (text.empty()) return false;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size();
}

constexpr int kDirections[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

}  // namespace

std::uint64_t zobrist_key(Cell stone, Move m) {
    return kZobrist.keys[static_cast<int>(stone) - 1][m];
}

namespace {

// 3^0 .. 3^40: the place values of the base-3 id, looked up on every play.
constexpr std::array<std::uint64_t, kMaxIdCells + 1> kPowersOfThree = [] {
    std::array<std::uint64_t, kMaxIdCells + 1> p{};
    p[0] = 1;
    for (int i = 1; i <= kMaxIdCells; ++i) p[i] = p[i - 1] * 3;
    return p;
}();

}  // namespace

std::uint64_t power_of_three(int n) { return kPowersOfThree[n]; }

Position::Position(GameSpec spec) : spec_(std::move(spec)) {
    history_.reserve(spec_.cells());
    if (spec_.cells() == 0) result_ = Result::Draw;
}

bool Position::is_legal(Move m) const {
    if (game_over() || m < 0 || m >= cells() || board_[m] != Cell::Empty) return false;
    return !spec_.gravity() || drop_cell(col_of(m)) == m;
}

Move Position::drop_cell(int col) const {
    int fill = column_fill_[col];
    if (fill >= height()) return kNoMove;
    return cell(height() - 1 - fill, col);
}

int Position::legal_moves(Move* out) const {
    int n = 0;
    if (game_over()) return 0;
    if (spec_.gravity()) {
        for (int c = 0; c < width(); ++c)
            if (Move m = drop_cell(c); m != kNoMove) out[n++] = m;
    } else {
        for (Move m = 0; m < cells(); ++m)
            if (board_[m] == Cell::Empty) out[n++] = m;
    }
    return n;
}

std::vector<Move> Position::legal_moves() const {
    std::vector<Move> moves(cells());
    moves.resize(legal_moves(moves.data()));
    return moves;
}

int Position::run_length(Move m, Cell who, int dr, int dc) const {
    int r0 = row_of(m), c0 = col_of(m);
    int length = 1;
    for (int sign : {1, -1}) {
        int r = r0 + sign * dr, c = c0 + sign * dc;
        while (r >= 0 && r < height() && c >= 0 && c < width() && board_[cell(r, c)] == who) {
            ++length;
            r += sign * dr;
            c += sign * dc;
        }
    }
    return length;
}

bool Position::is_win_run(int length) const {
    return spec_.win_rule == WinRule::AtLeastK ? length >= spec_.k : length == spec_.k;
}

bool Position::completes_line(Move m, Cell who) const {
    for (const auto& d : kDirections)
        if (is_win_run(run_length(m, who, d[0], d[1]))) return true;
    return false;
}

void Position::put(Move m, Cell c) {
    board_[m] = c;
    hash_ ^= zobrist_key(c, m);
    if (spec_.has_id()) id_ += static_cast<std::uint64_t>(c) * power_of_three(m);
    if (spec_.weighted()) weight_sum_[static_cast<int>(c) - 1] += spec_.weights[m];
    if (spec_.gravity()) ++column_fill_[col_of(m)];
    ++stones_;
}

void Position::play(Move m) {
    Cell stone = stone_of(side_);
    bool wins = completes_line(m, stone);
    put(m, stone);
    history_.push_back(m);
    if (wins)
        result_ = side_ == Player::X ? Result::XWins : Result::OWins;
    else if (stones_ == cells())
        result_ = Result::Draw;
    side_ = opponent(side_);
}

void Position::undo() {
    Move m = history_.back();
    history_.pop_back();
    Cell stone = board_[m];
    board_[m] = Cell::Empty;
    hash_ ^= zobrist_key(stone, m);
    if (spec_.has_id()) id_ -= static_cast<std::uint64_t>(stone) * power_of_three(m);
    if (spec_.weighted()) weight_sum_[static_cast<int>(stone) - 1] -= spec_.weights[m];
    if (spec_.gravity()) --column_fill_[col_of(m)];
    --stones_;
    side_ = opponent(side_);
    result_ = Result::Ongoing;
}

Move Position::parse_move(std::string_view token) const {
    auto fail = [&](std::string_view why) {
        return Error(fmt::format("bad move '{}': {}", token, why));
    };
    if (spec_.gravity()) {
        int col = 0;
        if (!parse_int(token, col) || token[0] == '+' || token[0] == '-')
            throw fail("expected a 1-based column number");
        if (col < 1 || col > width())
            throw fail(fmt::format("column out of range 1..{}", width()));
        Move m = drop_cell(col - 1);
        if (m == kNoMove) throw fail(fmt::format("column {} is full", col));
        return m;
    }
    int row = 0, col = 0;
    if (auto comma = token.find(','); comma != std::string_view::npos) {
        if (!parse_int(token.substr(0, comma), row) || !parse_int(token.substr(comma + 1), col))
            throw fail("expected row,col with integers");
    } else if (!token.empty() && std::isalpha(static_cast<unsigned char>(token[0]))) {
        // Algebraic, as in Gomoku records: a letter for the column from the
        // left, a number for the row counted from 1 at the bottom.
        col = std::tolower(static_cast<unsigned char>(token[0])) - 'a';
        int rank = 0;
        if (!parse_int(token.substr(1), rank)) throw fail("expected a letter and a row number, e.g. h8");
        row = height() - rank;
    } else {
        throw fail("expected row,col (e.g. 1,2) or algebraic (e.g. h8)");
    }
    if (row < 0 || row >= height() || col < 0 || col >= width())
        throw fail(fmt::format("outside the {}x{} board", width(), height()));
    Move m = cell(row, col);
    if (board_[m] != Cell::Empty) throw fail(fmt::format("cell {},{} is occupied", row, col));
    return m;
}

Position Position::from_moves(GameSpec spec, std::string_view moves) {
    Position pos(std::move(spec));
    std::vector<std::string_view> tokens = split_tokens(moves);
    // Pons's notation: a run of column digits is one move per digit.
    if (pos.spec_.gravity() && pos.width() <= 9) {
        std::vector<std::string_view> digits;
        for (auto token : tokens)
            for (std::size_t i = 0; i < token.size(); ++i) digits.push_back(token.substr(i, 1));
        tokens = std::move(digits);
    }
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        if (pos.game_over())
            throw Error(fmt::format("move {} '{}' comes after the game ended", i + 1, tokens[i]));
        pos.play(pos.parse_move(tokens[i]));
    }
    return pos;
}

Position Position::from_board(GameSpec spec, std::string_view text) {
    Position pos(std::move(spec));
    std::vector<std::string_view> rows;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i == text.size() || text[i] == '/' || text[i] == '\n') {
            std::string_view row = text.substr(start, i - start);
            while (!row.empty() && (row.back() == '\r' || row.back() == ' ')) row.remove_suffix(1);
            while (!row.empty() && row.front() == ' ') row.remove_prefix(1);
            if (!row.empty() || (i < text.size() && text[i] == '/')) rows.push_back(row);
            start = i + 1;
        }
    }
    if (static_cast<int>(rows.size()) != pos.height())
        throw Error(fmt::format("malformed board: {} rows given, the game has {}", rows.size(),
                                pos.height()));
    for (int r = 0; r < pos.height(); ++r) {
        if (static_cast<int>(rows[r].size()) != pos.width())
            throw Error(fmt::format("malformed board: row {} has {} cells, the game has {}", r + 1,
                                    rows[r].size(), pos.width()));
        for (int c = 0; c < pos.width(); ++c) {
            char ch = static_cast<char>(std::toupper(static_cast<unsigned char>(rows[r][c])));
            if (ch == 'X' || ch == 'O')
                pos.board_[pos.cell(r, c)] = ch == 'X' ? Cell::X : Cell::O;
            else if (ch != '.' && ch != '-' && ch != '_')
                throw Error(fmt::format(
                    "malformed board: '{}' at row {} column {} (use '.', 'X' or 'O')", rows[r][c],
                    r + 1, c + 1));
        }
    }
    pos.validate_reachable();
    return pos;
}

Position Position::from_id(GameSpec spec, std::uint64_t id) {
    if (!spec.has_id())
        throw Error(fmt::format("board too large for an id: {} cells need 3^{} ids, over 64 bits "
                                "(ids work up to {} cells)",
                                spec.cells(), spec.cells(), kMaxIdCells));
    // 3^40 itself overflows nothing, but every id of a 40-cell board is < 3^40.
    std::uint64_t limit = power_of_three(spec.cells());
    if (id >= limit)
        throw Error(fmt::format("id {} out of range: a {}-cell board has ids 0..{}", id,
                                spec.cells(), limit - 1));
    Position pos(std::move(spec));
    for (Move m = 0; m < pos.cells(); ++m, id /= 3) pos.board_[m] = static_cast<Cell>(id % 3);
    pos.validate_reachable();
    return pos;
}

Position Position::from_masks(GameSpec spec, std::uint64_t x_stones, std::uint64_t o_stones) {
    Position pos(std::move(spec));
    for (Move m = 0; m < pos.cells(); ++m) {
        std::uint64_t bit = std::uint64_t{1} << m;
        if (x_stones & bit) pos.put(m, Cell::X);
        if (o_stones & bit) pos.put(m, Cell::O);
    }
    pos.side_ = std::popcount(x_stones) == std::popcount(o_stones) ? Player::X : Player::O;
    return pos;
}

bool Position::has_line(Cell who) const {
    for (Move m = 0; m < cells(); ++m)
        if (board_[m] == who) {
            for (const auto& d : kDirections) {
                // Only start a run at its first stone so exact-k checks see whole runs.
                int pr = row_of(m) - d[0], pc = col_of(m) - d[1];
                bool starts =
                    pr < 0 || pr >= height() || pc < 0 || pc >= width() || board_[cell(pr, pc)] != who;
                if (starts && is_win_run(run_length(m, who, d[0], d[1]))) return true;
            }
        }
    return false;
}

Position Position::from_setup(GameSpec spec, const std::vector<Cell>& stones, Player to_move) {
    Position pos(std::move(spec));
    if (pos.spec().gravity()) throw Error("a set-up position needs free placement");
    if (static_cast<int>(stones.size()) != pos.cells())
        throw Error(fmt::format("malformed board: {} cells given, the game has {}", stones.size(), pos.cells()));
    for (Move m = 0; m < pos.cells(); ++m)
        if (stones[m] != Cell::Empty) pos.put(m, stones[m]);
    pos.side_ = to_move;
    bool x_line = pos.has_line(Cell::X), o_line = pos.has_line(Cell::O);
    if (x_line && o_line) throw Error("impossible board: both X and O have a winning line");
    pos.result_ = x_line ? Result::XWins : o_line ? Result::OWins : pos.stones_ == pos.cells() ? Result::Draw
                                                                                                : Result::Ongoing;
    return pos;
}

// Rebuilds every incremental field from board_ and checks that the position
// could arise in play: alternating counts from X, supported gravity stones, at
// most one winner, and a win that one last stone could have completed.
void Position::validate_reachable() {
    std::array<Cell, kMaxCells> stones = board_;
    board_.fill(Cell::Empty);
    int count[3] = {0, 0, 0};
    for (Move m = 0; m < cells(); ++m) ++count[static_cast<int>(stones[m])];
    if (count[1] != count[2] && count[1] != count[2] + 1)
        throw Error(fmt::format("unreachable board: X has {} stones and O has {}; X moves first, so "
                                "X must have as many as O or one more",
                                count[1], count[2]));
    if (spec_.gravity()) {
        for (int c = 0; c < width(); ++c)
            for (int r = 0; r + 1 < height(); ++r)
                if (stones[cell(r, c)] != Cell::Empty && stones[cell(r + 1, c)] == Cell::Empty)
                    throw Error(fmt::format("unreachable board: floating stone at row {} column {} "
                                            "(gravity stones must rest on the bottom or a stone)",
                                            r + 1, c + 1));
    }
    for (Move m = 0; m < cells(); ++m)
        if (stones[m] != Cell::Empty) put(m, stones[m]);
    side_ = count[1] == count[2] ? Player::X : Player::O;

    bool x_line = has_line(Cell::X), o_line = has_line(Cell::O);
    if (x_line && o_line) throw Error("unreachable board: both X and O have a winning line");
    if (!x_line && !o_line) {
        if (stones_ == cells()) result_ = Result::Draw;
        return;
    }
    Cell winner = x_line ? Cell::X : Cell::O;
    if ((winner == Cell::X) != (count[1] == count[2] + 1))
        throw Error(fmt::format("unreachable board: {} has a line but {} moved last", winner == Cell::X ? 'X' : 'O',
                                count[1] == count[2] + 1 ? 'X' : 'O'));
    // The winner's last stone must be one whose removal leaves no line.
    for (Move m = 0; m < cells(); ++m) {
        if (board_[m] != winner) continue;
        if (spec_.gravity() && row_of(m) > 0 && board_[m - width()] != Cell::Empty) continue;
        board_[m] = Cell::Empty;
        bool still = has_line(winner);
        bool completes = completes_line(m, winner);
        board_[m] = winner;
        if (!still && completes) {
            result_ = winner == Cell::X ? Result::XWins : Result::OWins;
            return;
        }
    }
    throw Error("unreachable board: the winning lines could not all have been completed by one last move");
}

std::string Position::board_string() const {
    std::string s;
    for (int r = 0; r < height(); ++r) {
        if (r) s += '/';
        for (int c = 0; c < width(); ++c) s += ".XO"[static_cast<int>(board_[cell(r, c)])];
    }
    return s;
}

std::string Position::diagram() const {
    std::string s = "   ";
    for (int c = 0; c < width(); ++c)
        s += spec_.gravity() ? fmt::format("{:>2}", c + 1) : fmt::format("{:>2}", c % 10);
    s += '\n';
    for (int r = 0; r < height(); ++r) {
        s += fmt::format("{:>2} ", r);
        for (int c = 0; c < width(); ++c) {
            s += ' ';
            s += ".XO"[static_cast<int>(board_[cell(r, c)])];
        }
        s += '\n';
    }
    return s;
}

std::string Position::move_string(Move m) const {
    if (spec_.gravity()) return std::to_string(col_of(m) + 1);
    return fmt::format("{},{}", row_of(m), col_of(m));
}

std::string Position::move_list_string() const {
    std::string s;
    bool digits = spec_.gravity() && width() <= 9;
    for (Move m : history_) {
        if (!s.empty() && !digits) s += ' ';
        s += move_string(m);
    }
    return s;
}

}  // namespace kinrow
