#!/usr/bin/env python3
"""Every relative link in README.md, CONTRIBUTING.md and docs/*.md resolves.

A link to a file must name a file or folder of the repository (and never one outside it). A link
with an anchor, `FILE.md#anchor` or `#anchor` in the same file, must match a heading of that file
by GitHub's rules: lowercase, punctuation dropped except '-' and '_', each space a '-', and a
repeated heading numbered -1, -2, ... http(s) and mailto links are not checked.

Usage: check_links.py [REPO_ROOT]   (default: two folders above this script)
Prints FILE:LINE: broken link 'TARGET': why, for each one, and exits 1 if there is any.
"""

import pathlib
import re
import sys

# [text](target) and ![alt](target); the target may be followed by a "title".
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")
INLINE_CODE = re.compile(r"(`+)(.+?)\1")


def slug(heading):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link in a heading: its text
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)  # \w keeps letters, digits and '_'
    return text.replace(" ", "-")


def lines_outside_fences(text):
    """(line number, line) for every line that is not inside a fenced code block."""
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield number, line


def anchors(path, cache={}):
    if path not in cache:
        seen = {}
        found = set()
        for _, line in lines_outside_fences(path.read_text(encoding="utf-8")):
            match = HEADING.match(line)
            if not match:
                continue
            base = slug(match.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
        cache[path] = found
    return cache[path]


def check(root):
    root = root.resolve()
    optional = [root / "CONTRIBUTING.md"]
    files = [root / "README.md"] + [f for f in optional if f.exists()] + sorted((root / "docs").glob("*.md"))
    problems = []
    for source in files:
        if not source.exists():
            problems.append(f"{source.relative_to(root)}: missing")
            continue
        for number, line in lines_outside_fences(source.read_text(encoding="utf-8")):
            line = INLINE_CODE.sub("", line)
            for match in LINK.finditer(line):
                target = match.group(1)
                if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):  # http:, https:, mailto:
                    continue
                where = f"{source.relative_to(root)}:{number}: broken link '{target}'"
                path_part, _, anchor = target.partition("#")
                resolved = (source.parent / path_part).resolve() if path_part else source
                try:
                    resolved.relative_to(root)
                except ValueError:
                    problems.append(f"{where}: it leaves the repository")
                    continue
                if not resolved.exists():
                    problems.append(f"{where}: no file {resolved.relative_to(root)}")
                    continue
                if anchor and resolved.suffix == ".md" and resolved.is_file():
                    if anchor not in anchors(resolved):
                        problems.append(
                            f"{where}: no heading of {resolved.relative_to(root)} has the anchor #{anchor}")
    return files, problems


def main():
    root = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parents[2]
    files, problems = check(root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"check_links: {len(problems)} broken link(s) in {len(files)} files")
        return 1
    print(f"check_links: every relative link of {len(files)} files resolves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
