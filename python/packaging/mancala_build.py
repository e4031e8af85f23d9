"""The PEP 517 (and PEP 660) build backend of `pip install .`: the standard library only.

pip installs a backend named in build-system.requires from the package index, which this
project's machines cannot reach, and scikit-build-core is not in Debian 12: so the backend
lives in the tree (pyproject.toml: backend-path) and needs nothing. It runs the project's
CMake build for the package and the binary, then writes the wheel itself (PEP 427: a zip with
a .dist-info folder of METADATA, WHEEL and RECORD, RECORD with each file's sha256).

The build folder: $MANCALA_BUILD_DIR if set; else build/ when it is configured for this
interpreter's ABI with the package on (then pip's build is CMake's incremental one, seconds
after ./scripts/build.sh); else build-pip/, configured here on first use (a full build).
"""

import base64
import csv
import hashlib
import io
import os
import pathlib
import shutil
import stat
import subprocess
import sys
import sysconfig
import tarfile
import zipfile

try:
    import tomllib
except ImportError:  # Python before 3.11: tomli, where installed, is the same parser
    import tomli as tomllib

SOURCE = pathlib.Path(__file__).resolve().parents[2]
# The package's own files (python/mancala/), which the build copies beside the extension.
PACKAGE_FILES = tuple(sorted(p.name for p in (SOURCE / "python" / "mancala").iterdir()
                             if p.suffix in (".py", ".pyi") or p.name == "py.typed"))


def _project():
    with open(SOURCE / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]


def _dist_name():
    project = _project()
    return project["name"].replace("-", "_"), project["version"]


def _tag():
    # The extension is built for this interpreter: cp311-cp311-linux_x86_64 and the like.
    interpreter = f"{sys.implementation.name[:2]}{sys.version_info.major}{sys.version_info.minor}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{interpreter}-{interpreter}-{platform}"


def _metadata():
    project = _project()
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
        f"Summary: {project['description']}",
        f"Requires-Python: {project['requires-python']}",
    ]
    for extra, requirements in project.get("optional-dependencies", {}).items():
        lines.append(f"Provides-Extra: {extra}")
        lines += [f'Requires-Dist: {r}; extra == "{extra}"' for r in requirements]
    lines += ["Description-Content-Type: text/markdown", ""]
    readme = SOURCE / project.get("readme", "README.md")
    return "\n".join(lines) + "\n" + readme.read_text(encoding="utf-8")


def _wheel_file():
    return f"Wheel-Version: 1.0\nGenerator: mancala_build\nRoot-Is-Purelib: false\nTag: {_tag()}\n"


def _cmake_cache(build_dir):
    cache = {}
    path = build_dir / "CMakeCache.txt"
    if path.exists():
        for line in path.read_text(errors="replace").splitlines():
            if "=" in line and ":" in line.split("=", 1)[0] and not line.startswith(("//", "#")):
                key, value = line.split("=", 1)
                cache[key.split(":", 1)[0]] = value
    return cache


def _same_abi(python):
    # A build/ configured for another interpreter built an extension this one cannot load.
    if not python or not os.access(python, os.X_OK):
        return False
    query = "import sysconfig; print(sysconfig.get_config_var('EXT_SUFFIX'))"
    done = subprocess.run([python, "-c", query], capture_output=True, text=True)
    return done.returncode == 0 and done.stdout.strip() == sysconfig.get_config_var("EXT_SUFFIX")


def _build_dir():
    if os.environ.get("MANCALA_BUILD_DIR"):
        return pathlib.Path(os.environ["MANCALA_BUILD_DIR"]).resolve()
    main = SOURCE / "build"
    cache = _cmake_cache(main)
    if cache.get("MANCALA_PYTHON", "ON").upper() in ("ON", "TRUE", "1") and _same_abi(cache.get("Python3_EXECUTABLE")):
        return main
    private = SOURCE / "build-pip"
    if not (private / "CMakeCache.txt").exists():
        generator = ["-G", "Ninja"] if shutil.which("ninja") else []
        subprocess.run(["cmake", "-S", str(SOURCE), "-B", str(private), *generator, "-DCMAKE_BUILD_TYPE=Release",
                        "-DCMAKE_UNITY_BUILD=ON", "-DMANCALA_BENCHMARKS=OFF", f"-DPython3_EXECUTABLE={sys.executable}"],
                       check=True, stdout=sys.stderr)
    return private


