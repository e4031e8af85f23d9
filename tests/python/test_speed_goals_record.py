"""scripts/speed_goals.py --record: each sitting one JSON line added to the file, the lines
before it kept as they were (the script is not part of the module; it is loaded from its path)."""

import importlib.util
import json
import pathlib
import types

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent


def load_script():
    spec = importlib.util.spec_from_file_location("speed_goals", ROOT / "scripts" / "speed_goals.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_each_sitting_is_one_line_added_after_the_others(tmp_path):
    goals = load_script()
    bench = goals.Figure("bench, one thread", goals.bench_rate, "M nodes/s", 20)
    bench.values = [10.51234, 12.0]
    solve = goals.Figure("Kalah(6,4), one thread", goals.wall_seconds, "s", 10, higher_is_better=False)
    solve.values = [15.7, 16.2]
    args = types.SimpleNamespace(runs=2, long=False)
    path = tmp_path / "speed" / "sittings.jsonl"
    # A file whose last line lacks its newline still gets the new line on a line of its own.
    path.parent.mkdir()
    path.write_text('{"commit": "older"}')

    goals.record(path, "abc1234", "2026-11-29 21:00 UTC", args, [bench, solve], [1.2, 1.1])
    machine = {"model name": "Some Processor", "model": "167", "caches": {"L2": "2048K"}}
    goals.record(path, "abc1235", "2026-11-29 22:00 UTC", args, [bench], [1.0], machine)

    lines = path.read_text().splitlines()
    assert len(lines) == 3
    assert json.loads(lines[0]) == {"commit": "older"}
    first = json.loads(lines[1])
    assert first["commit"] == "abc1234" and first["time"] == "2026-11-29 21:00 UTC" and first["rounds"] == 2
    assert first["figures"][0] == {"name": "bench, one thread", "unit": "M nodes/s", "goal": 20,
                                   "higher_is_better": True, "values": [10.512, 12.0]}
    assert first["figures"][1]["higher_is_better"] is False and first["figures"][1]["values"] == [15.7, 16.2]
    assert first["depth_24_over_18"] == [1.2, 1.1]
    assert "processor" not in first
    second = json.loads(lines[2])
    assert second["commit"] == "abc1235" and second["processor"] == machine
    assert not (path.parent / "sittings.jsonl.tmp").exists()


def test_the_processor_is_read_from_the_first_processors_block(tmp_path):
    goals = load_script()
    cpuinfo = tmp_path / "cpuinfo"
    cpuinfo.write_text("processor\t: 0\ncpu family\t: 6\nmodel\t\t: 167\nmodel name\t: First Processor\n"
                       "stepping\t: 1\n\nprocessor\t: 1\nmodel name\t: Second Processor\nmodel\t\t: 99\n")
    caches = tmp_path / "cache"
    for index, (level, kind, size) in enumerate([("1", "Data", "48K"), ("1", "Instruction", "64K"),
                                                 ("2", "Unified", "2048K")]):
        folder = caches / f"index{index}"
        folder.mkdir(parents=True)
        (folder / "level").write_text(level + "\n")
        (folder / "type").write_text(kind + "\n")
        (folder / "size").write_text(size + "\n")
    assert goals.processor(cpuinfo, caches) == {
        "cpu family": "6", "model": "167", "model name": "First Processor", "stepping": "1",
        "caches": {"L1d": "48K", "L1i": "64K", "L2": "2048K"}}
    # Nothing readable: nothing said.
    assert goals.processor(tmp_path / "missing", tmp_path / "missing") == {}
