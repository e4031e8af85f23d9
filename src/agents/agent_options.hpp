#pragma once
// Agent spec strings: `name` or `name:key=value,key=value`, e.g.
// "alphabeta:depth=6,heuristic=weighted". Every option is typed and checked, and
// an option the agent does not know is an error naming the ones it does.

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mancala::agents {

class AgentOptions {
public:
    /// Splits a spec; throws std::invalid_argument on a malformed one.
    static AgentOptions parse(std::string_view spec);

    const std::string& name() const { return name_; }

    int get_int(std::string_view key, int fallback, int min, int max);
    double get_double(std::string_view key, double fallback, double min, double max);
    std::string get_string(std::string_view key, std::string fallback);
    /// "250ms", "2s", "1.5s", "1m"; a bare number means seconds.
    std::optional<std::chrono::milliseconds> get_duration(std::string_view key);
    std::optional<std::uint64_t> get_count(std::string_view key);  ///< "2000000", "2M", "500k"
    /// The seed=N option (0 to kMaxSeed; 0: from the system), or else `fallback` (the
    /// host's seed), which then joins the canonical spec so that it builds the same agent.
    std::uint64_t get_seed(std::optional<std::uint64_t> fallback);

    static constexpr std::uint64_t kMaxSeed = 2'000'000'000;

    /// Throws if an option was given that no get_* asked for.
    void finish() const;

    /// The canonical spec: name, then every option in key order.
    std::string canonical() const;

private:
    std::optional<std::string> take(std::string_view key);
    [[noreturn]] void bad_value(std::string_view key, const std::string& value, std::string_view expected) const;

    std::string name_;
    std::map<std::string, std::string, std::less<>> options_;
    std::vector<std::string> known_;
};

/// Parses a duration such as "100ms", "2s", "1.5s", "1m" or "3" (seconds); nullopt if malformed.
std::optional<std::chrono::milliseconds> parse_duration(std::string_view text);

}  // namespace mancala::agents
