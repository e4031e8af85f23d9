"""The mancala family from Python: the catalogue, every game's rules, positions, whole games
through positions, GameSession and Env, the legal moves of must-feed and the grand slam, pit
names, the tuzdyk's notation, and what only Kalah-shaped games offer."""

import pathlib
import pickle
import random
import re
import subprocess
import sys

import numpy as np
import pytest

import mancala
from mancala import Env, GameSession, Position, Rules

# The built-in games, in the catalogue's order: the sections of src/core/games.ini (docs/GAMES.md).
GAMES_INI = pathlib.Path(__file__).resolve().parents[2] / "src" / "core" / "games.ini"
BUILT_IN = [m.group(1) for m in re.finditer(r"^\[([a-z0-9_-]+)(?::[a-z0-9_-]+)?\]", GAMES_INI.read_text(), re.M)]
MAX_PLIES = 5000  # a random game of any of them ends far sooner (a few hundred plies at most)


def test_every_game_is_listed(cli_json):
    games = mancala.games()
    names = [g.name for g in games]
    assert names[:len(BUILT_IN)] == BUILT_IN and names == Rules.presets()
    assert {"kalah", "homework", "relay", "oware", "awari", "bohnenspiel", "congklak", "dakon", "ayoayo",
            "toguz-kumalak", "mangala", "vai-lung-thlan"} <= set(BUILT_IN)
    cli = {g["name"]: g for g in cli_json("games")}
    for g in games[:len(BUILT_IN)]:
        assert g.description and g.source and g.origin == "built in"
        assert mancala.game(g.name).name == g.name
        assert repr(g) == f"GameEntry('{g.name}', pits={g.pits}, seeds={g.seeds})"
        # A rules string alone plays the game on its own board; the entry's Rules are those.
        r = Rules(g.name)
        assert r == g.rules and (r.pits, r.seeds) == (g.pits, g.seeds) and r.name == g.name
        assert (g.parent, g.pits, g.seeds, g.description) == (
            cli[g.name]["parent"], cli[g.name]["pits"], cli[g.name]["seeds"], cli[g.name]["description"])
    assert (Rules("kalah").pits, Rules("kalah").seeds) == (6, 4) and Rules() == Rules("kalah", 6, 4)
    assert (Rules("toguz-kumalak").pits, Rules("toguz-kumalak").seeds) == (9, 9)
    assert (Rules("congklak:capture=always").pits, Rules("oware", pits=4).seeds) == (7, 4)


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_dimension_is_an_attribute(name):
    r = Rules(name)
    d = r.to_dict()
    assert list(d)[2:] == list(Rules.dimensions()) and len(d) == 22 and (d["pits"], d["seeds"]) == (r.pits, r.seeds)
    for key, value in d.items():
        # An attribute per key ('start' is sowing_start: start() is the start position); yes/no as bools.
        attribute = getattr(r, {"start": "sowing_start"}.get(key, key.replace("-", "_")))
        assert ({True: "yes", False: "no"}[attribute] if isinstance(attribute, bool) else attribute) == value, key
        assert r[key] == value
    # The canonical string reads back, and so do pickles.
    assert Rules(r.name, r.pits, r.seeds) == r and pickle.loads(pickle.dumps(r)) == r
    assert r.kalah_shaped == (name in ("kalah", "homework", "relay"))
    assert Rules(Rules(name), pits=3) == Rules(name, pits=3)


def test_refinements_of_a_game():
    slam = Rules("oware:grand-slam=captures")
    assert (slam.grand_slam, slam.must_feed, slam.capture_counts, slam.pits) == ("captures", True, "2+3", 6)
    assert slam.name == "oware:grand-slam=captures" and slam != Rules("oware") and not slam.kalah_shaped
    assert Rules("kalah:capture-counts=2+4,capture-side=both").capture_side == "both"
    assert Rules("toguz-kumalak").tuzdyk and Rules("toguz-kumalak").capture_counts == "even"
    assert Rules("oware").can_repeat and not Rules("kalah").can_repeat
    assert [h["key"] for h in Rules.dimension_help()] == list(Rules.dimensions())
    assert "2+3" in next(h["syntax"] for h in Rules.dimension_help() if h["key"] == "capture-counts")


