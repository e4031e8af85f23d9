#pragma once
// What a shell command prints on its standard output, for the end-to-end tests of the CLI.

#include <cstdio>
#include <memory>
#include <string>

namespace mancala::testing {

inline std::string output_of(const std::string& command) {
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
    std::string out;
    char buffer[4096];
    while (pipe && std::fgets(buffer, sizeof buffer, pipe.get())) out += buffer;
    return out;
}

}  // namespace mancala::testing
