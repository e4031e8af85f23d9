#include "search/table_file.hpp"

#include "core/rules_string.hpp"
#include "search/engine.hpp"
#include "util/atomic_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <vector>

namespace mancala::search {

namespace {

constexpr std::array<char, 16> kMagic = {'m', 'a', 'n', 'c', 'a', 'l',  'a', ' ',
                                         't', 'a', 'b', 'l', 'e', '\n', 0,   0};
constexpr std::uint64_t kByteOrder = 0x0102030405060708ULL;  // reads back reversed on a machine of the other order
constexpr std::uint64_t kVersion = 1;
constexpr std::uint64_t kMaxGameBytes = 4096;
constexpr std::uint64_t kMaxSlots = std::uint64_t{1} << 36;  // 1 TiB of table
constexpr std::size_t kChunkSlots = std::size_t{1} << 20;    // 16 MiB at a time

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point begin) {
    return std::chrono::duration<double>(Clock::now() - begin).count();
}

// An order-dependent 64-bit checksum of the slot words: against a damaged or
// spliced file, not against an adversary (whoever can write the file can write
// its checksum).
class Checksum {
public:
    void add(const std::uint64_t* words, std::size_t count) {
        for (std::size_t i = 0; i < count; ++i) {
            h_ = std::rotl(h_ ^ words[i], 23) * 0x9E3779B97F4A7C15ULL;
        }
    }
    std::uint64_t value() const { return h_ ^ (h_ >> 31); }

private:
    std::uint64_t h_ = 0x6D616E63616C6121ULL;
};

void put_word(std::string& out, std::uint64_t w) { out.append(reinterpret_cast<const char*>(&w), sizeof w); }

std::string_view as_text(const std::vector<std::uint64_t>& words, std::size_t count) {
    return {reinterpret_cast<const char*>(words.data()), count * sizeof(std::uint64_t)};
}

struct FileCloser {
    void operator()(std::FILE* f) const { std::fclose(f); }
};

}  // namespace

std::string table_game(const Rules& rules, int total_stones) {
    // All the stones in South's first pit, South to move: a position of every game.
    std::vector<int> south(static_cast<std::size_t>(rules.pits), 0);
    const std::vector<int> north(static_cast<std::size_t>(rules.pits), 0);
    south[0] = total_stones;
    const Position fixed = Position::from_counts(south, north, 0, 0, Side::South);
    return fmt::format("rules {} pits {} stones {} key {:016x}", rules_string(rules), rules.pits, total_stones,
                       Engine::table_key(rules, fixed));
}

TableFileReport save_table(const TranspositionTable& table, const std::filesystem::path& path,
                           std::string_view game) {
    const auto begin = Clock::now();
    TableFileReport report;
    report.slots = table.slot_count();
    AtomicFile file(path);
    std::string header(kMagic.begin(), kMagic.end());
    put_word(header, kByteOrder);
    put_word(header, kVersion);
    put_word(header, TranspositionTable::layout_fingerprint());
    put_word(header, report.slots);
    put_word(header, table.generation());
    put_word(header, game.size());
    header += game;
    file.write(header);
    Checksum checksum;
    std::vector<std::uint64_t> words(2 * kChunkSlots);
    for (std::size_t first = 0; first < report.slots; first += kChunkSlots) {
        const std::size_t count = std::min(kChunkSlots, report.slots - first);
        table.read_slots(first, count, words.data());
        checksum.add(words.data(), 2 * count);
        for (std::size_t i = 0; i < count; ++i) report.entries += words[2 * i + 1] != 0;
        file.write(as_text(words, 2 * count));
    }
    std::string trailer;
    put_word(trailer, checksum.value());
    file.write(trailer);
    file.commit();
    report.bytes = header.size() + 16 * report.slots + trailer.size();
    report.seconds = seconds_since(begin);
    return report;
}

