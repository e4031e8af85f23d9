"""The examples of the Python module's guide (docs/PYTHON.md) run as printed."""

import pathlib
import re
import runpy


GUIDE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "PYTHON.md"


def examples():
    return re.findall(r"```python\n(.*?)```", GUIDE.read_text(), re.S)


def run(example, tmp_path, capsys):
    script = tmp_path / "example.py"
    script.write_text(example)
    runpy.run_path(str(script))
    return capsys.readouterr().out.splitlines()


def test_the_guide_example_runs(tmp_path, capsys):
    example = examples()[0]
    assert len(example.splitlines()) == 10
    lines = run(example, tmp_path, capsys)
    assert lines[0].startswith("MoveResult(extra_turn=True") and lines[0].endswith("south")
    assert lines[3] == "6"
    assert lines[4].startswith("seen [4. 4. 0. 5. 5. 5. 1.")


def test_the_other_examples_run(tmp_path, capsys):
    for example in examples()[1:]:  # each prints what its comments say; here they only have to run
        assert run(example, tmp_path, capsys)


def test_the_self_play_loop_learns_to_beat_random_moves(tmp_path, capsys):
    loop = next(example for example in examples() if "AECEnv" in example)
    assert len([line for line in loop.splitlines() if line.strip()]) <= 30
    (line,) = run(loop, tmp_path, capsys)
    score = float(re.search(r"against random moves: ([+-][0-9.]+)", line).group(1))
    assert score > 0.5, line  # untrained, the same table scores -0.41
