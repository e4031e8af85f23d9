// Replays fuzz inputs without libFuzzer, so that the normal builds (g++, release and
// sanitize) run every seed and every crash once found: a fixed crash stays fixed.
//   <name>_replay DIR_OR_FILE...    every file of each folder (hidden files skipped), in name order
// Prints each input before running it, so a failure names the input that caused it.

#include "fuzz_support.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <vector>

namespace fs = std::filesystem;

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: " << argv[0] << " DIR_OR_FILE...\n";
        return 2;
    }
    std::vector<fs::path> inputs;
    for (int i = 1; i < argc; ++i) {
        const fs::path given = argv[i];
        if (fs::is_regular_file(given)) {
            inputs.push_back(given);
        } else if (fs::is_directory(given)) {
            std::vector<fs::path> files;
            for (const fs::directory_entry& entry : fs::directory_iterator(given))
                if (entry.is_regular_file() && !entry.path().filename().string().starts_with('.'))
                    files.push_back(entry.path());
            std::sort(files.begin(), files.end());
            inputs.insert(inputs.end(), files.begin(), files.end());
        } else {
            std::cerr << "replay: " << given.string() << ": no such file or folder\n";
            return 2;
        }
    }
    for (const fs::path& path : inputs) {
        std::ifstream in(path, std::ios::binary);
        if (!in) {
            std::cerr << "replay: cannot read " << path.string() << "\n";
            return 2;
        }
        const std::vector<char> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        std::cout << "replay: " << path.string() << std::endl;
        LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    }
    std::cout << "replay: " << inputs.size() << " inputs, no failure\n";
    return 0;
}