def _build():
    """Builds the package and the binary; returns the folder of the package and the binary."""
    build_dir = _build_dir()
    subprocess.run(["cmake", "--build", str(build_dir), "--target", "mancala_python", "mancala"], check=True,
                   stdout=sys.stderr)
    package = build_dir / "python" / "mancala"
    extension = package / f"_mancala{sysconfig.get_config_var('EXT_SUFFIX')}"
    if not extension.exists():
        raise RuntimeError(f"the build made no {extension}")
    return package, build_dir / "mancala"


class _Wheel:
    """A wheel being written: each file goes in with its RECORD line."""

    def __init__(self, path, dist_info):
        self.zip = zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED)
        self.dist_info = dist_info
        self.records = []

    def add(self, name, data, executable=False):
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.external_attr = (stat.S_IFREG | (0o755 if executable else 0o644)) << 16  # pip keeps x of files only
        info.compress_type = zipfile.ZIP_DEFLATED
        self.zip.writestr(info, data)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        self.records.append((name, f"sha256={digest}", str(len(data))))

    def close(self):
        record = f"{self.dist_info}/RECORD"
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerows(self.records + [(record, "", "")])
        self.zip.writestr(zipfile.ZipInfo(record, date_time=(1980, 1, 1, 0, 0, 0)), out.getvalue())
        self.zip.close()


def _write_wheel(wheel_directory, contents):
    name, version = _dist_name()
    dist_info = f"{name}-{version}.dist-info"
    wheel_name = f"{name}-{version}-{_tag()}.whl"
    wheel = _Wheel(pathlib.Path(wheel_directory) / wheel_name, dist_info)
    contents(wheel, f"{name}-{version}.data")
    wheel.add(f"{dist_info}/METADATA", _metadata().encode())
    wheel.add(f"{dist_info}/WHEEL", _wheel_file().encode())
    wheel.add(f"{dist_info}/top_level.txt", b"mancala\n")
    wheel.close()
    return wheel_name


def get_requires_for_build_wheel(config_settings=None):
    return []


get_requires_for_build_editable = get_requires_for_build_sdist = get_requires_for_build_wheel


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    name, version = _dist_name()
    dist_info = pathlib.Path(metadata_directory) / f"{name}-{version}.dist-info"
    dist_info.mkdir(parents=True, exist_ok=True)
    (dist_info / "METADATA").write_text(_metadata(), encoding="utf-8")
    (dist_info / "WHEEL").write_text(_wheel_file())
    return dist_info.name


prepare_metadata_for_build_editable = prepare_metadata_for_build_wheel


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    package, binary = _build()

    def contents(wheel, data):
        # By name: the folder may hold an extension an earlier build made for another Python.
        for file in (*PACKAGE_FILES, f"_mancala{sysconfig.get_config_var('EXT_SUFFIX')}"):
            wheel.add(f"mancala/{file}", (package / file).read_bytes())
        # The command line too: pip puts it in the environment's bin/ (or DIR/bin with --target).
        wheel.add(f"{data}/scripts/mancala", binary.read_bytes(), executable=True)

    return _write_wheel(wheel_directory, contents)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    # PEP 660: a .pth naming the build's python/ folder, which every build refreshes (the
    # package's .py files are copied there when CMake runs: rebuild after editing them).
    package, _ = _build()
    return _write_wheel(wheel_directory, lambda wheel, data: wheel.add("mancala.pth", f"{package.parent}\n".encode()))


def build_sdist(sdist_directory, config_settings=None):
    # The files git tracks (no build folders), and PKG-INFO as PEP 517 asks.
    name, version = _dist_name()
    root = f"{name}-{version}"
    files = subprocess.run(["git", "ls-files", "-z"], cwd=SOURCE, capture_output=True, check=True).stdout
    sdist_name = f"{root}.tar.gz"
    with tarfile.open(pathlib.Path(sdist_directory) / sdist_name, "w:gz", format=tarfile.PAX_FORMAT) as tar:
        for relative in sorted(filter(None, files.decode().split("\0"))):
            if (SOURCE / relative).is_file():
                tar.add(SOURCE / relative, arcname=f"{root}/{relative}", recursive=False)
        pkg_info = _metadata().encode()
        info = tarfile.TarInfo(f"{root}/PKG-INFO")
        info.size = len(pkg_info)
        tar.addfile(info, io.BytesIO(pkg_info))
    return sdist_name
