#include "solve/table_checkpoint.hpp"

#include "search/table_file.hpp"

#include <fmt/format.h>

#include <system_error>

namespace mancala::solve {

namespace {

std::string megabytes(std::uint64_t bytes) {
    return fmt::format("{:.0f} MiB", static_cast<double>(bytes) / (1 << 20));
}

}  // namespace

TableCheckpoint::TableCheckpoint(search::TranspositionTable& table, std::filesystem::path path, std::string game,
                                 std::chrono::milliseconds every, std::function<void(const std::string&)> tell)
    : table_(table), path_(std::move(path)), game_(std::move(game)), every_(every), tell_(std::move(tell)) {
    std::error_code error;
    if (std::filesystem::exists(path_, error)) {
        const search::TableFileReport r = search::load_table(table_, path_, game_);
        if (tell_)
            tell_(fmt::format("table: read {} entries ({}) from {} in {:.1f} s", r.entries, megabytes(r.bytes),
                              path_.string(), r.seconds));
    }
    saver_ = std::jthread([this](std::stop_token stop) { save_every(stop); });
}

void TableCheckpoint::save() {
    const std::scoped_lock lock(saving_);
    const search::TableFileReport r = search::save_table(table_, path_, game_);
    if (tell_)
        tell_(fmt::format("table: saved {} entries ({}) to {} in {:.1f} s", r.entries, megabytes(r.bytes),
                          path_.string(), r.seconds));
}

void TableCheckpoint::save_every(std::stop_token stop) {
    std::unique_lock lock(waiting_);
    for (;;) {
        wake_.wait_for(lock, stop, every_, [] { return false; });  // woken early only by the stop
        if (stop.stop_requested()) return;
        lock.unlock();
        try {
            save();
        } catch (const std::exception& e) {
            // A failed periodic save (a full disk) loses nothing: the file keeps the last
            // good table, and the proof goes on; the final save reports its own failure.
            if (tell_) tell_(fmt::format("table: not saved: {}", e.what()));
        }
        lock.lock();
    }
}

}  // namespace mancala::solve
