"""Every command shown in a ``console`` block of README.md and docs/*.md runs verbatim and
prints exactly what is shown (issue 14: docs that drifted from the tool).

In a block, a line ``$ cat FILE`` followed by the file's lines writes that file (into a
scratch folder where ``examples/`` is the repository's); a line ``$ pysolver ARGS`` runs
the command there, and the lines up to the next ``$`` are its output (stdout, then
stderr).  A last line ``...`` means the output is shown in part: it must start so.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```console\n(.*?)^```", re.S | re.M)


def blocks():
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for number, found in enumerate(BLOCK.finditer(text), 1):
            yield pytest.param(found.group(1), id=f"{doc.name}-{number}")


def commands(block: str) -> list[tuple[str, list[str]]]:
    """[(command, the lines shown after it)]."""
    found: list[tuple[str, list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            found.append((line[2:], []))
        else:
            assert found, f"output before any command: {line!r}"
            found[-1][1].append(line)
    return found


def test_the_docs_show_commands():
    shown = [c for p in blocks() for c, _ in commands(p.values[0])]
    assert sum(c.startswith("pysolver ") for c in shown) >= 2


@pytest.mark.parametrize("block", list(blocks()))
def test_command_output_is_as_shown(cli, block, tmp_path, monkeypatch):
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    monkeypatch.chdir(tmp_path)
    for command, shown in commands(block):
        words = shlex.split(command)
        if words[0] == "cat":
            (tmp_path / words[1]).write_text("".join(f"{line}\n" for line in shown), encoding="utf-8")
            continue
        assert words[0] == "pysolver", command
        _, out, err = cli(*words[1:])
        printed = (out + err).splitlines()
        if shown and shown[-1] == "...":
            assert printed[:len(shown) - 1] == shown[:-1], command
        else:
            assert printed == shown, command
