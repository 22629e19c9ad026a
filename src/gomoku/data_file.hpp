// The line reader the Gomoku data files share (the evaluation's weights, its
// network; evaluation.hpp, network.hpp): `#` comments, words split on
// blanks, a header line first.
#pragma once

#include <functional>
#include <string_view>
#include <vector>

namespace kinrow::gomoku {

// Hands the words of every line after the header to `entry`, with the line's
// number (from 1). Comments and blank lines are skipped; a first line that is
// not `header` ("name version") or a text without one throws Error, named
// after the file kind `what` ("eval weights line 1: expected the header ...").
void read_data_lines(std::string_view text, std::string_view header, std::string_view what,
                     const std::function<void(const std::vector<std::string_view>& words, int line)>& entry);

}  // namespace kinrow::gomoku
