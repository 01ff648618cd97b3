"""``pysolver verify --update FILE``: write the tool's current answers into the ruling cases
that have no ``expect`` yet, so a new case starts from the tool's answer and a human checks
it (issue 14, item 4).  An existing expectation is never overwritten without ``force``.

The file is edited as text, at the positions YAML gives for each case, so comments and
layout elsewhere stay as they were.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from pysolver import verify
from pysolver.errors import BoardError
from pysolver.query import QUERIES


@dataclass(frozen=True)
class Updated:
    case: str
    action: str  # "written" (had none), "replaced" (force, differed), "kept" (left as it was)


def _dump(answer, indent: str) -> str:
    """' []' for an empty answer, else a block below the key, indented under it."""
    if answer in ([], {}, None) or not isinstance(answer, (list, dict)):
        return " " + yaml.safe_dump(answer, default_flow_style=True, width=10**6).strip().removesuffix("\n...")
    text = yaml.safe_dump(answer, default_flow_style=None, sort_keys=False, width=100,
                          allow_unicode=True)
    return "\n" + "".join(f"{indent}  {line}\n" for line in text.splitlines()).rstrip("\n")


def _line_end(text: str, index: int) -> int:
    """The end of the last line holding something at or before ``index``."""
    while index > 0 and text[index - 1] in " \t\r\n":
        index -= 1
    end = text.find("\n", index)
    return len(text) if end < 0 else end


def update(path: str | Path, force: bool = False) -> list[Updated]:
    """Write the current answer of every case without 'expect' (with ``force``, of every case
    whose expectation differs); return what was done to each case."""
    cases = verify.load_cases(path, require_expect=False)
    text = Path(path).read_text(encoding="utf-8")
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    items = next(v for k, v in root.value if k.value == "cases").value
    if any(not isinstance(item, yaml.MappingNode) for item in items):
        raise BoardError("verify --update needs each case written as a block mapping",
                         file=str(path))
    edits: list[tuple[int, int, str]] = []
    done: list[Updated] = []
    for case, node in zip(cases, items, strict=True):
        had = case.expect is not verify.MISSING
        if had and not force:
            done.append(Updated(case.id, "kept"))
            continue
        answer = verify.plain(QUERIES[case.query](verify.case_board(case), **case.args))
        if had and answer == case.expect:
            done.append(Updated(case.id, "kept"))
            continue
        keys = [(k, v) for k, v in node.value]
        indent = " " * keys[0][0].start_mark.column
        pair = next(((k, v) for k, v in keys if k.value == "expect"), None)
        if pair is not None:
            start = pair[0].start_mark.index
            edits.append((start, _line_end(text, pair[1].end_mark.index),
                          "expect:" + _dump(answer, indent)))
        else:
            at = _line_end(text, keys[-1][1].end_mark.index)
            edits.append((at, at, f"\n{indent}expect:" + _dump(answer, indent)))
        done.append(Updated(case.id, "replaced" if had else "written"))
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    if edits:
        Path(path).write_text(text, encoding="utf-8")
        verify.load_cases(path)  # what was written reads back as cases
    return done
