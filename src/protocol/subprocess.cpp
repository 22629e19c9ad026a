#include "protocol/subprocess.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <fmt/format.h>

#include "core/error.hpp"

namespace kinrow::gomoku {

Subprocess::Subprocess(const std::vector<std::string>& argv) {
    if (argv.empty()) throw Error("no program to run");
    int in_pipe[2], out_pipe[2];
    if (pipe(in_pipe) != 0) throw Error("cannot create a pipe");
    if (pipe(out_pipe) != 0) {
        close(in_pipe[0]);
        close(in_pipe[1]);
        throw Error("cannot create a pipe");
    }
    // A pipe that tells the parent whether exec failed (it closes on success).
    int exec_pipe[2];
    if (pipe2(exec_pipe, O_CLOEXEC) != 0) throw Error("cannot create a pipe");
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_ = fork();
    if (pid_ < 0) throw Error("cannot start a process");
    if (pid_ == 0) {
        dup2(in_pipe[0], 0);
        dup2(out_pipe[1], 1);
        close(in_pipe[0]);
        close(in_pipe[1]);
        close(out_pipe[0]);
        close(out_pipe[1]);
        close(exec_pipe[0]);
        execvp(args[0], args.data());
        int err = errno;
        [[maybe_unused]] auto n = ::write(exec_pipe[1], &err, sizeof err);
        _exit(127);
    }
    close(in_pipe[0]);
    close(out_pipe[1]);
    close(exec_pipe[1]);
    to_child_ = in_pipe[1];
    from_child_ = out_pipe[0];
    int err = 0;
    ssize_t got = read(exec_pipe[0], &err, sizeof err);
    close(exec_pipe[0]);
    if (got == static_cast<ssize_t>(sizeof err)) {
        waitpid(pid_, nullptr, 0);
        exited_ = true;
        throw Error(fmt::format("cannot run '{}': {}", argv[0], std::strerror(err)));
    }
    // A child that dies must not kill us with SIGPIPE on the next write.
    std::signal(SIGPIPE, SIG_IGN);
}

Subprocess::~Subprocess() {
    if (to_child_ >= 0) close(to_child_);
    if (from_child_ >= 0) close(from_child_);
    if (!exited_ && pid_ > 0) {
        if (waitpid(pid_, &status_, WNOHANG) == 0) {
            kill(pid_, SIGKILL);
            waitpid(pid_, &status_, 0);
        }
    }
}

bool Subprocess::write(const std::string& text) {
    std::size_t done = 0;
    while (done < text.size()) {
        ssize_t n = ::write(to_child_, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

std::optional<std::string> Subprocess::read_line(int timeout_ms) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (true) {
        auto eol = buffer_.find_first_of("\r\n");
        if (eol != std::string::npos) {
            std::string line = buffer_.substr(0, eol);
            std::size_t skip = eol + 1;
            if (buffer_[eol] == '\r' && skip < buffer_.size() && buffer_[skip] == '\n') ++skip;
            buffer_.erase(0, skip);
            return line;
        }
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                        deadline - std::chrono::steady_clock::now())
                        .count();
        if (left <= 0 || from_child_ < 0) return std::nullopt;
        pollfd p{from_child_, POLLIN, 0};
        int ready = poll(&p, 1, static_cast<int>(left));
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) return std::nullopt;
        char chunk[4096];
        ssize_t n = read(from_child_, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            close(from_child_);
            from_child_ = -1;
            if (buffer_.empty()) return std::nullopt;
            std::string line = std::move(buffer_);
            buffer_.clear();
            return line;
        }
        buffer_.append(chunk, static_cast<std::size_t>(n));
    }
}

std::optional<int> Subprocess::finish(int timeout_ms) {
    if (to_child_ >= 0) {
        close(to_child_);
        to_child_ = -1;
    }
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (!exited_) {
        pid_t r = waitpid(pid_, &status_, WNOHANG);
        if (r == pid_) {
            exited_ = true;
            break;
        }
        if (std::chrono::steady_clock::now() >= deadline) return std::nullopt;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return WIFEXITED(status_) ? WEXITSTATUS(status_) : 128 + WTERMSIG(status_);
}

}  // namespace kinrow::gomoku
