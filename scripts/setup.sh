#!/usr/bin/env bash
# Installs every Debian package the project needs to build, test and benchmark.
# Safe to run twice: it installs only what is missing.
set -euo pipefail

packages=(
  build-essential cmake ninja-build git
  libcli11-dev libfmt-dev nlohmann-json3-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libcpp-httplib-dev pkg-config
  libboost-dev libsqlite3-dev sqlite3 prometheus-cpp-dev
  time clang-format
)
# the Python module (python/) and its tests: pybind11, Python's headers, NumPy, pytest
packages+=(pybind11-dev python3-dev python3-numpy python3-pytest)
# `pip install .` and its check (scripts/check-install.sh): pip, and venv for its environments
packages+=(python3-pip python3-venv)
# the fuzz targets (scripts/fuzz.sh): clang, and libFuzzer with the sanitizers' runtimes
# (in libclang-rt-14-dev, only recommended by clang and so not installed along with it here)
packages+=(clang libclang-rt-14-dev)
# builds and proofs across processes (mpirun -np N mancala ...): Open MPI
packages+=(libopenmpi-dev openmpi-bin)
# the browser tests (tests/browser): Debian's Chromium; Node.js and npm only if no node is installed
packages+=(chromium)
command -v node >/dev/null 2>&1 || packages+=(nodejs npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=()
  [[ $(id -u) -ne 0 ]] && sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "setup: all packages present"
fi
