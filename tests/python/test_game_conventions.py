"""OpenSpiel-like conveniences and one way to name a move: current_player, returns(), clone(),
undo(); margin() and winner() of a finished game; a numeric string refused as a move."""

import copy

import pytest

import mancala
from mancala import GameSession, Position, Rules

# South's last stone goes home with south's row then empty: the game ends 11 to 11, a draw,
# and the position's side to move is still south (the extra turn it earned).
DRAWN = ([0, 0, 0, 0, 0, 1], [1, 2, 3, 0, 0, 0], 10, 5)


def test_current_player_is_an_int_and_terminal_once_over():
    p = Position.start()
    assert p.current_player == 0 and mancala.TERMINAL == -4
    p.apply(0)
    assert p.current_player == 1
    drawn = Position.from_counts(*DRAWN)
    drawn.apply(5)
    assert drawn.current_player == mancala.TERMINAL
    s = GameSession()
    assert s.current_player == 0
    s.play(0)
    assert s.current_player == 1


def test_returns_are_per_player_results():
    assert Position.start().returns() == [0.0, 0.0]
    won = Position.from_counts([0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0], 20, 5)
    won.apply(5)
    assert won.is_over() and won.returns() == [1.0, -1.0]
    drawn = Position.from_counts(*DRAWN)
    drawn.apply(5)
    assert drawn.returns() == [0.0, 0.0]
    s = GameSession(start=Position.from_counts(*DRAWN))
    s.play(5)
    assert s.returns() == [0.0, 0.0] and s.winner() is None


def test_winner_of_a_draw_is_none():
    drawn = Position.from_counts(*DRAWN)
    drawn.apply(5)
    assert drawn.is_over() and drawn.score() == (11, 11) and drawn.winner() is None


def test_margin_of_a_finished_game_does_not_depend_on_the_side_to_move():
    # Two finished positions that differ only in the side to move: the margin is south's in both.
    south_to_move = Position("0,0,0,0,0,0/0,0,0,0,0,0/10/38/S")
    north_to_move = Position("0,0,0,0,0,0/0,0,0,0,0,0/10/38/N")
    assert south_to_move.is_over() and north_to_move.is_over()
    assert south_to_move.margin() == north_to_move.margin() == 28
    assert north_to_move.margin("north") == -28
    # Before the end the default stays the side to move's.
    p = Position("4,4,4,4,4,4/4,4,4,4,4,4/3/1/N")
    assert p.margin() == 2 and p.margin("south") == -2


def test_clone_is_a_copy_that_plays_on_alone():
    p = Position.start()
    q = p.clone()
    q.apply(0)
    assert p == Position.start() and q != p
    s = GameSession()
    s.play(2)
    t = s.clone()
    t.play(0)
    assert s.plies == 1 and t.plies == 2 and copy.deepcopy(s).plies == 1


def test_undo_takes_back_one_move():
    s = GameSession()
    with pytest.raises(ValueError, match="no move has been played"):
        s.undo()
    s.play(2)  # B4: an extra turn
    after_one = s.position
    s.play(0)
    s.undo()
    assert s.position == after_one and s.plies == 1 and s.current_player == 0
    s.undo()
    assert s.position == Position.start() and s.plies == 0


def test_a_move_is_an_index_or_a_name_never_a_number_as_text():
    # apply(3) is pit index 3 (B5); "3" was the terminal's third pit (B4): now it is refused.
    p = Position.start()
    with pytest.raises(ValueError, match="^'3' is not a pit name: south plays B2..B7 or a pit index 0..5$"):
        p.apply("3")
    assert p == Position.start() and not p.is_legal("3")
    with pytest.raises(ValueError, match="is not a pit name"):
        p.child("3")
    with pytest.raises(ValueError, match="is not a pit name"):
        GameSession().play("3")
    assert p.child(3) == p.child("B5")
    # parse_move still reads what a person types in the terminal, numbers included.
    assert p.parse_move("3") == 2


def test_solve_at_least_returns_the_bound_it_proved():
    rules = Rules("kalah", pits=4, seeds=3)
    value = mancala.solve(rules, threads=1).value
    low = mancala.solve(rules, threads=1, method="search", at_least=value - 4)
    assert low.holds is True and low.bound == 1 and value - 4 <= low.value <= value
    assert repr(low).startswith(f"Solution(at_least={low.value}, holds=True,")
    high = mancala.solve(rules, threads=1, method="search", at_least=value + 1)
    assert high.holds is False and high.bound == -1 and high.value >= value
    assert repr(high).startswith(f"Solution(at_most={high.value}, holds=False,")
    # Retrograde analysis finds the exact value, the strongest bound: it says so, and answers.
    exact = mancala.solve(rules, threads=1, method="retrograde", at_least=value + 1)
    assert exact.bound == 0 and exact.value == value and exact.holds is False
    assert mancala.solve(rules, threads=1).holds is None