namespace {

struct TableHeader {
    std::uint64_t slots = 0;
    std::uint64_t generation = 0;
    std::uint64_t bytes = 0;  ///< the file's size
};

std::invalid_argument table_error(const std::filesystem::path& path, const std::string& problem) {
    return std::invalid_argument(fmt::format("table file {}: {}", path.string(), problem));
}

// Reads and checks the header from `in`, the file `path` of `size` bytes.
TableHeader read_header(std::FILE* in, const std::filesystem::path& path, std::uint64_t size,
                        std::string_view game) {
    auto read = [&](void* to, std::size_t bytes) {
        if (std::fread(to, 1, bytes, in) != bytes)
            throw table_error(path, fmt::format("cut short in its header ({} bytes in all)", size));
    };
    auto word = [&] {
        std::uint64_t w = 0;
        read(&w, sizeof w);
        return w;
    };
    std::array<char, 16> magic{};
    read(magic.data(), magic.size());
    if (magic != kMagic)
        throw table_error(path, "not a mancala table file (its first bytes are not \"mancala table\")");
    if (word() != kByteOrder) throw table_error(path, "written on a machine of the other byte order");
    if (const std::uint64_t version = word(); version != kVersion)
        throw table_error(path, fmt::format("format version {}, this build reads version {}", version, kVersion));
    if (word() != TranspositionTable::layout_fingerprint())
        throw table_error(path, "its entries are laid out otherwise (written by another build)");
    TableHeader h;
    h.slots = word();
    if (h.slots < 4 || h.slots > kMaxSlots || !std::has_single_bit(h.slots))
        throw table_error(path,
                          fmt::format("{} slots: a table holds a power of two from 4 to {}", h.slots, kMaxSlots));
    h.generation = word();
    const std::uint64_t game_bytes = word();
    if (game_bytes > kMaxGameBytes) throw table_error(path, fmt::format("a game name of {} bytes", game_bytes));
    std::string saved_game(game_bytes, '\0');
    read(saved_game.data(), saved_game.size());
    if (saved_game != game)
        throw table_error(path, fmt::format("the table of another game ({}; this is {})", saved_game, game));
    const std::uint64_t expected = kMagic.size() + 6 * 8 + game_bytes + 16 * h.slots + 8;
    if (size != expected)
        throw table_error(path, fmt::format("{} bytes where a table of {} slots takes {} (truncated or extended)",
                                            size, h.slots, expected));
    h.bytes = size;
    return h;
}

std::unique_ptr<std::FILE, FileCloser> open_table(const std::filesystem::path& path, std::uint64_t& size) {
    std::error_code error;
    size = std::filesystem::file_size(path, error);
    if (error) throw table_error(path, error.message());
    std::unique_ptr<std::FILE, FileCloser> in(std::fopen(path.c_str(), "rb"));
    if (!in) throw table_error(path, std::strerror(errno));
    return in;
}

}  // namespace

void check_table_file(const std::filesystem::path& path, std::string_view game) {
    std::uint64_t size = 0;
    const auto in = open_table(path, size);
    read_header(in.get(), path, size, game);
}

TableFileReport load_table(TranspositionTable& table, const std::filesystem::path& path, std::string_view game) {
    const auto begin = Clock::now();
    table.clear();  // also when the file is refused: no entry of a bad file is left
    std::uint64_t size = 0;
    const auto in = open_table(path, size);
    const TableHeader header = read_header(in.get(), path, size, game);
    TableFileReport report;
    report.slots = header.slots;
    report.bytes = header.bytes;
    table.set_generation(static_cast<std::uint8_t>(header.generation));
    const bool same_size = header.slots == table.slot_count();
    Checksum checksum;
    std::vector<std::uint64_t> words(2 * kChunkSlots);
    for (std::uint64_t first = 0; first < header.slots; first += kChunkSlots) {
        const auto count = static_cast<std::size_t>(std::min<std::uint64_t>(kChunkSlots, header.slots - first));
        if (std::fread(words.data(), 16, count, in.get()) != count) {
            table.clear();
            throw table_error(path, "cut short in its slots");
        }
        checksum.add(words.data(), 2 * count);
        if (same_size) {
            table.write_slots(static_cast<std::size_t>(first), count, words.data());
            for (std::size_t i = 0; i < count; ++i) report.entries += words[2 * i + 1] != 0;
        } else {
            for (std::size_t i = 0; i < count; ++i)
                report.entries += table.insert_slot(words[2 * i], words[2 * i + 1]);
        }
    }
    std::uint64_t saved_checksum = 0;
    if (std::fread(&saved_checksum, sizeof saved_checksum, 1, in.get()) != 1 ||
        saved_checksum != checksum.value()) {
        table.clear();
        throw table_error(path, "damaged: its checksum does not match its slots");
    }
    report.seconds = seconds_since(begin);
    return report;
}

}  // namespace mancala::search
