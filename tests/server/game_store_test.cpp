// The server's store of games: random ids, memory as a bounded set of the games in
// the database (finished, then idle games make room; active ones never), expiry by a
// clock moved by hand, every change written before it is made, a restart that finds
// every live game again, and stored games that do not replay refused by name.

#include "server/game_store.hpp"

#include "core/game_catalogue.hpp"
#include "core/rules_string.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <random>
#include <set>

namespace mancala::server {
namespace {

using namespace std::chrono_literals;

/// 32 lowercase hex digits (std::regex is avoided: GCC 12 warns inside it under the sanitizers).
bool is_game_id(const std::string& id) {
    return id.size() == 32 && id.find_first_not_of("0123456789abcdef") == std::string::npos;
}

play::GameSession new_session(int pits = 4, int seeds = 3) {
    return play::GameSession(make_rules("kalah", pits, seeds));
}

/// A store whose clock the test moves.
struct Fixture {
    explicit Fixture(std::size_t max_games = 10, std::string path = ":memory:") : database(path) {
        settings.max_games = max_games;
        settings.idle_timeout = 30min;
        settings.keep_finished = 24h;
        settings.active_window = 1min;
        settings.clock = [this] { return now; };
    }
    GameStore make() { return GameStore(settings, database); }

    UnixMs now = 1'700'000'000'000;
    StoreSettings settings;
    GameDatabase database;
};

/// Plays `pit` in `game` through the store, as the API does.
void play(GameStore& store, Game& game, int pit) {
    play::GameSession next = game.session;
    next.play(pit);
    store.commit(game, std::move(next));
}

TEST(GameStore, IdsAre128RandomBitsInHex) {
    std::set<std::string> ids;
    for (int i = 0; i < 1000; ++i) {
        const std::string id = random_game_id();
        EXPECT_TRUE(is_game_id(id)) << id;
        ids.insert(id);
    }
    EXPECT_EQ(ids.size(), 1000u);
}

TEST(GameStore, FindsGamesByIdAndForgetsRemovedOnes) {
    Fixture f;
    GameStore store = f.make();
    const auto game = store.create(new_session(), "greedy", "easy");
    EXPECT_EQ(store.find(game->id), game);
    EXPECT_EQ(game->spec, "greedy");
    EXPECT_EQ(game->level, "easy");
    EXPECT_EQ(store.find("nope"), nullptr);
    EXPECT_EQ(store.live(), 1u);
    EXPECT_EQ(store.remove(game->id), GameStore::Removal::Removed);
    EXPECT_EQ(store.remove(game->id), GameStore::Removal::NotFound);
    EXPECT_EQ(store.find(game->id), nullptr);
    EXPECT_TRUE(game->gone);
    EXPECT_EQ(game->session.rules().pits, 4);  // still valid for whoever holds it
    EXPECT_FALSE(f.database.load(game->id).has_value());
}

TEST(GameStore, WritesEveryChangeBeforeMakingIt) {
    Fixture f;
    GameStore store = f.make();
    const auto game = store.create(new_session(), "greedy", std::nullopt);
    ASSERT_TRUE(f.database.load(game->id).has_value());
    f.now += 1000;
    play(store, *game, 1);  // B3: its last stone in the store, an extra turn
    play(store, *game, 0);
    std::optional<StoredGame> stored = f.database.load(game->id);
    ASSERT_TRUE(stored);
    EXPECT_EQ(stored->moves, (std::vector<StoredMove>{{Side::South, 1}, {Side::South, 0}}));
    // The row's activity time is written to the store's resolution (a minute here).
    EXPECT_EQ(store.activity_resolution(), std::chrono::minutes(1));
    EXPECT_EQ(stored->active_ms, f.now - 1000);
    stored->active_ms = game->active_ms;
    EXPECT_EQ(*stored, to_stored(*game, std::nullopt));
    // An undo takes moves back in the store too.
    play::GameSession undone = game->session;
    ASSERT_EQ(undone.undo_turn(Side::South), 2);
    store.commit(*game, std::move(undone));
    EXPECT_TRUE(f.database.load(game->id)->moves.empty());
    // A change the store cannot write is not made: the game is gone from the database.
    ASSERT_TRUE(f.database.erase(game->id));
    play::GameSession next = game->session;
    next.play(1);
    EXPECT_THROW(store.commit(*game, std::move(next)), StoreError);
    EXPECT_TRUE(game->session.history().empty());
}

TEST(GameStore, ActivityIsSavedToTheResolutionAndExactlyWhenAGameLeavesMemory) {
    Fixture f(1);
    std::string id;
    {
        GameStore store = f.make();
        const auto game = store.create(new_session(), "greedy", std::nullopt);
        id = game->id;
        const UnixMs created = f.now;
        f.now += 30'000;
        play(store, *game, 1);
        EXPECT_EQ(f.database.load(id)->active_ms, created);  // half a resolution: only the move
        f.now += 31'000;
        play(store, *game, 0);
        EXPECT_EQ(f.database.load(id)->active_ms, f.now);  // a resolution behind: the row too
        f.now += 5'000;
        play(store, *game, 2);
        EXPECT_EQ(f.database.load(id)->active_ms, f.now - 5'000);
        f.now += 61'000;
        const auto other = store.create(new_session(), "greedy", std::nullopt);  // `game` makes room, idle
        EXPECT_TRUE(game->gone);
        EXPECT_EQ(f.database.load(id)->active_ms, f.now - 61'000);  // its exact time, saved as it left
        f.now += 10'000;
        play(store, *other, 1);
        EXPECT_EQ(f.database.load(other->id)->active_ms, f.now - 10'000);
    }
    // A clean stop saves the exact times of the games in memory.
    EXPECT_EQ(f.database.load_live(10).front().active_ms, f.now);
    // A game whose row is a resolution behind is not expired early by the database's sweep.
    Fixture g;
    GameStore store = g.make();
    const auto game = store.create(new_session(), "greedy", std::nullopt);
    g.now += 50'000;
    play(store, *game, 1);          // the row stays at creation
    g.now += 30 * 60'000 - 40'000;  // 30 min 10 s after the row's time, 29 min 20 s after the move
    EXPECT_EQ(store.sweep(), 0u);
    EXPECT_NE(store.find(game->id), nullptr);
}

TEST(GameStore, FinishedGamesMakeRoomFirstThenIdleOnesNeverActiveOnes) {
    Fixture f(3);
    GameStore store = f.make();
    // Kalah(1,1): South's only move ends the game.
    const auto finished = store.create(new_session(1, 1), "greedy", std::nullopt);
    play(store, *finished, 0);
    ASSERT_TRUE(finished->session.is_over());
    EXPECT_EQ(f.database.load(finished->id)->finished_ms, f.now);  // the row is written as a game ends
    f.now += 1000;
    const auto a = store.create(new_session(), "greedy", std::nullopt);
    play(store, *a, 0);
    f.now += 1000;
    const auto b = store.create(new_session(), "greedy", std::nullopt);
    play(store, *b, 0);
    f.now += 1000;
    const auto c = store.create(new_session(), "greedy", std::nullopt);  // the finished game makes room
    play(store, *c, 0);
    EXPECT_TRUE(finished->gone);
    EXPECT_EQ(store.totals().evicted_finished, 1u);
    EXPECT_EQ(store.in_memory(), 3u);
    // a, b and c were all changed within the last minute: in active play.
    EXPECT_THROW(store.create(new_session(), "greedy", std::nullopt), StoreFull);
    f.now += 61'000;
    play(store, *b, 2);  // b is active again; a and c are idle, a for longer
    const auto d = store.create(new_session(), "greedy", std::nullopt);
    EXPECT_TRUE(a->gone);
    EXPECT_FALSE(b->gone);
    EXPECT_FALSE(c->gone);
    EXPECT_EQ(store.totals().evicted_idle, 1u);
    // A game being thought about is never dropped, idle or not.
    f.now += 61'000;
    c->thinking = true;
    b->thinking = true;
    d->thinking = true;
    EXPECT_THROW(store.create(new_session(), "greedy", std::nullopt), StoreFull);
    c->thinking = false;
    // Dropped games come back from the database as they were, taking another's place.
    const auto again = store.find(a->id);
    ASSERT_NE(again, nullptr);
    EXPECT_NE(again, a);
    EXPECT_EQ(to_stored(*again, std::nullopt), to_stored(*a, std::nullopt));
    EXPECT_TRUE(c->gone);
    const auto finished_again = store.find(finished->id);
    ASSERT_NE(finished_again, nullptr);
    EXPECT_TRUE(finished_again->session.is_over());
}

// 18 addresses creating games within their rate limit filled --max-games 1000 in 1.1 s, and
// then every new game, and evicted games' reads, got 503. A game never played costs nothing
// to load again, so such games make room first, however recent.
// A game just made, whose player has not moved yet, is about to be played: a finished game
// makes room before it (under load, new games evicted first came back only to be evicted
// again, and a client's next request found no game). One left unplayed a while goes first.
TEST(GameStore, AGameJustMadeOutlastsFinishedOnesButNotIfLeftUnplayed) {
    Fixture f(2);
    GameStore store = f.make();
    const auto finished = store.create(new_session(1, 1), "greedy", std::nullopt);
    play(store, *finished, 0);
    ASSERT_TRUE(finished->session.is_over());
    f.now += 10;
    const auto fresh = store.create(new_session(), "greedy", std::nullopt);
    f.now += 10;
    store.create(new_session(), "greedy", std::nullopt);
    EXPECT_TRUE(finished->gone);
    EXPECT_FALSE(fresh->gone);
    EXPECT_EQ(store.totals().evicted_finished, 1u);
    // Left unplayed past the active window, a new game makes room before a finished one.
    const auto over = store.create(new_session(1, 1), "greedy", std::nullopt);  // evicts one of the two new
    play(store, *over, 0);
    f.now += 2 * 60 * 1000;
    const auto late = store.create(new_session(), "greedy", std::nullopt);
    EXPECT_FALSE(over->gone);
    EXPECT_FALSE(late->gone);
    EXPECT_EQ(store.totals().evicted_unplayed, 2u);
}

TEST(GameStore, GamesNeverPlayedMakeRoomFirstSoAFloodOfNewGamesNeverFillsTheStore) {
    Fixture f(4);
    GameStore store = f.make();
    const auto a = store.create(new_session(), "greedy", std::nullopt);
    play(store, *a, 0);
    const auto b = store.create(new_session(), "greedy", std::nullopt);
    play(store, *b, 0);
    const auto waiting = store.create(new_session(), "greedy", std::nullopt);  // its player has not moved yet
    std::vector<std::shared_ptr<Game>> flood;
    for (int i = 0; i < 50; ++i) {
        f.now += 10;  // all within the active window
        flood.push_back(store.create(new_session(), "greedy", std::nullopt));
    }
    EXPECT_FALSE(a->gone);
    EXPECT_FALSE(b->gone);
    EXPECT_TRUE(waiting->gone);
    EXPECT_EQ(store.totals().evicted_unplayed, 49u);  // of 51 unplayed, the last two of the flood stay
    EXPECT_EQ(store.totals().evicted_idle, 0u);
    // The game whose player had not moved comes back from the database, and is played on.
    const auto again = store.find(waiting->id);
    ASSERT_NE(again, nullptr);
    play(store, *again, 1);
    EXPECT_EQ(store.find(waiting->id), again);
    // A game being thought about stays, played or not: with the other three played and
    // active, nothing can make room.
    const auto thought = store.create(new_session(), "greedy", std::nullopt);
    thought->thinking = true;
    EXPECT_THROW(store.create(new_session(), "greedy", std::nullopt), StoreFull);
    EXPECT_FALSE(thought->gone);
    thought->thinking = false;
    store.create(new_session(), "greedy", std::nullopt);
    EXPECT_TRUE(thought->gone);
}

// A few addresses must not fill memory for everyone: one client (its address, as rate
// limits count it) has at most max_games_per_client unfinished games in memory. Finished,
// removed and expired games free their places; other clients, and games made without a
// client (loaded from the database), are not counted against it.
TEST(GameStore, OneClientHoldsAtMostItsShareOfTheGamesInPlay) {
    Fixture f(100);
    f.settings.max_games_per_client = 3;
    GameStore store = f.make();
    std::vector<std::shared_ptr<Game>> mine;
    for (int i = 0; i < 3; ++i) mine.push_back(store.create(new_session(), "greedy", "easy", "a"));
    EXPECT_THROW(store.create(new_session(), "greedy", "easy", "a"), TooManyGames);
    EXPECT_NO_THROW(store.create(new_session(), "greedy", "easy", "b"));
    EXPECT_NO_THROW(store.create(new_session(), "greedy", "easy"));  // no client: not counted
    // A finished game is no longer in play: its place is free.
    const auto tiny = store.create(new_session(1, 1), "greedy", "easy", "c");
    for (int i = 0; i < 2; ++i) store.create(new_session(), "greedy", "easy", "c");
    EXPECT_THROW(store.create(new_session(), "greedy", "easy", "c"), TooManyGames);
    {
        const std::lock_guard lock(tiny->mutex);
        play(store, *tiny, 0);  // Kalah(1,1): South's one move ends the game
        ASSERT_TRUE(tiny->session.is_over());
    }
    EXPECT_NO_THROW(store.create(new_session(), "greedy", "easy", "c"));
    // So is a removed one, and an expired one.
    EXPECT_EQ(store.remove(mine[0]->id), GameStore::Removal::Removed);
    EXPECT_NO_THROW(store.create(new_session(), "greedy", "easy", "a"));
    EXPECT_THROW(store.create(new_session(), "greedy", "easy", "a"), TooManyGames);
    f.now += 31 * 60 * 1000;
    EXPECT_NO_THROW(store.create(new_session(), "greedy", "easy", "a"));
    // 0: no cap (behind a proxy every client has the proxy's address).
    Fixture open(100);
    open.settings.max_games_per_client = 0;
    GameStore uncapped = open.make();
    for (int i = 0; i < 20; ++i) EXPECT_NO_THROW(uncapped.create(new_session(), "greedy", "easy", "a"));
}

// A game of the database stays readable when memory is full of games in active play:
// it is read without being kept, while a change to it still needs room (StoreFull).
TEST(GameStore, AStoredGameStaysReadableWhenMemoryIsFullOfActiveGames) {
    Fixture f(1);
    GameStore store = f.make();
    const auto first = store.create(new_session(), "greedy", "easy");
    {
        const std::lock_guard lock(first->mutex);
        play(store, *first, 0);
    }
    const std::string id = first->id;
    f.now += 2 * 60 * 1000;  // idle: it makes room, and stays in the database
    const auto second = store.create(new_session(), "greedy", "easy");
    {
        const std::lock_guard lock(second->mutex);
        play(store, *second, 1);  // in active play: it cannot make room
    }
    EXPECT_THROW(store.find(id), StoreFull);
    const auto read = store.find(id, GameStore::Access::Read);
    ASSERT_NE(read, nullptr);
    EXPECT_EQ(read->session.history().size(), 1u);
    EXPECT_EQ(store.in_memory(), 1u) << "read, not kept";
    EXPECT_EQ(store.find(second->id), second);
}

TEST(GameStore, ExpiresIdleGamesAndOldFinishedOnes) {
    Fixture f;
    GameStore store = f.make();
    const auto idle = store.create(new_session(), "greedy", std::nullopt);
    const auto finished = store.create(new_session(1, 1), "greedy", std::nullopt);
    play(store, *finished, 0);
    const auto busy = store.create(new_session(), "greedy", std::nullopt);
    EXPECT_EQ(store.live(), 2u);  // the finished one does not count
    f.now += 20 * 60'000;
    play(store, *busy, 1);
    f.now += 11 * 60'000;         // idle: 31 minutes untouched; busy: 11
    EXPECT_EQ(store.live(), 1u);  // at once, before any sweep
    EXPECT_EQ(store.find(idle->id), nullptr);
    EXPECT_NE(store.find(busy->id), nullptr);
    EXPECT_NE(store.find(finished->id), nullptr);  // finished games are kept for a day here
    EXPECT_EQ(store.sweep(), 0u);                  // find() already deleted the idle one
    EXPECT_FALSE(f.database.load(idle->id).has_value());
    f.now += 24 * 3'600'000;
    EXPECT_EQ(store.sweep(), 2u);  // busy is idle now, and the finished game is old
    EXPECT_EQ(store.in_memory(), 0u);
    EXPECT_EQ(f.database.counts().live + f.database.counts().finished, 0u);
    EXPECT_EQ(store.totals().expired, 3u);
}

TEST(GameStore, TrimsTheDatabaseToMaxStored) {
    Fixture f(100);
    f.settings.max_stored = 3;
    GameStore store = f.make();
    std::vector<std::shared_ptr<Game>> games;
    for (int i = 0; i < 5; ++i) {
        f.now += 1000;
        games.push_back(store.create(new_session(), "greedy", std::nullopt));
    }
    EXPECT_EQ(store.sweep(), 2u);
    EXPECT_TRUE(games[0]->gone);
    EXPECT_TRUE(games[1]->gone);
    EXPECT_EQ(store.find(games[0]->id), nullptr);
    EXPECT_NE(store.find(games[4]->id), nullptr);
}

TEST(GameStore, ARestartFindsEveryLiveGame) {
    mancala::testing::TempDir dir;
    const std::string path = (dir.path() / "games.sqlite3").string();
    std::vector<StoredGame> before;
    {
        Fixture f(10, path);
        GameStore store = f.make();
        for (int i = 0; i < 4; ++i) {
            // The last game's rules are no preset: the store keeps their rules string.
            play::GameSession session =
                i < 3 ? new_session(6, 4)
                      : play::GameSession(parse_rules("relay:extra-turn=no,capture=always", 5, 2));
            const auto game = store.create(std::move(session), i % 2 ? "greedy" : "engine:time=1s", "easy");
            for (int k = 0; k < i; ++k) {
                const MoveList moves = game->session.legal_moves();
                play(store, *game, moves[0]);
            }
            before.push_back(to_stored(*game, std::nullopt));
        }
    }
    Fixture f(10, path);
    GameStore store = f.make();
    EXPECT_EQ(store.in_memory(), 4u);
    for (const StoredGame& stored : before) {
        const auto game = store.find(stored.id);
        ASSERT_NE(game, nullptr);
        EXPECT_EQ(to_stored(*game, std::nullopt), stored);
        EXPECT_EQ(game->session.rules(), parse_rules(stored.rules, stored.pits, stored.seeds));
    }
    EXPECT_EQ(before.back().rules, "relay:capture=always,extra-turn=no");
}

// Every game of the catalogue is stored by its rules string and replays after a restart:
// on its own board and on another, refined, played part way, to its end (an end by
// repetition included), as it was.
TEST(GameStore, EveryGameOfTheCatalogueComesBackAfterARestart) {
    mancala::testing::TempDir dir;
    const std::string path = (dir.path() / "games.sqlite3").string();
    std::vector<StoredGame> before;
    std::vector<bool> over;
    {
        Fixture f(100, path);
        GameStore store = f.make();
        std::mt19937 random(3);
        for (const GameEntry& entry : game_catalogue().games()) {
            const std::vector<Rules> variants = {
                entry.rules, parse_rules(entry.name, 3, 2),
                // refined: a rules string the catalogue does not name
                parse_rules(entry.name + (entry.rules.direction == Direction::Clockwise ? ":direction=ccw"
                                                                                        : ":direction=cw"),
                            4, 3)};
            for (std::size_t v = 0; v < variants.size(); ++v) {
                const auto game = store.create(play::GameSession(variants[v]), "greedy", "easy");
                const std::size_t moves = v == 0 ? 5 : 1000;  // part way, or to the end
                for (std::size_t k = 0; k < moves && !game->session.is_over(); ++k) {
                    const MoveList legal = game->session.legal_moves();
                    play(store, *game, legal[static_cast<int>(random() % static_cast<unsigned>(legal.size()))]);
                }
                before.push_back(to_stored(*game, std::nullopt));
                over.push_back(game->session.is_over());
                EXPECT_EQ(parse_rules(before.back().rules, before.back().pits, before.back().seeds), variants[v])
                    << before.back().rules;
            }
        }
    }
    Fixture f(100, path);
    GameStore store = f.make();
    for (std::size_t i = 0; i < before.size(); ++i) {
        const StoredGame& stored = before[i];
        const auto game = store.find(stored.id);
        ASSERT_NE(game, nullptr) << stored.rules;
        EXPECT_EQ(game->session.rules(), parse_rules(stored.rules, stored.pits, stored.seeds));
        EXPECT_EQ(game->session.is_over(), over[i]) << stored.rules;
        StoredGame again = to_stored(*game, std::nullopt);
        again.finished_ms = stored.finished_ms;
        EXPECT_EQ(again, stored) << stored.rules;
    }
}

// Games stored before the catalogue (rules strings of the three old presets and their four
// dimensions) are read with the rules they were played by.
TEST(GameStore, GamesStoredBeforeTheCatalogueStillReplay) {
    Fixture f;
    const auto kalah_with = [](CaptureRule capture, SowingRule sowing, EndRule end, bool extra_turn) {
        Rules r = make_rules("kalah", 4, 3);
        r.capture = capture;
        r.sowing = sowing;
        r.end = end;
        r.extra_turn = extra_turn;
        return r;
    };
    const std::vector<std::pair<std::string, Rules>> old = {
        {"kalah", kalah_with(CaptureRule::IfOppositeNonEmpty, SowingRule::Single, EndRule::EitherRowEmpty, true)},
        {"homework", kalah_with(CaptureRule::Always, SowingRule::Single, EndRule::EitherRowEmpty, true)},
        {"relay", kalah_with(CaptureRule::Never, SowingRule::Relay, EndRule::BoardEmpty, true)},
        {"homework:extra-turn=no",
         kalah_with(CaptureRule::Always, SowingRule::Single, EndRule::EitherRowEmpty, false)},
        {"relay:capture=always,extra-turn=no",
         kalah_with(CaptureRule::Always, SowingRule::Relay, EndRule::BoardEmpty, false)},
        {"kalah:sowing=relay,end=board-empty",
         kalah_with(CaptureRule::IfOppositeNonEmpty, SowingRule::Relay, EndRule::BoardEmpty, true)},
    };
    std::vector<StoredGame> stored;
    for (const auto& [text, rules] : old) {
        StoredGame game;
        game.id = random_game_id();
        game.rules = text;
        game.pits = 4;
        game.seeds = 3;
        game.spec = "greedy";
        game.created_ms = game.active_ms = f.now;
        // moves as an old server wrote them: the first legal pit of each position
        play::GameSession session(rules);
        for (int k = 0; k < 6 && !session.is_over(); ++k) {
            const int pit = session.legal_moves()[0];
            game.moves.push_back(StoredMove{session.to_move(), pit});
            session.play(pit);
        }
        f.database.insert(game);
        stored.push_back(game);
    }
    GameStore store = f.make();
    for (std::size_t i = 0; i < old.size(); ++i) {
        const auto game = store.find(stored[i].id);
        ASSERT_NE(game, nullptr) << old[i].first;
        EXPECT_EQ(game->session.rules(), old[i].second) << old[i].first;
        EXPECT_EQ(game->session.history().size(), stored[i].moves.size()) << old[i].first;
    }
}

/// A game stored for `f` beside a good one; the store is made after both are in.
StoredGame stored_game(Fixture& f, std::string rules, std::vector<StoredMove> moves) {
    StoredGame g;
    g.id = random_game_id();
    g.rules = std::move(rules);
    g.pits = 4;
    g.seeds = 3;
    g.spec = "greedy";
    g.created_ms = g.active_ms = f.now;
    g.moves = std::move(moves);
    f.database.insert(g);
    return g;
}

// A row edited by hand (sqlite3) must not keep the server from starting, nor answer 503
// "store cannot be used" for ever: the game is put aside with what is wrong, and the others
// are served.
TEST(GameStore, PutsAsideStoredGamesWithBadRules) {
    Fixture f;
    const StoredGame good = stored_game(f, "kalah", {{Side::South, 0}});
    const StoredGame bad = stored_game(f, "kalah:capture=sometimes", {});
    GameStore store = f.make();
    ASSERT_NE(store.find(good.id), nullptr);
    try {
        store.find(bad.id);
        FAIL() << "a game with bad rules was loaded";
    } catch (const DamagedGame& e) {
        EXPECT_NE(std::string(e.what()).find("has bad rules: bad value 'sometimes' for capture"), std::string::npos)
            << e.what();
    }
    ASSERT_EQ(store.damaged().size(), 1u);
    EXPECT_EQ(store.damaged()[0].first, bad.id);
}

TEST(GameStore, PutsAsideStoredGamesThatDoNotReplay) {
    Fixture f;
    const StoredGame good = stored_game(f, "kalah", {});
    // B3 earns an extra turn and is then empty
    const StoredGame bad = stored_game(f, "kalah", {{Side::South, 1}, {Side::South, 1}});
    GameStore store = f.make();
    ASSERT_NE(store.find(good.id), nullptr);
    for (int attempt = 0; attempt < 2; ++attempt) {  // the second from the games put aside, not replayed again
        try {
            store.find(bad.id);
            FAIL() << "a game that does not replay was loaded";
        } catch (const DamagedGame& e) {
            EXPECT_NE(std::string(e.what()).find(bad.id), std::string::npos) << e.what();
            EXPECT_NE(std::string(e.what()).find("move 2"), std::string::npos) << e.what();
        }
    }
    // Damaged while out of memory (edited after an eviction): found so on its next request.
    Fixture g(1);
    GameStore small = g.make();
    const auto game = small.create(new_session(), "greedy", std::nullopt);
    play(small, *game, 0);
    StoredGame edited = *g.database.load(game->id);
    g.database.erase(game->id);
    edited.moves.push_back({Side::North, 0});  // North's reply, then North again: out of turn
    edited.moves.push_back({Side::North, 0});
    g.database.insert(edited);
    GameStore restarted = g.make();
    EXPECT_THROW(restarted.find(game->id), DamagedGame);
}

}  // namespace
}  // namespace mancala::server
