#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "cli/rules_options.hpp"

#include "arena/progress.hpp"
#include "cli/db_progress.hpp"
#include "cluster/cluster_cyclic_team.hpp"
#include "cluster/cluster_tier_team.hpp"
#include "cluster/communicator.hpp"
#include "cluster/owned_build.hpp"
#include "core/notation.hpp"
#include "core/pit_names.hpp"
#include "core/rules_string.hpp"
#include "solve/cyclic_database.hpp"
#include "solve/cyclic_start_solver.hpp"
#include "solve/endgame_db.hpp"
#include "util/memory_usage.hpp"
#include "util/terminal.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <thread>

namespace mancala::cli {

namespace {

struct DbArgs {
    RulesOptions game;
    std::string dir = "mancala-db";
    int max_stones = 20;
    int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    bool quiet = false;
    bool json = false;
    bool owned_blocks = false;
    /// Games whose positions repeat: refuse a build expected to take more (MiB; 0: 3/4 of the machine's).
    std::uint64_t max_memory_mb = 0;
};

// Under mpirun every process opens the same folder: they must find the same tiers in it.
void require_same_tiers(const cluster::Communicator& world, int had, const std::string& dir) {
    if (world.min(static_cast<std::uint64_t>(had + 1)) != world.max(static_cast<std::uint64_t>(had + 1)))
        throw std::runtime_error(fmt::format(
            "the processes find different tiers under {} (it must be one folder all of them share)", dir));
}

// --owned-blocks: every process holds only its block of each tier and asks the
// others for the children it lacks (cluster/owned_build.hpp).
void build_owned(const DbArgs& args) {
    const Rules rules = args.game.parsed_rules();
    const auto& world = cluster::Communicator::world();
    const bool speaks = world.leader() && !args.quiet;
    const auto folder = solve::EndgameDatabase::folder(args.dir, rules);
    const cluster::OwnedBuildReport r =
        cluster::build_with_owned_blocks(rules, args.dir, args.max_stones, world, [&](int tier, double seconds) {
            if (speaks && !args.json) fmt::print(stderr, "tier {} written ({:.2f} s)\n", tier, seconds);
        });
    const std::uint64_t questions = world.max(r.questions), remote = world.max(r.remote);
    if (!world.leader()) return;
    if (args.json) {
        fmt::print("{}\n", nlohmann::json{{"rules", rules_string(rules)},
                                          {"pits", rules.pits},
                                          {"max_stones", r.max_stones},
                                          {"seconds", r.seconds},
                                          {"positions_built", r.positions},
                                          {"processes", world.size()},
                                          {"owned_blocks", true},
                                          {"writing_seconds", r.writing_seconds},
                                          {"most_questions", questions},
                                          {"most_remote_questions", remote}}
                               .dump());
        return;
    }
    fmt::print("{}: tiers 0..{} in files tier-000.mdb ... ({} present before)\n", folder.string(), r.max_stones,
               r.had + 1);
    if (r.positions > 0)
        fmt::print(
            "built {} positions in {:.2f} s ({:.1f} million positions/s) by {} process{} holding a block each; "
            "the busiest asked {} children, {} of them of other processes; gathering and writing took {:.2f} s\n",
            r.positions, r.seconds, static_cast<double>(r.positions) / r.seconds / 1e6, world.size(),
            world.size() == 1 ? "" : "es", questions, remote, r.writing_seconds);
}

// A game whose positions repeat (Oware, Awari, Bohnenspiel): solve/cyclic_database.hpp,
// tier by tier with a pass over the tier and retrograde counting on the rest; under mpirun each
// process plays the moves of a run of every tier and they exchange bounds
// (cluster/cluster_cyclic_team.hpp). The leader writes the files and alone speaks.
void build_cyclic(const DbArgs& args, const Rules& rules) {
    if (args.owned_blocks)
        throw UsageError(fmt::format("--owned-blocks builds Kalah-shaped games only, not {}", rules_string(rules)));
    const auto& world = cluster::Communicator::world();
    solve::CyclicDatabase db(rules, args.dir);
    const int had = db.max_stones();
    require_same_tiers(world, had, args.dir);
    std::optional<cluster::ClusterCyclicTeam> team;
    if (world.distributed()) team.emplace(world);
    const auto folder = solve::CyclicDatabase::folder(args.dir, rules);
    const std::uint64_t bound_mb = args.max_memory_mb > 0 ? args.max_memory_mb : solve::default_build_memory_mb();
    const std::uint64_t need_mb =
        solve::require_build_memory(rules, db, args.max_stones, team.has_value(), bound_mb);
    const bool quiet = args.quiet || !world.leader();
    if (!quiet)
        fmt::print(stderr, "{}: {} tiers present, building tiers {}..{} ({} positions) with {} threads{}\n",
                   folder.string(), had + 1, had + 1, args.max_stones,
                   db.positions_up_to(args.max_stones) - db.positions_up_to(had), args.threads,
                   team ? fmt::format(" in each of {} processes", world.size()) : "");
    // A stopped build left the tier it was in on disk (CyclicDatabase::checkpoint_file):
    // that tier goes on from there, and a damaged file is refused by its name.
    const auto saved = solve::CyclicDatabase::checkpoint_file(folder, had + 1);
    if (!quiet && !team && had < args.max_stones && std::filesystem::exists(saved))
        fmt::print(stderr, "{}: resuming tier {} from this checkpoint\n", saved.string(), had + 1);
    DbProgress progress(stderr, !quiet, is_terminal(stderr));
    db.build(
        args.max_stones, args.threads, [&](const solve::BuildProgress& p) { progress.update(p); },
        team ? &*team : nullptr);
    progress.finish();
    if (!world.leader()) return;
    nlohmann::json tiers = nlohmann::json::array();
    std::uint64_t positions = 0, visits = 0;
    for (const auto& [tier, stats] : db.built_tiers()) {
        tiers.push_back({{"tier", tier},
                         {"positions", stats.positions},
                         {"unsettled", stats.unsettled},
                         {"passes", stats.passes()},
                         {"rounds", stats.rounds},
                         {"open", stats.open},
                         {"bytes", db.tier_bytes(tier)}});
        positions += stats.positions;
        visits += stats.move_visits;
    }
    const double seconds = progress.seconds();
    if (args.json) {
        fmt::print("{}\n", nlohmann::json{{"rules", rules_string(rules)},
                                          {"pits", rules.pits},
                                          {"max_stones", db.max_stones()},
                                          {"seconds", seconds},
                                          {"positions_built", positions},
                                          {"moves_played", visits},
                                          {"peak_rss_mb", peak_rss_mb()},
                                          {"expected_peak_mb", need_mb},
                                          {"processes", world.size()},
                                          {"tiers", tiers}}
                               .dump());
        return;
    }
    fmt::print("{}: tiers 0..{} ({} positions) in files tier-000.mdb ...\n", folder.string(), db.max_stones(),
               db.positions_up_to(db.max_stones()));
    if (positions == 0) return;
    std::string passes;
    for (const auto& [tier, stats] : db.built_tiers())
        passes += fmt::format("{}{}:{:.1f}", passes.empty() ? "" : " ", tier, stats.passes());
    fmt::print("built {} positions in {:.2f} s ({:.1f} million positions/s, {:.1f} million moves/s)\n", positions,
               seconds, static_cast<double>(positions) / std::max(seconds, 1e-9) / 1e6,
               static_cast<double>(visits) / std::max(seconds, 1e-9) / 1e6);
    fmt::print("passes per tier (tier:passes, the boards looked at again counted as a share of a pass): {}\n",
               passes);
    fmt::print("peak memory {:.0f} MiB (expected {} MiB; --max-memory {} MiB)\n", peak_rss_mb(), need_mb, bound_mb);
}

// Under mpirun every process runs this: they build each tier together (a share
// each), the leader (rank 0) writes the files and alone speaks.
void build(const DbArgs& args) {
    const Rules rules = args.game.parsed_rules();
    if (solve::cyclic_database_rules(rules)) return build_cyclic(args, rules);
    if (args.owned_blocks) return build_owned(args);
    const auto& world = cluster::Communicator::world();
    solve::EndgameDatabase db(rules, args.dir);
    const int had = db.max_stones();
    require_same_tiers(world, had, args.dir);
    std::optional<cluster::ClusterTierTeam> team;
    if (world.distributed()) team.emplace(world);
    const bool speaks = world.leader();
    if (!args.quiet && speaks) {
        fmt::print(stderr, "{}: {} tiers present, building tiers {}..{} ({} positions) with {} threads{}\n",
                   solve::EndgameDatabase::folder(args.dir, rules).string(), had + 1, had + 1, args.max_stones,
                   db.positions_up_to(args.max_stones) - db.positions_up_to(had), args.threads,
                   team ? fmt::format(" in each of {} processes", world.size()) : "");
    }
    DbProgress progress(stderr, !args.quiet && speaks, is_terminal(stderr));
    db.build(
        args.max_stones, args.threads, [&](const solve::BuildProgress& p) { progress.update(p); },
        team ? &*team : nullptr);
    progress.finish();
    if (!speaks) return;
    if (args.json) {
        nlohmann::json tiers = nlohmann::json::array();
        for (int t = 0; t <= db.max_stones(); ++t)
            tiers.push_back({{"tier", t}, {"positions", db.tier_size(t)}, {"bytes", db.tier_bytes(t)}});
        nlohmann::json summary{{"rules", rules_string(rules)},
                               {"pits", rules.pits},
                               {"max_stones", db.max_stones()},
                               {"seconds", progress.seconds()},
                               {"positions_built", progress.positions()},
                               {"processes", world.size()},
                               {"tiers", tiers}};
        if (team) {
            summary["solving_seconds"] = team->times().solving;
            summary["exchanging_seconds"] = team->times().exchanging;
        }
        fmt::print("{}\n", summary.dump());
        return;
    }
    fmt::print("{}: tiers 0..{} ({} positions) in {}\n", solve::EndgameDatabase::folder(args.dir, rules).string(),
               db.max_stones(), db.positions_up_to(db.max_stones()),
               db.directory() ? "files tier-000.mdb ..." : "memory");
    if (progress.positions() > 0)
        fmt::print("built {} positions in {:.2f} s ({:.1f} million positions/s)\n", progress.positions(),
                   progress.seconds(), static_cast<double>(progress.positions()) / progress.seconds() / 1e6);
    if (team && progress.positions() > 0) {
        const cluster::TeamTimes& t = team->times();
        fmt::print(
            "{} processes; rank 0 solved {} positions in {:.2f} s and exchanged tiers for {:.2f} s ({:.0f}% of "
            "its time)\n",
            world.size(), t.positions, t.solving, t.exchanging,
            100.0 * t.exchanging / std::max(1e-9, t.solving + t.exchanging));
    }
}

std::string verdict(int margin) {
    return margin > 0   ? fmt::format("wins by {}", margin)
           : margin < 0 ? fmt::format("loses by {}", -margin)
                        : std::string("draw");
}

void query_cyclic(const DbArgs& args, const Rules& rules, const Position& position) {
    const auto folder = solve::CyclicDatabase::folder(args.dir, rules);
    if (!std::filesystem::exists(folder))
        throw UsageError(fmt::format("no database for {} with {} pits under {} (build it with `mancala db build`)",
                                     rules_string(rules), rules.pits, args.dir));
    const solve::CyclicDatabase db(rules, args.dir);
    const int stones = position.stones_in_pits();
    if (stones > db.max_stones())
        throw UsageError(fmt::format("the position has {} seeds in its pits; the database under {} holds up to {}",
                                     stones, args.dir, db.max_stones()));
    const Side me = position.to_move();
    const int share = db.share(position), value = db.final_margin(position);
    struct MoveValue {
        std::string pit;
        int margin;
    };
    std::vector<MoveValue> moves;
    if (!position.is_terminal(db.rules()))
        for (int move : position.legal_moves(db.rules()))
            moves.push_back({pit_name(rules, me, move), db.final_margin_after(position, move)});
    if (args.json) {
        nlohmann::json list = nlohmann::json::array();
        for (const auto& m : moves) list.push_back({{"move", m.pit}, {"value", m.margin}});
        fmt::print("{}\n", nlohmann::json{{"position", to_notation(position)},
                                          {"to_move", to_string(me)},
                                          {"seeds_on_board", stones},
                                          {"share", share},
                                          {"value", value},
                                          {"moves", list}}
                               .dump());
        return;
    }
    fmt::print("position {} ({} to move)\n", to_notation(position), to_string(me));
    fmt::print("value: {} takes {} of the {} seeds on the board: final margin {:+} ({})\n", to_string(me), share,
               stones, value, verdict(value));
    for (const auto& m : moves)
        fmt::print("  {:<4} {:+4}  {}{}\n", m.pit, m.margin, verdict(m.margin), m.margin == value ? "  best" : "");
    fmt::print(
        "(a play that never ends counts as ending on the board where it started, each side taking its own row; "
        "each move's line starts afresh from the board it leads to{})\n",
        rules.majority ? "; the majority rule is the engine's, not the database's" : "");
}

void query(const DbArgs& args) {
    const Rules rules = args.game.parsed_rules();
    const Position position = args.game.start(rules);
    if (solve::cyclic_database_rules(rules)) return query_cyclic(args, rules, position);
    if (!std::filesystem::exists(solve::EndgameDatabase::folder(args.dir, rules)))
        throw UsageError(fmt::format("no database for {} with {} pits under {} (build it with `mancala db build`)",
                                     rules_string(rules), rules.pits, args.dir));
    const solve::EndgameDatabase db(rules, args.dir);
    const int stones = position.stones_in_pits();
    if (stones > db.max_stones())
        throw UsageError(fmt::format("the position has {} stones in its pits; the database under {} holds up to {}",
                                     stones, args.dir, db.max_stones()));
    const Side me = position.to_move();
    struct MoveValue {
        std::string pit;
        int margin;
    };
    std::vector<MoveValue> moves;
    if (!position.is_terminal(rules)) {
        for (int move : position.legal_moves(rules))
            moves.push_back({pit_name(rules, me, move), db.final_margin_after(position, move)});
    }
    const int value = db.final_margin(position);
    if (args.json) {
        nlohmann::json list = nlohmann::json::array();
        for (const auto& m : moves) list.push_back({{"move", m.pit}, {"value", m.margin}});
        fmt::print(
            "{}\n",
            nlohmann::json{
                {"position", to_notation(position)}, {"to_move", to_string(me)}, {"value", value}, {"moves", list}}
                .dump());
        return;
    }
    fmt::print("position {} ({} to move)\n", to_notation(position), to_string(me));
    fmt::print("value: {} (final margin {:+} for {}, exact)\n",
               value == 0 ? std::string("a draw") : fmt::format("{} {}", to_string(me), verdict(value)), value,
               to_string(me));
    for (const auto& m : moves)
        fmt::print("  {:<4} {:+4}  {}{}\n", m.pit, m.margin, verdict(m.margin), m.margin == value ? "  best" : "");
}

}  // namespace

void add_db_command(CLI::App& app) {
    CLI::App* db = app.add_subcommand("db", "Build and query endgame databases (exact values of small endgames)");
    db->require_subcommand(1);

    auto build_args = std::make_shared<DbArgs>();
    CLI::App* b =
        db->add_subcommand("build", "Build an endgame database tier by tier, resuming an interrupted build");
    build_args->game.add_to(*b, false);
    b->add_option("--max-stones", build_args->max_stones, "build every tier up to this many stones in the pits")
        ->capture_default_str()
        ->check(whole_number(0, solve::EndgameDatabase::kMaxStones));
    b->add_option("--out", build_args->dir, "folder of databases (one subfolder per rule set and board size)")
        ->capture_default_str();
    b->add_option("--threads", build_args->threads, "threads")->capture_default_str()->check(whole_number(1, 256));
    b->add_flag("--quiet", build_args->quiet, "no progress bar");
    b->add_flag("--json", build_args->json, "print a JSON summary (tiers, sizes on disk, time)");
    b->add_option("--max-memory", build_args->max_memory_mb,
                  "games whose positions repeat: refuse a build expected to take more MiB at its peak (default: "
                  "three quarters of the machine's memory)")
        ->check(whole_number(1));
    b->add_flag("--owned-blocks", build_args->owned_blocks,
                "under mpirun: each process holds only its block of every tier and asks the others for the "
                "children it lacks (databases larger than one machine's memory; kalah and homework rules, one "
                "thread a process)");
    b->footer(
        "Examples:\n  mancala db build --rules kalah --pits 6 --max-stones 20 --out mancala-db\n"
        "  mancala db build --rules oware --max-stones 12 --out mancala-db\n"
        "    (games whose positions repeat: oware, awari, bohnenspiel; docs/SOLVING.md)\n"
        "  mpirun -np 4 mancala db build --rules kalah --pits 6 --max-stones 24 --out /shared/mancala-db\n"
        "    (the processes of an MPI job share each tier; the folder must be one they all see)");
    b->callback([build_args] { build(*build_args); });

    auto query_args = std::make_shared<DbArgs>();
    CLI::App* q = db->add_subcommand("query", "The exact value of a position and of each of its moves");
    query_args->game.add_to(*q, true);
    q->add_option("--db", query_args->dir, "folder of databases")->capture_default_str();
    q->add_flag("--json", query_args->json, "print one JSON object");
    q->footer(
        "Examples:\n  mancala db query --rules kalah --pits 6 --position \"1,0,2,0,0,3/0,1,0,0,2,0/20/19/S\"\n"
        "  mancala db query --rules oware --position \"0,0,1,0,2,0/1,0,0,3,0,0/20/21/S\"");
    q->callback([query_args] { query(*query_args); });
}

}  // namespace mancala::cli
