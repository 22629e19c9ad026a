// What cpp-httplib 0.11 (Debian bookworm) does not expose, found from the
// process's own open sockets: the socket of a request's connection (to see
// its client hang up) and the server's listening socket (to widen its queue).
#pragma once

#include <string>

namespace kinrow::web {

// The socket of this process connected to peer_addr:peer_port on local_port,
// or -1 if there is none.
int find_connection_socket(const std::string& peer_addr, int peer_port, int local_port);

// The library listens with a backlog of 5 connections, fixed when it was
// built; a burst of clients overflows it and their connections fail.
// Listening again on the socket bound to `port` raises the backlog.
void widen_listen_backlog(int port);

}  // namespace kinrow::web
