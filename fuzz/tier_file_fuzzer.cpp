// Tier files of the endgame databases (src/solve/tier_file.*): any bytes on disk are
// either opened as the tier asked for, its values matching the header's checksum, or
// refused with std::runtime_error naming the file. The tier asked for is tier 3 of
// Kalah with 2 pits a side (20 positions), as the seed files in corpus/tier_file are.

#include "core/rules.hpp"
#include "fuzz_support.hpp"
#include "solve/tier_file.hpp"
#include "solve/tier_index.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <filesystem>
#include <stdexcept>
#include <string>

using namespace mancala;
using namespace mancala::solve;

namespace {

/// The file each input is written to: in memory (a disk file rewritten thousands of
/// times a second would wait on the disk), opened by path as a tier file on disk is.
struct ScratchFile {
    int fd = ::memfd_create("mancala-tier-fuzz", MFD_CLOEXEC);
    std::filesystem::path path = "/proc/self/fd/" + std::to_string(fd);

    void write(const std::uint8_t* data, std::size_t size) const {
        fuzz::require(fd >= 0 && ::ftruncate(fd, 0) == 0, "the scratch file is made");
        for (std::size_t done = 0; done < size;) {
            const ::ssize_t n = ::pwrite(fd, data + done, size - done, static_cast<::off_t>(done));
            fuzz::require(n > 0, "the scratch file is written");
            done += static_cast<std::size_t>(n);
        }
    }
};

TierFileIdentity expected_identity() {
    constexpr int kPits = 2, kTier = 3;
    return {make_rules("kalah", kPits, 0), kTier, TierIndex(kPits, kTier).size(kTier)};
}

void open(const std::filesystem::path& path, const TierFileIdentity& expected, bool verify) {
    try {
        const TierFile file(path, expected, verify);
        fuzz::require(file.values().size() == expected.positions, "an opened tier has one value per position");
        fuzz::require(file.bytes_on_disk() == 64 + expected.positions, "an opened tier is its header and values");
    } catch (const std::runtime_error& e) {
        fuzz::require(std::string_view(e.what()).find(path.string()) != std::string_view::npos,
                      "the refusal names the file", e.what());
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const ScratchFile scratch;
    static const TierFileIdentity expected = expected_identity();
    scratch.write(data, size);
    open(scratch.path, expected, true);
    open(scratch.path, expected, false);
    return 0;
}
