"""playouts() and VectorEnv: batches played in C++, checked against the one-game API
(GameSession, Env) move by move."""

import numpy as np
import pytest

import mancala

FAMILY = [entry.name for entry in mancala.games()]  # every game of the catalogue


def replay(rules, moves, max_plies):
    """The game of `moves` played again with GameSession: (south's margin, plies, over, repetition)."""
    session = mancala.GameSession(rules)
    for move in moves:
        assert not session.is_over()
        assert move in session.legal_moves()
        session.play(move)
    south, north = session.score()
    over = session.is_over()
    assert over or len(moves) == max_plies
    return south - north, len(moves), over, session.ended_by_repetition


@pytest.mark.parametrize("rules", FAMILY)
def test_each_playout_replays_move_for_move_in_a_game_session(rules):
    max_plies = 400
    r = mancala.playouts(rules, 60, seed=3, max_plies=max_plies, moves=True)
    for i, moves in enumerate(r["moves"]):
        margin, plies, over, repetition = replay(rules, moves, max_plies)
        assert r["margin"][i] == margin and r["plies"][i] == plies, i
        assert r["truncated"][i] == (not over) and r["repetition"][i] == repetition, i
        assert r["result"][i] == (np.sign(margin) if over else 0), i


def test_arrays_have_one_entry_a_game_and_a_seed_replays_the_batch():
    r = mancala.playouts("kalah", 500, seed=11)
    assert r["margin"].dtype == np.int32 and r["result"].dtype == np.int8 and r["plies"].dtype == np.int32
    assert r["truncated"].dtype == np.bool_ and all(len(a) == 500 for a in r.values())
    assert not r["truncated"].any() and (r["plies"] > 0).all()
    again = mancala.playouts("kalah", 500, seed=11)
    assert all(np.array_equal(r[k], again[k]) for k in r)
    other = mancala.playouts("kalah", 500, seed=12)
    assert not np.array_equal(r["plies"], other["plies"])
    # Random Kalah(6,4): the first player wins a little more often than it loses.
    assert 0.40 < (r["result"] == 1).mean() < 0.60


def test_agents_of_a_spec_play_as_the_same_agents_from_python():
    spec = ("alphabeta:depth=2", "greedy")
    r = mancala.playouts(mancala.Rules("kalah", pits=4, seeds=3), 5, agent=spec, seed=1, moves=True)
    south, north = (mancala.agent(s, seed=1) for s in spec)
    for moves in r["moves"]:
        position = mancala.Rules("kalah", pits=4, seeds=3).start()
        for move in moves:
            mover = south if position.to_move == "south" else north
            if mover.spec.startswith("alphabeta"):  # deterministic: the same move from Python
                assert int(mover.choose(position)) == move
            position = position.child(move)
        assert position.is_over()


def test_bad_arguments_are_refused_by_name():
    with pytest.raises(ValueError, match="n must be"):
        mancala.playouts("kalah", 0)
    with pytest.raises(ValueError, match="agent must be"):
        mancala.playouts("kalah", 3, agent=("random",))
    with pytest.raises(ValueError):
        mancala.playouts("kalah", 3, agent="no-such-agent")
    with pytest.raises(ValueError, match="first must be"):
        mancala.playouts("kalah", 3, first="east")
    with pytest.raises(ValueError, match="n must be"):
        mancala.playouts("kalah", 2_000_000, moves=True)


def legal_choice(mask, rng):
    """A random legal action per row (0 for a row with none: its action is ignored)."""
    return np.where(mask.any(axis=1), (rng.random(mask.shape) * mask).argmax(axis=1), 0)


