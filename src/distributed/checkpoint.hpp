// The coordinator's tree on disk, so a run that was stopped (or lost its MPI
// job) resumes where it was and never repeats a finished job.
//
// A text file, written whole to FILE.tmp, flushed to the disk and renamed
// over FILE (a crash leaves the old checkpoint or the new one, never half):
//
//   kinrow-checkpoint 1                    magic and format version
//   game connect:6,5,4                     the game, canonical name
//   root ....../....../...                 the root position (board string)
//   totals JOBS NODES JOB_SECONDS WALL_SECONDS   work of every run so far
//   nodes COUNT
//   PARENT MOVE VALUE EXPANDED             one line a node, parents first;
//   ...                                    VALUE is W, D, L or ? for the side to move
//   checksum HEX                           FNV-1a 64 of every byte above this line
//
// A file for another game or root position, of another version, or whose
// checksum does not match is refused with one line saying which.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "distributed/proof_tree.hpp"
#include "rules/position.hpp"

namespace kinrow::distributed {

inline constexpr int kCheckpointVersion = 1;

// The work behind a tree, summed over every run that grew it.
struct Totals {
    std::uint64_t jobs = 0;
    std::uint64_t nodes = 0;
    double job_seconds = 0;   // workers' time in jobs
    double wall_seconds = 0;  // coordinators' time
};

struct Checkpoint {
    std::vector<SavedNode> nodes;
    Totals totals;
};

void save_checkpoint(const std::string& path, const Position& root, const Checkpoint& checkpoint);
// nullopt when `path` does not exist (a fresh run). Throws Error when it is
// damaged, of another version, or for another game or root position.
std::optional<Checkpoint> load_checkpoint(const std::string& path, const Position& root);

}  // namespace kinrow::distributed
