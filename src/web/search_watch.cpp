#include "web/search_watch.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>

#include <charconv>
#include <filesystem>
#include <vector>

namespace kinrow::web {

namespace {

// How often the watch looks: a stopped search ends within about this long
// after its client left.
constexpr auto kPollInterval = std::chrono::milliseconds(20);

// The address and port of a socket address, in the text form httplib reports.
bool address_of(const sockaddr_storage& a, std::string& ip, int& port) {
    char text[INET6_ADDRSTRLEN] = {};
    if (a.ss_family == AF_INET) {
        const auto& v4 = reinterpret_cast<const sockaddr_in&>(a);
        inet_ntop(AF_INET, &v4.sin_addr, text, sizeof text);
        port = ntohs(v4.sin_port);
    } else if (a.ss_family == AF_INET6) {
        const auto& v6 = reinterpret_cast<const sockaddr_in6&>(a);
        inet_ntop(AF_INET6, &v6.sin6_addr, text, sizeof text);
        port = ntohs(v6.sin6_port);
    } else {
        return false;
    }
    ip = text;
    return true;
}

}  // namespace

int find_connection_socket(const std::string& peer_addr, int peer_port, int local_port) {
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd", error)) {
        std::string name = entry.path().filename().string();
        int fd = -1;
        std::from_chars(name.data(), name.data() + name.size(), fd);
        sockaddr_storage peer{}, local{};
        socklen_t peer_size = sizeof peer, local_size = sizeof local;
        if (fd < 0 || getpeername(fd, reinterpret_cast<sockaddr*>(&peer), &peer_size) != 0 ||
            getsockname(fd, reinterpret_cast<sockaddr*>(&local), &local_size) != 0)
            continue;
        std::string ip, local_ip;
        int port = 0, own_port = 0;
        if (address_of(peer, ip, port) && address_of(local, local_ip, own_port) && port == peer_port &&
            own_port == local_port && ip == peer_addr)
            return fd;
    }
    return -1;
}

SearchWatch::Ticket::Ticket(SearchWatch& watch, int socket, Clock::time_point deadline) : watch_(watch) {
    std::lock_guard lock(watch_.mutex_);
    entry_ = watch_.entries_.emplace(watch_.entries_.end());
    entry_->socket = socket;
    entry_->deadline = deadline;
}

SearchWatch::Ticket::~Ticket() {
    std::lock_guard lock(watch_.mutex_);
    watch_.entries_.erase(entry_);
}

SearchWatch::SearchWatch() : thread_([this] { run(); }) {}

SearchWatch::~SearchWatch() {
    {
        std::lock_guard lock(mutex_);
        quit_ = true;
    }
    wake_.notify_one();
    thread_.join();
}

void SearchWatch::run() {
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, kPollInterval, [this] { return quit_; })) {
        auto now = Clock::now();
        for (Entry& e : entries_) {
            if (e.stop.load()) continue;
            Reason reason = Reason::None;
            if (now >= e.deadline) reason = Reason::TimeCap;
            if (reason == Reason::None && e.socket >= 0) {
                // The request has been read whole; the peer's hang-up shows
                // as POLLRDHUP (POLLIN alone may be a pipelined request).
                pollfd p{e.socket, POLLRDHUP, 0};
                if (poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR))) reason = Reason::ClientGone;
            }
            if (reason != Reason::None) {
                e.reason = reason;
                e.stop = true;
            }
        }
    }
}

}  // namespace kinrow::web
