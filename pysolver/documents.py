"""Read YAML and JSON files safely, remembering where each value stands.

YAML is composed into nodes by PyYAML's safe loader (no object construction)
and turned into plain Python data here, so that the size, the nesting depth and
the expansion of aliases are bounded, duplicate keys are refused, and every
value keeps its line and column for error messages.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor

MAX_BYTES = 4_000_000
MAX_NODES = 200_000
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


class _Reader:
    def __init__(self, name: str, error):
        self.name = name
        self.error = error
        self.nodes = 0
        self.marks: dict[Path_, tuple[int, int]] = {}
        self.scalars = SafeConstructor()

    def fail(self, node, message: str):
        mark = node.start_mark
        raise self.error(message, file=self.name, place=f"{mark.line + 1}:{mark.column + 1}")

    def value(self, node, path: Path_, depth: int):
        self.nodes += 1
        if self.nodes > MAX_NODES:
            self.fail(node, f"too many values (more than {MAX_NODES}, aliases counted as expanded)")
        if depth > MAX_DEPTH:
            self.fail(node, f"nested deeper than {MAX_DEPTH} levels")
        self.marks.setdefault(path, (node.start_mark.line + 1, node.start_mark.column + 1))
        if isinstance(node, yaml.MappingNode) and node.tag != "tag:yaml.org,2002:map":
            self.fail(node, f"unsupported tag {node.tag!r}")
        if isinstance(node, yaml.SequenceNode) and node.tag != "tag:yaml.org,2002:seq":
            self.fail(node, f"unsupported tag {node.tag!r}")
        if isinstance(node, yaml.MappingNode):
            result = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    self.fail(key_node, "a mapping key must be a plain value")
                if key_node.tag == "tag:yaml.org,2002:merge":
                    self.fail(key_node, "merge keys (<<) are not supported")
                key = self.scalar(key_node)
                if not isinstance(key, (str, int)) or isinstance(key, bool):
                    key = str(key)
                if key in result:
                    self.fail(key_node, f"duplicate key {key!r}")
                result[key] = self.value(value_node, path + (key,), depth + 1)
            return result
        if isinstance(node, yaml.SequenceNode):
            return [self.value(item, path + (i,), depth + 1) for i, item in enumerate(node.value)]
        return self.scalar(node)

    def scalar(self, node):
        try:
            return self.scalars.construct_object(node, deep=True)
        except yaml.YAMLError as exc:
            self.fail(node, f"bad value: {str(exc).splitlines()[0]}")
        except (ValueError, OverflowError) as exc:
            self.fail(node, f"bad value: {exc}")


def read_text(path: str | Path, error, limit: int = MAX_BYTES) -> str:
    name = str(path)
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise error("no such file", file=name) from None
    except IsADirectoryError:
        raise error("is a folder, not a file", file=name) from None
    except OSError as exc:
        raise error(f"can't read: {exc.strerror}", file=name) from None
    if len(raw) > limit:
        raise error(f"file too large ({len(raw)} bytes; the limit is {limit})", file=name)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(f"not UTF-8 text (byte {exc.start})", file=name) from None


def parse(text: str, name: str, error) -> Document:
    """Parse YAML or JSON text (JSON when the name ends in .json)."""
    if name.endswith(".json"):
        return _parse_json(text, name, error)
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"{mark.line + 1}:{mark.column + 1}" if mark else None
        problem = exc.problem or exc.context or "malformed YAML"
        raise error(f"malformed YAML: {problem}", file=name, place=where) from None
    except yaml.YAMLError as exc:
        raise error(f"malformed YAML: {str(exc).splitlines()[0]}", file=name) from None
    except RecursionError:
        raise error(f"nested deeper than {MAX_DEPTH} levels", file=name) from None
    if node is None:
        raise error("the file is empty", file=name)
    reader = _Reader(name, error)
    data = reader.value(node, (), 0)
    return Document(name, data, reader.marks)


def _parse_json(text: str, name: str, error) -> Document:
    def pairs(items):
        result = {}
        for key, value in items:
            if key in result:
                raise error(f"duplicate key {key!r}", file=name)
            result[key] = value
        return result

    try:
        data = json.loads(text, object_pairs_hook=pairs)
    except json.JSONDecodeError as exc:
        raise error(f"malformed JSON: {exc.msg}", file=name, place=f"{exc.lineno}:{exc.colno}") from None
    except RecursionError:
        raise error(f"nested deeper than {MAX_DEPTH} levels", file=name) from None
    _check_depth(data, name, error)
    return Document(name, data)


def _check_depth(data: Any, name: str, error) -> None:
    stack = [(data, 0)]
    count = 0
    while stack:
        value, depth = stack.pop()
        count += 1
        if depth > MAX_DEPTH:
            raise error(f"nested deeper than {MAX_DEPTH} levels", file=name)
        if count > MAX_NODES:
            raise error(f"too many values (more than {MAX_NODES})", file=name)
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)


def load(path: str | Path, error) -> Document:
    """Read and parse a YAML or JSON file; ``error`` is the exception class to raise."""
    return parse(read_text(path, error), str(path), error)