def test_unknown_games_keys_and_values_name_the_choices(cli_error):
    with pytest.raises(ValueError) as error:
        Rules("bogus")
    assert all(name in str(error.value) for name in BUILT_IN)
    assert str(error.value) == cli_error("analyze", "--rules", "bogus")
    with pytest.raises(ValueError, match="the rules are: capture, sowing, end, .*must-feed.*repetition"):
        Rules("oware:colour=red")
    with pytest.raises(ValueError, match="choose one of: captures, no-capture, forbidden"):
        Rules("oware:grand-slam=sometimes")
    with pytest.raises(ValueError, match="must-feed=yes needs end=no-move"):
        Rules("kalah:must-feed=yes")
    with pytest.raises(KeyError, match="the rules are: pits, seeds, capture"):
        Rules("oware")["colour"]
    with pytest.raises(ValueError, match="unknown rules 'bogus' \\(choose one of: kalah, homework"):
        mancala.game("bogus")
    with pytest.raises(ValueError, match="unknown rules 'bogus'"):
        Position.start("bogus")


def check_position(p, rules):
    """What holds in every position of every game."""
    legal = p.legal_moves()
    row = p.south if p.to_move == "south" else p.north
    assert all(row[m] > 0 for m in legal) and legal == sorted(legal)
    assert [m for m in range(p.pits) if p.is_legal(m)] == legal
    assert np.flatnonzero(p.observation()[:p.pits]).tolist() == [i for i in range(p.pits) if row[i] > 0]
    q = Position(p.notation(), rules.name)
    assert q == p and hash(q) == hash(p) and q.notation() == p.notation()
    if rules.must_feed and rules.grand_slam != "forbidden" and not any(p.north if p.to_move == "south" else p.south):
        # The opponent is starved: the legal moves are the moves that give it stones.
        free = Position(p.notation(), f"{rules.name}:must-feed=no")
        for m in free.legal_moves():
            child = free.child(m)
            if not child.is_over():  # (an ending sweeps the rows)
                assert (m in legal) == any(child.north if p.to_move == "south" else child.south)


@pytest.mark.parametrize("name", BUILT_IN)
def test_random_games_through_positions(name):
    rules = Rules(name)
    rng = random.Random(name)
    total = 2 * rules.pits * rules.seeds
    for _ in range(3):
        p = rules.start()
        seen = {p}
        plies = 0
        while not p.is_over():
            check_position(p, rules)
            move = rng.choice(p.legal_moves())
            name_played = p.pit_name(move)
            before = p.copy()
            r = p.apply(name_played if plies % 2 else move)  # a name or an index
            assert p == before.child(move) and p.total_stones() == total
            plies += 1
            assert plies < MAX_PLIES
            if rules.repetition and p in seen:  # a GameSession would end the game here
                break
            seen.add(p)
        if p.is_over():
            assert r.game_over and p.legal_moves() == [] and sum(p.score()) == total
            assert p.winner() in ("south", "north", None)


@pytest.mark.parametrize("name", BUILT_IN)
def test_random_episodes_through_the_env(name):
    env = Env(name, opponent="random", learner="random", reward="margin", seed=7)
    assert env.num_actions == Rules(name).pits
    assert env.observation_shape == (2 * env.num_actions + 2 + 2 * Rules(name).tuzdyk,)
    rng = np.random.default_rng(3)
    for _ in range(3):
        obs, info = env.reset()
        terminated = truncated = False
        while not (terminated or truncated):
            mask = info["action_mask"]
            position = info["position"]
            assert np.flatnonzero(mask).tolist() == position.legal_moves() == env.legal_actions()
            assert position.to_move == env.learner and np.array_equal(obs, position.observation())
            obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
            assert obs.shape == env.observation_shape and info["plies"] == env.plies
        assert terminated and not truncated and not info["action_mask"].any() and env.legal_actions() == []
        assert reward == info["margin"]
        if not info["repetition"]:
            assert info["position"].is_over() and info["margin"] == info["position"].margin(env.learner)


def test_oware_names_and_moves():
    p = Position.start("oware")
    assert p.pit_names() == list("ABCDEF") and p.pit_names("north") == list("abcdef")
    assert p.parse_move("C") == 2 and p.parse_move("3") == 2 and p.store_name() == "South's store"
    p.apply("C")
    assert p.to_move == "north" and p.parse_move("c") == 2
    for text, message in [("C", "C is south's pit: north plays a..f or a pit index 0..5"),
                          ("g", "'g' is not a move: north plays a..f or a pit index 0..5"),
                          ("7", "'7' is not a pit name: north plays a..f or a pit index 0..5")]:
        with pytest.raises(ValueError) as error:
            p.apply(text)
        assert str(error.value) == message
    d = mancala.agent("greedy").choose(p)
    assert d.name == p.pit_name(d.move) and d.name in "abcdef"
    report = mancala.Engine(hash=1).search(p, depth=3)
    assert report.best_move_name in "abcdef" and report.pv_names[:2] == p.line_names(report.pv)[:2]
    assert report.pv_names[1] in "ABCDEF"


