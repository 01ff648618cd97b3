"""One numbering of a permanent's activated abilities, shared by every query.

``--ability`` names an activated ability (mana or not, CR 602.1, 605.1a) of a
permanent by its number, from 1, in this order: the abilities printed on its
card (or the card it copies) in printed order, then the intrinsic mana
abilities of its basic land types (CR 305.6) in the order Plains, Island,
Swamp, Mountain, Forest, then abilities other objects grant it (CR 613.1f) in
the order of the granting objects' timestamps (CR 613.7).  The same ability
has the same number in ``can-activate``, ``mana`` and on the stack.

An ability may also be named by its text: its whole Oracle text
(``{T}: Add {G}``) or its cost (``{1}, {T}``), compared without regard to
case, spacing or a final period.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from clingo import Symbol

from pysolver.board import Board
from pysolver.errors import QueryError

BASIC_ORDER = ("Plains", "Island", "Swamp", "Mountain", "Forest")
BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
ACTIVATED_KINDS = ("mana", "activated")


@dataclass(frozen=True)
class NumberedAbility:
    """An activated ability of a permanent, with its one number."""

    number: int  # from 1
    term: Symbol = field(compare=False)
    kind: str  # mana or activated
    text: str  # its Oracle text, "Cost: Effect." (as worded by the card data when unknown)
    origin: str  # "printed", "intrinsic (Forest)", "granted by <id>"

    @property
    def cost(self) -> str:
        return split_cost(self.text)


def split_cost(text: str) -> str:
    """The cost of an activated ability's text: what precedes its first colon (CR 602.1a)."""
    return text.split(":", 1)[0].strip()


def normal(text: str) -> str:
    """Text compared without regard to case, spacing or a final period."""
    return " ".join(text.split()).rstrip(".").strip().casefold()


_ACTIVATED_LINE = re.compile(r'^[^":]*\S:\s')
_QUOTED = re.compile(r'"([^"]*)"')


_REMINDER = re.compile(r"\s*\([^()]*\)")


def without_reminder(text: str) -> str:
    """Oracle text without its reminder text in parentheses (CR 207.2a)."""
    return _REMINDER.sub("", text).strip()


def activated_lines(oracle: str) -> list[str]:
    """The lines of Oracle text that are activated abilities ("Cost: Effect.", CR 602.1),
    without reminder text."""
    return [without_reminder(line) for line in oracle.splitlines() if _ACTIVATED_LINE.match(line.strip())]


def granted_texts(oracle: str) -> list[str]:
    """The quoted activated abilities an Oracle text grants ('have "{T}: Add {G}."')."""
    return [without_reminder(q) for q in _QUOTED.findall(oracle) if _ACTIVATED_LINE.match(q.strip())]


def _kind(spec: dict[str, Any]) -> str:
    (kind, _), = spec.items()
    return kind


def _printed_texts(card) -> dict[int, str]:
    """Index in the card's ability list -> Oracle line, when the two line up one to one."""
    indices = [i for i, spec in enumerate(card.abilities()) if _kind(spec) in ACTIVATED_KINDS]
    lines = activated_lines(card.data.get("oracle", ""))
    return dict(zip(indices, lines, strict=True)) if len(lines) == len(indices) else {}


def _granted_texts(card, group: str, index: int) -> dict[int, str]:
    """Index in one static ability's grant list -> the quoted Oracle text, when they line up."""
    grants: list[tuple[int, int]] = []
    for i, spec in enumerate(card.data.get(group, [])):
        body = spec.get("static") if isinstance(spec, dict) else None
        if isinstance(body, dict):
            grants += [(i, j) for j, g in enumerate(body.get("grant", []))
                       if isinstance(g, dict) and _kind(g) in ACTIVATED_KINDS]
    texts = granted_texts(card.data.get("oracle", ""))
    if len(texts) != len(grants):
        return {}
    return {j: text for (i, j), text in zip(grants, texts, strict=True) if i == index}


def _fallback(spec: dict[str, Any] | None) -> str:
    if not spec:
        return "?"
    from pysolver.query.mana import describe_ability  # the card data in words
    kind = _kind(spec)
    body = spec[kind]
    if kind == "mana":
        return describe_ability(body)
    from pysolver.query.activation import cost_text
    return f"{cost_text(body)}: {body.get('text', '')}".rstrip(": ")


