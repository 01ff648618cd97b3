"""Convoke, improvise and delve (CR 702.51, 702.126, 702.66): untapped permanents tapped, or
cards exiled from a graveyard, to pay part of a spell's total cost, for `pay --spell` and
`next cast` (pysolver.query.payment).

Convoke: for each generic mana of the total cost its caster may tap an untapped creature they
control rather than pay that mana, and for each colored mana an untapped creature of that color
(702.51a); improvise: an untapped artifact for each generic mana (702.126a).  Neither is an
additional or alternative cost: each applies once the total cost is determined (702.51b,
702.126b, 601.2f), as the cost is paid (601.2h), after the mana abilities (601.2g).  Delve:
for each generic mana, a card exiled from its caster's graveyard (702.66a, b).  A *plan* is one
choice: which permanents are tapped (cards exiled) and what each pays; every plan, and every way
the mana abilities pay the rest, is a distinct way to pay.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from pysolver.errors import LimitExceeded

# keyword: (the permanents it taps, whether one pays a colored mana of its color, CR)
KINDS = {"convoke": ("Creature", True, "702.51a"), "improvise": ("Artifact", False, "702.126a"),
         "delve": ("card in the graveyard", False, "702.66a"), "waterbend": ("artifact or creature", False, "601.2h")}
COLORS = "WUBRG"
# Plans past this many are refused (the ways multiply with the permanents and the cost's symbols).
MAX_PLANS = 256


@dataclass(frozen=True)
class Plan:
    """Permanents tapped by convoke or improvise, and the symbols left for mana to pay."""

    keyword: str = ""
    tapped: tuple[tuple[str, str], ...] = ()  # (permanent or card exiled, the symbol it pays: "{1}", "{G}")
    pips: tuple = ()  # the cost's symbols left, as pysolver.query.payment's pips
    graveyard: tuple[str, ...] = field(default=(), compare=False)  # delve: the caster's graveyard

    @property
    def ids(self) -> frozenset:
        """The permanents it taps (none for delve)."""
        return frozenset() if self.keyword == "delve" else frozenset(perm for perm, _ in self.tapped)

    def merged(self, way: Any) -> Any:
        """The way of paying the rest, with this plan's taps: its paid text first, its costs."""
        if not self.tapped:
            return way
        if self.keyword == "delve":  # the text of an exile cost (pysolver/next_costs.py moves the card to exile)
            paid = ", ".join(f"{symbol} by exiling {card} from the graveyard (delve)" for card, symbol in self.tapped)
            costs = tuple(f"exile {card} from the graveyard" for card, _ in self.tapped)
        else:
            paid = ", ".join(f"{symbol} by tapping {perm} ({self.keyword})" for perm, symbol in self.tapped)
            costs = tuple(f"{self.keyword} {perm}" for perm, _ in self.tapped)
        return replace(way, paid=", ".join(p for p in (paid, way.paid) if p), costs=tuple(sorted(way.costs + costs)))

    def possible(self, way: Any) -> bool:
        """Whether the way's mana abilities left the plan's permanents untapped and on the
        battlefield until the cost is paid (601.2g before 601.2h): none sacrificed by a mana
        ability, none untapped by its own {Q} (which needs it tapped); delve: whether the
        graveyard holds the cards it exiles and those another cost exiles (601.2h)."""
        if self.keyword == "delve":
            exiled = Counter(card for card, _ in self.tapped)
            exiled.update(c.removeprefix("exile ").removesuffix(" from the graveyard")
                          for c in way.costs if c.startswith("exile "))
            return not exiled - Counter(self.graveyard)
        if self.ids & way.end.gone:
            return False
        return not any(a.perm in self.ids and "{Q}" in a.text for a in way.activations)


def keyword(card_data: dict) -> str | None:
    """convoke, improvise or delve, when the spell's card has it (two of them: refused)."""
    found = [k for k in card_data.get("keywords", []) if k.lower() in KINDS]
    if len(found) > 1:
        raise LimitExceeded(f"incomplete: {card_data.get('name', 'the spell')} has {' and '.join(found)}, "
                            "which pay does not model together")
    return found[0].lower() if found else None


