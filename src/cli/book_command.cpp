// `mancala book`: opening books. `book build` walks the game from its start and keeps,
// for every position where the book must answer, a journal's proven move or a deep
// search's (solve/book_builder.hpp); `book check` reads a book with every check the
// engine makes when it loads one (book=FILE).

#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "cli/rules_options.hpp"
#include "cli/stop_on_signals.hpp"

#include "agents/agent_options.hpp"
#include "book/book_file.hpp"
#include "core/rules_string.hpp"
#include "solve/book_builder.hpp"
#include "solve/database_cache.hpp"
#include "solve/proof_journal.hpp"
#include "util/progress_line.hpp"
#include "util/terminal.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <array>
#include <memory>
#include <optional>

namespace mancala::cli {

namespace {

struct BookBuildArgs {
    RulesOptions game;
    std::string out;
    std::string journal;
    int plies = 8;
    std::string time;
    int depth = 0;
    int threads = 1;
    int hash_mb = 64;
    std::string db_dir;
    int db_size_mb = 64;
    double checkpoint_seconds = 10;
    bool quiet = false;
    bool json = false;
};

std::string progress_text(const solve::BookBuildProgress& p) {
    return fmt::format(
        "book: ply {}, {}/{} positions of the ply; {} entries ({} searched, {} from the journal, "
        "{} resumed); {:.1f} s",
        p.ply, p.ply_done, p.ply_positions, p.entries, p.searched, p.from_journal, p.resumed, p.seconds);
}

void build(const BookBuildArgs& args) {
    const Rules rules = args.game.parsed_rules();
    solve::BookBuildOptions options;
    options.plies = args.plies;
    if (!args.time.empty()) {
        options.time = agents::parse_duration(args.time);
        if (!options.time || options.time->count() == 0)
            throw UsageError(fmt::format("--time {} is not a duration such as 500ms or 2s", args.time));
    }
    if (args.depth > 0) options.depth = args.depth;
    if (!options.time && !options.depth) options.depth = 12;
    options.threads = args.threads;
    options.hash_mb = static_cast<std::size_t>(args.hash_mb);
    options.checkpoint_seconds = args.checkpoint_seconds;

    std::optional<solve::ProofJournal> journal;
    if (!args.journal.empty()) {
        if (!std::filesystem::exists(args.journal))
            throw UsageError(fmt::format("--journal {}: no such file", args.journal));
        journal.emplace(args.journal, rules);
        options.journal = &*journal;
        options.journal_name = std::filesystem::path(args.journal).filename().string();
    }
    solve::DatabaseCache databases;
    std::shared_ptr<const search::EndgameOracle> endgame;
    if (!args.db_dir.empty()) {
        endgame = databases.open(rules, args.db_dir);
        if (!endgame)
            throw UsageError(fmt::format("--db {} holds no database of {} with {} pits", args.db_dir,
                                         rules_string(rules), rules.pits));
    } else if (args.db_size_mb > 0) {
        endgame = databases.build(rules, std::uint64_t{static_cast<unsigned>(args.db_size_mb)} << 20, args.threads);
    }
    options.endgame = endgame.get();
    if (endgame && !args.quiet && !args.json)
        fmt::print(stderr, "book: endgame database of up to {} stones in the pits at the searches' leaves\n",
                   endgame->max_stones());

    StopOnSignals stop("\nbook: interrupted; saving the entries so far (press Ctrl-C again to quit at once)\n");
    options.stop = stop.flag();
    ProgressLine line(stderr, is_terminal(stderr), std::chrono::milliseconds(is_terminal(stderr) ? 200 : 5000));
    if (!args.quiet)
        options.on_progress = [&](const solve::BookBuildProgress& p) {
            line.update([&] { return progress_text(p); });
        };
    const solve::BookBuildReport r = solve::build_book(rules, options, args.out);
    if (!args.quiet) {
        line.show(progress_text(r.totals));
        line.keep();
    }
    if (r.stopped)
        throw Interrupted(fmt::format("{} entries kept in {}: run the same command to resume", r.totals.entries,
                                      r.written.string()));
    if (args.json) {
        fmt::print("{}\n", nlohmann::json{{"book", r.written.string()},
                                          {"rules", rules_string(rules)},
                                          {"pits", rules.pits},
                                          {"seeds", rules.seeds},
                                          {"settings", solve::book_settings(options)},
                                          {"entries", r.totals.entries},
                                          {"searched", r.totals.searched},
                                          {"from_journal", r.totals.from_journal},
                                          {"resumed", r.totals.resumed},
                                          {"bytes", std::filesystem::file_size(r.written)},
                                          {"seconds", r.totals.seconds}}
                               .dump());
        return;
    }
    fmt::print("{}: {} positions ({} searched, {} from the journal, {} resumed), {} bytes, {:.1f} s\n",
               r.written.string(), r.totals.entries, r.totals.searched, r.totals.from_journal, r.totals.resumed,
               std::filesystem::file_size(r.written), r.totals.seconds);
}

struct BookCheckArgs {
    RulesOptions game;
    std::string file;
    bool json = false;
    bool game_given = false;  ///< --rules, --pits or --seeds: the book must be of that game
};

void check(const BookCheckArgs& args) {
    const book::Book b = book::read_book(args.file);
    if (args.game_given) book::require_rules(b, args.game.parsed_rules(), args.file);
    std::array<std::size_t, 4> by_bound{};
    std::size_t journal = 0;
    for (const book::BookEntry& e : b.entries()) {
        ++by_bound[static_cast<std::size_t>(e.bound)];
        journal += e.how == book::Source::journal;
    }
    const Rules& rules = b.rules();
    if (args.json) {
        fmt::print("{}\n", nlohmann::json{{"book", args.file},
                                          {"rules", rules_string(rules)},
                                          {"pits", rules.pits},
                                          {"seeds", rules.seeds},
                                          {"settings", b.settings()},
                                          {"entries", b.size()},
                                          {"from_journal", journal},
                                          {"exact", by_bound[0]},
                                          {"at_least", by_bound[1]},
                                          {"at_most", by_bound[2]},
                                          {"estimate", by_bound[3]}}
                               .dump());
        return;
    }
    fmt::print(
        "{}: a book of {} with {} pits and {} seeds ({}): {} positions, {} from the journal; {} exact, {} "
        "proven bounds, {} estimates\n",
        args.file, rules_string(rules), rules.pits, rules.seeds, b.settings(), b.size(), journal, by_bound[0],
        by_bound[1] + by_bound[2], by_bound[3]);
}

}  // namespace

void add_book_command(CLI::App& app) {
    CLI::App* cmd = app.add_subcommand("book", "Build and check opening books (the engine plays them: book=FILE)");
    cmd->require_subcommand(1);

    auto args = std::make_shared<BookBuildArgs>();
    CLI::App* b = cmd->add_subcommand(
        "build", "Build an opening book from the start: proven moves from a journal, else deep searches");
    args->game.add_to(*b, false);
    b->add_option("--out", args->out, "the book file to write (kept in FILE.partial while it is built)")
        ->required()
        ->type_name("FILE");
    b->add_option("--journal", args->journal,
                  "a proof journal of the same game (mancala solve --journal): its split answers' moves, proven "
                  "bounds, come before any search")
        ->type_name("FILE");
    b->add_option("--plies", args->plies,
                  "the book's moves are the game's first N plies (moves; an extra turn is a ply of its own)")
        ->capture_default_str()
        ->check(whole_number(1, 64));
    auto* time = b->add_option("--time", args->time, "search each position for this long (e.g. 500ms, 2s)")
                     ->type_name("DURATION");
    b->add_option("--depth", args->depth, "search each position to this depth in plies (12 unless --time is given)")
        ->check(whole_number(1, 120))
        ->excludes(time);
    b->add_option("--threads", args->threads, "search threads (1: the same book on every run with --depth)")
        ->capture_default_str()
        ->check(whole_number(1, 256));
    b->add_option("--hash", args->hash_mb, "MiB of the search's transposition table")
        ->capture_default_str()
        ->check(whole_number(1, 65536));
    b->add_option("--db", args->db_dir, "a folder of endgame databases read at the searches' leaves")
        ->type_name("DIR");
    b->add_option("--db-size", args->db_size_mb,
                  "without --db, MiB of an endgame database built in memory first (0: none)")
        ->capture_default_str()
        ->check(whole_number(0, 65536));
    b->add_option("--checkpoint", args->checkpoint_seconds, "seconds between the saves of FILE.partial")
        ->capture_default_str()
        ->check(number_between(0, 86400));
    b->add_flag("--quiet", args->quiet, "no progress on standard error");
    b->add_flag("--json", args->json, "print a JSON summary (entries, how they were found, bytes, seconds)");
    b->footer(
        "The book answers for either colour: from the start it follows, for each side, the book's move where that "
        "side moves and every move of the other, to --plies plies (about 2 x b^(plies/2) positions for b moves a "
        "position). A position's move is the journal's where a split answer proves a bound with it, else the "
        "search's. A stopped build (Ctrl-C) keeps FILE.partial; the same command resumes it.\n\nExamples:\n"
        "  mancala book build --rules kalah --pits 6 --seeds 6 --journal proofs/kalah-6-6.journal --plies 8 "
        "--time 1s --out k66.book\n"
        "  mancala book build --rules oware --pits 6 --seeds 4 --plies 6 --depth 14 --out oware.book");
    b->callback([args] { build(*args); });

    auto check_args = std::make_shared<BookCheckArgs>();
    CLI::App* c =
        cmd->add_subcommand("check", "Read a book with every check of the engine's book=FILE, and count it");
    c->add_option("file", check_args->file, "the book")->required()->type_name("FILE");
    check_args->game.add_to(*c, false);
    c->add_flag("--json", check_args->json, "print one JSON object");
    c->footer("With --rules, --pits or --seeds, the book must also be of that game.");
    c->callback([check_args, c] {
        check_args->game_given = c->count("--rules") + c->count("--pits") + c->count("--seeds") > 0;
        check(*check_args);
    });
}

}  // namespace mancala::cli
