#include "gomoku/notation.hpp"

#include <fmt/format.h>

namespace kinrow::gomoku {

std::string algebraic(const GameSpec& spec, Move m) {
    int row = m / spec.width, col = m % spec.width;
    return fmt::format("{}{}", static_cast<char>('a' + col), spec.height - row);
}

}  // namespace kinrow::gomoku