def test_must_feed_and_the_grand_slam():
    # North's row is empty: of south's moves only F (index 5, five stones) gives it stones.
    starved = Position.from_counts([1, 0, 0, 0, 0, 5], [0] * 6, 20, 22, rules="oware")
    assert starved.legal_moves() == [5] and starved.notation() == "0,0,0,0,0,0/1,0,0,0,0,5/22/20/S"
    with pytest.raises(ValueError, match="^A is not a legal move: you must give your opponent stones$"):
        starved.apply("A")
    # F's stone makes north's one stone two: a capture of every stone north has.
    slam = ([1, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0])
    forbidden = Position.from_counts(*slam, rules="awari")
    assert forbidden.legal_moves() == [0]
    with pytest.raises(ValueError, match="^F is not a legal move: it would capture all your opponent's stones$"):
        forbidden.apply(5)
    played = Position.from_counts(*slam, rules="oware")
    assert played.legal_moves() == [0, 5]
    r = played.apply(5)
    assert r.grand_slam and not r.capture and played.north == [2, 0, 0, 0, 0, 0] and "grand_slam=True" in repr(r)
    taken = Position.from_counts(*slam, rules="oware:grand-slam=captures")
    r = taken.apply(5)
    assert r.capture and r.captured == 2 and r.captured_cells == [7] and r.game_over


def test_toguz_notation_with_tuzdyks():
    text = "10,X,10,10,10,10,10,10,10/10,10,10,X,10,10,10,10,10/2/10/N"
    p = Position(text, "toguz-kumalak")
    # Row A runs from north's pit 8 to 0, so its X is north's pit 7: south's tuzdyk.
    assert (p.south_tuzdyk, p.north_tuzdyk) == (7, 3) and p.notation() == text and str(p) == text
    assert 7 not in p.legal_moves() and p.legal_moves() == [0, 1, 2, 3, 4, 5, 6, 8]
    assert p.observation("south")[-2:].tolist() == [8, 4] and p.observation()[-2:].tolist() == [4, 8]
    same = Position.from_counts(p.south, p.north, 10, 2, "north", "toguz-kumalak", south_tuzdyk=7, north_tuzdyk=3)
    assert same == p and hash(same) == hash(p) and pickle.loads(pickle.dumps(p)) == p
    assert eval(repr(p), {"Position": Position}) == p
    untouched = Position(text.replace("X", "0"), "toguz-kumalak")
    assert untouched != p and untouched.south_tuzdyk is None
    for bad, rules, message in [
        (text, "kalah", "has a tuzdyk \\(X\\), but the game has none"),
        ("X,X,10,10,10,10,10,10,10/10,10,10,10,10,10,10,10,10/2/10/N", "toguz-kumalak", "row A has two tuzdyks"),
        ("10,X,10,10,10,10,10,10,10/10,10,10,10,10,10,10,X,10/2/10/N", "toguz-kumalak", "pits of the same number"),
    ]:
        with pytest.raises(ValueError, match=message):
            Position(bad, rules)
    with pytest.raises(ValueError, match="kalah has no tuzdyks"):
        Position.from_counts([1] * 3, [1] * 3, south_tuzdyk=1)
    with pytest.raises(ValueError, match="a tuzdyk must be an empty pit"):
        Position.from_counts([1] * 3, [1] * 3, rules="toguz-kumalak", south_tuzdyk=1)
    # A game played until a tuzdyk is made: it is written X and reads back.
    rng = random.Random(3)
    while True:
        q = Position.start("toguz-kumalak")
        while not q.is_over() and not q.apply(rng.choice(q.legal_moves())).tuzdyk:
            pass
        if not q.is_over():
            break
    assert "X" in q.notation() and Position(q.notation(), "toguz-kumalak") == q


