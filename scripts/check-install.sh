#!/usr/bin/env bash
# Checks the ways the project installs, from the build/ that scripts/build.sh made (so each is
# CMake's incremental build, seconds): `pip install .` in a fresh virtual environment and with
# --target DIR, each then imported from another folder, its `mancala` command run and the
# package's tests run against it; and `cmake --install` into a prefix. No network is needed.
#   scripts/check-install.sh
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PIP_DISABLE_PIP_VERSION_CHECK=1  # its check would ask the package index, out of reach
# The Python build/ was configured for (one with NumPy and pytest, python/CMakeLists.txt): another
# minor version would make pip's build a full one in build-pip/.
python=$(sed -n 's/^Python3_EXECUTABLE:FILEPATH=//p' build/CMakeCache.txt)

echo "check-install: pip install . in a virtual environment"
"$python" -m venv "$work/venv"
"$work/venv/bin/pip" install -q "$repo"
(cd "$work" && venv/bin/python -c "import mancala, sys; assert mancala.__file__.startswith(sys.prefix), mancala.__file__; print(mancala.Position.start())")
"$work/venv/bin/mancala" --version

echo "check-install: pip install --target DIR ."
"$work/venv/bin/pip" install -q --target "$work/target" "$repo"
(cd "$work" && PYTHONPATH=target "$python" -c "import mancala; assert 'target' in mancala.__file__; print(mancala.solve(mancala.Rules('kalah', pits=3, seeds=2), threads=1))")
# The package's tests against the installed copy; the binary found by the tests themselves
# (no MANCALA_BINARY): on PATH, where pip put it.
(cd "$work" && env -u MANCALA_BINARY PATH="$work/target/bin:$PATH" PYTHONPATH=target \
  "$python" -m pytest -q -p no:cacheprovider "$repo/tests/python/test_core.py" "$repo/tests/python/test_stub.py" \
  "$repo/tests/python/test_numpy_optional.py" "$repo/tests/python/test_game_conventions.py" \
  "$repo/tests/python/test_gym_shapes.py")

echo "check-install: cmake --install build --prefix DIR"
cmake --install build --prefix "$work/prefix" >/dev/null
"$work/prefix/bin/mancala" --version
test -f "$work/prefix/share/mancala/web/index.html"
site=$("$python" -c "import sysconfig; print(sysconfig.get_path('platlib', 'posix_prefix', vars={'platbase': '.', 'base': '.'}))")
(cd "$work" && PYTHONPATH="prefix/$site" "$python" -c "import mancala; assert 'prefix' in mancala.__file__")
echo "check-install: every way installs"
