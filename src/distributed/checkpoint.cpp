#include "distributed/checkpoint.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "core/error.hpp"
#include "distributed/job.hpp"

namespace kinrow::distributed {

namespace {

constexpr const char* kMagic = "kinrow-checkpoint";

std::uint64_t fnv1a(std::string_view bytes) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 0x100000001b3ULL;
    }
    return h;
}

std::string body_of(const Position& root, const Checkpoint& c) {
    std::string out = fmt::format("{} {}\ngame {}\nroot {}\ntotals {} {} {:.3f} {:.3f}\nnodes {}\n", kMagic,
                                  kCheckpointVersion, root.spec().name(), root.board_string(), c.totals.jobs,
                                  c.totals.nodes, c.totals.job_seconds, c.totals.wall_seconds, c.nodes.size());
    for (const SavedNode& n : c.nodes)
        out += fmt::format("{} {} {} {}\n", n.parent, n.move, outcome_letter(n.value), n.expanded ? 1 : 0);
    return out;
}

void write_all(int fd, std::string_view data, const std::string& path) {
    while (!data.empty()) {
        ssize_t n = ::write(fd, data.data(), data.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            throw Error(fmt::format("cannot write checkpoint {}: {}", path, std::strerror(errno)));
        }
        data.remove_prefix(static_cast<std::size_t>(n));
    }
}

// Reads one "key value..." line; Error naming the file when it is not there.
std::istringstream expect_line(std::istringstream& in, const char* key, const std::string& path) {
    std::string line, word;
    if (!std::getline(in, line)) throw Error(fmt::format("checkpoint {} is damaged (no '{}' line)", path, key));
    std::istringstream fields(line);
    if (!(fields >> word) || word != key)
        throw Error(fmt::format("checkpoint {} is damaged (expected '{}', found '{}')", path, key, line));
    return fields;
}

}  // namespace

void save_checkpoint(const std::string& path, const Position& root, const Checkpoint& checkpoint) {
    std::string body = body_of(root, checkpoint);
    body += fmt::format("checksum {:016x}\n", fnv1a(body));
    const std::string temporary = path + ".tmp";
    int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) throw Error(fmt::format("cannot write checkpoint {}: {}", temporary, std::strerror(errno)));
    try {
        write_all(fd, body, temporary);
        if (::fsync(fd) != 0) throw Error(fmt::format("cannot flush checkpoint {}: {}", temporary, std::strerror(errno)));
    } catch (...) {
        ::close(fd);
        throw;
    }
    ::close(fd);
    if (std::rename(temporary.c_str(), path.c_str()) != 0)
        throw Error(fmt::format("cannot rename {} to {}: {}", temporary, path, std::strerror(errno)));
}

std::optional<Checkpoint> load_checkpoint(const std::string& path, const Position& root) {
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        if (!std::filesystem::exists(path)) return std::nullopt;
        throw Error(fmt::format("cannot read checkpoint {}", path));
    }
    std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    if (text.rfind(kMagic, 0) != 0) throw Error(fmt::format("{} is not a kinrow checkpoint", path));

    std::istringstream in(text);
    int version = 0;
    if (!(expect_line(in, kMagic, path) >> version) || version != kCheckpointVersion)
        throw Error(fmt::format("checkpoint {} has format version {}; this kinrow reads version {}", path, version,
                                kCheckpointVersion));
    // The checksum covers everything before its own line.
    const std::size_t at = text.rfind("\nchecksum ");
    std::uint64_t stored = 0;
    if (at == std::string::npos || std::sscanf(text.c_str() + at + 10, "%16lx", &stored) != 1 ||
        stored != fnv1a(std::string_view(text).substr(0, at + 1)))
        throw Error(fmt::format("checkpoint {} is damaged (checksum mismatch): delete it to start over", path));

    std::string game, board;
    expect_line(in, "game", path) >> game;
    expect_line(in, "root", path) >> board;
    if (game != root.spec().name() || board != root.board_string())
        throw Error(fmt::format("checkpoint {} is for {} from {}, not for {} from {}", path, game, board,
                                root.spec().name(), root.board_string()));
    Checkpoint c;
    if (!(expect_line(in, "totals", path) >> c.totals.jobs >> c.totals.nodes >> c.totals.job_seconds >>
          c.totals.wall_seconds))
        throw Error(fmt::format("checkpoint {} is damaged (totals)", path));
    std::size_t count = 0;
    if (!(expect_line(in, "nodes", path) >> count)) throw Error(fmt::format("checkpoint {} is damaged (nodes)", path));
    c.nodes.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        SavedNode n;
        char value = 0;
        int expanded = 0;
        std::string line;
        std::getline(in, line);
        std::istringstream fields(line);
        if (!(fields >> n.parent >> n.move >> value >> expanded))
            throw Error(fmt::format("checkpoint {} is damaged (node {})", path, i));
        n.value = outcome_from_letter(value);
        n.expanded = expanded != 0;
        c.nodes.push_back(n);
    }
    return c;
}

}  // namespace kinrow::distributed
