#include "cli/parse_errors.hpp"

#include <fmt/format.h>

#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace mancala::cli {

namespace {

// The subcommand the parser was in when it stopped (the deepest one given), and its path: "db build".
CLI::App& innermost(CLI::App& app, std::string& path) {
    CLI::App* current = &app;
    for (;;) {
        const std::vector<CLI::App*> given = current->get_subcommands();
        if (given.empty()) return *current;
        current = given.front();
        path += (path.empty() ? "" : " ") + current->get_name();
    }
}

std::string command_names(CLI::App& app) {
    std::string names;
    for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
        names += (names.empty() ? "" : ", ") + sub->get_name();
    return names;
}

bool has_commands(CLI::App& app) {
    return !app.get_subcommands([](CLI::App*) { return true; }).empty();
}

std::string quoted(const std::vector<std::string>& words) {
    std::string text;
    for (const auto& word : words) text += fmt::format("{}'{}'", text.empty() ? "" : ", ", word);
    return text;
}

bool is_option(const std::string& word) { return word.size() > 1 && word[0] == '-'; }

// Words CLI11 could not place, as "unknown option '--x'" or "unexpected argument 'x'".
std::string unexpected(const std::vector<std::string>& words) {
    if (words.size() == 1)
        return fmt::format("{} '{}'", is_option(words[0]) ? "unknown option" : "unexpected argument", words[0]);
    return fmt::format("unexpected arguments {}", quoted(words));
}

// A command with subcommands was given none, or a word that is none of them.
std::string missing_command(CLI::App& app, const std::string& path, const std::vector<std::string>& left) {
    const std::string names = command_names(app);
    const std::string what = path.empty() ? "command" : path + " command";
    if (left.empty()) return fmt::format("no {} given ({}s: {})", what, what, names);
    if (is_option(left[0])) return fmt::format("unknown option '{}' (give a {} first: {})", left[0], what, names);
    return fmt::format("unknown {} '{}' ({}s: {})", what, left[0], what, names);
}

std::string kind_of_value(const CLI::App& app, const std::string& option) {
    const CLI::Option* found = app.get_option_no_throw(option);
    const std::string type = found ? found->get_type_name() : "";
    if (type.starts_with("FLOAT")) return "a number";
    if (type.starts_with("INT") || type.starts_with("UINT")) return "a whole number";
    return "a valid value";
}

// CLI11's "--nodes: 1 required UINT missing": the option.
std::optional<std::string> missing_value(std::string_view message) {
    const auto colon = message.find(": ");
    if (colon == std::string_view::npos || !message.ends_with(" missing")) return std::nullopt;
    const std::string_view rest = message.substr(colon + 2);
    const auto digits = rest.find_first_not_of("0123456789");
    if (digits == 0 || digits == std::string_view::npos || !rest.substr(digits).starts_with(" required "))
        return std::nullopt;
    return std::string(message.substr(0, colon));
}

// CLI11's "Could not convert: --time = abc": the option and the value.
std::optional<std::pair<std::string, std::string>> unconverted(std::string_view message) {
    constexpr std::string_view kPrefix = "Could not convert: ";
    if (!message.starts_with(kPrefix)) return std::nullopt;
    message.remove_prefix(kPrefix.size());
    const auto equals = message.find(" = ");
    if (equals == std::string_view::npos) return std::nullopt;
    return std::pair{std::string(message.substr(0, equals)), std::string(message.substr(equals + 3))};
}

std::string one_line(std::string text) {
    for (char& c : text)
        if (c == '\n' || c == '\r') c = ' ';
    while (!text.empty() && text.back() == ' ') text.pop_back();
    return text;
}

}  // namespace

std::string describe_parse_error(CLI::App& app, const CLI::ParseError& error) {
    std::string path;
    CLI::App& where = innermost(app, path);
    const std::string message = one_line(error.what());
    std::string said;
    if (dynamic_cast<const CLI::RequiredError*>(&error) && has_commands(where) &&
        (message.starts_with("A subcommand") || message.starts_with("Requires at least"))) {
        return missing_command(where, path, where.remaining());
    } else if (dynamic_cast<const CLI::ExtrasError*>(&error)) {
        std::vector<std::string> left = where.remaining();
        if (left.empty()) left = app.remaining(true);
        said = left.empty() ? message : unexpected(left);
    } else if (const auto option = missing_value(message)) {
        said = fmt::format("{} needs a value", *option);
    } else if (const auto pair = unconverted(message)) {
        said = fmt::format("{}: '{}' is not {}", pair->first, pair->second, kind_of_value(where, pair->first));
    } else {
        said = message;
    }
    if (path.empty()) return said;
    // "analyze --nodes: must be ..." reads better than "analyze: --nodes: must be ...".
    return is_option(said) ? fmt::format("{} {}", path, said) : fmt::format("{}: {}", path, said);
}

}  // namespace mancala::cli