def test_clockwise_boards_are_written_as_south_sees_them():
    p = Position.from_counts([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], rules="congklak")
    # Clockwise: south's row runs right to left, north's left to right.
    assert p.notation() == "8,9,10,11,12,13,14/7,6,5,4,3,2,1/0/0/S" and Position(p.notation(), "congklak") == p
    assert p.pit_names() == list("ABCDEFG")


def test_positions_of_different_games_differ():
    starts = [Position.start(name) for name in BUILT_IN]
    assert len(set(starts)) == len(BUILT_IN)
    oware, awari = Position.start("oware"), Position.start("awari")
    assert oware != awari and hash(oware) != hash(awari) and oware.notation() == awari.notation()
    assert Position.start("oware:repetition=no") != oware
    assert {oware: 1}[Position("4,4,4,4,4,4/4,4,4,4,4,4/0/0/S", "oware")] == 1


def test_a_repetition_ends_a_game_session():
    # Oware(2,1): seven moves bring a position back, which ends the game; each side takes its row.
    s = GameSession(Rules("oware", pits=2, seeds=1))
    for move in [1, 1, 0, 0, 1, 1, 0]:
        assert not s.is_over()
        s.play(move)
    assert s.is_over() and s.ended_by_repetition and s.legal_moves() == [] and s.plies == 7
    assert not s.position.is_over() and s.score() == (3, 1) and s.winner() == "south"
    assert s.move_names == ["B", "b", "A", "a", "B", "b", "A"] and s.movers[:2] == ["south", "north"]
    with pytest.raises(ValueError, match="the game is over"):
        s.play(0)
    assert s.undo_turn("south") == 1 and not s.is_over() and s.plies == 6
    # Without the repetition rule the same moves go on.
    t = GameSession("oware:repetition=no", start=Position.start(Rules("oware:repetition=no", pits=2, seeds=1)))
    for move in [1, 1, 0, 0, 1, 1, 0]:
        t.play(move)
    assert not t.is_over()
    # A Kalah game is a session too, with the terminal's messages.
    k = GameSession()
    k.play("B4")
    assert k.to_move == "south" and k.moves == [2]
    with pytest.raises(ValueError, match="B4 is empty"):
        k.play(2)


def test_the_env_ends_on_a_repetition_and_truncates():
    # Random play in Oware(2,1) repeats a position before it ends, now and then.
    env = Env(Rules("oware", pits=2, seeds=1), opponent="random", learner="south", seed=1, reward="margin")
    endings = set()
    for episode in range(40):
        obs, info = env.reset()
        terminated = False
        while not terminated:
            obs, reward, terminated, truncated, info = env.step(env.legal_actions()[0])
            assert not truncated
        endings.add(info["repetition"])
        p = info["position"]
        assert reward == info["margin"]
        if info["repetition"]:  # each side takes its own row
            assert not p.is_over() and reward == p.south_store + sum(p.south) - p.north_store - sum(p.north)
        else:
            assert p.is_over() and reward == p.margin("south")
    assert endings == {True, False}
    # A game that may go on for ever (positions repeat, and that does not end it) is cut short at
    # max_plies: 10,000 unless told.
    assert Env("toguz-kumalak:repetition=no").max_plies == 10_000 and Env().max_plies is None
    for name in BUILT_IN:
        r = Rules(name)
        assert (Env(r).max_plies is None) == (r.repetition or not r.can_repeat), name
    short = Env("toguz-kumalak", max_plies=7, seed=2)
    obs, info = short.reset()
    truncated = False
    while not truncated:
        obs, reward, terminated, truncated, info = short.step(short.legal_actions()[0])
        assert not terminated
    assert reward == 0 and info["plies"] >= 7 and not info["action_mask"].any() and short.legal_actions() == []
    with pytest.raises(ValueError, match="the game is over: call reset"):
        short.step(0)
    with pytest.raises(ValueError, match="max_plies must be a whole number from 1"):
        Env(max_plies=0)


def test_agents_and_searches_play_every_game():
    specs = ["random:seed=1", "greedy", "minimax:depth=2", "alphabeta:depth=2", "engine:depth=3,db-size=0",
             "mcts:iterations=60,seed=1", "evolution:population=6,generations=3,seed=1"]
    agents = [mancala.agent(spec) for spec in specs]
    engine = mancala.Engine(hash=1)
    for name in BUILT_IN:
        rng = random.Random(5)
        p = Position.start(name)
        for _ in range(6):
            p.apply(rng.choice(p.legal_moves()))
        if p.is_over():
            continue
        for agent in agents:
            d = agent.choose(p)
            assert d.move in p.legal_moves() and d.name == p.pit_name(d.move), (name, agent.spec)
        report = engine.search(p, depth=3, mode="every-move")
        assert sorted(m.move for m in report.moves) == p.legal_moves() and report.best_move_name == p.pit_name(
            report.best_move)


