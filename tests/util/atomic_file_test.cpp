#include "util/atomic_file.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <csignal>
#include <string>

#include <sys/resource.h>
#include <sys/stat.h>

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

std::size_t hidden_files_in(const std::filesystem::path& dir) {
    std::size_t count = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        count += entry.path().filename().string().starts_with(".") ? 1 : 0;
    return count;
}

TEST(AtomicFile, NothingIsVisibleWhileAnUnnamedFileIsWritten) {
    TempDir dir;
    AtomicFile file(dir.path() / "out.txt");
    if (!file.unnamed()) GTEST_SKIP() << "no O_TMPFILE in " << dir.path();
    file.write("data\n");
    EXPECT_EQ(files_in(dir.path()), 0u);
    file.commit();
    EXPECT_EQ(read_text(dir.path() / "out.txt"), "data\n");
    EXPECT_EQ(files_in(dir.path()), 1u);
}

TEST(AtomicFile, UnnamedOnTmpfs) {
    // tmpfs has had O_TMPFILE since Linux 3.11: where it is mounted, the unnamed path must be taken.
    const std::filesystem::path shm = "/dev/shm";
    if (!std::filesystem::is_directory(shm) || ::access(shm.c_str(), W_OK) != 0) GTEST_SKIP() << "no /dev/shm";
    AtomicFile file(shm / ("mancala-atomic-file-test-" + std::to_string(::getpid())));
    EXPECT_TRUE(file.unnamed());
}

TEST(AtomicFile, NamedFallbackWritesTheSameWay) {
    TempDir dir;
    const auto target = dir.path() / "out.txt";
    write_text(target, "old\n");
    AtomicFile file(target, AtomicFile::Temporary::named);
    EXPECT_FALSE(file.unnamed());
    file.write("new\n");
    EXPECT_EQ(hidden_files_in(dir.path()), 1u);  // the named temporary file beside the target
    EXPECT_EQ(read_text(target), "old\n");
    file.commit();
    EXPECT_EQ(read_text(target), "new\n");
    EXPECT_EQ(files_in(dir.path()), 1u);
}

TEST(AtomicFile, CommittedFileHasTheUsualMode) {
    for (auto temporary : {AtomicFile::Temporary::unnamed_if_possible, AtomicFile::Temporary::named}) {
        TempDir dir;
        const auto target = dir.path() / "out.txt";
        const mode_t mask = ::umask(022);
        AtomicFile file(target, temporary);
        file.write("x");
        file.commit();
        ::umask(mask);
        struct stat st {};
        ASSERT_EQ(::stat(target.c_str(), &st), 0);
        EXPECT_EQ(st.st_mode & 0777, 0644u);
    }
}

// A process killed while it writes leaves the old target and no temporary file:
// an unnamed file vanishes with the process, whatever the signal.
TEST(AtomicFileDeathTest, UnnamedFileLeavesNothingOnSigkill) {
    TempDir dir;
    const auto target = dir.path() / "out.txt";
    write_text(target, "old\n");
    if (!AtomicFile(target).unnamed()) GTEST_SKIP() << "no O_TMPFILE in " << dir.path();
    EXPECT_EXIT(
        {
            AtomicFile file(target);
            file.write(std::string(1 << 20, 'x'));
            file.write(std::string(1 << 20, 'y'));  // past the stream's buffer: on disk
            std::raise(SIGKILL);
        },
        ::testing::KilledBySignal(SIGKILL), "");
    EXPECT_EQ(read_text(target), "old\n");
    EXPECT_EQ(files_in(dir.path()), 1u);
}

TEST(AtomicFileDeathTest, NamedFileIsRemovedOnSigintAndSigterm) {
    for (int signal : {SIGINT, SIGTERM}) {
        TempDir dir;
        const auto target = dir.path() / "out.txt";
        write_text(target, "old\n");
        EXPECT_EXIT(
            {
                AtomicFile file(target, AtomicFile::Temporary::named);
                file.write(std::string(2 << 20, 'x'));
                std::raise(signal);
            },
            ::testing::KilledBySignal(signal), "");
        EXPECT_EQ(read_text(target), "old\n");
        EXPECT_EQ(files_in(dir.path()), 1u) << "signal " << signal;
    }
}

// What no handler can do, and why the unnamed file is preferred.
TEST(AtomicFileDeathTest, NamedFileSurvivesSigkill) {
    TempDir dir;
    EXPECT_EXIT(
        {
            AtomicFile file(dir.path() / "out.txt", AtomicFile::Temporary::named);
            std::raise(SIGKILL);
        },
        ::testing::KilledBySignal(SIGKILL), "");
    EXPECT_EQ(hidden_files_in(dir.path()), 1u);
}

// commit_together: when any file fails, no target is replaced (a traverse log
// must not sit beside the next state of another run).
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes) {
        ::getrlimit(RLIMIT_FSIZE, &old_);
        previous_ = std::signal(SIGXFSZ, SIG_IGN);  // a write past the limit fails with EFBIG instead
        rlimit limit = old_;
        limit.rlim_cur = bytes;
        ::setrlimit(RLIMIT_FSIZE, &limit);
    }
    ~FileSizeLimit() {
        ::setrlimit(RLIMIT_FSIZE, &old_);
        std::signal(SIGXFSZ, previous_);
    }

private:
    rlimit old_{};
    void (*previous_)(int) = nullptr;
};

TEST(CommitTogether, AFailedWriteOfEitherFileReplacesNeither) {
    for (int failing : {0, 1}) {
        TempDir dir;
        const auto first = dir.path() / "traverse_log.txt";
        const auto second = dir.path() / "next_state.txt";
        write_text(first, "old log\n");
        write_text(second, "old state\n");
        {
            const FileSizeLimit limit(64 << 10);
            AtomicFile a(first);
            AtomicFile b(second);
            // The failing file outgrows the limit, as a full disk would stop it
            // (at the write or at the flush before the renames).
            EXPECT_THROW(
                {
                    (failing == 0 ? a : b).write(std::string(2 << 20, 'x'));
                    (failing == 0 ? b : a).write("new\n");
                    commit_together({a, b});
                },
                std::runtime_error);
        }
        EXPECT_EQ(read_text(first), "old log\n") << "failing file " << failing;
        EXPECT_EQ(read_text(second), "old state\n") << "failing file " << failing;
        EXPECT_EQ(files_in(dir.path()), 2u);
    }
}

TEST(CommitTogether, ATargetThatCannotBeReplacedStopsBothBeforeAnyRename) {
    TempDir dir;
    const auto first = dir.path() / "traverse_log.txt";
    const auto second = dir.path() / "next_state.txt";
    write_text(first, "old log\n");
    std::filesystem::create_directories(second / "in-the-way");
    {
        AtomicFile a(first);
        AtomicFile b(second);
        a.write("new log\n");
        b.write("new state\n");
        EXPECT_THROW(commit_together({a, b}), std::runtime_error);
    }
    EXPECT_EQ(read_text(first), "old log\n");
    EXPECT_EQ(files_in(dir.path()), 2u);
}

TEST(CommitTogether, ReplacesBoth) {
    TempDir dir;
    write_text(dir.path() / "a", "old a");
    AtomicFile a(dir.path() / "a");
    AtomicFile b(dir.path() / "b");
    a.write("new a");
    b.write("new b");
    commit_together({a, b});
    EXPECT_EQ(read_text(dir.path() / "a"), "new a");
    EXPECT_EQ(read_text(dir.path() / "b"), "new b");
    EXPECT_EQ(files_in(dir.path()), 2u);
}

}  // namespace
}  // namespace mancala
