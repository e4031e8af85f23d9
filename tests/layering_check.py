#!/usr/bin/env python3
"""The layers, as src/CMakeLists.txt links them, checked against the code and the docs.

build/layers.txt (written by CMake) lists each folder of src/ and the layers its library
links directly. A folder may include its own headers and those of every layer below it:
the closure of those links. The link order already catches a call that climbs; this
catches a climbing include of a header-only part too, and holds the table of layers in
docs/ARCHITECTURE.md equal to the links. The drawings of the layers (README.md's and
ARCHITECTURE.md's) are checked to be one drawing that names every layer.

    layering_check.py LAYERS_TXT SRC_DIR [--doc ARCHITECTURE.md [--write]] [--picture FILE]...
"""
import argparse
import pathlib
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([a-z_]+)/')
TABLE_START = "<!-- layer table: generated from src/CMakeLists.txt by tests/layering_check.py --write -->"
TABLE_END = "<!-- end of the layer table -->"


def read_links(path: pathlib.Path) -> dict[str, list[str]]:
    links = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        layer, colon, below = line.partition(":")
        if not colon:
            raise SystemExit(f"layering: {path}:{number}: expected 'layer: linked layers', got {line!r}")
        links[layer.strip()] = below.split()
    return links


def closure(links: dict[str, list[str]]) -> dict[str, set[str]]:
    allowed: dict[str, set[str]] = {}

    def below(layer: str, path: tuple[str, ...]) -> set[str]:
        if layer in path:
            raise SystemExit("layering: the links go round: " + " -> ".join(path + (layer,)))
        if layer not in allowed:
            found: set[str] = set()
            for linked in links.get(layer, []):
                found |= {linked} | below(linked, path + (layer,))
            allowed[layer] = found
        return allowed[layer]

    for layer in links:
        below(layer, ())
    return allowed


def check_includes(src: pathlib.Path, allowed: dict[str, set[str]]) -> int:
    failures = 0
    for folder in sorted(p for p in src.iterdir() if p.is_dir()):
        layer = folder.name
        if layer not in allowed:
            print(f"layering: src/{layer}/ is not a layer of src/CMakeLists.txt's table")
            failures += 1
            continue
        for file in sorted(folder.rglob("*")):
            if file.suffix not in {".hpp", ".cpp", ".h", ".in"}:
                continue
            for number, text in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
                match = INCLUDE.match(text)
                if not match or match[1] == layer or match[1] in allowed[layer]:
                    continue
                may = " ".join(sorted(allowed[layer])) or "nothing"
                print(f"layering: {file.relative_to(src)}:{number}: {layer} may not include {match[1]} "
                      f"(allowed: {may})")
                failures += 1
    return failures


def order(allowed: dict[str, set[str]]) -> list[str]:
    """Lowest first: a layer after every layer it may include, ties by name."""
    return sorted(allowed, key=lambda layer: (len(allowed[layer]), layer))


def table(links: dict[str, list[str]], allowed: dict[str, set[str]]) -> str:
    rank = {layer: i for i, layer in enumerate(order(allowed))}
    rows = ["| layer | links | may include |", "|---|---|---|"]
    for layer in order(allowed):
        linked = ", ".join(f"`{l}`" for l in sorted(links[layer], key=rank.get)) or "nothing"
        may = ", ".join(f"`{l}`" for l in sorted(allowed[layer], key=rank.get)) or "nothing"
        rows.append(f"| `{layer}` | {linked} | {may} |")
    return "\n".join(rows)


def check_doc(doc: pathlib.Path, expected: str, write: bool) -> int:
    text = doc.read_text(encoding="utf-8")
    start, end = text.find(TABLE_START), text.find(TABLE_END)
    if start < 0 or end < start:
        print(f"layering: {doc}: no layer table between '{TABLE_START}' and '{TABLE_END}'")
        return 1
    body_start = start + len(TABLE_START)
    current = text[body_start:end].strip("\n")
    if current == expected:
        return 0
    if write:
        doc.write_text(text[:body_start] + "\n" + expected + "\n" + text[end:], encoding="utf-8")
        print(f"layering: wrote the layer table of {doc}")
        return 0
    line = text.count("\n", 0, start) + 1
    print(f"layering: {doc}:{line}: the layer table differs from src/CMakeLists.txt's links; "
          f"run tests/layering_check.py with --write, or put:\n{expected}")
    return 1


def drawing(doc: pathlib.Path, layers: set[str]) -> str | None:
    """The first fenced block of `doc` that names every layer as a word, or None."""
    blocks = doc.read_text(encoding="utf-8").split("```")
    for block in blocks[1::2]:
        if layers <= set(re.findall(r"[a-z]+", block)):
            return block
    return None


def check_pictures(docs: list[pathlib.Path], layers: set[str]) -> int:
    failures, first = 0, None
    for doc in docs:
        found = drawing(doc, layers)
        if found is None:
            print(f"layering: {doc}: no drawing names every layer ({', '.join(sorted(layers))})")
            failures += 1
        elif first is None:
            first = (doc, found)
        elif found != first[1]:
            print(f"layering: {doc}: its drawing of the layers differs from {first[0]}'s")
            failures += 1
    return failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("layers", type=pathlib.Path, help="build/layers.txt")
    parser.add_argument("src", type=pathlib.Path, help="the folder of layers (src/)")
    parser.add_argument("--doc", type=pathlib.Path, help="a document holding the generated layer table")
    parser.add_argument("--write", action="store_true", help="rewrite the document's table instead of checking it")
    parser.add_argument("--picture", type=pathlib.Path, action="append", default=[],
                        help="a document whose drawing of the layers must name every layer, the same in each")
    args = parser.parse_args()
    links = read_links(args.layers)
    allowed = closure(links)
    failures = check_includes(args.src, allowed)
    if args.doc:
        failures += check_doc(args.doc, table(links, allowed), args.write)
    failures += check_pictures(args.picture, set(allowed))
    if failures:
        print(f"layering: {failures} problem(s)")
        return 1
    print(f"layering: every include of {len(allowed)} layers points down")
    return 0


if __name__ == "__main__":
    sys.exit(main())
