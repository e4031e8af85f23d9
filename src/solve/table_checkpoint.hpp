#pragma once
// A proof's transposition table kept in a file (search/table_file.hpp): read at the
// start when the file exists, written again every so often while the proof runs
// (from a thread of its own, the search going on meanwhile) and when the proof ends,
// proven or stopped. A proof run again with the same file takes up what the table
// held: every subtree it had proven costs a probe.

#include "search/transposition_table.hpp"

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace mancala::solve {

class TableCheckpoint {
public:
    /// Reads `path` into `table` if it exists (throws std::invalid_argument, naming
    /// the file, for one that is not this game's table or is damaged), then saves the
    /// table there every `every` until destroyed. `tell` hears each load and save in
    /// a line of text.
    TableCheckpoint(search::TranspositionTable& table, std::filesystem::path path, std::string game,
                    std::chrono::milliseconds every, std::function<void(const std::string&)> tell);
    /// Stops the periodic saves (without a last one: call save() for that): the
    /// saver thread, destroyed first, is asked to stop and joined.
    ~TableCheckpoint() = default;
    TableCheckpoint(const TableCheckpoint&) = delete;
    TableCheckpoint& operator=(const TableCheckpoint&) = delete;

    /// Saves the table now (waiting for a periodic save under way to end first).
    void save();

private:
    void save_every(std::stop_token stop);

    search::TranspositionTable& table_;
    const std::filesystem::path path_;
    const std::string game_;
    const std::chrono::milliseconds every_;
    const std::function<void(const std::string&)> tell_;
    std::mutex saving_;
    std::mutex waiting_;
    std::condition_variable_any wake_;
    std::jthread saver_;  // last: started once the rest is ready
};

}  // namespace mancala::solve
