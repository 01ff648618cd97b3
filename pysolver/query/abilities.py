"""One numbering of a permanent's activated abilities, shared by every query.

Every ability of a permanent has one number, from 1.  An ability of its card
(or of the card it copies) has its place in the card's ``abilities:`` list, as
``pysolver cards show`` prints it, every kind counted: City of Brass's
triggered ability is 1 and its mana ability 2.  The abilities the permanent has
from elsewhere are numbered on after its card's: the intrinsic mana abilities
of its basic land types (CR 305.6) in the order Plains, Island, Swamp,
Mountain, Forest, then abilities other objects grant it (CR 613.1f) in the
order of the granting objects' timestamps (CR 613.7); a permanent that has
lost its card's abilities numbers these from 1.  The same ability has the
same number in ``--ability`` (``can-activate``, ``mana``), in a board's stack
entry (``ability:``) and in every answer that names it (``hb:1``).

An ability may also be named by its text: its whole Oracle text
(``{T}: Add {G}``) or its cost (``{1}, {T}``), compared without regard to
case, spacing or a final period.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from typing import NamedTuple

from clingo import Symbol

from pysolver import describe
from pysolver.board import Board
from pysolver.errors import QueryError
from pysolver.predicates import Name, match, predicate
from pysolver.terms import GrantedAbility, IntrinsicAbility, PrintedAbility

# ------------------------------------------ the atoms the numbering reads (asp/objects.lp)
@predicate("activated_ability")
class ActivatedAbility(NamedTuple):
    obj: str
    ability: Symbol  # ab(Card, I), intrinsic(Subtype) or granted(Parent, J)


@predicate("kind")
class Kind(NamedTuple):
    ability: Symbol
    kind: Name


@predicate("affects_abilities")
class AffectsAbilities(NamedTuple):
    """The effect group Group grants the ability term Grant to Target."""

    group: Symbol
    grant: Symbol
    target: str


@predicate("effect_member")
class EffectMember(NamedTuple):
    group: Symbol
    source: str


@predicate("excluded_self")
class ExcludedSelf(NamedTuple):
    source: str
    grant: Symbol
    obj: str


NUMBERING_DECODES = (ActivatedAbility, Kind, AffectsAbilities, EffectMember, ExcludedSelf)

BASIC_ORDER = ("Plains", "Island", "Swamp", "Mountain", "Forest")
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
    """The cost of an activated ability's text: what precedes its first colon (CR 602.1a), its reminder text
    left out ("Level up {1}{G} ({1}{G}: Put a level counter on this. ...)": the keyword and its cost, 702.87a)
    and an ability word before it ("Fathomless descent — {T}": 207.2c, no rules meaning)."""
    return REMINDER.sub("", text).split(":", 1)[0].rsplit(" — ", 1)[-1].strip()


REMINDER = re.compile(r"\s*\([^()]*\)")


def normal(text: str) -> str:
    """Text compared without regard to case, spacing or a final period."""
    return " ".join(text.split()).rstrip(".").strip().casefold()


def _key(board: Board, term: Symbol, granted_by: dict[Symbol, list[str]],
         timestamps: dict[str, int]) -> tuple[tuple, str, str]:
    """Sort key, text (worded once, by pysolver.describe) and origin of one ability term."""
    text = describe.ability_words(board.library, term)
    printed = match(PrintedAbility, term)
    if printed is not None:
        return (0, printed.position, 0, ""), text, "printed"
    intrinsic = match(IntrinsicAbility, term)
    if intrinsic is not None:
        subtype = intrinsic.subtype
        return (1, BASIC_ORDER.index(subtype), 0, ""), text, f"intrinsic ({subtype})"
    granted = match(GrantedAbility, term)
    if granted is not None:
        grant, index = granted.grant, granted.position
        sources = sorted(granted_by.get(grant, []), key=lambda s: (timestamps.get(s, 0), s))
        first = sources[0] if sources else "?"
        return (2, timestamps.get(first, 0), index, str(grant)), text, f"granted by {first}"
    return (3, 0, 0, str(term)), text, "other"  # pragma: no cover


def numbered(board: Board, permanent_id: str, terms: Iterable[tuple[Symbol, str]],
             affects: Iterable[AffectsAbilities], members: Iterable[EffectMember],
             excluded: Iterable[ExcludedSelf]) -> list[NumberedAbility]:
    """The permanent's activated abilities, numbered.

    ``terms``: (ability term, kind) for each activated ability the rules found
    (activated_ability/2 with kind/2); ``affects``: the affects_abilities/3
    atoms (which effect group grants what to whom, asp/objects.lp);
    ``members`` and ``excluded``: the effect_member/2 and excluded_self/3
    atoms, the sources of each group and those that exclude an object."""
    sources: dict[Symbol, list[str]] = {}
    for member in members:
        sources.setdefault(member.group, []).append(member.source)
    excludes = {(a.source, a.grant) for a in excluded if a.obj == permanent_id}
    granted_by: dict[Symbol, list[str]] = {}
    for affect in affects:
        group, grant = affect.group, affect.grant
        if affect.target == permanent_id:
            granted_by.setdefault(grant, []).extend(
                s for s in sources.get(group, []) if (s, grant) not in excludes)
    terms = list(terms)
    timestamps: dict[str, int] = {}
    if any(match(GrantedAbility, term) is not None for term, _ in terms):  # only granted ones are ordered by them
        timestamps = {p.id: p.timestamp for p in board.battlefield}
        timestamps.update({e.id: e.timestamp for e in board.effects})
    keyed = []
    for term, kind in terms:
        key, text, origin = _key(board, term, granted_by, timestamps)
        keyed.append((key, str(term), term, kind, text, origin))
    keyed.sort(key=lambda k: (k[0], k[1]))
    printed = [found for _, _, term, *_ in keyed if (found := match(PrintedAbility, term)) is not None]
    card = board.library.get(printed[0].card) if printed else None
    after = len(card.abilities()) if card is not None else 0
    numbers = []
    for _, _, term, kind, text, origin in keyed:
        printed_term = match(PrintedAbility, term)
        if printed_term is not None:
            number = printed_term.position + 1
        else:
            after += 1
            number = after
        numbers.append(NumberedAbility(number, term, kind, text, origin))
    return numbers


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
    printed_terms = [match(PrintedAbility, a.term) for a in abilities]
    printed = next((t.card for t in printed_terms if t is not None), None)
    data = board.library.get(printed) if printed is not None else None
    if isinstance(wanted, int) and data is not None and 1 <= wanted <= len(data.abilities()):
        # one of its card's other abilities (triggered, static): the same numbering
        raise QueryError(f"{who} ability {wanted} is not {'a' if what[0] == 'm' else 'an'} {what} "
                         f"(abilities: {listing(abilities)})", file=board.name, place="--ability")
    raise QueryError(f"{who} has no ability {wanted!r} (abilities: {listing(abilities)})",
                     file=board.name, place="--ability")
