#include "solve/counting_checkpoint.hpp"

#include "util/atomic_file.hpp"
#include "util/checksum.hpp"

#include <fmt/format.h>

#include <array>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string_view>

namespace mancala::solve {

namespace {

constexpr std::array<char, 8> kCheckpointMagic = {'M', 'N', 'C', 'L', 'C', 'N', 'T', '1'};
constexpr std::uint32_t kCheckpointVersion = 1;

// The header, written field by field in the machine's order, as the tier files are.
struct CheckpointHeader {
    std::array<char, 8> magic = kCheckpointMagic;
    std::uint32_t version = kCheckpointVersion;
    std::int32_t pits = 0;
    std::int32_t tier = 0;
    std::int32_t next_threshold = 0;
    std::uint64_t rules_fingerprint = 0;
    std::uint64_t boards = 0;
    std::uint64_t moves = 0, unsettled = 0, joins = 0, takebacks = 0;
    std::uint64_t exits_checksum = 0, states_checksum = 0;
};
static_assert(sizeof(CheckpointHeader) == 88, "the header has no padding to leave unwritten");

[[noreturn]] void refuse_checkpoint(const std::filesystem::path& path, std::string_view why) {
    throw std::runtime_error(
        fmt::format("{}: {}; it is a checkpoint of a tier under way, and deleting it starts that tier afresh",
                    path.string(), why));
}

void read_checkpoint_bytes(std::ifstream& in, const std::filesystem::path& path, void* into, std::uint64_t bytes) {
    constexpr std::uint64_t kStep = std::uint64_t{1} << 26;
    auto* at = static_cast<char*>(into);
    for (std::uint64_t done = 0; done < bytes;) {
        const std::uint64_t step = std::min(kStep, bytes - done);
        if (!in.read(at + done, static_cast<std::streamsize>(step)))
            refuse_checkpoint(path, "the file is cut short");
        done += step;
    }
}

}  // namespace

void save_counting_checkpoint(const std::filesystem::path& path, const CountingIdentity& identity,
                              int next_threshold, const CountingTallies& tallies,
                              std::span<const std::int8_t> exits, std::span<const std::uint16_t> states) {
    CheckpointHeader h;
    h.pits = identity.pits;
    h.tier = identity.tier;
    h.next_threshold = next_threshold;
    h.rules_fingerprint = identity.rules_fingerprint;
    h.boards = identity.boards;
    h.moves = tallies.moves;
    h.unsettled = tallies.unsettled;
    h.joins = tallies.joins;
    h.takebacks = tallies.takebacks;
    h.exits_checksum = checksum64(exits.data(), exits.size_bytes());
    h.states_checksum = checksum64(states.data(), states.size_bytes());
    AtomicFile file(path);
    file.write({reinterpret_cast<const char*>(&h), sizeof h});
    constexpr std::size_t kStep = std::size_t{1} << 26;
    auto write_all = [&](const char* data, std::size_t bytes) {
        for (std::size_t done = 0; done < bytes; done += kStep)
            file.write({data + done, std::min(kStep, bytes - done)});
    };
    write_all(reinterpret_cast<const char*>(exits.data()), exits.size_bytes());
    write_all(reinterpret_cast<const char*>(states.data()), states.size_bytes());
    file.commit();
}

std::optional<CountingResume> load_counting_checkpoint(const std::filesystem::path& path,
                                                       const CountingIdentity& identity,
                                                       std::span<std::int8_t> exits,
                                                       std::span<std::uint16_t> states) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return std::nullopt;
    std::ifstream in(path, std::ios::binary);
    if (!in) refuse_checkpoint(path, "the file cannot be read");
    CheckpointHeader h;
    read_checkpoint_bytes(in, path, &h, sizeof h);
    if (h.magic != kCheckpointMagic)
        refuse_checkpoint(path, "not a checkpoint of this program (its first bytes differ)");
    if (h.version != kCheckpointVersion)
        refuse_checkpoint(path, fmt::format("format version {}, not {}", h.version, kCheckpointVersion));
    if (h.rules_fingerprint != identity.rules_fingerprint || h.pits != identity.pits)
        refuse_checkpoint(path, "made for other rules");
    if (h.tier != identity.tier || h.boards != identity.boards)
        refuse_checkpoint(path, fmt::format("made for tier {} of {} boards, not tier {} of {}", h.tier, h.boards,
                                            identity.tier, identity.boards));
    if (h.next_threshold < 0 || h.next_threshold > identity.tier)
        refuse_checkpoint(path, fmt::format("its next threshold {} lies outside the tier's 0..{}", h.next_threshold,
                                            identity.tier));
    if (exits.size() != identity.boards || states.size() != identity.boards)
        throw std::logic_error("a checkpoint is read into arrays of the tier's size");
    const auto expected = sizeof h + exits.size_bytes() + states.size_bytes();
    if (std::filesystem::file_size(path, ec) != expected)
        refuse_checkpoint(
            path, fmt::format("{} bytes, not the {} of its tier", std::filesystem::file_size(path, ec), expected));
    read_checkpoint_bytes(in, path, exits.data(), exits.size_bytes());
    read_checkpoint_bytes(in, path, states.data(), states.size_bytes());
    if (checksum64(exits.data(), exits.size_bytes()) != h.exits_checksum ||
        checksum64(states.data(), states.size_bytes()) != h.states_checksum)
        refuse_checkpoint(path, "its checksum does not match: the file is damaged");
    return CountingResume{h.next_threshold, {h.moves, h.unsettled, h.joins, h.takebacks}};
}

}  // namespace mancala::solve
