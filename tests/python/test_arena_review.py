"""arena() and review() from Python: the same tournament and the same review as the command
line's, as dicts."""

import json
import sys
import types

import pytest

import mancala

AGENTS = ["greedy", "random", "alphabeta:depth=2"]
SMALL = mancala.Rules("kalah", pits=4, seeds=3)


def without_times(rows):
    return [{k: v for k, v in row.items() if k not in ("ms_per_move", "think")} for row in rows]


def test_arena_plays_the_tournament_the_command_line_plays(run_cli, tmp_path):
    code, _, err = run_cli("arena", "--pits", 4, "--seeds", 3, "--agents", *AGENTS, "--games", 6, "--seed", 3,
                           "--openings-plies", 2, "--jobs", 1, "--quiet", "--out", tmp_path / "cli")
    assert code == 0, err
    cli = json.loads((tmp_path / "cli" / "results.json").read_text())
    ours = mancala.arena(AGENTS, rules=SMALL, games=6, seed=3, openings_plies=2, jobs=2)
    assert ours["games_played"] == cli["games_played"] == 18 and ours["complete"]
    assert without_times(ours["standings"]) == without_times(cli["standings"])
    assert ours["pairwise"] == cli["pairwise"]
    assert [g["moves"] for g in ours["games"]] == [
        json.loads(line)["moves"] for line in (tmp_path / "cli" / "journal.jsonl").read_text().splitlines()[1:]
    ]


def test_arena_writes_its_files_and_resumes_its_journal(tmp_path):
    out = tmp_path / "run"
    first = mancala.arena(AGENTS[:2], rules=SMALL, games=4, seed=1, out=str(out))
    assert sorted(first["written"]) == ["games.csv", "ratings.svg", "results.csv", "results.json"]
    assert (out / "journal.jsonl").exists()
    again = mancala.arena(AGENTS[:2], rules=SMALL, games=4, seed=1, out=str(out))
    assert [g["moves"] for g in again["games"]] == [g["moves"] for g in first["games"]]


def test_arena_gives_data_frames_when_pandas_is_there(monkeypatch):
    frames = []
    fake = types.ModuleType("pandas")
    fake.DataFrame = lambda records: frames.append(records) or ("frame", len(records))
    monkeypatch.setitem(sys.modules, "pandas", fake)
    r = mancala.arena(AGENTS[:2], rules=SMALL, games=2, seed=1)
    assert r["standings_frame"] == ("frame", 2) and r["games_frame"] == ("frame", 2)
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas now raises ImportError
    r = mancala.arena(AGENTS[:2], rules=SMALL, games=2, seed=1)
    assert r["standings_frame"] is None and r["games_frame"] is None


def test_arena_refuses_bad_input_by_name():
    with pytest.raises(ValueError, match="at least two"):
        mancala.arena(["greedy"])
    with pytest.raises(ValueError):
        mancala.arena(["greedy", "no-such-agent"], games=1)
    with pytest.raises(ValueError, match="games must be"):
        mancala.arena(AGENTS, games=0)


def played_game():
    session = mancala.GameSession(SMALL)
    while not session.is_over():
        session.play(session.legal_moves()[-1])
    return session


def test_review_grades_a_game_as_the_command_line_does(cli_json):
    session = played_game()
    # Estimates only (time=0) at a fixed depth: the values do not depend on the clock.
    ours = mancala.review(session, time=0, depth=6, db_size=0)
    cli = cli_json("review", "--pits", 4, "--seeds", 3, "--moves", " ".join(session.move_names), "--time", "0",
                   "--depth", 6, "--db-size", 0, "--quiet")
    assert ours["moves"] == cli["moves"] and ours["summary"] == cli["summary"]
    # The same game given as rules and pit indices, or as names.
    assert mancala.review(SMALL, moves=session.moves, time=0, depth=6, db_size=0)["moves"] == ours["moves"]
    assert mancala.review(SMALL, moves=" ".join(session.move_names), time=0, depth=6, db_size=0)["moves"] == ours["moves"]


def test_review_refuses_a_game_it_cannot_read():
    with pytest.raises(ValueError, match="holds its moves"):
        mancala.review(played_game(), moves="B2")
    with pytest.raises(ValueError, match="give the moves"):
        mancala.review(SMALL)
    with pytest.raises(ValueError, match="empty"):
        mancala.review(SMALL, moves=[0, 0, 0])


@pytest.mark.parametrize("rules", [entry.name for entry in mancala.games()])
def test_every_game_of_the_family_has_a_tournament_and_a_review(rules):
    r = mancala.arena(["greedy", "random"], rules=rules, games=2, seed=2)
    assert r["complete"] and len(r["games"]) == 2
    session = mancala.GameSession(rules)
    for _ in range(4):
        session.play(session.legal_moves()[0])
    review = mancala.review(session, time=0, depth=2, db_size=0)
    assert [m["move"] for m in review["moves"]] == session.move_names
