#include "gomoku/data_file.hpp"

#include <fmt/format.h>

#include "core/error.hpp"

namespace kinrow::gomoku {

namespace {

std::vector<std::string_view> words(std::string_view line) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
        std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
        if (i > start) out.push_back(line.substr(start, i - start));
    }
    return out;
}

}  // namespace

void read_data_lines(std::string_view text, std::string_view header, std::string_view what,
                     const std::function<void(const std::vector<std::string_view>& words, int line)>& entry) {
    const std::vector<std::string_view> expected = words(header);
    bool seen_header = false;
    int number = 0;
    while (!text.empty()) {
        std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        ++number;
        if (std::size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
        std::vector<std::string_view> tokens = words(line);
        if (tokens.empty()) continue;
        if (!seen_header) {
            if (tokens != expected) throw Error(fmt::format("{} line {}: expected the header '{}'", what, number, header));
            seen_header = true;
            continue;
        }
        entry(tokens, number);
    }
    if (!seen_header) throw Error(fmt::format("{}: empty file (expected the header '{}')", what, header));
}

}  // namespace kinrow::gomoku
