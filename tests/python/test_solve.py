"""solve() against `mancala solve`, and Database against `mancala db query`: Kalah-shaped games and
those whose positions repeat (Oware, Awari, Bohnenspiel: their databases)."""

import pytest

import mancala
from mancala import Database, Position, Rules


@pytest.mark.parametrize("rules,pits,seeds,method", [
    ("kalah", 4, 3, "auto"),
    ("homework", 4, 2, "auto"),
    ("relay", 3, 2, "auto"),
    ("kalah", 3, 4, "search"),
    ("oware", 3, 2, "auto"),
    ("awari", 2, 3, "retrograde"),
    ("bohnenspiel", 3, 1, "auto"),
])
def test_solve_equals_the_command_line(cli_json, rules, pits, seeds, method):
    cli = cli_json("solve", "--rules", rules, "--pits", pits, "--seeds", seeds, "--threads", 1, "--method", method)
    s = mancala.solve(Rules(rules, pits=pits, seeds=seeds), method=method, threads=1)
    assert s.value == cli["value"]  # a start position: south moves, the command line's first player
    # auto races the search against the analysis's expected time: which wins depends on the
    # machine's load, so only a method named outright must be the same
    if rules in ("oware", "awari", "bohnenspiel"):  # solved by the database, every best move named
        assert s.method == cli["method"] == "database" and s.best_move_names == cli["best_moves"]
        return
    assert s.method == cli["method"] if method != "auto" else s.method in ("retrograde", "search")
    # Retrograde analysis names every best move, the search one of them: under auto either may
    # answer each side, so the two lists must share a move (the search's is among the analysis's).
    assert set(s.best_move_names) & set(cli["best_moves"]), (s.best_move_names, cli["best_moves"])


def test_known_values():
    # Kalah(4,3): the first player wins by 6 (the analyze example of docs/CLI.md proves the same).
    assert mancala.solve(Rules("kalah", pits=4, seeds=3), threads=1).value == 6
    s = mancala.solve(Rules("kalah", pits=3, seeds=3), threads=1, method="retrograde")
    assert s.method == "retrograde" and s.work > 0 and s.seconds >= 0


def test_solve_a_position_with_north_to_move(cli_json):
    text = "3,0,4/2,2,1/3/5/N"
    cli = cli_json("solve", "--position", text, "--threads", 1)
    s = mancala.solve(Position(text), threads=1)
    # The command line names the first player's (south's) margin; solve() the mover's.
    assert s.value == -cli["value"] and s.best_move_names == cli["best_moves"]
    assert mancala.solve(Position(text), threads=1, method="search").value == s.value


def test_solve_refuses_bad_input():
    with pytest.raises(ValueError, match="the game is already over in this position"):
        mancala.solve(Position("0,0/0,0/3/5/S"))
    with pytest.raises(ValueError, match="method must be auto, retrograde or search"):
        mancala.solve(Rules(pits=2, seeds=1), method="guess")
    with pytest.raises(ValueError, match="threads must be a whole number from 1 to 256"):
        mancala.solve(Rules(pits=2, seeds=1), threads=0)
    with pytest.raises(ValueError, match="retrograde analysis holds up to 127 stones"):
        mancala.solve(Rules(pits=6, seeds=20), method="retrograde")
    with pytest.raises(TypeError):
        mancala.solve("kalah")


def test_solve_refuses_what_a_database_cannot_answer(cli_error):
    with pytest.raises(ValueError, match="^oware is solved by its database .*: a search proves no value"):
        mancala.solve(Rules("oware", pits=2, seeds=1), method="search")
    with pytest.raises(ValueError, match="^at_least and hash are for Kalah-shaped games; awari is solved"):
        mancala.solve(Rules("awari", pits=2, seeds=1), at_least=0)
    # Oware's own board needs the 48-seed tiers, 1.40 T boards: refused before any work, as the command line does.
    with pytest.raises(ValueError) as error:
        mancala.solve(Rules("oware"), max_memory=1000)
    assert str(error.value) == cli_error("solve", "--rules", "oware", "--max-memory", 1000)
    assert str(error.value).startswith("building oware up to 48 seeds needs about ")
    with pytest.raises(ValueError, match="^solve works on oware, awari, bohnenspiel and vai-lung-thlan .*mangala"):
        mancala.solve(Rules("mangala", pits=2, seeds=1))


