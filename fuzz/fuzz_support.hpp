#pragma once
// What the fuzz targets share: the input as text, and what a target does when a
// parser breaks its promise (says which promise, then aborts: libFuzzer and the
// replay tests both report an abort as a failure, with the input that caused it).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace mancala::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

/// Aborts naming the broken promise when `ok` is false.
inline void require(bool ok, std::string_view promise, std::string_view detail = {}) {
    if (ok) return;
    std::string line = "fuzz: broken promise: " + std::string(promise);
    if (!detail.empty()) line += ": " + std::string(detail);
    line += '\n';
    std::fwrite(line.data(), 1, line.size(), stderr);
    std::abort();
}

/// An error message is one line: what is wrong and where, never a dump of the input.
inline bool one_line(std::string_view message) {
    return !message.empty() && message.find('\n') == std::string_view::npos;
}

/// `text` cut at each `separator` (n separators give n + 1 pieces).
inline std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> pieces;
    for (;;) {
        const auto at = text.find(separator);
        pieces.push_back(text.substr(0, at));
        if (at == std::string_view::npos) return pieces;
        text.remove_prefix(at + 1);
    }
}

}  // namespace mancala::fuzz

/// The entry point of every target (libFuzzer calls it; so does replay_main.cpp).
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