@pytest.mark.parametrize("rules", FAMILY)
@pytest.mark.parametrize("learner", ["south", "north"])
def test_each_board_steps_as_an_env_does(rules, learner):
    """Against a deterministic opponent each board is an Env given the same actions;
    a board that ends starts again at the next step (autoreset 'next step')."""
    n, opponent = 6, "alphabeta:depth=1"
    vector = mancala.VectorEnv(rules, n, opponent=opponent, learner=learner, reward="margin", max_plies=300)
    envs = [mancala.Env(rules, opponent=opponent, learner=learner, reward="margin", max_plies=300) for _ in range(n)]
    obs, info = vector.reset(seed=1)
    singles = [env.reset() for env in envs]
    done = np.zeros(n, dtype=bool)
    rng = np.random.default_rng(5)
    episodes = 0
    for _ in range(400):
        for i, (single_obs, single_info) in enumerate(singles):
            assert np.array_equal(obs[i], single_obs), i
            assert np.array_equal(info["action_mask"][i], single_info["action_mask"]), i
        actions = legal_choice(info["action_mask"], rng)
        obs, rewards, terminated, truncated, info = vector.step(actions)
        for i, env in enumerate(envs):
            if done[i]:
                singles[i] = env.reset()
                assert rewards[i] == 0 and not terminated[i] and not truncated[i]
                episodes += 1
            else:
                single_obs, reward, term, trunc, single_info = env.step(int(actions[i]))
                singles[i] = (single_obs, single_info)
                assert (rewards[i], terminated[i], truncated[i]) == (reward, term, trunc), i
                assert info["margin"][i] == single_info["margin"] and info["plies"][i] == single_info["plies"]
        done = terminated | truncated
    assert episodes >= n  # every board finished at least one game and began another


def test_a_random_opponent_keeps_every_board_legal_and_a_seed_replays():
    vector = mancala.VectorEnv("kalah", 256, seed=4)
    assert vector.num_envs == 256 and vector.metadata["autoreset_mode"] == "NextStep"
    obs, info = vector.reset()
    assert obs.shape == (256, 14) and obs.dtype == np.float32 and info["action_mask"].shape == (256, 6)
    rng = np.random.default_rng(2)
    finished = 0
    for _ in range(200):
        obs, rewards, terminated, truncated, info = vector.step(legal_choice(info["action_mask"], rng))
        assert (obs.sum(axis=1) == 48).all()  # stones are kept
        assert set(np.unique(rewards)) <= {-1.0, 0.0, 1.0}
        finished += int(terminated.sum())
    assert finished > 256
    first, _ = mancala.VectorEnv("kalah", 8, learner="random", seed=9).reset()
    again, _ = mancala.VectorEnv("kalah", 8, learner="random", seed=9).reset()
    assert np.array_equal(first, again)


def test_actions_are_checked_before_any_board_moves():
    rules = mancala.Rules("kalah", pits=4, seeds=2)

    def first_legal(info):
        return np.array([int(np.flatnonzero(m)[0]) if m.any() else 0 for m in info["action_mask"]])

    vector = mancala.VectorEnv(rules, 4, seed=1)
    _, info = vector.reset()
    _, _, terminated, truncated, info = vector.step(first_legal(info))  # empties a pit on every board
    legal = first_legal(info)
    board = next(i for i, m in enumerate(info["action_mask"]) if m.any() and not m.all())
    bad = legal.copy()
    bad[board] = int(np.flatnonzero(~info["action_mask"][board])[0])
    with pytest.raises(ValueError, match=rf"actions\[{board}\]: .* (is empty|not a legal move)"):
        vector.step(bad)
    with pytest.raises(ValueError, match=r"actions\[2\] must be a pit index from 0 to 3, got 7"):
        vector.step(np.array([legal[0], legal[1], 7, legal[3]]))
    with pytest.raises(TypeError, match="integers"):
        vector.step(legal.astype(np.float64))
    with pytest.raises(ValueError, match="shape"):
        vector.step(legal[:2])
    # Nothing moved: the refused steps left every board where the first step put it.
    after = vector.step(legal)[0]
    replay = mancala.VectorEnv(rules, 4, seed=1)
    _, replay_info = replay.reset()
    replay.step(first_legal(replay_info))
    assert np.array_equal(after, replay.step(legal)[0])
