"""Read YAML and JSON files safely, remembering where each value stands.

YAML is parsed into events by PyYAML's parser (libyaml's when installed) and
built into plain Python data here (no object construction), so that the size
(while reading), the number of values and the nesting depth (while building,
aliases counted as expanded) are bounded, duplicate keys are refused, text
holds no NUL or lone surrogate, and every value keeps its line and column for
error messages.  JSON is checked for the same after json.loads (bounded by the
size limit).
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


# A full-form board at the object cap (limits.DEFAULT_MAX_OBJECTS, 50,000 objects
# of up to 9 fields each) fits within both the size and the value limits.
MAX_BYTES = 16_000_000
MAX_VALUES = 1_000_000
MAX_DEPTH = 64

Path_ = tuple[str | int, ...]


def format_path(path: Path_) -> str:
    """``("battlefield", 2, "card")`` -> ``battlefield[2].card``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


@dataclass
class Document:
    """Plain data read from a file, with the position of each value."""

    name: str
    data: Any
    marks: dict[Path_, tuple[int, int]] = field(default_factory=dict)

    def place(self, path: Path_) -> str:
        """``12:5: battlefield[2].card`` (position where known, then the path)."""
        text = format_path(path)
        probe = tuple(path)
        while probe not in self.marks and probe:
            probe = probe[:-1]
        mark = self.marks.get(probe)
        if mark is None:
            return text or "top level"
        line, column = mark
        return f"{line}:{column}: {text}" if text else f"{line}:{column}"


def text_problem(text: str) -> str | None:
    """Why a string can't be taken as text, or None: clingo's C strings end at a
    NUL (two ids would merge), and a lone surrogate is no character at all."""
    if "\0" in text:
        return "a NUL character (\\0) is not allowed in text"
    for char in text:
        if "\ud800" <= char <= "\udfff":
            return f"a lone surrogate ({ascii(char)[1:-1]}) is not a character"
    return None


def _surrogates(text: str) -> bool:
    return not text.isascii() and any("\ud800" <= c <= "\udfff" for c in text)


def read_bytes(path: str | Path, error, limit: int = MAX_BYTES) -> bytes:
    """The file's bytes, never more than ``limit`` + 1 of them in memory: a file
    that grows while it is read (a FIFO, /dev/zero) is refused at the limit."""
    name = str(path)
    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if stat.S_ISREG(os.fstat(handle.fileno()).st_mode) and size > limit:
                raise error(f"file too large ({size} bytes; the limit is {limit})", file=name)
            raw = handle.read(limit + 1)
    except FileNotFoundError:
        raise error("no such file", file=name) from None
    except IsADirectoryError:
        raise error("is a folder, not a file", file=name) from None
    except OSError as exc:
        raise error(f"can't read: {exc.strerror or type(exc).__name__}", file=name) from None
    if len(raw) > limit:
        raise error(f"file too large (more than {limit} bytes)", file=name)
    return raw


def read_text(path: str | Path, error, limit: int = MAX_BYTES) -> str:
    name = str(path)
    raw = read_bytes(path, error, limit)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(f"not UTF-8 text (byte {exc.start})", file=name) from None


def parse(text: str, name: str, error) -> Document:
    """Parse YAML or JSON text (JSON when the name ends in .json)."""
    if name.endswith(".json"):
        return _parse_json(text, name, error)
    from pysolver import documents_yaml  # PyYAML only when a YAML file is read (issue 16)

    return documents_yaml.parse(text, name, error)


def _parse_json(text: str, name: str, error) -> Document:
    def pairs(items):
        result = {}
        for key, value in items:
            if key in result:
                raise error(f"duplicate key {key!r}", file=name)
            result[key] = value
        return result

    def constant(word):
        raise error(f"malformed JSON: {word} is not a JSON number", file=name)

    try:
        data = json.loads(text, object_pairs_hook=pairs, parse_constant=constant)
    except json.JSONDecodeError as exc:
        raise error(f"malformed JSON: {exc.msg}", file=name, place=f"{exc.lineno}:{exc.colno}") from None
    except RecursionError:
        raise error(f"nested deeper than {MAX_DEPTH} levels", file=name) from None
    except ValueError as exc:  # an integer of more than 4,300 digits
        raise error(f"malformed JSON: {str(exc).splitlines()[0]}", file=name) from None
    check_data(data, name, error)
    return Document(name, data)


