// A child process spoken to over pipes, line by line: how `kinrow match`
// drives external pbrain engines (and how the tests drive ours). POSIX only.
#pragma once

#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace kinrow::gomoku {

class Subprocess {
public:
    // Starts `argv[0]` (searched in PATH when it has no '/'); throws Error.
    explicit Subprocess(const std::vector<std::string>& argv);
    ~Subprocess();  // closes the pipes, then kills the child if it has not exited
    Subprocess(const Subprocess&) = delete;
    Subprocess& operator=(const Subprocess&) = delete;

    // Writes `text` as is; false if the child has closed its input.
    bool write(const std::string& text);
    // The next output line without its line ending, or nothing if none came
    // within `timeout_ms` or the child closed its output.
    std::optional<std::string> read_line(int timeout_ms);
    // Closes the child's input and waits up to `timeout_ms` for it to exit;
    // returns its exit status, or nothing if it is still running.
    std::optional<int> finish(int timeout_ms);

private:
    pid_t pid_ = -1;
    int to_child_ = -1, from_child_ = -1;
    std::string buffer_;
    bool exited_ = false;
    int status_ = 0;
};

}  // namespace kinrow::gomoku
