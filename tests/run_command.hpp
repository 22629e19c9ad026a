// Runs a command line through the shell with the given standard input and
// captures its standard output and error together, for end-to-end tests of
// the `kinrow` executable (KINROW_BINARY) and the protocol front ends.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace kinrow::testing {

struct CommandResult {
    int exit_code = -1;
    std::string output;  // stdout and stderr interleaved
};

inline CommandResult run_command(const std::string& command, const std::string& input = "") {
    static int counter = 0;
    auto stdin_file = std::filesystem::temp_directory_path() /
                      ("kinrow-test-input-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::ofstream(stdin_file, std::ios::binary) << input;
    std::string full = command + " < '" + stdin_file.string() + "' 2>&1";
    CommandResult result;
    FILE* pipe = ::popen(full.c_str(), "r");
    if (!pipe) return result;
    std::array<char, 4096> buffer{};
    std::size_t n = 0;
    while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) result.output.append(buffer.data(), n);
    int status = ::pclose(pipe);
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::filesystem::remove(stdin_file);
    return result;
}

// The kinrow executable with arguments.
inline CommandResult run_kinrow(const std::string& args, const std::string& input = "") {
    return run_command(std::string(KINROW_BINARY) + " " + args, input);
}

}  // namespace kinrow::testing
