#include "cluster/communicator.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <stdexcept>
#include <thread>

#if MANCALA_HAVE_MPI
#include <mpi.h>
#endif

namespace mancala::cluster {

namespace {

// The number of processes a launcher started, from the environment it gives each
// (Open MPI, then the PMI of MPICH and Slurm); 1 when none did.
int launched_processes() {
    for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"})
        if (const char* value = std::getenv(name)) return std::max(1, std::atoi(value));
    return 1;
}

}  // namespace

bool built_with_mpi() { return MANCALA_HAVE_MPI != 0; }

Communicator& Communicator::world() {
    static Communicator world;
    return world;
}

#if MANCALA_HAVE_MPI

namespace {

// MPI counts are ints: big buffers go in pieces of at most 1 GiB.
constexpr std::size_t kPiece = std::size_t{1} << 30;
// Between two looks for a message or the others: short next to a task or a tier.
constexpr auto kNap = std::chrono::microseconds(500);
constexpr auto kYieldFor = std::chrono::milliseconds(2);

void check(int code, const char* what) {
    if (code == MPI_SUCCESS) return;
    char text[MPI_MAX_ERROR_STRING];
    int length = 0;
    MPI_Error_string(code, text, &length);
    throw std::runtime_error(fmt::format("MPI {} failed: {}", what, std::string_view(text, length)));
}

}  // namespace

Communicator::Communicator() {
    if (launched_processes() <= 1) return;
    int provided = 0;
    // The main thread alone calls MPI; search and build threads never do.
    check(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided), "initialisation");
    initialised_ = true;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

Communicator::~Communicator() {
    if (initialised_) MPI_Finalize();
}

void Communicator::max_in_place(std::span<std::int8_t> values) const {
    if (!distributed()) return;
    for (std::size_t at = 0; at < values.size(); at += kPiece) {
        const auto count = static_cast<int>(std::min(kPiece, values.size() - at));
        check(MPI_Allreduce(MPI_IN_PLACE, values.data() + at, count, MPI_INT8_T, MPI_MAX, MPI_COMM_WORLD),
              "all-reduce");
    }
}

void Communicator::gather_all(std::span<const std::int8_t> mine, std::span<const std::uint64_t> counts,
                              std::span<std::int8_t> all) const {
    if (!distributed()) {
        std::copy(mine.begin(), mine.end(), all.begin());
        return;
    }
    std::vector<int> sizes, starts;
    std::uint64_t at = 0;
    for (std::uint64_t c : counts) {
        if (at + c > static_cast<std::uint64_t>(INT_MAX))
            throw std::runtime_error(fmt::format("{} bytes to gather: more than one MPI message takes", at + c));
        sizes.push_back(static_cast<int>(c));
        starts.push_back(static_cast<int>(at));
        at += c;
    }
    check(MPI_Allgatherv(mine.data(), static_cast<int>(mine.size()), MPI_INT8_T, all.data(), sizes.data(),
                         starts.data(), MPI_INT8_T, MPI_COMM_WORLD),
          "all-gather");
}

namespace {

template <class T>
std::vector<std::vector<T>> trade_all(const std::vector<std::vector<T>>& out, int processes, MPI_Datatype type) {
    std::vector<int> send_counts, send_starts, receive_counts(static_cast<std::size_t>(processes)), receive_starts;
    std::vector<T> sent;
    for (const std::vector<T>& o : out) {
        if (sent.size() + o.size() > static_cast<std::size_t>(INT_MAX))
            throw std::runtime_error("an all-to-all batch larger than one MPI message takes");
        send_starts.push_back(static_cast<int>(sent.size()));
        send_counts.push_back(static_cast<int>(o.size()));
        sent.insert(sent.end(), o.begin(), o.end());
    }
    check(MPI_Alltoall(send_counts.data(), 1, MPI_INT, receive_counts.data(), 1, MPI_INT, MPI_COMM_WORLD),
          "all-to-all of the counts");
    std::size_t total = 0;
    for (int c : receive_counts) {
        receive_starts.push_back(static_cast<int>(total));
        total += static_cast<std::size_t>(c);
    }
    if (total > static_cast<std::size_t>(INT_MAX))
        throw std::runtime_error("an all-to-all batch larger than one MPI message takes");
    std::vector<T> received(total);
    check(MPI_Alltoallv(sent.data(), send_counts.data(), send_starts.data(), type, received.data(),
                        receive_counts.data(), receive_starts.data(), type, MPI_COMM_WORLD),
          "all-to-all");
    std::vector<std::vector<T>> in(static_cast<std::size_t>(processes));
    for (std::size_t q = 0; q < in.size(); ++q)
        in[q].assign(received.begin() + receive_starts[q],
                     received.begin() + receive_starts[q] + receive_counts[q]);
    return in;
}

constexpr int kBlockTag = 0x6d62;  // a tier's blocks to and from the leader

// A block of a tier to or from one other process, in pieces MPI's int counts can take.
void send_block(const std::int8_t* data, std::size_t bytes, int to) {
    for (std::size_t at = 0; at < bytes; at += kPiece) {
        const auto count = static_cast<int>(std::min(kPiece, bytes - at));
        check(MPI_Send(data + at, count, MPI_INT8_T, to, kBlockTag, MPI_COMM_WORLD), "send of a block");
    }
}

void receive_block(std::int8_t* data, std::size_t bytes, int from) {
    for (std::size_t at = 0; at < bytes; at += kPiece) {
        const auto count = static_cast<int>(std::min(kPiece, bytes - at));
        check(MPI_Recv(data + at, count, MPI_INT8_T, from, kBlockTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
              "receipt of a block");
    }
}

}  // namespace

std::vector<std::vector<std::uint64_t>> Communicator::all_to_all(
    const std::vector<std::vector<std::uint64_t>>& out) const {
    if (!distributed()) return out;
    return trade_all(out, size_, MPI_UINT64_T);
}

std::vector<std::vector<std::int8_t>> Communicator::all_to_all(
    const std::vector<std::vector<std::int8_t>>& out) const {
    if (!distributed()) return out;
    return trade_all(out, size_, MPI_INT8_T);
}

void Communicator::gather_to_leader(std::span<const std::int8_t> mine, std::span<const std::uint64_t> counts,
                                    std::span<std::int8_t> all) const {
    if (!leader()) return send_block(mine.data(), mine.size(), 0);
    std::copy(mine.begin(), mine.end(), all.begin());
    std::size_t start = counts[0];
    for (int q = 1; q < size_; ++q) {
        const auto bytes = static_cast<std::size_t>(counts[static_cast<std::size_t>(q)]);
        receive_block(all.data() + start, bytes, q);
        start += bytes;
    }
}

void Communicator::scatter_from_leader(std::span<const std::int8_t> all, std::span<const std::uint64_t> counts,
                                       std::span<std::int8_t> mine) const {
    if (!leader()) return receive_block(mine.data(), mine.size(), 0);
    std::copy(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(mine.size()), mine.begin());
    std::size_t start = counts[0];
    for (int q = 1; q < size_; ++q) {
        const auto bytes = static_cast<std::size_t>(counts[static_cast<std::size_t>(q)]);
        send_block(all.data() + start, bytes, q);
        start += bytes;
    }
}

std::vector<double> Communicator::gather_all(double value) const {
    std::vector<double> all(static_cast<std::size_t>(size_), value);
    if (distributed())
        check(MPI_Allgather(&value, 1, MPI_DOUBLE, all.data(), 1, MPI_DOUBLE, MPI_COMM_WORLD), "all-gather");
    return all;
}

std::uint64_t Communicator::min(std::uint64_t value) const {
    if (distributed())
        check(MPI_Allreduce(MPI_IN_PLACE, &value, 1, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD), "all-reduce");
    return value;
}

std::uint64_t Communicator::max(std::uint64_t value) const {
    if (distributed())
        check(MPI_Allreduce(MPI_IN_PLACE, &value, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD), "all-reduce");
    return value;
}

void Communicator::broadcast(std::span<std::int64_t> values) const {
    if (!distributed()) return;
    check(MPI_Bcast(values.data(), static_cast<int>(values.size()), MPI_INT64_T, 0, MPI_COMM_WORLD), "broadcast");
}

void Communicator::barrier() const {
    if (!distributed()) return;
    MPI_Request request;
    check(MPI_Ibarrier(MPI_COMM_WORLD, &request), "barrier");
    // Most waits are short (a layer of a tier): yield at first, nap only after a while.
    const auto start = std::chrono::steady_clock::now();
    for (int done = 0;;) {
        check(MPI_Test(&request, &done, MPI_STATUS_IGNORE), "barrier");
        if (done) return;
        if (std::chrono::steady_clock::now() - start < kYieldFor)
            std::this_thread::yield();
        else
            std::this_thread::sleep_for(kNap);
    }
}

void Communicator::send(int to, int tag, std::span<const std::int64_t> data) const {
    check(MPI_Send(data.data(), static_cast<int>(data.size()), MPI_INT64_T, to, tag, MPI_COMM_WORLD), "send");
}

namespace {

Message receive_probed(const MPI_Status& status) {
    int count = 0;
    MPI_Get_count(&status, MPI_INT64_T, &count);
    Message m{status.MPI_SOURCE, status.MPI_TAG, std::vector<std::int64_t>(static_cast<std::size_t>(count))};
    check(MPI_Recv(m.data.data(), count, MPI_INT64_T, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
                   MPI_STATUS_IGNORE),
          "receive");
    return m;
}

}  // namespace

std::optional<Message> Communicator::poll() const {
    int arrived = 0;
    MPI_Status status;
    check(MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &arrived, &status), "probe");
    if (!arrived) return std::nullopt;
    return receive_probed(status);
}

Message Communicator::receive() const {
    for (;;) {
        if (auto message = poll()) return std::move(*message);
        std::this_thread::sleep_for(kNap);
    }
}

void Communicator::abort(int code) const {
    if (initialised_) MPI_Abort(MPI_COMM_WORLD, code);
    std::exit(code);
}

#else  // built without MPI: a group of one

Communicator::Communicator() {
    if (const int n = launched_processes(); n > 1)
        throw std::runtime_error(fmt::format(
            "mpirun started {} processes, but this mancala was built without MPI (install libopenmpi-dev and "
            "rebuild): each would do the whole job alone",
            n));
}

Communicator::~Communicator() = default;

void Communicator::max_in_place(std::span<std::int8_t>) const {}
void Communicator::gather_all(std::span<const std::int8_t> mine, std::span<const std::uint64_t>,
                              std::span<std::int8_t> all) const {
    std::copy(mine.begin(), mine.end(), all.begin());
}
std::vector<double> Communicator::gather_all(double value) const { return {value}; }
std::vector<std::vector<std::uint64_t>> Communicator::all_to_all(
    const std::vector<std::vector<std::uint64_t>>& out) const {
    return out;
}
std::vector<std::vector<std::int8_t>> Communicator::all_to_all(
    const std::vector<std::vector<std::int8_t>>& out) const {
    return out;
}
void Communicator::gather_to_leader(std::span<const std::int8_t> mine, std::span<const std::uint64_t>,
                                    std::span<std::int8_t> all) const {
    std::copy(mine.begin(), mine.end(), all.begin());
}
void Communicator::scatter_from_leader(std::span<const std::int8_t> all, std::span<const std::uint64_t>,
                                       std::span<std::int8_t> mine) const {
    std::copy(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(mine.size()), mine.begin());
}
std::uint64_t Communicator::min(std::uint64_t value) const { return value; }
std::uint64_t Communicator::max(std::uint64_t value) const { return value; }
void Communicator::broadcast(std::span<std::int64_t>) const {}
void Communicator::barrier() const {}

void Communicator::send(int, int, std::span<const std::int64_t>) const {
    throw std::logic_error("a group of one has no one to send to");
}
std::optional<Message> Communicator::poll() const { return std::nullopt; }
Message Communicator::receive() const { throw std::logic_error("a group of one has no one to hear from"); }
void Communicator::abort(int code) const { std::exit(code); }

#endif

}  // namespace mancala::cluster
