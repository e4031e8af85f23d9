#pragma once
// The processes of one run. Started by mpirun, the program is one rank of an MPI
// job and talks to the others through this class (the few collectives and small
// messages the distributed build and proof need); started on its own, it is a group
// of one and MPI is never initialised, so a plain run behaves exactly as a binary
// built without MPI. Every MPI call of the project lives in communicator.cpp.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace mancala::cluster {

/// Whether this binary was built with MPI (CMake found it).
bool built_with_mpi();

/// A small message of integers from another process.
struct Message {
    int source = 0;
    int tag = 0;
    std::vector<std::int64_t> data;
};

class Communicator {
public:
    /// The communicator of this run: joins the MPI job on first use when a launcher
    /// started this process as one of several (MPI_Finalize at exit). Throws
    /// std::runtime_error when mpirun started several copies of a binary built
    /// without MPI, which would otherwise each do the whole job.
    static Communicator& world();

    Communicator(const Communicator&) = delete;
    Communicator& operator=(const Communicator&) = delete;
    ~Communicator();

    int rank() const { return rank_; }
    int size() const { return size_; }
    bool distributed() const { return size_ > 1; }
    /// The process that prints and writes files: rank 0.
    bool leader() const { return rank_ == 0; }

    // Collectives: every process calls them, in the same order.
    /// Each byte becomes its maximum over the processes.
    void max_in_place(std::span<std::int8_t> values) const;
    /// Every process's `mine` (counts[rank] bytes from process `rank`), in rank order, into `all`.
    void gather_all(std::span<const std::int8_t> mine, std::span<const std::uint64_t> counts,
                    std::span<std::int8_t> all) const;
    /// `value` of every process, by rank.
    std::vector<double> gather_all(double value) const;
    std::uint64_t min(std::uint64_t value) const;
    std::uint64_t max(std::uint64_t value) const;
    /// All-to-all: out[q] goes to process q; returns what each process sent this one, by rank.
    std::vector<std::vector<std::uint64_t>> all_to_all(const std::vector<std::vector<std::uint64_t>>& out) const;
    std::vector<std::vector<std::int8_t>> all_to_all(const std::vector<std::vector<std::int8_t>>& out) const;
    /// Every process's `mine` (counts[rank] bytes) into the leader's `all`, in rank
    /// order; `all` is used on the leader only.
    void gather_to_leader(std::span<const std::int8_t> mine, std::span<const std::uint64_t> counts,
                          std::span<std::int8_t> all) const;
    /// The leader's `all` cut into blocks of counts[rank] bytes, each into its process's `mine`.
    void scatter_from_leader(std::span<const std::int8_t> all, std::span<const std::uint64_t> counts,
                             std::span<std::int8_t> mine) const;
    /// The leader's `values` (of the same length everywhere) on every process.
    void broadcast(std::span<std::int64_t> values) const;
    /// Waits until every process has come here, sleeping between looks (MPI's own
    /// barrier spins, taking a core from the processes still working when they
    /// outnumber the cores).
    void barrier() const;

    // Small messages between two processes.
    void send(int to, int tag, std::span<const std::int64_t> data) const;
    /// A message waiting for this process, if one has arrived.
    std::optional<Message> poll() const;
    /// The next message for this process, waiting for it (sleeping between looks).
    Message receive() const;

    /// Ends every process of the job with `code`, at once (after a failure on one of
    /// them, so that none waits forever for it).
    [[noreturn]] void abort(int code) const;

private:
    Communicator();

    int rank_ = 0;
    int size_ = 1;
    bool initialised_ = false;  // MPI_Init was called here (so MPI_Finalize is due)
};

}  // namespace mancala::cluster
