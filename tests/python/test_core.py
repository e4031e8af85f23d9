"""Rules, positions, moves and their results, notation, dict keys, observations, bad input."""

import copy
import pickle

import numpy as np
import pytest

import mancala
from mancala import Position, Rules

START = "4,4,4,4,4,4/4,4,4,4,4,4/0/0/S"


def test_rules_presets_and_strings():
    # Every game of the catalogue (test_family.py holds them to it), Kalah's first.
    assert Rules.presets()[:3] == ["kalah", "homework", "relay"] and "oware" in Rules.presets()
    r = Rules("kalah", pits=6, seeds=4)
    assert (r.pits, r.seeds, r.name, r.capture, r.sowing, r.end, r.extra_turn) == (
        6, 4, "kalah", "if-opposite-nonempty", "single", "either-row-empty", True)
    # A refinement that is a preset is named by it (the canonical rules string).
    assert Rules("kalah:capture=always", pits=5, seeds=3).name == "homework"
    assert str(Rules("kalah:extra-turn=no")) == "kalah:extra-turn=no"
    relay = Rules("relay", pits=4, seeds=2)
    assert (relay.sowing, relay.end, relay.capture) == ("relay", "board-empty", "never")
    assert "capture" in Rules.dimensions() and "yes" in Rules.dimensions()["extra-turn"]
    assert repr(r) == "Rules('kalah', pits=6, seeds=4)"
    assert r == Rules() and r != Rules(pits=5)
    assert {r: 1}[Rules("kalah", 6, 4)] == 1
    assert pickle.loads(pickle.dumps(Rules("homework", 5, 3))) == Rules("homework", 5, 3)


def test_start_position():
    p = Rules("kalah", pits=6, seeds=4).start()
    assert p.notation() == START and str(p) == START
    assert p == Position.start() == Position(START)
    assert p.to_move == "south" and p.pits == 6
    assert p.south == [4] * 6 and p.north == [4] * 6 and (p.south_store, p.north_store) == (0, 0)
    assert p.legal_moves() == [0, 1, 2, 3, 4, 5]
    assert p.pit_names() == ["B2", "B3", "B4", "B5", "B6", "B7"]
    assert p.pit_names("north") == ["A7", "A6", "A5", "A4", "A3", "A2"]
    assert p.pit_name(2) == "B4" and p.parse_move("B4") == 2 and p.parse_move("3") == 2
    assert not p.is_over() and p.score() == (0, 0) and p.winner() is None and p.total_stones() == 48


def test_extra_turn_by_index_and_by_name():
    p = Position.start()
    # B4 (index 2) sows 4 stones into B5, B6, B7 and the store: an extra turn.
    r = p.apply(2)
    assert (r.extra_turn, r.capture, r.game_over, r.passed) == (True, False, False, False)
    assert p.notation() == "4,4,4,4,4,4/4,4,0,5,5,5/0/1/S" and p.to_move == "south"
    # A pit name works as in the terminal; B2's 4 stones reach B3..B6: north moves next.
    r = p.apply("B2")
    assert not r.extra_turn and p.notation() == "4,4,4,4,4,4/0,5,1,6,6,5/0/1/N" and p.to_move == "north"
    assert r.last_cell == 4


def test_capture_kalah_and_homework():
    # South's B2 (1 stone) lands in the empty B3; the opposite pit (north's index 4, A3) holds 5.
    p = Position.from_counts([1, 0, 0, 0, 0, 3], [2, 0, 0, 0, 5, 0])
    r = p.apply(0)
    assert (r.capture, r.captured, r.extra_turn, r.game_over) == (True, 6, False, False)
    assert p.south == [0, 0, 0, 0, 0, 3] and p.north == [2, 0, 0, 0, 0, 0] and p.south_store == 6
    # Opposite pit empty: Kalah does not capture, the homework rule takes the lone stone.
    kalah = Position.from_counts([1, 0, 0, 0, 0, 3], [2, 0, 0, 0, 0, 0])
    assert not kalah.apply(0).capture and kalah.south == [0, 1, 0, 0, 0, 3]
    homework = Position.from_counts([1, 0, 0, 0, 0, 3], [2, 0, 0, 0, 0, 0], rules=Rules("homework"))
    r = homework.apply(0)
    assert (r.capture, r.captured) == (True, 1) and homework.south_store == 1


