#include "util/shell_words.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace mancala {

std::vector<std::string> split_shell_words(std::string_view line) {
    std::vector<std::string> words;
    std::string word;
    bool in_word = false;
    auto fail = [&](std::size_t at, std::string_view what) {
        throw std::invalid_argument(fmt::format("{} at column {} of the command '{}'", what, at + 1, line));
    };
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == '\0') fail(i, "a NUL byte");
        if (c == ' ' || c == '\t' || c == '\n') {
            if (in_word) words.push_back(std::move(word));
            word.clear();
            in_word = false;
            continue;
        }
        in_word = true;
        if (c == '\\') {
            if (++i == line.size()) fail(i - 1, "a backslash with nothing after it");
            word += line[i];
        } else if (c == '\'') {
            const std::size_t close = line.find('\'', i + 1);
            if (close == std::string_view::npos) fail(i, "an unclosed single quote");
            word += line.substr(i + 1, close - i - 1);
            i = close;
        } else if (c == '"') {
            const std::size_t open = i;
            for (++i;; ++i) {
                if (i == line.size()) fail(open, "an unclosed double quote");
                if (line[i] == '"') break;
                if (line[i] == '\\' && i + 1 < line.size() &&
                    std::string_view("\"\\$`").find(line[i + 1]) != std::string_view::npos)
                    ++i;
                word += line[i];
            }
        } else {
            word += c;
        }
    }
    if (in_word) words.push_back(std::move(word));
    return words;
}

std::string join_shell_words(const std::vector<std::string>& words) {
    std::string line;
    for (const std::string& w : words) {
        if (!line.empty()) line += ' ';
        const bool plain = !w.empty() && w.find_first_not_of(
                                             "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                             "0123456789-_./:=,+@%") == std::string::npos;
        if (plain) {
            line += w;
            continue;
        }
        line += '\'';
        for (const char c : w) line += c == '\'' ? std::string("'\\''") : std::string(1, c);
        line += '\'';
    }
    return line;
}

}  // namespace mancala
