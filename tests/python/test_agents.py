"""agent(spec): every kind of the registry chooses legal moves; analyses; bad specs."""

import random

import pytest

import mancala
from mancala import Position, Rules

# Quick settings of every kind, so that whole games stay fast.
QUICK = {
    "random": "random:seed=3",
    "greedy": "greedy",
    "minimax": "minimax:depth=2",
    "alphabeta": "alphabeta:depth=3",
    "engine": "engine:depth=6",
    "mcts": "mcts:iterations=200,seed=1",
    "evolution": "evolution:population=8,generations=4,seed=1",
    "perfect": "perfect:time=1s",
}


def test_every_kind_is_offered():
    kinds = [k["name"] for k in mancala.agents()]
    assert sorted(kinds) == sorted(QUICK)
    for kind in mancala.agents():
        assert mancala.agent(kind["example"]).spec.startswith(kind["name"])


@pytest.mark.parametrize("kind", sorted(QUICK))
def test_agents_play_legal_moves_to_the_end(kind):
    agent = mancala.agent(QUICK[kind])
    opponent = mancala.agent("random", seed=5)
    p = Rules("kalah", pits=4, seeds=3).start()
    while not p.is_over():
        mover = agent if p.to_move == "south" else opponent
        d = mover.choose(p)
        assert d.move in p.legal_moves() and d.name == p.pit_name(d.move)
        p.apply(d)  # a Decision is a move (__index__)
    assert sum(p.score()) == 24


def test_choose_with_a_time_cap():
    agent = mancala.agent("engine:time=30s")
    d = agent.choose(Position.start(), time=0.2)
    assert d.move in range(6) and d.score is not None and "depth" in d.summary


def test_the_engine_prepares_its_own_database():
    # Kalah(3,3): a database of 17 stones, so a position of 9 stones in the pits is exact at depth 1.
    rules = Rules("kalah", pits=3, seeds=3)
    p = Position("1,2,1/3,0,2/5/4/S", "kalah")
    agent = mancala.agent("engine:depth=1")
    agent.prepare(rules)
    assert agent.choose(p).exact
    assert not mancala.agent("engine:depth=1,db-size=0").choose(p).exact
    with pytest.raises(TypeError):
        agent.prepare("kalah")


def test_analyze():
    scores = mancala.agent("engine:depth=8").analyze(Position.start())
    assert sorted(s.move for s in scores) == list(range(6))
    for s in scores:
        assert s.pv[0] == s.move and s.pv_names[0] == s.name
    # The same depth's choice.
    best = max(scores, key=lambda s: s.score)
    assert mancala.agent("engine:depth=8").choose(Position.start()).score == best.score
    assert mancala.agent("random").analyze(Position.start()) == []


def test_perfect_agent_proves_a_small_game():
    d = mancala.agent("perfect:time=20s").choose(Rules("kalah", pits=3, seeds=3).start())
    assert d.exact and d.score == mancala.solve(Rules("kalah", pits=3, seeds=3), threads=1).value


def test_seeded_agents_replay():
    def game(seed):
        agent = mancala.agent("mcts:iterations=100", seed=seed)
        p, moves = Position.start(), []
        while not p.is_over() and len(moves) < 20:
            moves.append(agent.choose(p).move)
            p.apply(moves[-1])
        return moves

    assert game(7) == game(7)
    assert mancala.agent("random", seed=7).spec == "random:seed=7"


def test_bad_specs_are_value_errors_with_the_command_lines_message(cli_error):
    for spec in ["bogus", "engine:time=abc", "engine:depth=0", "mcts:iterations=x", "engine:colour=red", "engine:depth"]:
        with pytest.raises(ValueError) as error:
            mancala.agent(spec)
        cli = cli_error("play", "--south", spec, "--north", "random")
        assert cli.endswith(str(error.value)), (spec, cli)
    with pytest.raises(ValueError, match="db /nonexistent: not a folder"):
        mancala.agent("perfect", db="/nonexistent")
    with pytest.raises(ValueError, match="seed must be a whole number from 0 to 2000000000"):
        mancala.agent("random", seed=-1)


def test_no_move_to_choose_at_the_end():
    over = Position("0,0,0/0,0,0/5/4/S")
    assert over.is_over()
    with pytest.raises(ValueError, match="the game is over in this position"):
        mancala.agent("random").choose(over)
    with pytest.raises(ValueError, match="time must be a number of seconds above 0"):
        mancala.agent("random").choose(Position.start(), time=-1)
    with pytest.raises(ValueError, match="time must be a number of seconds above 0"):
        mancala.agent("random").choose(Position.start(), time=float("nan"))


def test_random_games_from_python_reach_the_end():
    rng = random.Random(1)
    for _ in range(50):
        p = Rules("homework", pits=5, seeds=3).start()
        while not p.is_over():
            p.apply(rng.choice(p.legal_moves()))
        assert sum(p.score()) == 30 and p.winner() in ("south", "north", None)


def test_another_program_plays_through_the_engine_protocol(binary):
    # `mancala engine` serving alphabeta plays exactly as alphabeta in process.
    rules = Rules("kalah", 4, 3)
    inside = mancala.agent("alphabeta:depth=3")
    outside = mancala.agent(f"cmd:{binary} engine --agent alphabeta:depth=3")
    assert outside.spec.startswith("cmd:")
    position = Position.start(rules)
    while not position.is_over():
        move = outside.choose(position, time=2.0)
        expected = inside.choose(position, time=2.0)
        assert (move.move, move.score) == (expected.move, expected.score)
        position.apply(move.move)


def test_a_program_that_cannot_run_is_a_value_error():
    with pytest.raises(ValueError, match="no program '/no/such/engine'"):
        mancala.agent("cmd:/no/such/engine")
