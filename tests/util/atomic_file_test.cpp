#include "util/atomic_file.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

namespace mancala {
namespace {

using testing::read_text;
using testing::TempDir;
using testing::write_text;

std::size_t files_in(const std::filesystem::path& dir) {
    return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(dir), {}));
}

TEST(AtomicFile, TargetAppearsOnlyOnCommit) {
    TempDir dir;
    const auto target = dir.path() / "out.txt";
    AtomicFile file(target);
    file.write("hello\n");
    EXPECT_FALSE(std::filesystem::exists(target));
    file.commit();
    EXPECT_EQ(read_text(target), "hello\n");
    EXPECT_EQ(files_in(dir.path()), 1u);
}

TEST(AtomicFile, AbandonedWriteLeavesTheOldFileAndNoTemporary) {
    TempDir dir;
    const auto target = dir.path() / "out.txt";
    write_text(target, "old\n");
    {
        AtomicFile file(target);
        file.write("new but never committed\n");
    }
    EXPECT_EQ(read_text(target), "old\n");
    EXPECT_EQ(files_in(dir.path()), 1u);
}

TEST(AtomicFile, ReplacesAnExistingFile) {
    TempDir dir;
    const auto target = dir.path() / "out.txt";
    write_text(target, "old\n");
    AtomicFile file(target);
    file.write("new\n");
    file.commit();
    EXPECT_EQ(read_text(target), "new\n");
}

TEST(AtomicFile, NamesThePathWhenItCannotCreate) {
    try {
        AtomicFile file("/nonexistent-dir-for-mancala/out.txt");
        FAIL() << "created a file in a missing directory";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent-dir-for-mancala/out.txt"), std::string::npos);
    }
}

}  // namespace
}  // namespace mancala
