#include "arena/journal.hpp"

#include "util/atomic_file.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace mancala::arena {

namespace {

constexpr int kJournalVersion = 1;
constexpr const char* kMagic = "mancala_arena_journal";

std::string read_all(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::invalid_argument(fmt::format("cannot read the journal {}", path.string()));
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::optional<Side> side_from_json(const nlohmann::json& json) {
    if (json.is_null()) return std::nullopt;
    const auto name = json.get<std::string>();
    if (name == "south") return Side::South;
    if (name == "north") return Side::North;
    throw std::invalid_argument(fmt::format("'{}' is not a side", name));
}

Winner winner_from_json(const std::string& name) {
    for (Winner w : {Winner::South, Winner::North, Winner::Draw})
        if (to_string(w) == name) return w;
    throw std::invalid_argument(fmt::format("'{}' is not a winner", name));
}

// The first top-level key whose value differs, for a message that says what changed.
std::string first_difference(const nlohmann::json& was, const nlohmann::json& now) {
    for (const auto& [key, value] : now.items()) {
        if (!was.contains(key)) return fmt::format("{} is new", key);
        if (was.at(key) != value) return fmt::format("{} was {}, now {}", key, was.at(key).dump(), value.dump());
    }
    return "the header differs";
}

}  // namespace

nlohmann::json to_json(const GameRecord& r) {
    const GameOutcome& o = r.outcome;
    return {
        {"game", r.game},
        {"opening", r.opening},
        {"south", r.south},
        {"north", r.north},
        {"winner", to_string(o.winner)},
        {"south_store", o.south_store},
        {"north_store", o.north_store},
        {"plies", o.plies},
        {"south_margin", o.south_margin},
        {"forfeited_by", o.forfeited_by ? nlohmann::json(to_string(*o.forfeited_by)) : nlohmann::json()},
        {"reason", o.reason},
        {"moves", o.moves},
        {"think", {o.think.south_seconds, o.think.north_seconds, o.think.south_moves, o.think.north_moves}},
    };
}

GameRecord game_record_from_json(const nlohmann::json& json) {
    try {
        GameRecord r;
        r.game = json.at("game").get<int>();
        r.opening = json.at("opening").get<int>();
        r.south = json.at("south").get<int>();
        r.north = json.at("north").get<int>();
        r.outcome.winner = winner_from_json(json.at("winner").get<std::string>());
        r.outcome.south_store = json.at("south_store").get<int>();
        r.outcome.north_store = json.at("north_store").get<int>();
        r.outcome.plies = json.at("plies").get<int>();
        r.outcome.south_margin = json.at("south_margin").get<int>();
        r.outcome.forfeited_by = side_from_json(json.at("forfeited_by"));
        r.outcome.reason = json.at("reason").get<std::string>();
        // Journals written before moves were kept have none: those games replay without them.
        if (json.contains("moves")) r.outcome.moves = json.at("moves").get<std::vector<int>>();
        // [south seconds, north seconds, south moves, north moves]; journals from before have none.
        if (json.contains("think")) {
            const nlohmann::json& t = json.at("think");
            r.outcome.think =
                ThinkTime{t.at(0).get<double>(), t.at(1).get<double>(), t.at(2).get<int>(), t.at(3).get<int>()};
        }
        return r;
    } catch (const nlohmann::json::exception& e) {
        throw std::invalid_argument(e.what());
    }
}

Journal::Journal(std::filesystem::path path, const nlohmann::json& config,
                 const std::vector<ScheduledGame>& schedule, bool fresh)
    : path_(std::move(path)) {
    std::error_code ec;
    const bool exists = std::filesystem::exists(path_, ec) && std::filesystem::file_size(path_, ec) > 0;
    if (exists && !fresh) {
        read_existing(config, schedule);
    } else {
        try {
            // The header appears whole or not at all.
            AtomicFile header(path_);
            header.write(nlohmann::json{{kMagic, kJournalVersion}, {"config", config}}.dump() + "\n");
            header.commit();
        } catch (const std::runtime_error& e) {
            throw std::invalid_argument(e.what());
        }
    }
    file_.reset(std::fopen(path_.c_str(), "ab"));
    if (!file_)
        throw std::invalid_argument(
            fmt::format("cannot append to the journal {}: {}", path_.string(), std::strerror(errno)));
}

void Journal::read_existing(const nlohmann::json& config, const std::vector<ScheduledGame>& schedule) {
    const std::string text = read_all(path_);
    const std::string where = path_.string();
    // A crash can cut the last line short: everything after the last newline is dropped.
    const std::size_t complete = text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
    std::istringstream lines(text.substr(0, complete));
    std::string line;
    int number = 0;
    std::vector<bool> seen(schedule.size());
    while (std::getline(lines, line)) {
        ++number;
        nlohmann::json json;
        try {
            json = nlohmann::json::parse(line);
        } catch (const nlohmann::json::exception&) {
            throw std::invalid_argument(
                fmt::format("{}:{}: not a JSON line; the journal is corrupt", where, number));
        }
        if (number == 1) {
            if (!json.is_object() || !json.contains(kMagic) || !json.contains("config"))
                throw std::invalid_argument(fmt::format("{} is not an arena journal", where));
            if (json.at(kMagic) != kJournalVersion)
                throw std::invalid_argument(fmt::format("{}: journal version {} is not supported (expected {})",
                                                        where, json.at(kMagic).dump(), kJournalVersion));
            if (json.at("config") != config)
                throw std::invalid_argument(fmt::format(
                    "{} belongs to a different tournament ({}): rerun with the same options, or use --fresh or "
                    "another journal",
                    where, first_difference(json.at("config"), config)));
            continue;
        }
        GameRecord record;
        try {
            record = game_record_from_json(json);
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument(fmt::format("{}:{}: not a game record ({})", where, number, e.what()));
        }
        const auto index = static_cast<std::size_t>(record.game);
        if (record.game < 0 || index >= schedule.size() || schedule[index].south != record.south ||
            schedule[index].north != record.north || schedule[index].opening != record.opening)
            throw std::invalid_argument(fmt::format("{}:{}: game {} does not belong to this tournament's schedule",
                                                    where, number, record.game));
        if (seen[index])
            throw std::invalid_argument(fmt::format("{}:{}: game {} appears twice", where, number, record.game));
        seen[index] = true;
        finished_.push_back(std::move(record));
    }
    if (number == 0) throw std::invalid_argument(fmt::format("{} is not an arena journal", where));
    if (complete < text.size()) std::filesystem::resize_file(path_, complete);
}

void Journal::append(const GameRecord& record) {
    const std::string line = to_json(record).dump() + "\n";
    if (std::fwrite(line.data(), 1, line.size(), file_.get()) != line.size() || std::fflush(file_.get()) != 0)
        throw std::runtime_error(
            fmt::format("cannot write the journal {}: {}", path_.string(), std::strerror(errno)));
}

}  // namespace mancala::arena