def check_data(data: Any, name: str, error, max_values: int = MAX_VALUES) -> None:
    """The limits and text rules of a file, for data that did not come through the
    YAML composer (JSON, or data given to the API): depth, values, NUL, surrogates."""
    # Each entry: (value, depth, parent entry, key or index); its path is built only for a
    # message (building every value's path was most of the walk on a large board).
    stack: list[tuple] = [(data, 0, None, None)]
    count = 0
    while stack:
        entry = stack.pop()
        value, depth = entry[0], entry[1]
        count += 1
        if depth > MAX_DEPTH:
            raise error(f"nested deeper than {MAX_DEPTH} levels", file=name)
        if count > max_values:
            raise error(f"too many values (more than {max_values})", file=name)
        if isinstance(value, str):
            if "\0" in value or (not value.isascii() and _surrogates(value)):
                problem = text_problem(value)
                if problem:
                    raise error(problem, file=name, place=format_path(_path(entry)) or None)
        elif isinstance(value, dict):
            if depth < MAX_DEPTH and _plain_text_only(value):
                # Its keys and values (counted as the walk counts them) can break no text
                # rule and hold nothing deeper: most of a large board (issue 16).
                count += 2 * len(value)
                if count > max_values:
                    raise error(f"too many values (more than {max_values})", file=name)
                continue
            for key, item in value.items():
                count += 1
                if not isinstance(key, str):
                    raise error(f"a mapping key must be text, not {type(key).__name__} {key!r}",
                                file=name, place=format_path(_path(entry)) or None)
                problem = text_problem(key) if "\0" in key or _surrogates(key) else None
                if problem:
                    raise error(f"a key: {problem}", file=name, place=format_path(_path(entry)) or None)
                stack.append((item, depth + 1, entry, key))
        elif isinstance(value, (list, tuple)):
            below = depth + 1
            plain = _plain_items(value) if below < MAX_DEPTH else None
            if plain is not None:
                # Texts, or mappings of texts (a large board's battlefield): counted at once.
                count += plain
                if count > max_values:
                    raise error(f"too many values (more than {max_values})", file=name)
                continue
            stack.extend([(v, below, entry, i) for i, v in enumerate(value)])


def _plain_text_only(mapping: dict) -> bool:
    """Whether every key and value of ``mapping`` is ASCII text without a NUL (one join each:
    ``join`` refuses anything but text, and ASCII holds no surrogate)."""
    try:
        text = "".join(mapping) + "".join(mapping.values())
    except TypeError:
        return False
    return text.isascii() and "\0" not in text


def _plain_items(items: list | tuple) -> int | None:
    """How many values ``items`` holds (itself not counted) if it is a list of texts, or of
    mappings whose keys and values are texts, all ASCII without a NUL, else None (checked in
    a few passes over them all, by ``join``, which refuses anything but text)."""
    kinds = set(map(type, items))
    try:
        if kinds == {str}:
            text = "".join(items)
            size = len(items)
        elif kinds == {dict}:
            text = "".join(map("".join, items)) + "".join(map("".join, map(dict.values, items)))
            size = len(items) + 2 * sum(map(len, items))
        else:
            return None
    except TypeError:
        return None
    return size if text.isascii() and "\0" not in text else None


def _path(entry: tuple) -> Path_:
    """The path of a value check_data walked to, from its entry's chain of parents."""
    found = []
    while entry[2] is not None:
        found.append(entry[3])
        entry = entry[2]
    return tuple(reversed(found))


def load(path: str | Path, error) -> Document:
    """Read and parse a YAML or JSON file; ``error`` is the exception class to raise."""
    return parse(read_text(path, error), str(path), error)