def test_game_over_sweeps_the_rows():
    # South's last stone goes home: an extra turn, but south's row is empty, so the game ends
    # and north's 6 stones go to north's store: 11 to 11.
    p = Position.from_counts([0, 0, 0, 0, 0, 1], [1, 2, 3, 0, 0, 0], 10, 5)
    r = p.apply(5)
    assert (r.extra_turn, r.game_over) == (True, True)
    assert p.is_over() and p.score() == (11, 11) and p.winner() is None and p.legal_moves() == []
    with pytest.raises(ValueError, match="the game is over"):
        p.apply(0)


def test_relay_pass():
    # Relay: B3's stone goes home (extra turn), B2's lands in the empty B3; north has no
    # stone and passes, so south moves again.
    p = Position.from_counts([1, 1], [0, 0], rules=Rules("relay", pits=2))
    assert p.apply(1).extra_turn
    r = p.apply(0)
    assert (r.passed, r.game_over) == (True, False) and p.to_move == "south"


def test_notation_round_trips():
    p = Position.start(Rules("kalah", pits=6, seeds=4))
    seen = set()
    for move in [2, 5, 0, 1, 3, 4]:
        if move in p.legal_moves():
            p.apply(move)
        q = Position(p.notation())
        assert q == p and q.notation() == p.notation() and hash(q) == hash(p)
        assert Position.from_counts(p.south, p.north, p.south_store, p.north_store, p.to_move) == p
        seen.add(p.notation())
    assert len(seen) == 6
    assert Position("1 2 3/4 5 6/7/8/north").notation() == "1,2,3/4,5,6/7/8/N"
    assert pickle.loads(pickle.dumps(p)) == p
    assert eval(repr(p), {"Position": Position}) == p


def test_positions_as_dict_keys():
    a = Position.start()
    b = a.child(2)  # a new position; a is unchanged
    assert a == Position.start() and b != a
    table = {a: "start", b: "after B4"}
    assert table[Position(START)] == "start"
    assert table[Position("4,4,4,4,4,4/4,4,0,5,5,5/0/1/S")] == "after B4"
    # The rules are part of a position; the seeds per pit (how the game started) are not.
    assert Position(START, "homework") != a
    assert Position(START, Rules("kalah", pits=6, seeds=9)) == a
    c = copy.copy(a)
    c.apply(0)
    assert c != a and copy.deepcopy(c) == c and a.copy() == a
    # Transpositions meet in one key: every position of a short random walk counts once per distinct board.
    counts = {}
    for first in a.legal_moves():
        for second in a.child(first).legal_moves():
            q = a.child(first).child(second)
            counts[q] = counts.get(q, 0) + 1
    assert sum(counts.values()) == sum(len(a.child(m).legal_moves()) for m in a.legal_moves())


def test_observation():
    p = Position("1,2,3/4,5,6/7/8/S", "kalah")
    obs = p.observation()
    assert isinstance(obs, np.ndarray) and obs.dtype == np.float32 and obs.shape == (8,)
    # South to move: its pits B2..B4, its store, north's pits in north's order (A4, A3, A2), A1.
    assert obs.tolist() == [4, 5, 6, 8, 3, 2, 1, 7]
    assert p.observation("south").tolist() == p.cells() == [4, 5, 6, 8, 3, 2, 1, 7]
    north = Position("1,2,3/4,5,6/7/8/N")
    assert north.observation().tolist() == [3, 2, 1, 7, 4, 5, 6, 8]
    assert Position.start().observation().sum() == 48
    with pytest.raises(ValueError, match="perspective must be 'mover' or 'south'"):
        p.observation("west")


def test_numpy_integers_are_moves():
    p = Position.start()
    mask = np.array([m in p.legal_moves() for m in range(6)])
    move = np.argmax(mask)  # a numpy.int64
    assert p.apply(move).extra_turn is False and p.to_move == "north"


