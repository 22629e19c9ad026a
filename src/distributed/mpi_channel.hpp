// The MPI side of the distributed solver, and the only file that includes
// mpi.h: the session (MPI_Init / MPI_Finalize), and text messages between
// ranks. Errors come back as return codes (MPI_ERRORS_RETURN) and become
// Error exceptions, so one failed send does not abort the whole job from
// inside the MPI library.
//
// Waiting is polling with short sleeps, never a blocking MPI_Recv: Open MPI's
// blocking calls spin on a core, and with more ranks than cores (the tests,
// a coordinator beside its workers) a spinning rank takes the core a worker
// needs.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace kinrow::distributed {

enum class Tag : int { Job = 1, Answer = 2, Stop = 3 };

struct Message {
    int source = -1;
    Tag tag = Tag::Stop;
    std::string text;
};

class MpiSession {
public:
    // MPI_Init, with errors returned rather than fatal.
    MpiSession(int* argc, char*** argv);
    ~MpiSession();  // MPI_Finalize
    MpiSession(const MpiSession&) = delete;
    MpiSession& operator=(const MpiSession&) = delete;

    int rank() const { return rank_; }
    int size() const { return size_; }

    // Throws Error when MPI reports one (say, the peer is gone).
    void send(int destination, Tag tag, std::string_view text) const;
    // A message that has arrived, if any (does not wait).
    std::optional<Message> poll() const;
    // Waits for the next message.
    Message wait() const;
    // Sleeps one polling interval (a loop with nothing to do).
    void pause() const;
    // Leaves MPI without MPI_Finalize: after a rank died, Open MPI's closing
    // fence would wait for it for ever, even under --enable-recovery (seen
    // about one run in six).
    void skip_finalize() { finalize_ = false; }

private:
    int rank_ = 0;
    int size_ = 1;
    bool finalize_ = true;
};

}  // namespace kinrow::distributed
