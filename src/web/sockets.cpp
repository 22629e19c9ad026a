#include "web/sockets.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <charconv>
#include <filesystem>
#include <vector>

namespace kinrow::web {

namespace {

std::vector<int> open_descriptors() {
    std::vector<int> fds;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd", error)) {
        std::string name = entry.path().filename().string();
        int fd = -1;
        std::from_chars(name.data(), name.data() + name.size(), fd);
        if (fd >= 0) fds.push_back(fd);
    }
    return fds;
}

struct Address {
    std::string ip;  // in the text form httplib reports
    int port = -1;
};

// The local (or, with `peer`, the remote) address of a socket; port -1 if
// the descriptor is no connected or bound IP socket.
Address address_of(int fd, bool peer) {
    sockaddr_storage a{};
    socklen_t size = sizeof a;
    auto* raw = reinterpret_cast<sockaddr*>(&a);
    if ((peer ? getpeername(fd, raw, &size) : getsockname(fd, raw, &size)) != 0) return {};
    char text[INET6_ADDRSTRLEN] = {};
    if (a.ss_family == AF_INET) {
        const auto& v4 = reinterpret_cast<const sockaddr_in&>(a);
        inet_ntop(AF_INET, &v4.sin_addr, text, sizeof text);
        return {text, ntohs(v4.sin_port)};
    }
    if (a.ss_family == AF_INET6) {
        const auto& v6 = reinterpret_cast<const sockaddr_in6&>(a);
        inet_ntop(AF_INET6, &v6.sin6_addr, text, sizeof text);
        return {text, ntohs(v6.sin6_port)};
    }
    return {};
}

}  // namespace

int find_connection_socket(const std::string& peer_addr, int peer_port, int local_port) {
    for (int fd : open_descriptors()) {
        Address peer = address_of(fd, true);
        if (peer.port == peer_port && peer.ip == peer_addr && address_of(fd, false).port == local_port) return fd;
    }
    return -1;
}

void widen_listen_backlog(int port) {
    for (int fd : open_descriptors()) {
        int listening = 0;
        socklen_t size = sizeof listening;
        if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) == 0 && listening &&
            address_of(fd, false).port == port)
            ::listen(fd, SOMAXCONN);
    }
}

}  // namespace kinrow::web
