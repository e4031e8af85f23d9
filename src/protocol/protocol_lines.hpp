#pragma once
// The lines of the mancala engine protocol (docs/PROTOCOL.md) that both ends read:
// the host's `go` and the engine's `info`, parsed and written in one place so that
// `mancala engine` and the host of external engines cannot disagree.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mancala::protocol {

/// The longest line either end may send, line end excluded.
inline constexpr std::size_t kMaxLineLength = 4096;

/// The words of a line, split at spaces and tabs.
std::vector<std::string_view> split_words(std::string_view line);

/// `go [movetime MS] [time MS] [inc MS]`: the time for this move, or the clock.
struct GoCommand {
    std::optional<std::chrono::milliseconds> movetime;
    std::optional<std::chrono::milliseconds> time;  ///< left on the mover's clock
    std::chrono::milliseconds inc{0};               ///< gained after each move
};

/// Parses the words after `go`; throws std::invalid_argument naming a bad word.
GoCommand parse_go(const std::vector<std::string_view>& words);
std::string format_go(const GoCommand& go);

/// `info [depth D] [score [exact] S] [nodes N] [time MS] [pv M1 M2 ...]` or `info string TEXT`.
struct InfoLine {
    std::optional<int> depth;
    std::optional<double> score;  ///< for the side to move, in stones
    bool exact = false;
    std::optional<std::uint64_t> nodes;
    std::optional<std::int64_t> time_ms;
    std::vector<std::string> pv;
    std::optional<std::string> text;  ///< `info string`: the rest of the line
};

/// Parses the words after `info`; throws std::invalid_argument naming a bad word.
InfoLine parse_info(const std::vector<std::string_view>& words, std::string_view line);
std::string format_info(const InfoLine& info);

}  // namespace mancala::protocol
