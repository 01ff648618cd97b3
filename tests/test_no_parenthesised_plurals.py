"""No "permanent(s)", "candidate(s)" or "ability(ies)" in what the tool says (issue 14 item 5):
every message counts and agrees (pysolver.words.plural).  The test reads every string
literal of the package, so a new one fails here before it is printed."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pysolver

PACKAGE = Path(pysolver.__file__).parent
HEDGED = re.compile(r"[A-Za-z]\((s|es|ies)\)")


def words(literal: str) -> str:
    """A string literal without its f-string fields (code such as ``card_of(s)``)."""
    prefix = re.match(r"[A-Za-z]*", literal).group(0).lower()
    if "f" not in prefix:
        return literal
    out, depth, i = [], 0, 0
    while i < len(literal):
        pair = literal[i:i + 2]
        if depth == 0 and pair in ("{{", "}}"):
            out.append(pair[0])
            i += 2
            continue
        char = literal[i]
        depth += char == "{"
        if depth == 0:
            out.append(char)
        depth -= char == "}" and depth > 0
        i += 1
    return "".join(out)


def test_no_message_hedges_its_plural():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.STRING and not token.string.lstrip("rbfuRBFU").startswith('"""') \
                    and HEDGED.search(words(token.string)):
                found.append(f"{path.relative_to(PACKAGE)}:{token.start[0]}: {token.string.strip()[:60]}")
    assert found == []


def test_the_check_finds_a_hedged_plural():
    assert HEDGED.search(words('f"{n} permanent(s) {card_of(s)}"'))
    assert not HEDGED.search(words('f"{n} {card_of(s)} ({s}) {{x}}"'))
