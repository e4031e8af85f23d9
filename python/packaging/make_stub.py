"""Writes the type stub of the package mancala (python/mancala/__init__.pyi) from the signatures
pybind11 puts at the head of each docstring (pybind11-stubgen is not in Debian).

    PYTHONPATH=build/python python3 python/packaging/make_stub.py > python/mancala/__init__.pyi

tests/python/test_stub.py checks that the stub is this script's output for the module as built.
"""

import inspect
import re
import sys

import mancala
from mancala import _mancala

HEADER = '''"""Type stub of the package mancala, written by python/packaging/make_stub.py: edit the bindings, not this."""

from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union, overload

import numpy
'''

# The dunders a caller writes (a==b, hash, copy, pickle, x[key]); pybind11 adds more.
DUNDERS = {"__init__", "__eq__", "__ne__", "__hash__", "__repr__", "__str__", "__getitem__", "__len__",
           "__iter__", "__copy__", "__deepcopy__", "__getstate__", "__setstate__", "__enter__", "__exit__"}


def split_top(text):
    """Splits at commas outside brackets and quotes."""
    parts, depth, quote, start = [], 0, None, 0
    for i, c in enumerate(text):
        if quote:
            quote = None if c == quote else quote
        elif c in "'\"":
            quote = c
        elif c in "[(":
            depth += 1
        elif c in "])":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    if text[start:].strip():
        parts.append(text[start:].strip())
    return parts


def clean_type(text):
    # A C++ name where a class was bound after the signature that names it (Rules.start).
    text = text.replace("mancala::python::GamePosition", "Position")
    text = re.sub(r"\b[\w:]+::\w+", "Any", text)
    text = text.replace("mancala._mancala.", "")
    text = re.sub(r"numpy\.ndarray\[[^\]]*\]", "numpy.ndarray", text)
    text = re.sub(r"\bhandle\b", "object", text)  # pybind11 spells py::handle so
    return re.sub(r"\bos\.PathLike\b", "Any", text)


def signature_lines(doc, name):
    """The signatures 'name(...) -> type' of a pybind11 docstring (several when overloaded)."""
    found = re.findall(rf"^(?:\d+\. )?{re.escape(name)}(\(.*\))(?: -> (.+))?$", doc or "", re.M)
    overloads = [f for f in found if f[0] != "(*args, **kwargs)"]
    return overloads or found


def parameters(text, method):
    params = []
    for i, p in enumerate(split_top(text[1:-1])):
        if method and i == 0 and p.startswith("self"):
            params.append("self")
            continue
        head, has_default, _ = p.partition("=")
        head = head.strip()
        if ":" in head:
            arg, annotation = head.split(":", 1)
            head = f"{arg.strip()}: {clean_type(annotation.strip())}"
        params.append(f"{head} = ..." if has_default else head)
    if method and (not params or params[0] != "self"):
        params.insert(0, "self")
    return ", ".join(params)


def function_stub(name, obj, indent="", method=False, static=False):
    lines = []
    signatures = signature_lines(obj.__doc__, name)
    if not signatures:
        signatures = [("(*args, **kwargs)", "Any")]
    for args, returns in signatures:
        decorators = (["@overload"] if len(signatures) > 1 else []) + (["@staticmethod"] if static else [])
        lines += [f"{indent}{d}" for d in decorators]
        returns = clean_type(returns) if returns and name != "__init__" else "None"
        lines.append(f"{indent}def {name}({parameters(args, method and not static)}) -> {returns}: ...")
    return lines


def property_type(prop):
    found = re.search(r"\) -> (.+)$", (prop.fget.__doc__ or "").splitlines()[0] if prop.fget else "")
    return clean_type(found.group(1)) if found else "Any"


def class_stub(name, cls):
    lines = [f"class {name}:"]
    for attr, value in cls.__dict__.items():
        if attr.startswith("_") and attr not in DUNDERS:
            continue
        if isinstance(value, property):
            lines.append(f"    @property\n    def {attr}(self) -> {property_type(value)}: ...")
        elif isinstance(value, staticmethod):
            lines += function_stub(attr, value.__func__, "    ", static=True)
        elif callable(value):
            lines += function_stub(attr, value, "    ", method=True)
    return lines if len(lines) > 1 else lines + ["    ..."]


def stub():
    out = [HEADER, "__version__: str", ""]
    for name in mancala.__all__:
        if not hasattr(_mancala, name):  # the package's own Python (GymEnv, AECEnv, spaces): their files say it
            value = getattr(mancala, name)
            where = "" if inspect.ismodule(value) else value.__module__[len("mancala"):]
            out += [f"from .{where.lstrip('.')} import {name} as {name}", ""]
            continue
        value = getattr(_mancala, name)
        if inspect.isclass(value):
            out += class_stub(name, value) + [""]
        elif callable(value):
            out += function_stub(name, value) + [""]
        else:
            out += [f"{name}: {type(value).__name__}", ""]
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":
    sys.stdout.write(stub())
