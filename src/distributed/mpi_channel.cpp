#include "distributed/mpi_channel.hpp"

#include <mpi.h>

#include <chrono>
#include <thread>

#include <fmt/format.h>

#include "core/error.hpp"

namespace kinrow::distributed {

namespace {

// Long enough to leave the core to a worker, short next to any job.
constexpr auto kPollInterval = std::chrono::microseconds(200);

void check(int code, const char* what) {
    if (code == MPI_SUCCESS) return;
    char text[MPI_MAX_ERROR_STRING];
    int length = 0;
    MPI_Error_string(code, text, &length);
    throw Error(fmt::format("MPI {} failed: {}", what, std::string_view(text, static_cast<std::size_t>(length))));
}

}  // namespace

MpiSession::MpiSession(int* argc, char*** argv) {
    int initialized = 0;
    MPI_Initialized(&initialized);
    if (!initialized) check(MPI_Init(argc, argv), "init");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    check(MPI_Comm_rank(MPI_COMM_WORLD, &rank_), "rank");
    check(MPI_Comm_size(MPI_COMM_WORLD, &size_), "size");
}

MpiSession::~MpiSession() {
    if (finalize_) MPI_Finalize();
}

void MpiSession::send(int destination, Tag tag, std::string_view text) const {
    check(MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, destination, static_cast<int>(tag),
                   MPI_COMM_WORLD),
          "send");
}

std::optional<Message> MpiSession::poll() const {
    int arrived = 0;
    MPI_Status status;
    check(MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &arrived, &status), "probe");
    if (!arrived) return std::nullopt;
    int count = 0;
    check(MPI_Get_count(&status, MPI_CHAR, &count), "count");
    Message m;
    m.source = status.MPI_SOURCE;
    m.tag = static_cast<Tag>(status.MPI_TAG);
    m.text.resize(static_cast<std::size_t>(count));
    check(MPI_Recv(m.text.data(), count, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
                   MPI_STATUS_IGNORE),
          "receive");
    return m;
}

Message MpiSession::wait() const {
    for (;;) {
        if (auto m = poll()) return std::move(*m);
        pause();
    }
}

void MpiSession::pause() const { std::this_thread::sleep_for(kPollInterval); }

}  // namespace kinrow::distributed