def test_what_only_kalah_shaped_games_and_the_databases_offer(tmp_path):
    mangala = Rules("mangala")
    with pytest.raises(ValueError, match="^solve works on oware, awari, bohnenspiel and vai-lung-thlan \\(by their "
                                         "databases\\) and on Kalah-shaped games only .*; mangala is not one "
                                         "\\(.*capture-counts="):
        mancala.solve(mangala)
    with pytest.raises(ValueError, match="Kalah-shaped games only"):
        mancala.solve(Position.start("toguz-kumalak"))
    db = mancala.Database(str(tmp_path))
    for call in [lambda: db.value(mangala.start()), lambda: db.move_values(mangala.start()),
                 lambda: db.build(mangala, max_stones=2), lambda: db.max_stones(mangala)]:
        with pytest.raises(ValueError, match="^the endgame databases work on oware, .*mangala is not one"):
            call()
    assert not any(tmp_path.iterdir())
    perfect = mancala.agent("perfect:time=1s")
    refusal = "^perfect plays the games its proofs and endgame databases hold: .*; mangala is not one: play it with engine"
    with pytest.raises(ValueError, match=refusal):
        perfect.choose(mangala.start())
    with pytest.raises(ValueError, match=refusal):
        perfect.prepare(Rules("mangala"))
    with pytest.raises(ValueError, match=refusal):
        Env("mangala", opponent="perfect")
    # Kalah's own refinements are still Kalah-shaped.
    assert mancala.solve(Rules("relay", pits=2, seeds=2), threads=1).method


def test_perfect_plays_the_games_whose_positions_repeat_by_their_databases():
    # 10 seeds in the pits: within the database the agent builds for itself on 3 pits (up to 11)
    position = Position("2,1,2/1,2,2/1/1/S", "awari")
    solution = mancala.solve(position, threads=1)
    d = mancala.agent("perfect:time=1s").choose(position)
    assert d.exact and d.move in solution.best_moves and d.score == solution.value, d.summary
    assert d.summary.startswith("proven by the database"), d.summary
    env = Env(Rules("awari", pits=3, seeds=1), opponent="perfect", learner="north", seed=1)
    env.reset()
    assert env.plies == 1  # the perfect agent, south, has moved


def test_load_games(tmp_path):
    good = tmp_path / "games.ini"
    good.write_text("[pocket-oware:oware]\ndescription = Oware on 4 pits, the grand slam captures\n"
                    "source = a test\npits = 4\nseeds = 3\ngrand-slam = captures\n")
    added = mancala.load_games(good)  # a path or a str
    assert [g.name for g in added] == ["pocket-oware"] and added[0].origin == str(good)
    assert mancala.games()[-1].name == "pocket-oware" and "pocket-oware" in Rules.presets()
    r = Rules("pocket-oware")
    assert (r.pits, r.seeds, r.must_feed, r.name) == (4, 3, True, "pocket-oware") and added[0].parent == "oware"
    # A pickle reads back in a process that has not loaded the file: it spells every dimension out.
    position = Position.start(r).child(1)
    data = pickle.dumps((r, position))
    assert b"pocket-oware" not in data and pickle.loads(data) == (r, position)
    script = ("import pickle, sys, mancala; r, p = pickle.loads(sys.stdin.buffer.read()); "
              "print(r.grand_slam, r.pits, p.notation(), p.rules == r)")
    other = subprocess.run([sys.executable, "-c", script], input=data, capture_output=True, check=True)
    assert other.stdout.decode().split() == ["captures", "4", position.notation(), "True"]
    bad = tmp_path / "bad.ini"
    bad.write_text("[fine:kalah]\ndescription = fine\n\n[broken:kalah]\ndescription = broken\ncapture = sometimes\n")
    with pytest.raises(ValueError, match=f"^{re.escape(str(bad))}:6: .*sometimes"):
        mancala.load_games(str(bad))
    assert "fine" not in Rules.presets()  # a refused file adds nothing
    with pytest.raises(ValueError, match="missing.ini"):
        mancala.load_games(tmp_path / "missing.ini")