@pytest.fixture(scope="module")
def database(tmp_path_factory, run_cli):
    folder = tmp_path_factory.mktemp("db")
    for rules in ["kalah", "homework", "oware", "awari"]:
        code, _, err = run_cli("db", "build", "--rules", rules, "--pits", 4, "--max-stones", 8, "--out", folder,
                               "--threads", 1, "--quiet")
        assert code == 0, err
    return str(folder)


@pytest.mark.parametrize("rules,text", [
    ("kalah", "1,0,2,0/0,1,0,2/10/12/S"),
    ("kalah", "0,3,0,1/2,0,0,1/8/9/N"),
    ("homework", "1,1,1,1/1,1,1,1/2/3/S"),
    ("kalah", "0,0,0,0/0,0,0,0/12/12/S"),
    ("oware", "1,0,2,0/0,1,0,2/10/12/S"),
    ("oware", "0,3,0,1/2,0,0,1/8/9/N"),
    ("oware", "2,0,0,0/0,0,0,0/1/1/S"),
    ("awari", "1,1,1,1/1,1,1,1/2/3/S"),
    ("awari", "0,0,0,1/0,0,2,0/5/4/N"),
])
def test_database_values_equal_db_query(cli_json, database, rules, text):
    cli = cli_json("db", "query", "--db", database, "--rules", rules, "--pits", 4, "--position", text)
    position = Position(text, rules)
    db = Database(database)
    assert db.value(position) == cli["value"]
    values = db.move_values(position)
    assert {position.pit_name(m): v for m, v in values.items()} == {m["move"]: m["value"] for m in cli["moves"]}
    if values:  # the best move keeps the value
        assert max(values.values()) == db.value(position)
        if rules in ("oware", "awari"):  # and so does the solution, which names every best move
            solution = mancala.solve(position, threads=1)
            assert solution.value == db.value(position) and solution.method == "database"
            assert solution.best_moves == [m for m, v in values.items() if v == solution.value]
    assert db.max_stones(Rules(rules, pits=4)) == 8


def test_database_errors(database, cli_error, tmp_path):
    db = Database(database)
    many = Position("3,3,3,3/3,3,3,3/0/0/S")
    with pytest.raises(ValueError) as error:
        db.value(many)
    assert str(error.value) == cli_error("db", "query", "--db", database, "--pits", 4, "--position", many.notation())
    relay = Position("1,0,2,0/0,1,0,2/10/12/S", "relay")
    with pytest.raises(ValueError) as error:
        db.value(relay)
    assert str(error.value) == cli_error("db", "query", "--db", database, "--rules", "relay", "--pits", 4,
                                         "--position", relay.notation())
    assert db.max_stones(Rules("relay", pits=4)) == -1
    assert db.max_stones(Rules("bohnenspiel", pits=4)) == -1
    with pytest.raises(ValueError, match="^the endgame databases work on oware, .*; mangala is not one"):
        db.value(Position.start("mangala"))
    with pytest.raises(ValueError, match="not a folder"):
        Database(str(tmp_path / "missing"))


def test_database_build_from_python(tmp_path):
    db = Database(str(tmp_path))
    rules = Rules("kalah", pits=3)
    assert db.build(rules, max_stones=6) == 6
    position = Position("1,0,2/0,1,2/10/8/S")
    assert db.value(position) == mancala.solve(position, threads=1).value
    with pytest.raises(ValueError, match="max_stones must be a whole number from 0 to 127"):
        db.build(rules, max_stones=200)
    awari = Rules("awari", pits=3)
    assert db.max_stones(awari) == -1 and db.build(awari, max_stones=6) == 6 and db.max_stones(awari) == 6
    position = Position("1,0,2/0,1,2/10/8/S", "awari")
    assert db.value(position) == mancala.solve(position, threads=1).value
    with pytest.raises(ValueError, match="^building awari up to 40 seeds needs about .* more than --max-memory 1 MiB"):
        db.build(awari, max_stones=40, max_memory=1)
    assert db.max_stones(awari) == 6


def test_a_bound_question_is_answered_as_the_command_line_does(cli_json):
    rules = Rules("kalah", pits=4, seeds=3)
    value = mancala.solve(rules, threads=1).value
    held = mancala.solve(rules, threads=1, at_least=value)
    refuted = mancala.solve(rules, threads=1, at_least=value + 1)
    assert held.bound == 1 and held.value >= value
    assert refuted.bound == -1 and refuted.value <= value
    cli = cli_json("solve", "--pits", 4, "--seeds", 3, "--threads", 1, "--at-least", value + 1)
    assert cli["holds"] is False and cli["at_most"] == refuted.value
