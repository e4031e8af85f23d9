"""The README's example of the Python module runs as printed."""

import pathlib
import re
import runpy


README = pathlib.Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_example_runs(tmp_path, capsys):
    text = README.read_text()
    section = text[text.index("## Python module"):]
    example = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    assert len(example.splitlines()) == 10
    script = tmp_path / "example.py"
    script.write_text(example)
    runpy.run_path(str(script))
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("MoveResult(extra_turn=True") and lines[0].endswith("south")
    assert lines[3] == "6"
    assert lines[4].startswith("seen [4. 4. 0. 5. 5. 5. 1.")
