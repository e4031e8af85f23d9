#include "solve/tier_file.hpp"

#include "util/atomic_file.hpp"
#include "util/checksum.hpp"

#include <fmt/format.h>

#include <bit>
#include <cerrno>
#include <cstring>
#include <stdexcept>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace mancala::solve {

namespace {

constexpr char kMagic[8] = {'M', 'A', 'N', 'C', 'A', 'L', 'A', 'T'};

struct Header {
    char magic[8];
    std::uint32_t version;
    std::uint32_t header_bytes;
    std::uint8_t pits;
    std::uint8_t capture;
    std::uint8_t sowing;
    std::uint8_t end;
    std::uint8_t extra_turn;
    std::uint8_t reserved[3];
    std::uint32_t tier;
    std::uint32_t reserved2;
    std::uint64_t positions;
    std::uint64_t checksum;
    std::uint64_t rules_fingerprint;  // 0 in every Kalah-shaped file: the format stays version 1
    std::uint8_t padding[8];
};
static_assert(sizeof(Header) == 64);

Header make_header(const TierFileIdentity& id, std::uint64_t checksum) {
    Header h{};
    std::memcpy(h.magic, kMagic, sizeof kMagic);
    h.version = kTierFormatVersion;
    h.header_bytes = sizeof(Header);
    h.pits = static_cast<std::uint8_t>(id.rules.pits);
    h.capture = static_cast<std::uint8_t>(id.rules.capture);
    h.sowing = static_cast<std::uint8_t>(id.rules.sowing);
    h.end = static_cast<std::uint8_t>(id.rules.end);
    h.extra_turn = id.rules.extra_turn ? 1 : 0;
    h.tier = static_cast<std::uint32_t>(id.tier);
    h.positions = id.positions;
    h.checksum = checksum;
    h.rules_fingerprint = id.rules_fingerprint;
    return h;
}

[[noreturn]] void refuse(const std::filesystem::path& path, std::string_view problem) {
    throw std::runtime_error(fmt::format("endgame database file {}: {}", path.string(), problem));
}

}  // namespace

std::uint64_t tier_checksum(std::span<const std::int8_t> values) {
    return checksum64(values.data(), values.size());
}

void write_tier_file(const std::filesystem::path& path, const TierFileIdentity& identity,
                     std::span<const std::int8_t> values) {
    if (values.size() != identity.positions)
        throw std::logic_error(fmt::format("tier {} has {} values for {} positions", identity.tier, values.size(),
                                           identity.positions));
    const Header h = make_header(identity, tier_checksum(values));
    AtomicFile file(path);
    file.write(std::string_view(reinterpret_cast<const char*>(&h), sizeof h));
    file.write(std::string_view(reinterpret_cast<const char*>(values.data()), values.size()));
    file.commit();
}

TierFile::TierFile(const std::filesystem::path& path, const TierFileIdentity& expected, bool verify) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) refuse(path, std::strerror(errno));
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        const int error = errno;
        ::close(fd);
        refuse(path, std::strerror(error));
    }
    const auto size = static_cast<std::size_t>(st.st_size);
    if (size < sizeof(Header)) {
        ::close(fd);
        refuse(path, fmt::format("{} bytes, shorter than its {}-byte header", size, sizeof(Header)));
    }
    void* map = ::mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
    const int error = errno;
    ::close(fd);
    if (map == MAP_FAILED) refuse(path, fmt::format("cannot map it: {}", std::strerror(error)));
    mapped_ = map;
    mapped_size_ = size;

    try {
        Header h;
        std::memcpy(&h, map, sizeof h);
        if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0) refuse(path, "not a mancala endgame database tier");
        if (h.version != kTierFormatVersion)
            refuse(path,
                   fmt::format("format version {}, this program reads version {}", h.version, kTierFormatVersion));
        const Header want = make_header(expected, h.checksum);
        if (h.pits != want.pits || h.capture != want.capture || h.sowing != want.sowing || h.end != want.end ||
            h.extra_turn != want.extra_turn)
            refuse(path, fmt::format("made for other rules ({} pits, capture {}, sowing {}, end {}, extra turn {})",
                                     h.pits, h.capture, h.sowing, h.end, h.extra_turn));
        if (h.rules_fingerprint != want.rules_fingerprint)
            refuse(path, fmt::format("made for other rules (rules fingerprint {:016x}, expected {:016x})",
                                     h.rules_fingerprint, want.rules_fingerprint));
        if (h.tier != want.tier) refuse(path, fmt::format("holds tier {}, expected tier {}", h.tier, want.tier));
        if (h.positions != expected.positions || size - sizeof(Header) != expected.positions)
            refuse(path, fmt::format("{} positions and {} value bytes, expected {}", h.positions,
                                     size - sizeof(Header), expected.positions));
        values_ =
            std::span<const std::int8_t>(static_cast<const std::int8_t*>(map) + sizeof(Header), expected.positions);
        if (verify && tier_checksum(values_) != h.checksum)
            refuse(path, "checksum mismatch: the file is corrupted");
    } catch (...) {
        ::munmap(mapped_, mapped_size_);
        throw;
    }
}

TierFile::~TierFile() {
    if (mapped_) ::munmap(mapped_, mapped_size_);
}

}  // namespace mancala::solve