def _key(board: Board, term: Symbol, granted_by: dict[Symbol, list[str]],
         timestamps: dict[str, int]) -> tuple[tuple, str, str]:
    """Sort key, text and origin of one ability term."""
    library = board.library
    if term.match("ab", 2):
        card = library.get(term.arguments[0].string) if library else None
        index = term.arguments[1].number
        spec = card.abilities()[index] if card else None
        text = _printed_texts(card).get(index) if card else None
        return (0, index, 0, ""), text or _fallback(spec), "printed"
    if term.match("intrinsic", 1):
        subtype = term.arguments[0].string
        return ((1, BASIC_ORDER.index(subtype), 0, ""), f"{{T}}: Add {{{BASIC_MANA[subtype]}}}.",
                f"intrinsic ({subtype})")
    if term.match("granted", 2):
        grant, index = term.arguments[0], term.arguments[1].number
        sources = sorted(granted_by.get(grant, []), key=lambda s: (timestamps.get(s, 0), s))
        first = sources[0] if sources else "?"
        text = None
        spec = None
        if library is not None and (grant.match("ab", 2) or grant.match("effect_ab", 2)):
            card = library.get(grant.arguments[0].string)
            group = "effect" if grant.name == "effect_ab" else "abilities"
            if card is not None:
                statics = card.data.get(group, [])
                position = grant.arguments[1].number
                static = statics[position].get("static", {}) if position < len(statics) else {}
                grants = static.get("grant", [])
                spec = grants[index] if index < len(grants) else None
                text = _granted_texts(card, group, position).get(index)
        return ((2, timestamps.get(first, 0), index, str(grant)), text or _fallback(spec),
                f"granted by {first}")
    return (3, 0, 0, str(term)), str(term), "other"  # pragma: no cover


def numbered(board: Board, permanent_id: str, terms: Iterable[tuple[Symbol, str]],
             affects: Iterable[Symbol]) -> list[NumberedAbility]:
    """The permanent's activated abilities, numbered.

    ``terms``: (ability term, kind) for each activated ability the rules found
    (activated_ability/2 with kind/2); ``affects``: the affects_abilities/3
    atoms (who grants what to whom, asp/objects.lp)."""
    granted_by: dict[Symbol, list[str]] = {}
    for atom in affects:
        source, grant, target = atom.arguments
        if target.string == permanent_id:
            granted_by.setdefault(grant, []).append(source.string)
    timestamps = {p.id: p.timestamp for p in board.battlefield}
    timestamps.update({e.id: e.timestamp for e in board.effects})
    keyed = []
    for term, kind in terms:
        key, text, origin = _key(board, term, granted_by, timestamps)
        keyed.append((key, str(term), term, kind, text, origin))
    keyed.sort(key=lambda k: (k[0], k[1]))
    return [NumberedAbility(i + 1, term, kind, text, origin)
            for i, (_, _, term, kind, text, origin) in enumerate(keyed)]


def listing(abilities: Iterable[NumberedAbility]) -> str:
    return "; ".join(f"{a.number} = {a.text}" for a in abilities)


def choose(board: Board, permanent_id: str, card: str, abilities: list[NumberedAbility],
           wanted: int | str | None, kinds: tuple[str, ...] = ACTIVATED_KINDS) -> NumberedAbility:
    """The ability ``wanted`` names (a number, a whole text or a cost), among those of ``kinds``.

    None picks the only one of those kinds.  An unknown or ambiguous name is a
    QueryError that lists the abilities."""
    what = "mana ability" if kinds == ("mana",) else "activated ability"
    eligible = [a for a in abilities if a.kind in kinds]
    who = f"{permanent_id} ({card})"
    if not eligible:
        raise QueryError(f"{who} has no {what} now", file=board.name, place="argument PERMANENT")
    if wanted is None:
        if len(eligible) > 1:
            raise QueryError(f"{who} has {len(eligible)} {what.replace('ty', 'ties')}; choose one with "
                             f"--ability (a number, a cost or a text): {listing(eligible)}",
                             file=board.name, place="--ability")
        return eligible[0]
    if isinstance(wanted, bool) or not isinstance(wanted, (int, str)):
        raise QueryError(f"--ability takes a number or a text, not {wanted!r}",
                         file=board.name, place="--ability")
    if isinstance(wanted, str) and re.fullmatch(r"[+-]?\d+", wanted.strip()):
        wanted = int(wanted.strip())
    if isinstance(wanted, int):
        found = [a for a in abilities if a.number == wanted]
    else:
        key = normal(wanted)
        found = [a for a in abilities if key in (normal(a.text), normal(a.cost))]
    if len(found) == 1 and found[0].kind in kinds:
        return found[0]
    if len(found) == 1:
        raise QueryError(f"{who} ability {found[0].number} is not a {what} "
                         f"(abilities: {listing(abilities)})", file=board.name, place="--ability")
    if len(found) > 1:
        raise QueryError(f"{who}: {wanted!r} names {len(found)} abilities; give its number "
                         f"(abilities: {listing(abilities)})", file=board.name, place="--ability")
    raise QueryError(f"{who} has no ability {wanted!r} (abilities: {listing(abilities)})",
                     file=board.name, place="--ability")