def plans(kind: str, candidates: list[tuple[str, frozenset]], pips: list, file: str | None) -> list[Plan]:
    """Every plan: ``candidates`` the untapped permanents of the kind (each with its colors),
    ``pips`` the total cost's symbols (pysolver.query.payment's: each a tuple of alternatives).
    Generic mana ("generic", N) is paid one mana by one permanent; a colored symbol (one of its
    alternatives a color, a hybrid's or a Phyrexian one's too) wholly by a creature of that color
    (convoke only); {C}, {S} and the generic half of {2/W} are none of these (702.51a)."""
    _, colored, _ = KINDS[kind]
    generic_at = [i for i, pip in enumerate(pips) if len(pip) == 1 and pip[0][0] == "generic"]
    generic = sum(pips[i][0][1] for i in generic_at)
    colored_at = [i for i, pip in enumerate(pips) if colored and any(k in COLORS for k, _ in pip)]
    found: set[tuple] = set()

    def go(k: int, generic_left: int, colored_left: tuple[int, ...], chosen: tuple):
        if len(found) > MAX_PLANS:
            raise LimitExceeded(f"incomplete: more than {MAX_PLANS} ways to tap permanents for {kind} "
                                f"(CR {KINDS[kind][2]})", file=file)
        if k == len(candidates):
            found.add((chosen, generic_left, colored_left))
            return
        perm, colors = candidates[k]
        go(k + 1, generic_left, colored_left, chosen)
        if generic_left:
            go(k + 1, generic_left - 1, colored_left, chosen + ((perm, "{1}"),))
        paid_kinds = set()
        for j, i in enumerate(colored_left):
            color = next((c for c, _ in pips[i] if c in colors), None)
            if color is None or (pips[i], color) in paid_kinds:
                continue  # symbols alike: paying either is the same plan
            paid_kinds.add((pips[i], color))
            go(k + 1, generic_left, colored_left[:j] + colored_left[j + 1:], chosen + ((perm, _symbol(pips[i])),))

    go(0, generic, tuple(colored_at), ())
    out = []
    for chosen, generic_left, colored_left in sorted(found):
        rest = [pip for i, pip in enumerate(pips) if i not in generic_at and (i not in colored_at or i in colored_left)]
        rest += [(("generic", generic_left),)] if generic_left else []
        out.append(Plan(kind, chosen, tuple(rest)))
    return out


def waterbend_plans(candidates: list[str], amount: int, file: str | None) -> list[Plan]:
    """Waterbend {N} (its reminder text: "While paying a waterbend cost, you can tap your artifacts and creatures to
    help. Each one pays for {1}"; newer than the rules text cited): every plan tapping untapped artifacts and
    creatures of ``candidates``, one for each of the N generic mana at most; the rest is paid with mana (601.2h)."""
    out: list[Plan] = []
    for k in range(min(amount, len(candidates)) + 1):
        for tapped in itertools.combinations(candidates, k):
            if len(out) >= MAX_PLANS:
                raise LimitExceeded(f"incomplete: more than {MAX_PLANS} ways to tap permanents to waterbend",
                                    file=file)
            out.append(Plan("waterbend", tuple((perm, "{1}") for perm in tapped),
                            ((("generic", amount - k),),) if amount > k else ()))
    return out


def _symbol(pip: tuple) -> str:
    """A symbol's text from its alternatives: {G}, {G/W}, {2/W}, {W/P} (CR 107.4)."""
    parts = [str(n) if kind == "generic" else "P" if kind == "life" else kind for kind, n in pip]
    return "{" + "/".join(parts) + "}"


def delve_plans(graveyard: list[str], pips: list, file: str | None) -> list[Plan]:
    """CR 702.66a: every plan exiling cards of ``graveyard`` (cards of one name alike), one for
    each generic mana of ``pips`` at most."""
    generic_at = [i for i, pip in enumerate(pips) if len(pip) == 1 and pip[0][0] == "generic"]
    generic = sum(pips[i][0][1] for i in generic_at)
    rest = [pip for i, pip in enumerate(pips) if i not in generic_at]
    out: list[Plan] = []
    for k in range(min(generic, len(graveyard)) + 1):
        for cards in sorted(set(itertools.combinations(sorted(graveyard), k))):
            if len(out) >= MAX_PLANS:
                raise LimitExceeded(f"incomplete: more than {MAX_PLANS} ways to exile cards for delve "
                                    f"(CR {KINDS['delve'][2]})", file=file)
            left = generic - k
            out.append(Plan("delve", tuple((card, "{1}") for card in cards),
                            tuple(rest + ([(("generic", left),)] if left else [])), tuple(graveyard)))
    return out
