"""Levelers (CR 711, 702.87), for the compiler of pysolver/cards/oracle.py.

"Level up [cost]" means "[Cost]: Put a level counter on this permanent. Activate only as a sorcery"
(702.87a): compiled as that line is.  A level symbol ("LEVEL 2-5", "LEVEL 6+") starts a section of the
text box: "As long as this creature has at least N1 level counters on it, but no more than N2 level
counters on it, it has base power and toughness [P/T] and has [abilities]" (711.2a-b).  Each part of a
section becomes a static ability of the leveler itself gated by its level counters (``if_counters``,
the board's counters: {level: N}): its base power and toughness (layer 7b, 613.4b), its keywords and
its activated abilities, granted (613.1f).  A section's ability of another kind can't be gated this way
and is refused.  ``gated_by`` gates a Class's level sections too (716.2a), whose class level bar
"[Cost]: Level N" is the activated ability "[Cost]: This Class's level becomes N. Activate only if this
Class is level N-1 and only as a sorcery" (716.2a): compiled as that line is.
"""

from __future__ import annotations

import re
from typing import Any

LEVEL_UP = re.compile(r"Level up (?P<cost>(?:\{[^}]+\})+)")
CLASS_LEVEL = re.compile(r"(?P<cost>(?:\{[^}]+\})+): Level (?P<level>\d+)")
LEVEL_SYMBOL = re.compile(r"LEVEL (?P<low>\d+)(?:-(?P<high>\d+)|\+)")
SECTION_PT = re.compile(r"(?P<power>\d+)/(?P<toughness>\d+)")
LEVEL_SYMBOL_WHY = ("a level symbol (CR 711.2a-b): the power and toughness and abilities below it are the "
                    "leveler's while it has that many level counters (the board's counters: {level: N})")
SECTION_KEYWORDS_WHY = ("keyword abilities of a level section: the leveler's while it has that many level counters "
                        "(CR 711.2b, 702)")
SECTION_PT_WHY = ("a leveler's base power and toughness while it has that many level counters (CR 711.2a, "
                  "613.4b)")


class Section:
    """A level section being read: its level counters' bounds, and whether its power and toughness
    line (which comes first, 711.2a) is still to come."""

    def __init__(self, low: int, high: int | None) -> None:
        self.low, self.high, self.pt_next = low, high, True

    def condition(self) -> dict[str, Any]:
        bounds: dict[str, Any] = {"kind": "level", "at_least": self.low}
        if self.high is not None:
            bounds["at_most"] = self.high
        return bounds

    def gated(self, **effect: Any) -> tuple[str, Any]:
        return ("ability", {"static": {"affects": {}, "whose": "any", "self": True,
                                       "if_counters": self.condition(), **effect}})


def level_up_meaning(line: str) -> str | None:
    """CR 702.87a: the activated ability a "Level up [cost]" line means, as a line of text, or None."""
    m = LEVEL_UP.fullmatch(line)
    return f"{m.group('cost')}: Put a level counter on ~. Activate only as a sorcery." if m else None


def class_level_meaning(line: str) -> str | None:
    """CR 716.2a: the activated ability a class level bar "[Cost]: Level N" means, as a line of text, or
    None (its level condition, ``{self_level: N-1}``, is judged by asp/legality.lp)."""
    m = CLASS_LEVEL.fullmatch(line)
    if m is None:
        return None
    level = int(m.group("level"))
    return (f"{m.group('cost')}: ~'s level becomes {level}. Activate only as a sorcery and only if ~ is level "
            f"{level - 1}.")


def level_symbol(line: str) -> Section | None:
    """CR 711.2a-b: the section a level symbol line starts, or None."""
    m = LEVEL_SYMBOL.fullmatch(line.rstrip("."))
    if m is None:
        return None
    return Section(int(m.group("low")), int(m.group("high")) if m.group("high") else None)


def section_pt(line: str, section: Section) -> list[tuple[str, Any]] | None:
    """The static ability the power and toughness line of a section means (the first line after its
    symbol), or None when the line is not that."""
    m = SECTION_PT.fullmatch(line.rstrip(".")) if section.pt_next else None
    section.pt_next = False
    if m is None:
        return None
    return [section.gated(base_pt={"power": int(m.group("power")), "toughness": int(m.group("toughness"))})]


def at_level(compiled: list[tuple[str, Any]], section: Section, line: str,
             unsupported: type[Exception]) -> list[tuple[str, Any]]:
    """CR 711.2b: the abilities of a section, the leveler's only while it has that many level counters."""
    return gated_by(compiled, {"if_counters": section.condition()}, line,
                    "an ability of a level section that only level counters can't gate, CR 711.2b", unsupported)


def gated_by(compiled: list[tuple[str, Any]], condition: dict[str, Any], line: str, refusal: str,
             unsupported: type[Exception]) -> list[tuple[str, Any]]:
    """The abilities of a line, its source's only while a condition of its own holds (a leveler's level
    counters, CR 711.2b; a Class's level, 716.2a): its keywords and activated abilities (mana abilities too)
    granted to itself (613.1f), a static ability of the forms a condition gates with the condition added, a
    Class's triggered ability with its level (asp/objects.lp: the permanent has it only at that level); any other
    kind is refused (``unsupported``, with ``refusal``)."""
    gated: list[tuple[str, Any]] = []
    for kind, data in compiled:
        if kind == "card" and set(data) == {"keywords"}:
            gated.append(("ability", {"static": {"affects": {}, "whose": "any", "self": True, **condition,
                                                 "grant_keywords": list(data["keywords"])}}))
            continue
        (name, spec), = data.items() if isinstance(data, dict) and kind == "ability" else [(None, None)]
        if name in ("mana", "activated"):
            gated.append(("ability", {"static": {"affects": {}, "whose": "any", "self": True, **condition,
                                                 "grant": [data]}}))
        elif name == "static" and set(spec) <= {"affects", "whose", "enchanted", "grant", "grant_keywords", "pt",
                                                "per"}:
            gated.append(("ability", {"static": {**spec, **condition}}))
        elif name == "triggered" and set(condition) == {"if_level"}:  # CR 716.2a, 113.6: it has it only then
            gated.append(("ability", {"triggered": {**spec, **condition}}))
        else:
            raise unsupported(f"'{line}' ({refusal})")
    return gated