def test_bad_moves_are_errors_and_change_nothing():
    p = Position("0,4,4,4,4,4/0,4,4,4,4,4/0/0/S")
    for move, message in [
        (0, "B2 is empty"),
        (6, "south has pits 0 to 5, not 6"),
        (-1, "south has pits 0 to 5, not -1"),
        (10**30, f"south has pits 0 to 5, not {10**30}"),
        ("A3", "A3 is north's pit: south plays B2..B7 or a pit index 0..5"),
        ("B8", "B8 is south's store: south plays B2..B7 or a pit index 0..5"),
        ("3", "'3' is not a pit name: south plays B2..B7 or a pit index 0..5"),
        ("xyz", "'xyz' is not a move: south plays B2..B7 or a pit index 0..5"),
    ]:
        with pytest.raises(ValueError) as error:
            p.apply(move)
        assert str(error.value) == message
        assert not p.is_legal(move)
    for move in [1.5, None, True, [1]]:
        with pytest.raises(TypeError):
            p.apply(move)
    assert p.notation() == "0,4,4,4,4,4/0,4,4,4,4,4/0/0/S"


def test_bad_input_messages_are_the_command_lines(cli_error):
    cases = [
        (lambda: Rules("bogus"), ["analyze", "--rules", "bogus"]),
        (lambda: Rules("kalah:capture=sometimes"), ["analyze", "--rules", "kalah:capture=sometimes"]),
        (lambda: Rules("kalah:capture=never,capture=always"), ["analyze", "--rules", "kalah:capture=never,capture=always"]),
        (lambda: Position("1,2/3"), ["analyze", "--position", "1,2/3"]),
        (lambda: Position("1,x,3/1,2,3/0/0/S"), ["analyze", "--position", "1,x,3/1,2,3/0/0/S"]),
        (lambda: Position("1,2,3/1,2/0/0/S"), ["analyze", "--position", "1,2,3/1,2/0/0/S"]),
        (lambda: Position("1,2,3/1,2,3/0/0/W"), ["analyze", "--position", "1,2,3/1,2,3/0/0/W"]),
        (lambda: Position("1,2,3/1,2,3/0/99999/S"), ["analyze", "--position", "1,2,3/1,2,3/0/99999/S"]),
    ]
    for call, args in cases:
        with pytest.raises(ValueError) as error:
            call()
        assert str(error.value) == cli_error(*args), args


def test_hostile_numbers():
    with pytest.raises(ValueError, match="pits must be a whole number from 1 to 16, got 17"):
        Rules(pits=17)
    with pytest.raises(ValueError, match="pits must be a whole number from 1 to 16, got 0"):
        Rules(pits=0)
    with pytest.raises(ValueError, match="seeds must be a whole number from 0 to 65535"):
        Rules(seeds=-1)
    with pytest.raises(ValueError, match="seeds must be a whole number"):
        Rules(seeds=10**40)
    with pytest.raises(ValueError, match="more than the limit of 65535"):
        Rules(pits=16, seeds=5000)
    with pytest.raises(TypeError):
        Rules(pits="6")
    with pytest.raises(ValueError, match="a south pit must be a whole number from 0 to 65535, got -1"):
        Position.from_counts([-1, 2], [1, 2])
    with pytest.raises(ValueError, match="the rows have different lengths"):
        Position.from_counts([1, 2], [1, 2, 3])
    with pytest.raises(ValueError, match="a row must have between 1 and 16 pits, got 17"):
        Position.from_counts([1] * 17, [1] * 17)
    with pytest.raises(ValueError, match="the board holds more than 65535 stones"):
        Position.from_counts([65535, 1], [0, 0])
    with pytest.raises(ValueError, match="the position has 3 pits a side but the rules have 6"):
        Position("1,2,3/1,2,3/0/0/S", Rules())
    with pytest.raises(TypeError, match="rules must be a mancala.Rules or a rules string"):
        Position(START, 42)
    with pytest.raises(ValueError):
        Position("")
    with pytest.raises(ValueError):
        Position("\x00" * 1000)
    with pytest.raises(ValueError):
        Position.start().pit_name(6)
    with pytest.raises(ValueError, match="not a pickled mancala.Position"):
        Position.__new__(Position).__setstate__(("a",))


def test_module_documents_itself():
    assert "Kalah" in mancala.__doc__
    assert mancala.Position.apply.__doc__ and mancala.Engine.search.__doc__
    assert mancala.__version__
