#include "solve/proof_journal.hpp"

#include "core/notation.hpp"
#include "core/rules_string.hpp"
#include "util/atomic_file.hpp"
#include "util/read_file.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <sstream>
#include <stdexcept>

namespace mancala::solve {

namespace {

constexpr const char* kMagic = "mancala proof pieces";

nlohmann::ordered_json header_of(const Rules& rules) {
    return {{"journal", kMagic}, {"rules", rules_string(rules)}, {"pits", rules.pits}, {"seeds", rules.seeds}};
}

JournalEntry entry_from(const nlohmann::json& line, int pits) {
    JournalEntry e;
    e.position = parse_position(line.at("position").get<std::string>());
    if (e.position.pits() != pits)
        throw std::invalid_argument(
            fmt::format("a position of {} pits a side in a journal of {}", e.position.pits(), pits));
    e.at_least = line.at("at_least").get<int>();
    e.holds = line.at("holds").get<bool>();
    e.how = line.at("how").get<std::string>();
    if (e.how != "search" && e.how != "split") throw std::invalid_argument("\"how\" is neither search nor split");
    e.move = line.value("move", -1);
    if (e.move < -1 || e.move >= pits || (e.move >= 0 && e.position.pit(e.position.to_move(), e.move) == 0))
        throw std::invalid_argument(fmt::format("move {} is not legal in the position", e.move));
    e.nodes = line.at("nodes").get<std::uint64_t>();
    e.seconds = line.at("seconds").get<double>();
    return e;
}

}  // namespace

ProofJournal::ProofJournal(std::filesystem::path path, const Rules& rules) : path_(std::move(path)), rules_(rules) {
    if (!std::filesystem::exists(path_)) return;
    const std::string text = read_small_file(path_, kMaxBytes);
    std::istringstream lines(text);
    std::string line;
    int number = 0;
    const nlohmann::json want = header_of(rules);
    while (std::getline(lines, line)) {
        ++number;
        if (line.empty()) continue;
        try {
            const nlohmann::json j = nlohmann::json::parse(line);
            if (number == 1) {
                if (!j.is_object() || j.value("journal", "") != kMagic)
                    throw std::invalid_argument("not a proof journal (its first line names none)");
                if (j.value("rules", "") != want["rules"] || j.value("pits", 0) != rules.pits)
                    throw std::invalid_argument(fmt::format("a journal of {}({} pits), not of {}({} pits)",
                                                            j.value("rules", "?"), j.value("pits", 0),
                                                            rules_string(rules), rules.pits));
                continue;
            }
            entries_.push_back(entry_from(j, rules.pits));
        } catch (const std::exception& e) {
            throw std::invalid_argument(fmt::format("{} line {}: {}", path_.string(), number, e.what()));
        }
    }
}

const JournalEntry* ProofJournal::answer(const Position& position, int at_least) const {
    for (const JournalEntry& e : entries_) {
        if (!(e.position == position)) continue;
        if (e.holds ? e.at_least >= at_least : e.at_least <= at_least) return &e;
    }
    return nullptr;
}

void ProofJournal::record(const JournalEntry& entry) {
    entries_.push_back(entry);
    save();
}

void ProofJournal::save() const {
    std::string text = header_of(rules_).dump() + "\n";
    for (const JournalEntry& e : entries_) {
        nlohmann::ordered_json line = {
            {"position", to_notation(e.position)}, {"at_least", e.at_least}, {"holds", e.holds}, {"how", e.how}};
        if (e.move >= 0) line["move"] = e.move;
        line["nodes"] = e.nodes;
        line["seconds"] = e.seconds;
        text += line.dump() + "\n";
    }
    AtomicFile file(path_);
    file.write(text);
    file.commit();
}

}  // namespace mancala::solve
