// The server's own limits: maximums that no request can raise, so a page (or
// anyone who reaches the port) cannot make the machine search forever, run
// out of memory or queue unbounded work.
#pragma once

#include <cstddef>

namespace kinrow::web {

struct ServerLimits {
    int default_time_ms = 1000;  // a search's time when the request names none
    int max_time_ms = 30000;     // the most a request may ask for (the Connect-k solver always gets it)
    std::size_t tt_mb = 16;      // every engine's table, per search
    int max_searches = 2;        // searches running at once
    int max_waiting = 32;        // requests waiting for a search slot; more get 503
    int queue_wait_ms = 15000;   // the longest a request waits for a slot, then 503
    std::size_t max_body_bytes = 16 * 1024;
    std::size_t max_tree_nodes = 5000;
    int max_tree_cells = 49;     // search trees for boards up to 7x7
    int max_weighted_depth = 9;  // the weighted search cannot be stopped: its depth is its cap
    int threads = 16;            // connections served at once (searches or not)
};

}  // namespace kinrow::web
