#pragma once
// The resume journal: JSON lines, a header naming the whole tournament
// configuration, then one line per finished game, appended and flushed as soon
// as the game ends. A run that is interrupted (Ctrl-C, a crash, a kill) loses at
// most the games that were in progress; a run with the same journal and the same
// configuration continues where it stopped.

#include "arena/game_record.hpp"
#include "arena/schedule.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <vector>

namespace mancala::arena {

class Journal {
public:
    /// Opens the journal at `path` for the tournament `config` whose games are
    /// `schedule`. A missing (or `fresh`) journal is created with its header; an
    /// existing one must name the same configuration, and its games are read.
    /// A last line cut short by a crash is dropped. Throws std::invalid_argument
    /// for a journal of another configuration or a corrupt one, and when the file
    /// cannot be created.
    Journal(std::filesystem::path path, const nlohmann::json& config, const std::vector<ScheduledGame>& schedule,
            bool fresh);

    const std::filesystem::path& path() const { return path_; }

    /// The games finished by earlier runs, in the order they were written.
    const std::vector<GameRecord>& finished() const { return finished_; }

    /// Appends one finished game and flushes it to the operating system, so that
    /// it survives the end of this process. Throws std::runtime_error on failure.
    void append(const GameRecord& record);

private:
    struct Closer {
        void operator()(std::FILE* f) const { std::fclose(f); }
    };

    void read_existing(const nlohmann::json& config, const std::vector<ScheduledGame>& schedule);

    std::filesystem::path path_;
    std::vector<GameRecord> finished_;
    std::unique_ptr<std::FILE, Closer> file_;
};

nlohmann::json to_json(const GameRecord& record);
/// Throws std::invalid_argument if a field is missing or has the wrong type.
GameRecord game_record_from_json(const nlohmann::json& json);

}  // namespace mancala::arena
