// Runs a command line through the shell with the given standard input and
// captures its standard output and error together, for end-to-end tests of
// the `kinrow` executable (KINROW_BINARY) and the protocol front ends.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace kinrow::testing {

struct CommandResult {
    int exit_code = -1;
    std::string output;  // stdout and stderr interleaved
};

// Standard input comes from `stdin_path`; standard error is merged into the
// output, or dropped when `merge_stderr` is false.
inline CommandResult run_command_from_file(const std::string& command, const std::string& stdin_path,
                                           bool merge_stderr = true) {
    std::string full = command + " < '" + stdin_path + "'" + (merge_stderr ? " 2>&1" : " 2>/dev/null");
    CommandResult result;
    FILE* pipe = ::popen(full.c_str(), "r");
    if (!pipe) return result;
    std::array<char, 4096> buffer{};
    std::size_t n = 0;
    while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) result.output.append(buffer.data(), n);
    int status = ::pclose(pipe);
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

// A path in the temporary directory, unique to this test process.
inline std::string temp_file_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("kinrow-test-" + std::to_string(::getpid()) + "-" + name)).string();
}

// Standard input is `input`, through a temporary file.
inline CommandResult run_command(const std::string& command, const std::string& input = "",
                                 bool merge_stderr = true) {
    static int counter = 0;
    auto stdin_file = std::filesystem::temp_directory_path() /
                      ("kinrow-test-input-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::ofstream(stdin_file, std::ios::binary) << input;
    CommandResult result = run_command_from_file(command, stdin_file.string(), merge_stderr);
    std::filesystem::remove(stdin_file);
    return result;
}

// The shell command line that runs the kinrow executable with `args`. Built
// by appending: GCC 12 warns falsely (-Wrestrict) on "'" + std::string(...).
inline std::string kinrow_command(const std::string& args) {
    std::string command = "'";
    command.append(KINROW_BINARY).append("' ").append(args);
    return command;
}

// The kinrow executable with arguments.
inline CommandResult run_kinrow(const std::string& args, const std::string& input = "",
                                bool merge_stderr = true) {
    return run_command(kinrow_command(args), input, merge_stderr);
}

// The whole content of a file ("" if it cannot be read).
inline std::string read_text_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace kinrow::testing
