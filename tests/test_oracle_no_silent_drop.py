"""A guard against silent drops (issue 13): a form that matches a sentence but leaves part of it
unread makes a card "ok" whose definition ignores words that change an answer (March of the
Machines' "power and toughness each equal to its mana value", Living Lands' "1/1", Gastal Raider's
"Max speed — ... +1/+1").  Every number of a line the compiler compiled, on every ok card of the
fixture sample, must change the card's definition when it changes; the exceptions below say why
they may not."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from pysolver.cards import db as carddb
from pysolver.cards import oracle

FIXTURE = Path(__file__).parent / "fixtures" / "cards" / "atomic-fixture.json"
# A number: 3, +1 (of +1/+1), {2}, "three".  Each is raised by one.
NUMBER = re.compile(r"(?<![\w{/+-])([+-]?\d+)(?![\w}])|\{(\d+)\}|\b(one|two|three|four|five|six|seven)\b")
WORDS = {"one": "two", "two": "three", "three": "four", "four": "five", "five": "six", "six": "seven",
         "seven": "eight"}
# A keyword's own cost or number ("Cycling {2}", "Renown 1", "ward {1}"): one a query reads compiles
# (echo, kicker, flashback, devour...); the others are the keyword alone by design (oracle_keywords.py:
# cycling from a hand, a combat trigger, ward's targeting refused).
KEYWORD_PARAMETER = re.compile(r"[A-Za-z][a-z'-]*(?: [a-z'-]+)*(?: [+-]?\d+| (?:\{[^}]+\})+)?")
# Numbers whose sentence is compiled but whose ability a query refuses whatever they are.
EXCEPTIONS = {
    ("Inga and Esika", 2): "its cast trigger's condition (mana from creatures spent) is unjudged: next refuses it",
}


def _definition(card: dict[str, Any]) -> str:
    """The card data the rules read: without its Oracle text, nor the text of an ability whose effect is
    compiled (`do`, `riders`), beyond whether it targets or chooses (next reads that of an unmodelled one)."""
    def canon(value: Any) -> Any:
        if isinstance(value, dict):
            return {key: (bool(re.search(r"\btargets?\b|\bchoose\b", each, re.I)) if key == "text"
                          and ("do" in value or "riders" in value) else canon(each))
                    for key, each in value.items() if key != "oracle"}
        return [canon(each) for each in value] if isinstance(value, list) else value
    return json.dumps(canon(card), sort_keys=True)


def _compiled_lines(face: carddb.Face, result: oracle.Compiled) -> list[tuple[int, str]]:
    """(line number, the line without reminder text) of each line whose every sentence is compiled."""
    lines = []
    for number, raw in enumerate(face.text.replace("\u2212", "-").split("\n"), start=1):
        own = [s for s in result.sentences if s["line"] == number and not s["text"].startswith("(")]
        classes = {s["class"] for s in own}
        keyword_line = all(s["why"] == oracle.KEYWORDS_WHY for s in own)
        bare = oracle.strip_reminders(raw).strip()
        if classes != {oracle.COMPILED} or (keyword_line and all(
                KEYWORD_PARAMETER.fullmatch(piece) for piece in re.split(r", |; ", bare.rstrip(".")))):
            continue
        lines.append((number, bare))
    return lines


def test_every_number_of_a_compiled_line_changes_the_definition():
    faces = {face.name: face for face in carddb.Source(FIXTURE).faces()}
    dropped = []
    for face in faces.values():
        result = carddb.compile_face(face)
        if not result.ok:
            continue
        before = _definition(result.card)
        lines = face.text.replace("\u2212", "-").split("\n")
        for number, bare in _compiled_lines(face, result):
            if (face.name, number) in EXCEPTIONS:
                continue
            for m in NUMBER.finditer(bare):
                raised = (str(int(m.group(1)) + 1) if m.group(1) and m.group(1)[0] not in "+-"
                          else f"{m.group(1)[0]}{int(m.group(1)[1:]) + 1}" if m.group(1)
                          else f"{{{int(m.group(2)) + 1}}}" if m.group(2) else WORDS[m.group(3)])
                changed = lines[:number - 1] + [bare[:m.start()] + raised + bare[m.end():]] + lines[number:]
                after = carddb.compile_face(replace(face, text="\n".join(changed)))
                if after.ok and _definition(after.card) == before:
                    dropped.append(f"{face.name}, line {number}: {m.group(0)} -> {raised} in {bare!r}")
    assert dropped == []
