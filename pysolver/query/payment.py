"""Every sequence of mana-ability activations (CR 605, 601.2g-h, 106.4): `available` and `pay`.

A player may activate mana abilities in any order, each paying its full cost
(mana already in the pool or produced earlier, {T}/{Q}, sacrifices, counters,
life, tapping other permanents) before a cost is paid (601.2g, 601.2h).  This
module searches the *distinct states* such sequences reach, never the orders:

* a state is (the pool, each of the player's permanents: tapped, gone,
  counters removed; life paid; cards discarded), memoised, so two orders that
  reach the same state are explored once;
* what one activation produces (replacement effects in every order, triggered
  mana abilities, layers) is the existing per-activation machinery
  (pysolver.query.mana, asp/mana_activation.lp, asp/mana_triggers.lp),
  grounded once for all of the player's permanents;
* an activation that only taps its own permanent and adds mana ("a free
  source") commutes with every other activation and only adds mana, so the
  available-mana search takes free sources first, in board order (a partial
  order reduction, not a rule): the states it keeps are prefix pools, whose
  number follows the distinct results;
* a permanent that leaves (a sacrifice) and has abilities other than mana
  abilities, or an ability whose production depends on the board, makes the
  search ground the changed board again (memoised per change).

Mana of "any color" that the player may choose freely (one mana of any color,
N mana in any combination of colors) is kept as one compact unit, ``{Any}``;
``--expand`` lists each color instead.  Mana carrying a spending restriction
(CR 106.6) is kept apart, labelled with its restriction.

Bounds (exit 3 "incomplete" above them): MAX_SOURCES permanents of the player,
checked before anything is grounded, MAX_STATES states of the search,
MAX_GROUNDINGS groundings of changed boards.
"""

from __future__ import annotations

import itertools
import math
import os
from contextvars import ContextVar
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from typing import NamedTuple

from pysolver import activations, solver
from pysolver.life_gain_order import gainer, refuse_order_dependent_gains
from pysolver.side_effects import SideEffect, tapped_by_cost
from pysolver.facts import queries as fact_queries
from pysolver.board import Board, Permanent
from pysolver.cards import Card, mana_symbols, mana_value
from pysolver.cards.library import has_flashback
from pysolver.cards.oracle_keywords import CAST_REFUSAL, GRAVEYARD_CASTS, cast_refused
from pysolver.cards.oracle_costs import ANY_NUMBER
from pysolver.cards.oracle_optional_costs import REPEATABLE, RULES as OPTIONAL_RULES, SHOWN as OPTIONAL_SHOWN
from pysolver.describe import cost_words, filter_words
from pysolver import exiled_instead, face_down, triggered_mana
from pysolver.errors import LimitExceeded, QueryError
from pysolver.mana import TYPES
from pysolver.query import cost as cost_query
from pysolver.query import mana as mana_query
from pysolver.query import spending as spending_query
from pysolver.query.spending import Spending
from pysolver.query import spend_restriction
from pysolver.query.spend_restriction import Restriction
from pysolver.predicates import Name, predicate, read
from pysolver.query.activation import ability_spec, check_player
from pysolver.query.cost import TotalCost, total_cost
from pysolver.query.registry import Query, register

COLORS = "WUBRG"
ANY = "Any"
UNIT_ORDER = ("W", "U", "B", "R", "G", "C", ANY)
MAX_STATES = int(os.environ.get("PYSOLVER_MAX_PAY_STATES", "200000"))
# The search grows faster than the player's permanents (1,000 Forests: about 20 s of CPU; at
# the 50,000-object cap it ran past 900 s): above this many it is refused up front (issue 16).
MAX_SOURCES = int(os.environ.get("PYSOLVER_MAX_PAY_SOURCES", "1000"))


def check_sources(board: Board, player: str) -> None:
    """Refuse, before grounding anything, a search over more permanents than MAX_SOURCES."""
    count = sum(1 for p in board.battlefield if p.controller == player)
    if count > MAX_SOURCES:
        raise LimitExceeded(f"incomplete: {player} controls {count} permanents; the search over "
                            f"mana abilities takes at most {MAX_SOURCES} (PYSOLVER_MAX_PAY_SOURCES)",
                            file=board.name)
MAX_GROUNDINGS = 32


# ------------------------------------------------------------------ units of mana
class Unit(NamedTuple):
    """One kind of mana in a pool: its type (or Any), restriction, snow, and source.

    A named tuple (not a dataclass): the state search hashes, compares and sorts units
    millions of times, and a tuple does that in C (issue 16: a dataclass's generated
    ``__hash__`` was a fifth of the search's time)."""

    type: str
    restriction: str = ""
    snow: bool = False
    # The permanent whose ability made it; "" for mana already in the pool, and for every unit in
    # the available search (which doesn't label units).  Never a word: a permanent's id is any
    # non-empty text, "pool" too.
    source: str = ""

    def symbol(self) -> str:
        return f"{{{self.type}}}"


Pool = tuple[tuple[Unit, int], ...]  # sorted, counts > 0


def _pool(counter: Counter) -> Pool:
    return tuple(sorted((u, n) for u, n in counter.items() if n > 0))


def _unit_key(unit: Unit) -> tuple:
    return (unit.restriction, unit.source, UNIT_ORDER.index(unit.type), unit.snow)


def pool_text(pool: Pool | Counter, expand_any: bool = False) -> str:
    """Symbols in WUBRGC order, then {Any}; restricted mana after, with its restriction."""
    counts = Counter(dict(pool)) if not isinstance(pool, Counter) else pool
    plain: Counter = Counter()
    restricted: dict[str, Counter] = {}
    for unit, n in counts.items():
        target = plain if not unit.restriction else restricted.setdefault(unit.restriction, Counter())
        target[unit.type] += n
    text = "".join(f"{{{t}}}" * plain.get(t, 0) for t in UNIT_ORDER)
    for restriction in sorted(restricted):
        part = "".join(f"{{{t}}}" * restricted[restriction].get(t, 0) for t in UNIT_ORDER)
        text += f" + {part} ({restriction})"
    return text.strip(" +") or ""


# ------------------------------------------------------------------ the model
@dataclass(frozen=True)
class Production:
    """One distinct result of one activation: the units added, what it sacrificed, effects."""

    units: Pool
    sacrificed: tuple[str, ...]
    effects: tuple[SideEffect, ...]
    # The outcome whose witness it gives (None: a pool's mana, no activation's)
    outcome: mana_query.Outcome | None = field(default=None, compare=False)
    # The permanents of other players its cost untapped ("Untap a tapped land an opponent
    # controls", CR 118.3): the activation's choice, named by its effects (asp/mana_activation.lp).
    untapped: tuple[str, ...] = ()

    @property
    def steps(self) -> tuple[Any, ...]:
        return self.outcome.witness if self.outcome is not None else ()


@dataclass(frozen=True)
class Act:
    """One mana ability of one permanent, with its costs and results on the board."""

    perm: str
    card: str
    number: int  # its mana ability number (pysolver mana --ability N)
    text: str
    tap: bool
    untap: bool
    sac_self: bool
    pips: tuple[tuple[tuple[str, int], ...], ...]  # each pip: its alternatives
    life: int
    discard: int
    counters: tuple[tuple[str, int], ...]
    tap_others: tuple[tuple[int, frozenset], ...]  # (how many, which permanents may be tapped)
    blocked: tuple[str, ...]  # reasons that don't change during the search
    productions: tuple[Production, ...]
    pool_dependent: bool
    board_dependent: bool
    remaining: int | None = None  # CR 602.5b: activations left of a limited ability
    x: int | None = None  # "Remove X counters": the X of this act (one act for each X, CR 107.3)
    left_open: str = ""  # what decides its mana besides its controller (CR 705, 608.2d), or ""
    reads_life_gained: bool = False  # its amount is the life its controller gained this turn
    # How many tapped permanents of an opponent's its cost untaps (each production names them)
    untaps_others: int = 0
    # CR 106.3, 107.4h: a triggered mana ability adds to its mana from a source whose snow differs
    # from the permanent's, which labels all of it: refused where {S} is paid (Search.refuse_unlabelled_snow)
    snow_unsure: bool = False

    @property
    def free(self) -> bool:
        return (self.tap and not self.untap and not self.sac_self and not self.pips and not self.life
                and not self.discard and not self.counters and not self.tap_others and not self.untaps_others
                and not self.pool_dependent and not self.blocked and bool(self.productions)
                and all(not p.sacrificed for p in self.productions))


BOARD_DEPENDENT_ADD = ("reflect", "commander_colors", "double_pool")
# The card format's conditions on whether a permanent is tapped (pysolver/schemas.py): a trigger's
# (self_tapped, self_untapped, attached_tapped), a cost change's (if_untapped), a static ability's
# ('if': 'untapped'); tests/test_pay.py keeps the list whole against the schema.
TAPPED_CONDITIONS = frozenset({"self_tapped", "self_untapped", "attached_tapped", "attached_untapped", "if_untapped"})


# The card format's conditions on a life total (a static ability's if_life, if_life_start) and on the
# cards of a hand or a graveyard (if_hand, if_graveyard, if_graveyard_types; an amount that counts the
# cards of a zone or reveals cards of the hand): costs paid during the search change both (CR 119.4,
# 601.2h, 701.8a).
LIFE_CONDITIONS = frozenset({"if_life", "if_life_start", "life_at_least", "life_at_most"})
LIFE_GAINED_READS = frozenset({"if_life_gained"})
ONLY_IF_LIFE = frozenset({"life_at_least", "life_at_most"})  # "Activate only if you have 5 or less life"
ONLY_IF_HAND = frozenset({"hand_at_least", "hand_at_most"})  # "Activate only if you have no cards in hand"
HAND_READS = ONLY_IF_HAND | {"if_hand", "revealed"}
CARD_ZONE_CONDITIONS = frozenset({"if_hand", "if_graveyard", "if_graveyard_types", "revealed", "hand_at_least",
                                  "hand_at_most"})


def _holds_key(data: Any, keys: frozenset, zones: bool = True) -> bool:
    """Whether a card's data holds one of ``keys``, or (``zones``) counts the cards of a hand or a graveyard."""
    if isinstance(data, dict):
        return any(key in keys or (zones and key == "zone" and value in ("hand", "graveyard"))
                   or _holds_key(value, keys, zones) for key, value in data.items())
    if isinstance(data, list):
        return any(_holds_key(item, keys, zones) for item in data)
    return False


def _reads_hand(data: Any) -> bool:
    """Whether a card's data reads the cards of a hand: an amount counting them (``zone: hand``), an
    "Activate only if you have no cards in hand" condition, a static ability's condition on a hand
    (``if_hand``) or cards revealed from it (``revealed``: Metalworker)."""
    if isinstance(data, dict):
        return bool(HAND_READS & set(data)) or data.get("zone") == "hand" or any(map(_reads_hand, data.values()))
    if isinstance(data, list):
        return any(_reads_hand(item) for item in data)
    return False


def _board_reads(board: Board, keys: frozenset, zones: bool = True) -> bool:
    """Whether a card on the battlefield or of an effect holds one of ``keys`` (``_holds_key``)."""
    library = board.library
    if library is None:
        return False
    names = dict.fromkeys([p.card_name for p in board.battlefield] + [e.card for e in board.effects])
    return any((card := library.get(name)) is not None and _holds_key(card.data, keys, zones) for name in names)


def reads_tapped_state(data: Any) -> bool:
    """Whether a card's data holds a condition on whether a permanent is tapped (CR 611.3a, 603.4)."""
    if isinstance(data, dict):
        return any(key in TAPPED_CONDITIONS or (key == "if" and value in ("untapped", "attached_tapped",
                                                                          "attached_untapped"))
                   or reads_tapped_state(value) for key, value in data.items())
    if isinstance(data, list):
        return any(reads_tapped_state(item) for item in data)
    return False


def reads_others_tapped(data: Any) -> bool:
    """Whether a card's data holds a static ability whose reach or condition is the tapped state of other
    permanents ("Tapped creatures you control get +2/+0", "as long as you control no untapped lands", "as long as
    equipped creature is tapped"; CR 110.5, 611.3a)."""
    if isinstance(data, dict):
        static = data.get("static")
        if isinstance(static, dict) and (_filter_reads_tapped(static.get("affects", {})) or _filter_reads_tapped(
                static.get("if_you_control", {}).get("filter", {})) or static.get("if") in ("attached_tapped",
                                                                                              "attached_untapped")):
            return True
        return any(reads_others_tapped(value) for value in data.values())
    if isinstance(data, list):
        return any(reads_others_tapped(item) for item in data)
    return False


def _reads_players(ability: Any, source: Permanent, player: str, board: Board) -> bool:
    """Whether a static ability that reads the tapped state of permanents reads those of ``player`` (which the
    payment search taps; CR 109.4, 102.3); a grant of one, conservatively, does."""
    static = ability.get("static") if isinstance(ability, dict) else None
    if not isinstance(static, dict) or static.get("grant"):
        return True
    mine = source.controller == player
    attached = next((p for p in board.battlefield if source.attached_to == ("permanent", p.id)), None)
    if static.get("if") in ("attached_tapped", "attached_untapped") and (
            attached is None or attached.controller == player):
        return True
    if _filter_reads_tapped(static.get("affects", {})):
        if static.get("enchanted"):
            return attached is None or attached.controller == player
        whose = static.get("whose", "any")
        if static.get("self") or whose == "you":
            return mine
        if whose == "opponent":
            return not mine
        return True
    condition = static.get("if_you_control", {})
    if _filter_reads_tapped(condition.get("filter", {})):
        return mine if condition.get("whose", "you") == "you" else not mine
    return False


# What a static ability says besides what it changes: what it affects and when (CR 611.3a).
_STATIC_SCOPE = frozenset({"affects", "whose", "enchanted", "self", "if", "if_you_control"})
# Keywords no rule of a payment reads but targets (CR 702.11b, 702.18a: mana abilities have none, 605.1a; a
# spell's targets are chosen before its costs are paid, 601.2c) and a filter that names them.
_UNREAD_KEYWORDS = frozenset({"hexproof", "shroud"})
# Card data that gives power and toughness (layer 7, CR 613.4) rather than reading them.
_GIVING_PT = frozenset({"pt", "pump", "pump_self", "base_pt", "prototype"})


def _changes_nothing_read(ability: Any, board: Board, priority: bool = True) -> bool:
    """Whether a static ability that reads whether permanents are tapped changes only what no rule of the
    payment search reads on ``board`` (CR 110.5, 611.3a), so the search, grounding the player's permanents
    untapped, can't answer otherwise than the game: power and toughness while no card on the board reads power
    or toughness, and hexproof or shroud while none names them (a filter of a cost).  ``priority``: the mana
    abilities are activated with priority, each followed by state-based actions (available: 117.3c, 117.5), so
    no tap may lower a toughness (a permanent whose toughness a tap lowered could be put into a graveyard
    between them, 704.5f; the search untaps none of the player's permanents, refusing such a cost); a cost paid
    as a spell is cast or an ability activated gives no priority until it is paid (601.2g-h, 602.2b)."""
    static = ability.get("static") if isinstance(ability, dict) and len(ability) == 1 else None
    if not isinstance(static, dict) or not set(static) - _STATIC_SCOPE <= {"pt", "grant_keywords"}:
        return False
    keywords = {str(k).lower() for k in static.get("grant_keywords", [])}
    if not keywords <= _UNREAD_KEYWORDS:
        return False
    pt = static.get("pt")
    if pt is not None and (set(pt) != {"power", "toughness"} or (
            priority and pt["toughness"] != 0 and not _tap_raises(static, pt["toughness"]))):
        return False
    names = _board_card_names(board) | set(_PAID_FOR.get())
    cards = [board.library.get(name) for name in names] if board.library is not None else [None]
    words = (keywords | ({"power", "toughness"} if pt is not None else set()))
    return not any(card is None or _mentions(card.data, words, top=True) for card in cards)


def _tap_raises(static: dict[str, Any], toughness: Any) -> bool:
    """Whether a tap of a permanent a static ability affects by its status ("Tapped creatures you control get
    +0/+2", "Untapped ... get -0/-1") only raises its toughness (CR 110.5, 613.4c): the ability affects the
    controller's permanents by their status alone (no condition), so no toughness drops as the search taps
    them, and none dies of it between mana abilities (704.5f, 704.5g)."""
    tapped = static.get("affects", {}).get("tapped")
    return (isinstance(toughness, int) and isinstance(tapped, bool) and static.get("whose") == "you"
            and not set(static) & {"if", "if_you_control", "enchanted", "self"}
            and (toughness > 0) == tapped)


# The card whose costs the payment search pays (pay's spell, which may be no card the board names).
_PAID_FOR: ContextVar[tuple[str, ...]] = ContextVar("paid_for", default=())


def _board_card_names(board: Board) -> set[str]:
    """Every card a board names: on the battlefield, the stack, in effects and in the players' zones."""
    names = {p.card_name for p in board.battlefield} | {p.card for p in board.battlefield}
    names |= {p.copy_of for p in board.battlefield if p.copy_of}
    names |= {e.card for e in board.effects} | {s.card for s in board.stack}
    for player in board.players:
        names |= set(player.hand) | set(player.graveyard) | set(getattr(player, "exile", ()))
    return names


def _mentions(data: Any, words: set[str], top: bool = False) -> bool:
    """Whether card data reads one of ``words`` (keywords, "power", "toughness"): a key or a value holding one,
    but a card's own keywords, the keywords its static abilities grant, the power and toughness it gives, and
    its text."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("text", "oracle", "name") or (top and key in ("keywords", "power", "toughness")):
                continue
            if key in ("grant_keywords", "lose_keywords", "deny_keywords") or key in _GIVING_PT:
                if isinstance(value, dict) and set(value) <= {"power", "toughness"} and all(
                        isinstance(v, int) for v in value.values()):
                    continue  # +N/+M given
                if key in ("grant_keywords", "lose_keywords", "deny_keywords"):
                    continue
            if any(word in str(key).lower() for word in words) or _mentions(value, words):
                return True
        return False
    if isinstance(data, (list, tuple)):
        return any(_mentions(item, words) for item in data)
    return isinstance(data, str) and any(word in data.lower() for word in words)


def _filter_reads_tapped(spec: dict[str, Any]) -> bool:
    return "tapped" in spec or any(_filter_reads_tapped(each) for each in spec.get("any_of", []))


class LeftOpen(LimitExceeded):
    """Mana the player can't count on (chance, another player's payment): every answer of a
    search that could use it would be a guess, so it is refused, never left to another check."""


class UncountedLife(LeftOpen):
    """Life a mana ability makes its controller gain (CR 119.3) while life is paid (119.4) or
    read by an amount during the same search: the search counts neither, so it refuses."""


def _gains_life(effect: SideEffect, player: str) -> bool:
    """Whether an effect of one of the player's mana abilities makes the player gain life as
    it resolves (CR 119.3, 605.3b; pysolver.life_gain_order.gainer)."""
    return gainer(effect, player) == player


def _pays_snow(pips) -> bool:
    """Whether some symbol of the pips is {S} (CR 107.4h)."""
    return any(kind == "snow" for pip in pips for kind, _ in pip)


def _pays_life(pips) -> bool:
    """Whether some symbol may be paid with life (Phyrexian mana, CR 107.4f, 119.4)."""
    return any(kind == "life" for pip in pips for kind, _ in pip)


def _left_open(body: dict) -> str:
    """What decides a mana ability's mana besides its controller: chance or another player."""
    if "chance" in body:
        return "a coin flip (CR 705)"
    if "unless_paid" in body:
        return f"whether a player pays {body['unless_paid']['cost']} (CR 608.2d)"
    return ""


def _x_counters(body: dict) -> str | None:
    """The kind of counter a "Remove X ... counters" cost removes (CR 107.3), or None."""
    for item in body.get("cost", []):
        if isinstance(item, dict) and "remove_counters" in item and item["remove_counters"].get("count") == "X":
            return str(item["remove_counters"]["kind"])
    return None


def _removed(effects: tuple[SideEffect, ...], kind: str, perm: str) -> int:
    """How many ``kind`` counters an outcome's effects remove from ``perm`` (the X it was for)."""
    return next((e.amount for e in effects if e.kind == "remove_counters" and e.counter == kind and e.who == perm), 0)


def _is_any(vectors: set[tuple[int, ...]]) -> int | None:
    """N if the vectors are exactly every way to have N mana of the five colors (N >= 1)."""
    totals = {sum(v) for v in vectors}
    if len(totals) != 1:
        return None
    n = totals.pop()
    if n < 1 or any(v[5] for v in vectors):
        return None
    expected = 1
    for k in range(1, 5):  # C(n + 4, 4)
        expected = expected * (n + k) // k
    return n if len(vectors) == expected else None


def _productions(outcomes, restriction: str, snow: bool, source: str) -> tuple[Production, ...]:
    """The outcomes of one ability as units, any-color sets made compact."""
    groups: dict[tuple, set] = {}
    witnessed: dict[tuple, mana_query.Outcome] = {}  # the outcome whose witness each gives
    for outcome in outcomes:
        mana = dict(outcome.mana)
        restricted = dict(outcome.restricted) if outcome.restricted is not None else {}
        vector = tuple(mana.get(t, 0) - restricted.get(t, 0) for t in TYPES)
        rvector = tuple(restricted.get(t, 0) for t in TYPES)
        sacrificed = tuple(sorted(e.who for e in outcome.effects if e.kind == "sacrifice"))
        # the effects name the permanent an untap cost untapped; a triggered mana ability's
        # restriction, the part it added (CR 106.6)
        key = (sacrificed, outcome.effects, rvector, outcome.restriction or restriction)
        groups.setdefault(key, set()).add(vector)
        witnessed.setdefault((key, vector), outcome)
    result = []
    for (sacrificed, effects, rvector, kept), vectors in groups.items():
        n = _is_any(vectors) if not any(rvector) else None
        choices: list[tuple | None] = [None] if n is not None else sorted(vectors, reverse=True)
        for choice in choices:
            counter: Counter = Counter()
            if choice is None:
                counter[Unit(ANY, "", snow, source)] = n or 0
                witness = witnessed[((sacrificed, effects, rvector, kept), next(iter(sorted(vectors))))]
            else:
                for t, k in zip(TYPES, choice, strict=True):
                    counter[Unit(t, "", snow, source)] += k
                witness = witnessed[((sacrificed, effects, rvector, kept), choice)]
            for t, k in zip(TYPES, rvector, strict=True):
                counter[Unit(t, kept, snow, source)] += k
            untapped = tuple(sorted(e.who for e in effects if e.kind == "untap"))
            result.append(Production(_pool(counter), sacrificed, effects, witness, untapped))
    return tuple(result)


def _pip_alternatives(symbol: str) -> tuple[tuple[str, int], ...]:
    """CR 107.4: the ways to pay one symbol: (type, 1), ("generic", N), ("life", 2), ("snow", 1)."""
    if symbol.isdigit():
        return (("generic", int(symbol)),)
    if symbol == "S":
        return (("snow", 1),)
    alternatives = []
    for part in symbol.split("/"):
        if part in TYPES:
            alternatives.append((part, 1))
        elif part.isdigit():
            alternatives.append(("generic", int(part)))
        elif part == "P":
            alternatives.append(("life", 2))  # CR 107.4f, 119.4
        else:
            raise ValueError(symbol)
    return tuple(alternatives)


@predicate("has_type")
class HasType(NamedTuple):
    obj: str
    type: str


@predicate("has_color")
class HasColor(NamedTuple):
    obj: str
    color: Name


@predicate("has_subtype")
class HasSubtype(NamedTuple):
    obj: str
    subtype: str


@predicate("has_supertype")
class HasSupertype(NamedTuple):
    obj: str
    supertype: str


@predicate("stat")
class PayStat(NamedTuple):
    obj: str
    stat: Name
    value: int


@predicate("cost_card_fits")
class CostCardFits(NamedTuple):
    asked: int  # the filter's place among those asked
    card: str


OBJECT_DECODES = (HasType, HasColor, HasSubtype, HasSupertype, PayStat, CostCardFits,
                  spend_restriction.SpendFilterFits)


class _AllQuery(mana_query._Query):
    """The per-activation machinery of pysolver.query.mana, grounded once for many permanents."""

    def __init__(self, board: Board, player: str, asked: frozenset | None = None):
        """``asked``: the permanents whose abilities are activated (None: all of the player's);
        what one activation produces doesn't depend on which others are asked (`mana` asks one)."""
        self.triggers = True
        # Read only: shared with the player's other questions on this board (solver.ground_shared).
        self._setup(board, solver.ground_shared(fact_queries.pay(board, player, asked=asked), solver.entry("mana")))

    def select(self, permanent: Permanent) -> None:
        self.permanent = permanent


def _snow(board: Board, permanent: Permanent) -> bool:
    card = board.library.get(permanent.card_name) if board.library else None
    return card is not None and "Snow" in card.data.get("supertypes", [])


def _active(board: Board, permanent: Permanent, attached: set) -> bool:
    """Whether the permanent does more than make mana (its leaving may change other results).
    ``attached``: what the board's permanents are attached to."""
    card = board.library.get(permanent.card_name) if board.library else None
    if card is None or permanent.attached_to is not None:
        return True
    if ("permanent", permanent.id) in attached:
        return True
    return any(next(iter(a)) != "mana" for a in card.abilities())


def _may_change_spending(board: Board) -> bool:
    """Whether some permanent's card holds an ability that changes how mana is spent (CR 609.4b)."""
    library = board.library
    return library is not None and any(
        "spend_mana" in repr(library.get(p.card_name).data) for p in board.battlefield
        if library.get(p.card_name) is not None)


class Model:
    """The player's mana abilities on one board (a variant of the board asked about)."""

    def __init__(self, board: Board, player: str, only: str | None = None):
        """``only``: the mana abilities of that permanent alone (pysolver next activating one of them: no other
        mana ability is activated, and one whose cost or result no rule models doesn't make it refuse)."""
        self.board = board
        self.player = player
        self.only = only
        triggered_mana.refuse(board, player)  # CR 605.1b: a triggered mana ability kept as text
        self.mine = [p for p in board.battlefield if p.controller == player]
        # CR 611.3a: the player's permanents with an ability that reads whether a permanent is
        # tapped ("As long as this creature is untapped, green creatures you control get +1/+1"):
        # grounded tapped or untapped as they are, the search grounding the board again when
        # an activation taps them (Search.model).
        library = board.library
        # CR 110.5, 611.3a: a static ability that reads whether other permanents are tapped changes as the
        # search taps them, which it grounds untapped: refused (never answered with the board as it was), but
        # where it changes only toughness no card reads, which matters only with priority between the mana
        # abilities (117.5, 704.5f): kept in ``lowers_toughness``, which available refuses.
        self.lowers_toughness: list[str] = []
        for permanent in board.battlefield if library is not None else ():
            card = library.get(permanent.card_name)
            readers = [ability for ability in (card.data.get("abilities", []) if card is not None else ())
                       if reads_others_tapped(ability) and _reads_players(ability, permanent, player, board)
                       and not _changes_nothing_read(ability, board)]
            if any(not _changes_nothing_read(ability, board, priority=False) for ability in readers):
                raise LimitExceeded(f"incomplete: {permanent.id} has a static ability that reads whether other "
                                    "permanents are tapped (CR 110.5, 611.3a), which the payment search does not "
                                    "follow as it taps them", file=board.name)
            if readers:
                self.lowers_toughness.append(permanent.id)
        self.tap_readers = frozenset(p.id for p in self.mine if library is not None
                                     and (card := library.get(p.card_name)) is not None
                                     and reads_tapped_state(card.data))
        self.acts: list[Act] = []
        # X = 0 of a "Remove X counters" ability: it adds nothing, so no payment uses it;
        # pysolver next activates it when asked (CR 107.3).
        self.zero_x: dict[tuple[str, int], Act] = {}
        self._objects: tuple[dict, dict, dict, dict, dict] | None = None
        self._spending: Spending | None = None
        self._grounded = None  # the grounding of every permanent untapped, once made
        if not self.mine:
            return
        # At most two groundings: every permanent untapped ({T} abilities), and every one
        # tapped ({Q}), grounded only when some ability untaps as a cost, and asking only the
        # permanents with such an ability (issue 16: a second grounding of every ability).
        # Whether other permanents are tapped changes no result (nothing in the rules reads it
        # but the abilities of ``tap_readers``, which stay as they are).
        variants: dict[bool, _AllQuery] = {}

        def variant(tapped: bool) -> _AllQuery:
            if tapped not in variants:
                flipped = replace(board, battlefield=[replace(p, tapped=tapped) if p.controller == player
                                                      and p.id not in self.tap_readers else p
                                                      for p in board.battlefield])
                variants[tapped] = _AllQuery(flipped, player, untapping if tapped else None)
            return variants[tapped]

        self._grounded = variant(False).grounded
        found = []
        for permanent in self.mine if only is None else [p for p in self.mine if p.id == only]:
            query = variant(False)
            query.select(permanent)
            abilities = [a for a in query.abilities() if a.kind == "mana"]  # numbered with all activated ones
            for ability in abilities:
                spec = ability_spec(board, ability.term)
                found.append((permanent, ability, next(iter(spec.values())) if spec else None))
        untapping = frozenset(p.id for p, _, body in found if body is not None and "{Q}" in body.get("cost", []))
        for permanent, ability, body in found:
            if body is None:
                raise LimitExceeded(f"incomplete: the mana ability {ability.index} of {permanent.id} "
                                    "has no definition the payment search can read", file=board.name)
            cost = body.get("cost", [])
            source = variant("{Q}" in cost)
            source.select(permanent)
            reasons, outcomes = source.run(ability, lazy=True)
            kind = _x_counters(body)
            if kind is None:
                self.acts.append(self._act(permanent, ability, body, reasons, outcomes))
                continue
            # CR 107.3: X is chosen as the ability is activated: one act for each X its
            # counters allow, with the results of that X.  X = 0 is an act of the search only
            # where it adds mana ("Add {B}, then add an additional {B} for each charge counter
            # removed this way": {B}, 107.1c); one that adds nothing is kept for next activate.
            for x in range(dict(permanent.counters).get(kind, 0) + 1):
                results = [o for o in outcomes if _removed(o.effects, kind, permanent.id) == x]
                act = self._act(permanent, ability, body, reasons, results, x)
                if x or any(o.mana for o in results):
                    self.acts.append(act)
                else:
                    self.zero_x[(permanent.id, ability.index)] = act

    def _act(self, permanent: Permanent, ability, body: dict, reasons, outcomes, x: int | None = None) -> Act:
        board = self.board
        cost = body.get("cost", [])
        # CR 602.5b: "Activate only once each turn" and the like: the activations left (the
        # limit less the board's count); the search counts each sequence's activations.  A
        # used-up ability is blocked by asp/legality.lp (its reason is among ``fixed``).
        limited = activations.limit(body)
        remaining = None
        # A granted ability's activations aren't on the board (only printed ones are).
        activations.refuse_unrecorded(permanent.id, ability.index, ability.term, body, "mana", board.name)
        if limited is not None:
            card = board.library.get(permanent.card_name) if board.library else None
            remaining = max(0, limited[0] - activations.count_of(card, permanent.activated, ability.term))
        pips: list = []
        life = discard = untaps_others = 0
        counters: list = []
        tap_others: list = []
        for item in cost:
            if isinstance(item, str) and item not in ("{T}", "{Q}", "sacrifice_self"):
                for symbol in mana_symbols(item):
                    if symbol == "X":
                        raise LimitExceeded(f"incomplete: {permanent.id}'s mana ability {ability.index} "
                                            "has {X} in its cost, which the payment search does not "
                                            "model", file=board.name)
                    pips.append(_pip_alternatives(symbol))
            elif isinstance(item, dict):
                (key, value), = item.items()
                if key == "pay_life":
                    life += int(value)
                elif key == "discard":
                    discard += int(value)
                elif key == "remove_counters":
                    count = value.get("count", 1)
                    if count == "X" and x is not None:
                        count = x  # this act's X (CR 107.3)
                    if count == "X":
                        raise LimitExceeded(f"incomplete: {permanent.id}'s mana ability {ability.index} "
                                            "removes X counters, which the payment search does not "
                                            "model", file=board.name)
                    counters.append((value["kind"], int(count)))
                elif key == "tap_untapped":
                    tap_others.append((value.get("count", 1),
                                       self._matching(value["filter"], permanent, "{T}" in cost)))
                elif key in ("sacrifice", "sacrifice_x"):
                    pass  # the productions say which permanents each one sacrificed (one for each X)
                elif key == "untap_tapped" and value.get("whose", "you") == "opponent" and value.get("count", 1) == 1:
                    # CR 118.3, 605.3a: a tapped permanent of an opponent's, which the player can't tap
                    # first: each production names the one untapped (asp/mana_activation.lp).
                    untaps_others = 1
                else:
                    raise LimitExceeded(f"incomplete: {permanent.id}'s mana ability {ability.index} has "
                                        f"a cost ({key}) the payment search does not model",
                                        file=board.name)
        # Reasons that the search itself tracks (tapped or untapped, counters, life) are
        # left to it; the others (summoning sickness, a condition) hold throughout.
        fixed = tuple(r for r in reasons if "107.5" not in r and "107.6" not in r
                      and "118.3" not in r and "119.4" not in r)
        add = body.get("add", {})
        amount = add.get("amount")
        board_dependent = any(k in add for k in BOARD_DEPENDENT_ADD) or isinstance(amount, dict)
        # CR 607.2a: "the chosen creature type" is what its source chose as it entered
        restriction = spend_restriction.with_choices(body.get("restriction", ""), dict(permanent.chosen))
        snow = _snow(board, permanent)
        productions = _productions(outcomes, restriction, snow, permanent.id)
        if untaps_others:
            self._check_untapped(permanent, ability.index, productions)
        # CR 106.3: a triggered mana ability's mana has its own source
        sources = {source for outcome in outcomes for source in outcome.trigger_sources}
        snow_unsure = any(_snow(board, board.permanent(source)) != snow for source in sources)
        return Act(permanent.id, permanent.card_name, ability.index, ability.text,
                   "{T}" in cost, "{Q}" in cost, "sacrifice_self" in cost, tuple(pips), life, discard,
                   tuple(counters), tuple(tap_others), fixed, productions,
                   "double_pool" in add, board_dependent, remaining, x, _left_open(body),
                   amount == "life_gained", untaps_others, snow_unsure)

    def _check_untapped(self, permanent: Permanent, number: int, productions: tuple[Production, ...]) -> None:
        """Refuse an untap cost of an opponent's permanents (CR 118.3) that the search can't
        follow exactly: one whose results don't name the permanent untapped (its mana doesn't
        read "that land", so asp/mana_activation.lp makes no event for each), or on a board where
        an ability reads whether a permanent is untapped (CR 611.3a, 603.4: "as long as ~ is
        untapped", "if enchanted land is tapped"), which the untapping would change while the search
        reads the board as it was."""
        board = self.board
        if any(len(p.untapped) != 1 for p in productions):
            raise LimitExceeded(f"incomplete: {permanent.id}'s mana ability {number} untaps a tapped permanent an "
                                "opponent controls, and its mana doesn't name which (CR 118.3); the payment "
                                "search does not model that", file=board.name)
        if productions and board.library is not None:
            names = [p.card_name for p in board.battlefield] + [e.card for e in board.effects]
            for name in dict.fromkeys(names):
                card = board.library.get(name)
                if card is not None and reads_tapped_state(card.data):
                    raise LimitExceeded(f"incomplete: {permanent.id}'s mana ability {number} untaps a permanent an "
                                        f"opponent controls, and {name} has an ability that reads whether a "
                                        "permanent is tapped (CR 611.3a), which the payment search does not "
                                        "follow", file=board.name)

    @property
    def spending(self) -> Spending:
        """Which mana the player may spend on which symbol (CR 609.4b; asp/spending.lp)."""
        if self._spending is None:
            grounded = self._grounded
            if grounded is None and _may_change_spending(self.board):
                grounded = solver.ground_shared(fact_queries.pay(self.board, self.player), solver.entry("mana"))
            self._spending = (spending_query.NO_EFFECT if grounded is None
                              else spending_query.spending_of(grounded, self.player))
        return self._spending

    def colors(self, perm: str) -> frozenset:
        """The permanent's colors after the layers (asp/objects.lp), as letters."""
        self._matching({}, None, False)
        assert self._objects is not None
        return frozenset(self._objects[1].get(perm, set()))

    def card_fits(self, specs: list[dict]) -> list[frozenset]:
        """For each filter, the names of the cards in hands and graveyards that fit it, judged by
        their printed characteristics (asp/cost_cards.lp; CR 601.2h)."""
        grounded = solver.ground_shared(fact_queries.pay_objects(self.board, specs), solver.entry("pay_objects"))
        fits: list[set] = [set() for _ in specs]
        for fit in read(grounded, CostCardFits):
            fits[fit.asked].add(fit.card)
        return [frozenset(each) for each in fits]

    def _matching(self, spec: dict, source: Permanent | None, taps_self: bool, stats: bool = False) -> frozenset:
        """The player's permanents a "tap an untapped ..." cost may tap: types and colors after
        the layers (asp/objects.lp); the source too, unless its own {T} taps it (CR 118.3).
        "An artifact or creature" (``any_of``, CR 109.2): those of either kind.  ``stats``: a bound on
        power or toughness is judged too, after the layers (CR 208.1, 613.4: "a creature with power 2 or
        greater"), on this board as it is (``Extras.choices`` judges it on the board a state leaves)."""
        if self._objects is None:
            self._objects = _objects_of(self.board)
        return _matching(self._objects, self.mine, self.board.name, spec, source, taps_self, stats)


# CR 208.1: the bounds of a filter on power and toughness (a card's filter keys), each (stat, at least).
STAT_BOUNDS = {"power_at_least": ("power", True), "power_at_most": ("power", False),
               "toughness_at_least": ("toughness", True), "toughness_at_most": ("toughness", False)}


def reads_stats(spec: dict) -> bool:
    """Whether a filter bounds power or toughness (``STAT_BOUNDS``), itself or one of its alternatives."""
    return bool(set(spec) & set(STAT_BOUNDS)) or any(reads_stats(each) for each in spec.get("any_of", []))


def _objects_of(board: Board) -> tuple[dict, dict, dict, dict, dict]:
    """Every permanent's types, colors, subtypes, supertypes, and power and toughness, after the layers
    (asp/query/pay_objects.lp: CR 613)."""
    grounded = solver.ground_shared(fact_queries.pay_objects(board), solver.entry("pay_objects"))
    types: dict[str, set] = {}
    for has_type in read(grounded, HasType):
        types.setdefault(has_type.obj, set()).add(has_type.type)
    colors: dict[str, set] = {}
    for has_color in read(grounded, HasColor):
        colors.setdefault(has_color.obj, set()).add(has_color.color.upper())
    subtypes: dict[str, set] = {}
    for has_subtype in read(grounded, HasSubtype):
        subtypes.setdefault(has_subtype.obj, set()).add(has_subtype.subtype)
    supertypes: dict[str, set] = {}
    for has_supertype in read(grounded, HasSupertype):
        supertypes.setdefault(has_supertype.obj, set()).add(has_supertype.supertype)
    stats = {(atom.obj, atom.stat): atom.value for atom in read(grounded, PayStat)}
    return types, colors, subtypes, supertypes, stats


def _matching(objects: tuple[dict, dict, dict, dict, dict], mine: list[Permanent], file: str | None, spec: dict,
              source: Permanent | None, taps_self: bool, stats: bool) -> frozenset:
    """:meth:`Model._matching` on the objects ``objects`` (``_objects_of``) of the player's permanents ``mine``."""
    if set(spec) == {"any_of"}:
        return frozenset().union(*(_matching(objects, mine, file, alternative, source, taps_self, stats)
                                   for alternative in spec["any_of"]))
    if set(spec) - {"types", "colors", "subtypes", "supertypes", "token", "not_types",
                    *(STAT_BOUNDS if stats else ())}:
        raise LimitExceeded(f"incomplete: a cost that taps or sacrifices other permanents ({filter_words(spec)}) "
                            "with this filter is not modelled by the payment search", file=file)
    types, colors, subtypes, supertypes, values = objects

    def within(perm: str) -> bool:  # CR 208.1: a permanent with no power (not a creature) has none to compare
        for key, (stat, least) in STAT_BOUNDS.items():
            if key in spec:
                value = values.get((perm, stat))
                if value is None or (value < spec[key] if least else value > spec[key]):
                    return False
        return True

    return frozenset(p.id for p in mine
                     if not (taps_self and source is not None and p.id == source.id)
                     and set(spec.get("types", [])) <= types.get(p.id, set())
                     and set(spec.get("colors", [])) <= colors.get(p.id, set())
                     and set(spec.get("subtypes", [])) <= subtypes.get(p.id, set())
                     and set(spec.get("supertypes", [])) <= supertypes.get(p.id, set())
                     and not set(spec.get("not_types", [])) & types.get(p.id, set())  # "nonland"
                     and spec.get("token", p.token) == p.token  # CR 111.1: "token", "nontoken"
                     and within(p.id))


# ------------------------------------------------------------------ search states
class State(NamedTuple):
    """A state of the search: the pool and what the activations so far changed (a named
    tuple, hashed in C: the search keeps every state it reaches in a dict)."""

    pool: Pool
    tapped: frozenset  # ids tapped now
    gone: frozenset  # ids sacrificed
    removed: tuple[tuple[str, str, int], ...]  # counters removed (id, kind, n)
    life: int  # life paid so far
    discarded: int
    used: tuple = ()  # the activations so far (pay's ways only): (perm, number, units)
    counted: tuple[tuple[str, int, int], ...] = ()  # (perm, number, times) of limited abilities
    # Other players' permanents an untap cost untapped (CR 118.3): no later cost untaps them again
    untapped: frozenset = frozenset()


@dataclass(frozen=True)
class Activation:
    """One step of a witness: an activation, how its mana cost was paid, what it added."""

    perm: str
    card: str
    number: int
    text: str
    paid: str
    added: str
    effects: tuple[SideEffect, ...]  # each a str: its wording
    steps: tuple[Any, ...] = ()
    x: int | None = None  # "Remove X counters": the X chosen (CR 107.3)
    spent: str = field(default="", compare=False)  # the mana its cost spent (spent_text)
    # the life its cost paid, "Pay 1 life" and Phyrexian symbols (CR 119.4): one loss of its own (pysolver next)
    life: int = field(default=0, compare=False)

    def line(self) -> str:
        paid = f", paying {self.paid}" if self.paid else ""
        effects = "".join(f"; {e}" for e in self.effects)
        return (f"activate {self.card} ({self.perm}) ability {self.number} [{self.text}]{paid}: "
                f"adds {self.added or 'no mana'}{effects}  [CR 605.3a, 602.2, 601.2g]")

    def to_json(self) -> dict:
        return {"permanent": self.perm, "card": self.card, "ability": self.number,
                "text": self.text, "paid": self.paid, "added": self.added,
                "effects": [str(e) for e in self.effects]}


def cast_zones(board: Board, player: str, casting: tuple[str, str] | None) -> tuple[list[str], list[str]]:
    """The player's hand and graveyard while a spell's costs are paid: ``casting``, the zone
    ("hand" or "graveyard") and name of the card being cast, is on the stack then (CR 601.2a,
    601.2g-h), so neither a mana ability's cost nor another cost discards or exiles it."""
    holder = next(p for p in board.players if p.name == player)
    hand, graveyard = list(holder.hand), list(holder.graveyard)
    if casting is not None:
        zone = hand if casting[0] == "hand" else graveyard
        if casting[1] in zone:
            zone.remove(casting[1])
    return hand, graveyard


# What a cost the search pays is the cost of (Search's cost_of): a spell's (or none: available), an
# ability's (can-activate, next activate: 602.2b), a special action's (turning a permanent face up,
# 116.2b), or of no kind stated (pay COST).
COSTS_OF = ("spell", "ability", "action", "cost")


class Search:
    """The states reachable by activating the player's mana abilities (memoised)."""

    def __init__(self, board: Board, player: str, labelled: bool, not_free: frozenset = frozenset(),
                 base: Model | None = None, tapped_too: frozenset = frozenset(),
                 casting: tuple[str, str] | None = None, cost_of: str = "spell", x_judged: bool = False):
        """``base``: the player's Model of this same board, if one was built already (it
        depends only on the board and the player); ``tapped_too``: permanents tapped before the
        search starts (convoke's, pysolver.query.convoke); ``casting``: the card being cast, on
        the stack while its costs are paid (``cast_zones``); ``cost_of``: what the cost paid is
        the cost of (``COSTS_OF``), which decides where restricted mana could pay it; ``x_judged``: the
        cost, no spell's, is judged by an :class:`OtherCost` (mana only for costs with {X} pays it if it has {X})."""
        check_player(board, player)
        self.board = board
        self.player = player
        self.labelled = labelled  # units carry their source (pay's ways)
        self.thrifty = not labelled  # the most mana only: {Any} pays only when it must
        self.base = Model(board, player) if base is None else base
        self.models: dict[tuple, Model] = {(): self.base}
        self.life_total = next(p.life for p in board.players if p.name == player)
        self.hand = len(cast_zones(board, player, casting)[0])  # what a mana ability may discard
        if casting is not None and casting[0] == "hand" and board.library is not None and any(
                (card := board.library.get(p.card_name)) is not None and _reads_hand(card.data)
                for p in board.battlefield):
            # CR 601.2a: the card cast is on the stack while its costs are paid; the board's hand
            # still holds it, and an ability that counts that hand would count it.
            raise LimitExceeded(f"incomplete: {casting[1]} leaves its caster's hand as it is cast (CR 601.2a), "
                                "and an ability on the board reads the cards of a hand, which the payment "
                                "search reads with the card still there", file=board.name)
        self.initial_tapped = frozenset(p.id for p in self.base.mine if p.tapped) | tapped_too
        # Mana its controller can't count on makes every answer a matter of chance or of
        # another player's choice: refused while such an ability could be activated.
        for act in self.base.acts:
            if act.left_open and not act.blocked and not (act.tap and act.perm in self.initial_tapped):
                raise LeftOpen(f"incomplete: the mana of {act.perm}'s ability {act.number} depends on "
                                    f"{act.left_open}, which the search over mana abilities can't count on",
                                    file=board.name)
        self.spending = self.base.spending
        self._check_spending()
        self._check_restricted_mana(cost_of, x_judged)
        self.counters = {p.id: dict(p.counters) for p in self.base.mine}
        usable_acts = [a for a in self.base.acts if not a.blocked]
        if any(_pays_snow(a.pips) for a in usable_acts):  # a mana ability's own {S} (CR 107.4h)
            self.refuse_unlabelled_snow()
        self.gaining = [a for a in usable_acts
                        if any(_gains_life(e, player) for p in a.productions for e in p.effects)]
        # CR 611.3a, 119.3: a static ability that applies while its controller gained life this turn
        # (if_life_gained) changes with the life a mana ability gains during the search.
        if any(a.life or _pays_life(a.pips) or a.reads_life_gained for a in usable_acts) or _board_reads(
                board, LIFE_GAINED_READS, zones=False):
            self.refuse_uncounted_life()
        self.groundings = 0
        self._plain: set[tuple[str, int]] = set()
        # (pool, an activation's cost, life left): its payments (``moves``)
        self._payments_from: dict[tuple, list[tuple[Pool, Paid, int]]] = {}
        self._merged: dict[tuple, Pool] = {}  # (pool after paying, units added): the pool (``moves``)
        attached = {p.attached_to for p in board.battlefield}
        active = {p.id for p in self.base.mine if _active(board, p, attached)}
        sac_targets = {s for a in self.base.acts for pr in a.productions for s in pr.sacrificed}
        self.regrounds = bool(sac_targets & active) or any(a.board_dependent for a in self.base.acts)
        self._stat_objects: dict[tuple, tuple] = {}  # power and toughness on the boards states leave
        # CR 601.2h, 611.3a: a cost paid changes what another activation reads: a permanent of
        # ``tap_readers`` tapped, life paid where an ability reads a life total (119.4), a permanent
        # sacrificed to its owner's graveyard where one reads the cards there (701.17a): the
        # search grounds the board again with them (``model``).
        self.board_tapped = frozenset(p.id for p in self.base.mine if p.tapped and p.id in self.base.tap_readers)
        self.life_read = (any(a.life or _pays_life(a.pips) for a in usable_acts)
                          and _board_reads(board, LIFE_CONDITIONS))
        payer = next((a for a in usable_acts if a.life or _pays_life(a.pips)), None)
        if payer is not None and _board_reads(board, ONLY_IF_LIFE):
            # CR 602.1b, 119.4: whether an ability can be activated is judged once, on the board
            # before any cost is paid (``Act.blocked``), but the life paid changes it.
            raise LimitExceeded(f"incomplete: {payer.perm}'s mana ability {payer.number} pays life, and an "
                                "ability on the board can be activated only at some life total, which the "
                                "payment search judges once, before any life is paid (CR 602.1b, 119.4)",
                                file=board.name)
        zones_read = _board_reads(board, CARD_ZONE_CONDITIONS)
        discarder = next((a for a in usable_acts if a.discard), None)
        if discarder is not None and zones_read:
            raise LimitExceeded(f"incomplete: {discarder.perm}'s mana ability {discarder.number} discards a card, "
                                "and an ability on the board reads the cards of a hand or a graveyard, which the "
                                "discard changes (CR 601.2h, 701.8a): the payment search does not follow which "
                                "card is discarded", file=board.name)
        self.graveyard_read = zones_read and bool(sac_targets or any(a.sac_self for a in usable_acts))
        if self.base.tap_readers or self.life_read or self.graveyard_read:
            self.regrounds = True
        tap_candidates = set().union(*[ids for a in self.base.acts for _, ids in a.tap_others]) \
            if any(a.tap_others for a in self.base.acts) else set()
        by_perm: dict[str, list[Act]] = {}
        for act in self.base.acts:
            by_perm.setdefault(act.perm, []).append(act)
        eager_ok = not (sac_targets & active) and not self.base.tap_readers
        # A free source whose mana reads a board that other activations change doesn't commute
        # with them (The Core's X after a sacrifice put a card into the graveyard): not free.
        self.free_perms = [p.id for p in self.base.mine
                           if eager_ok and p.id in by_perm and p.id not in tap_candidates
                           and p.id not in not_free and all(a.free for a in by_perm[p.id])
                           and not (self.regrounds and any(a.board_dependent for a in by_perm[p.id]))]

    def _check_spending(self) -> None:
        """Refuse a mana ability that sacrifices a permanent that changes how the player spends
        mana (CR 609.4b): the relation is the board's as the search starts."""
        spending = self.spending
        for act in self.base.acts:
            gone = {s for p in act.productions for s in p.sacrificed} | ({act.perm} if act.sac_self else set())
            if gone & spending.sources:
                raise LimitExceeded(f"incomplete: {act.perm}'s mana ability {act.number} can sacrifice "
                                    f"{', '.join(sorted(gone & spending.sources))}, whose ability changes how "
                                    f"{self.player} spends mana (CR 609.4b); the payment search does not "
                                    "model that change", file=self.board.name)

    def _check_restricted_mana(self, cost_of: str, x_judged: bool = False) -> None:
        """CR 106.6, 602.2b: the search spends restricted mana only on spells (``usable``); refused
        where the restriction (pysolver.query.spend_restriction) lets it pay another cost the search
        pays: a mana ability's own cost, or the cost asked about when it isn't a spell's (``cost_of``):
        mana spent only to activate abilities, or on cumulative upkeep, or whose restriction can't be read."""
        assert cost_of in COSTS_OF, cost_of
        acts = [a for a in self.base.acts if not a.blocked]
        abilities = cost_of in ("ability", "cost") or any(a.pips for a in acts)
        for act in acts:
            for production in act.productions:
                for unit, _ in production.units:
                    restriction = spend_restriction.read(unit.restriction)
                    beyond = restriction.beyond_spells()
                    if beyond and (((restriction.unread or restriction.anything_else)
                                    and (abilities or cost_of != "spell"))
                                   or (restriction.abilities and abilities)
                                   or (restriction.others and cost_of == "cost")
                                   or (restriction.x_costs and cost_of != "spell" and not x_judged)):
                        raise LimitExceeded(f"incomplete: {act.perm}'s mana ability {act.number} adds mana "
                                            f"restricted by {beyond} (CR 106.6, 602.2b); the payment search "
                                            "spends restricted mana only on spells", file=self.board.name)

    def refuse_unlabelled_snow(self) -> None:
        """Refuse a search that pays {S} (CR 107.4h: with mana a snow source produced) beside a mana
        ability whose mana a triggered mana ability adds to from a source unlike it in snow: the
        search labels all that mana by the permanent tapped, not each part by its source (106.3)."""
        act = next((a for a in self.base.acts if a.snow_unsure and not a.blocked), None)
        if act is not None:
            unlike = "is not" if _snow(self.board, self.board.permanent(act.perm)) else "is"
            raise LimitExceeded(f"incomplete: a triggered mana ability adds to the mana of {act.perm}'s mana ability "
                                f"{act.number} from a source that {unlike} snow, unlike it (CR 106.3, 107.4h); the "
                                "payment search doesn't tell that mana apart where {S} is paid", file=self.board.name)

    def refuse_uncounted_life(self) -> None:
        """Refuse a search in which life is paid or read while a mana ability of the player
        gains life (CR 119.3, 119.4): it doesn't count that life, so it could answer short."""
        if self.gaining:
            act = self.gaining[0]
            raise UncountedLife(f"incomplete: {act.perm}'s mana ability {act.number} makes {self.player} gain "
                                "life, which the search over mana abilities doesn't count toward life paid "
                                "or an amount that reads it (CR 119.3, 119.4)", file=self.board.name)

    # -- the board after sacrifices and counters removed
    def model(self, state: State) -> Model:
        readers_tapped = state.tapped & self.base.tap_readers
        life = state.life if self.life_read else 0
        if not state.gone and not state.removed and readers_tapped == self.board_tapped and not life:
            return self.base
        if not self.regrounds:
            return self.base
        key = (state.gone, state.removed, readers_tapped, life)
        if key not in self.models:
            self.groundings += 1
            if self.groundings > MAX_GROUNDINGS:
                raise LimitExceeded(f"incomplete: more than {MAX_GROUNDINGS} changed boards to ground "
                                    "(sacrifices that change other abilities' results)",
                                    file=self.board.name)
            self.models[key] = Model(self._board_after(state, readers_tapped, life), self.player, only=self.base.only)
        return self.models[key]

    def _board_after(self, state: State, readers_tapped: frozenset, life: int) -> Board:
        """The board as the state leaves it: the permanents sacrificed gone, the counters removed, the
        permanents of ``tap_readers`` tapped as ``readers_tapped`` says, ``life`` paid."""
        battlefield = []
        graveyards: dict[str, list[str]] = {p.name: list(p.graveyard) for p in self.board.players}
        for p in self.board.battlefield:
            if p.id in state.gone:
                # CR 701.17a, 111.7: a sacrificed card goes to its owner's graveyard (or where its
                # own replacement puts it, 614.1a); a token ceases to exist there (704.5d).
                if not p.token and exiled_instead.from_battlefield(self.board, p) == "graveyard":
                    graveyards[p.owner].append(p.card)
                continue
            counters = dict(p.counters)
            for pid, kind, n in state.removed:
                if pid == p.id:
                    counters[kind] = counters.get(kind, 0) - n
            if p.id in self.base.tap_readers:
                p = replace(p, tapped=p.id in readers_tapped)
            battlefield.append(replace(p, counters=tuple(sorted((k, v) for k, v in counters.items()
                                                                if v > 0))))
        players = [replace(p, graveyard=tuple(graveyards[p.name]),
                           life=p.life - life if p.name == self.player else p.life) for p in self.board.players]
        return replace(self.board, battlefield=battlefield, players=players)

    def matching(self, state: State, spec: dict) -> frozenset:
        """The player's permanents a cost besides mana may choose in this state (``Model._matching``): a bound
        on power or toughness judged on the board the state leaves (CR 208.1, 613.4, 601.2h: the costs are
        paid after the mana abilities, a permanent they sacrificed gone, the counters they removed off)."""
        model = self.model(state)
        if not reads_stats(spec) or not (state.gone or state.removed or state.life) or model is not self.base:
            return model._matching(spec, None, False, stats=True)
        key = (state.gone, state.removed, state.life)
        if key not in self._stat_objects:  # the life paid too: a power may read it (CR 119.4, 613.4)
            self._stat_objects[key] = _objects_of(self._board_after(state, self.board_tapped, state.life))
        return _matching(self._stat_objects[key], self.base.mine, self.board.name, spec, None, False, True)

    def start(self) -> State:
        from pysolver.query.activation import mana_pool_counts
        index = next(i for i, p in enumerate(self.board.players) if p.name == self.player)
        counts = mana_pool_counts(self.board, index)
        pool = Counter({Unit(t): n for t, n in counts.items()})
        return State(_pool(pool), self.initial_tapped, frozenset(), (), 0, 0)

    def _unit(self, unit: Unit) -> Unit:
        return unit if self.labelled else unit._replace(source="")

    # -- one activation from a state: every (paid, production, next state)
    def moves(self, state: State, act: Act, model: Model):
        if act.perm in state.gone or act.blocked:
            return
        if act.tap and act.perm in state.tapped:
            return
        if act.untap and act.perm not in state.tapped:
            return
        if self.life_total - state.life < act.life:
            return
        if self.hand - state.discarded < act.discard:
            return
        counted = state.counted
        if act.remaining is not None:  # CR 602.5b
            times = dict(((p, n), k) for p, n, k in counted)
            done = times.get((act.perm, act.number), 0)
            if done >= act.remaining:
                return
            times[(act.perm, act.number)] = done + 1
            counted = tuple(sorted((p, n, k) for (p, n), k in times.items()))
        removed = {(p, k): n for p, k, n in state.removed}
        for kind, n in act.counters:
            if self.counters.get(act.perm, {}).get(kind, 0) - removed.get((act.perm, kind), 0) < n:
                return
        tapped = set(state.tapped)
        if act.tap:
            tapped.add(act.perm)
        if act.untap:
            tapped.discard(act.perm)
        tap_choices: list[frozenset] = [frozenset()]
        for count, ids in act.tap_others:
            free = sorted(i for i in ids if i not in tapped and i not in state.gone)
            tap_choices = [c | frozenset(combo) for c in tap_choices
                           for combo in itertools.combinations([i for i in free if i not in c], count)]
        for kind, n in act.counters:
            removed[(act.perm, kind)] = removed.get((act.perm, kind), 0) + n
        new_removed = tuple(sorted((p, k, n) for (p, k), n in removed.items()))
        # Many states share a pool: the ways to pay an activation's cost from a pool are found
        # once (issue 16: paying was half of the state search's time).
        life_left = self.life_total - state.life - act.life
        key = (state.pool, act.pips, life_left)
        payments = self._payments_from.get(key)
        if payments is None:
            payments = self._payments_from[key] = list(self.pay_pips(state.pool, act.pips, life_left,
                                                                     thrifty=self.thrifty))
        for paid, payment, life in payments:
            # Doubling a pool with any-color mana: the colors are chosen first.
            for paid_pool in (_expand(paid) if act.pool_dependent else [paid]):
                for production in self._productions(act, model, paid_pool):
                    if any(s in state.gone for s in production.sacrificed):
                        continue
                    untapped = state.untapped
                    if production.untapped:  # CR 118.3: one still tapped (the player can't tap it, 605.3a)
                        if any(u in untapped for u in production.untapped):
                            continue
                        untapped = untapped | frozenset(production.untapped)
                    gone = set(state.gone) | set(production.sacrificed)
                    if act.sac_self:
                        gone.add(act.perm)
                    merged = self._merged.get((paid_pool, production.units))
                    if merged is None:
                        pool = Counter(dict(paid_pool))
                        for unit, n in production.units:
                            pool[self._unit(unit)] += n
                        merged = self._merged[(paid_pool, production.units)] = _pool(pool)
                    gone_now = frozenset(gone)
                    for extra in tap_choices:
                        used = state.used
                        if self.labelled:
                            used = tuple(sorted(used + ((act.perm, act.number, production.units,
                                                         tuple(sorted(extra)), payment.parts),)))
                        new = State(merged, frozenset(tapped | extra), gone_now, new_removed,
                                    state.life + act.life + life, state.discarded + act.discard, used,
                                    counted, untapped)
                        yield new, (act, payment, production, extra)

    @staticmethod
    def step(move: tuple) -> Activation:
        """The witness step of a move (made only for the states kept)."""
        act, payment, production, extra = move
        effects = production.effects + tuple(tapped_by_cost(i) for i in sorted(extra))
        life = act.life + sum(int(symbol.split()[0]) for symbol, unit, _ in payment.parts if unit is None)
        return Activation(act.perm, act.card, act.number, act.text, payment.text,
                          pool_text(production.units), effects, production.steps, act.x, payment.spent, life)

    def _productions(self, act: Act, model: Model, pool: Pool) -> Iterable[Production]:
        current = next((a for a in model.acts if a.perm == act.perm and a.number == act.number and a.x == act.x),
                       None) if act.x != 0 else act
        if current is None:
            return ()
        if not act.pool_dependent:
            return current.productions
        self._check_plain_doubling(act)
        # "Double the amount of each type of unspent mana": the pool after the cost; the
        # restrictions of the mana in it are not copied (Doubling Cube ruling 2004-12-01).
        units: Counter = Counter()
        for unit, n in pool:
            units[unit._replace(restriction="", source=act.perm if self.labelled else "")] += n
        return (Production(_pool(units), (), ()),)

    def _check_plain_doubling(self, act: Act) -> None:
        """Refuse a doubling that a replacement effect or trigger would change (a probe: {W})."""
        key = (act.perm, act.number)
        if key in self._plain:
            return
        players = [replace(p, mana_pool="{W}" if p.name == self.player else p.mana_pool)
                   for p in self.board.players]
        battlefield = [replace(p, tapped=act.untap) if p.id == act.perm else p for p in self.board.battlefield]
        probe = mana_query.mana_outcomes(replace(self.board, players=players, battlefield=battlefield),
                                         act.perm, act.number)
        if [o.canonical() for o in probe.outcomes] != [{"mana": "{W}"}]:
            raise LimitExceeded(f"incomplete: {act.perm}'s ability {act.number} doubles the pool, and "
                                "replacement effects or triggered abilities change what it adds; the "
                                "payment search does not model that", file=self.board.name)
        self._plain.add(key)

    # -- paying mana symbols from a pool (CR 601.2h, 107.4, 118.3a)
    def pay_pips(self, pool: Pool, pips, life_left: int, spell=None, thrifty: bool = False):
        """Every distinct (pool after paying, what paid what, life paid) for the symbols.

        ``thrifty`` (searches for the most mana): {Any} pays a symbol only when no mana of a
        color that could pay it is left, as paying with that mana instead leaves a pool that
        holds the other (the {Any} can become it; it can't become {C}, so {C} left doesn't
        stop {Any} paying generic mana)."""
        for pool_after, parts, life in self._payments(pool, pips, life_left, spell, thrifty, first=False):
            yield pool_after, Paid(parts, paid_text(parts, self.spending, self.labelled),
                                   spent_text(parts, self.spending)), life

    def pays(self, pool: Pool, pips, life_left: int, spell=None) -> bool:
        """Whether the pool pays the symbols in some way (the search stops at the first)."""
        return bool(self._payments(pool, pips, life_left, spell, thrifty=False, first=True))

    def _payments(self, pool: Pool, pips, life_left: int, spell, thrifty: bool, first: bool) -> list[tuple]:
        """pay_pips's payments, unworded; with ``first``, the first one found only.  Which
        mana pays which symbol is the player's spending relation (CR 609.4b)."""
        spending = self.spending
        results: dict[tuple, tuple] = {}
        order = sorted(range(len(pips)), key=lambda i: (len(pips[i]), pips[i]))

        def go(k: int, counts: Counter, paid: tuple, life: int) -> bool:
            """Extend a partial payment; True when the search is to stop (``first``)."""
            if k == len(order):
                key = (_pool(counts), tuple(sorted(paid)), life)
                results.setdefault(key, key)
                return first
            for kind, n in pips[order[k]]:
                if kind == "life":
                    # CR 119.4: life paid can't exceed the total
                    if life_left - life >= n and go(k + 1, counts, paid + ((f"{n} life", None, "life"),), life + n):
                        return True
                    continue
                if kind == "generic":
                    for combo in _choose(counts, n, lambda u: usable(u, spell)):
                        if thrifty and any(u.type == ANY for u in combo) and any(
                                counts[u] - combo.get(u, 0) > 0 and u.type in COLORS and usable(u, spell)
                                for u in counts):
                            continue
                        rest = counts.copy()
                        rest.subtract(combo)
                        if go(k + 1, rest, paid + tuple(("{1}", u, "") for u in sorted(combo.elements())), life):
                            return True
                    continue
                for unit in list(counts):
                    if counts[unit] <= 0 or not usable(unit, spell):
                        continue
                    if kind == "snow":
                        if not unit.snow:
                            continue
                    elif not _pays(unit, kind, thrifty and _has(counts, kind, spell, spending), spending):
                        continue
                    rest = counts.copy()
                    rest[unit] -= 1
                    symbol = f"{{{'S' if kind == 'snow' else kind}}}"
                    if go(k + 1, rest, paid + ((symbol, unit, kind),), life):
                        return True
            return False

        go(0, Counter(dict(pool)), (), 0)
        return list(results.values())


def _pays(unit: Unit, kind: str, colored_left: bool, spending: Spending = spending_query.NO_EFFECT) -> bool:
    """Whether the unit pays a symbol of this type (a color or C): mana of a type the spending
    relation lets pay it (its own, CR 107.4; others, 609.4b), or {Any} as a color that may (in a
    thrifty search only when no colored mana that pays it is left)."""
    if unit.type == ANY:
        return spending.any_pays(kind) and not colored_left
    return kind in spending.pays[unit.type]


def _has(counts: Counter, kind: str, spell, spending: Spending = spending_query.NO_EFFECT) -> bool:
    """Whether colored mana (not {Any}) that pays this type and may pay the spell is left: the
    {Any} paying instead could become that color (so {C} that pays it doesn't count)."""
    return any(n > 0 and u.type in COLORS and kind in spending.pays[u.type] and usable(u, spell)
               for u, n in counts.items())


def usable(unit: Unit, spell) -> bool:
    """Restricted mana pays only what its restriction allows (CR 106.6), read by
    pysolver.query.spend_restriction: a spell it allows, never another cost (``spell`` None: the
    Search refuses where such mana could pay one, ``Search._check_restricted_mana``); mana with a
    rider alone ("If that mana is spent on a creature spell, it gains haste") pays anything."""
    if not unit.restriction:
        return True
    restriction = spend_restriction.read(unit.restriction)
    if not restriction.limits:
        return True
    if spell is None:
        return False
    return spell.allows(restriction)


# One symbol paid: (the symbol, the unit that paid it or None for life, the type it paid as:
# a color or C, "snow", "" for generic mana, "life").  Payments are told apart by these parts,
# never by their words: a permanent's id may be "pool" (pay's ways say "from pool").
PaidPart = tuple[str, "Unit | None", str]


class Paid(NamedTuple):
    """A payment of mana symbols: its parts, its words, and the mana it spent (``spent_text``)."""

    parts: tuple[PaidPart, ...]
    text: str
    spent: str


def _any_as(kind: str | None, spending: Spending) -> str | None:
    """The color mana of any color is made as to pay a symbol of ``kind``, one that may pay it
    (CR 609.4b: under Celestial Dawn's effect, {G} is paid with white mana, not green); None
    for generic mana."""
    if kind and (kind in COLORS or (kind == "C" and spending.any_pays(kind))):
        return next(c for c in (kind, *COLORS) if c in COLORS and kind in spending.pays[c])
    return None


def pay_as(unit: Unit, kind: str | None, spending: Spending = spending_query.NO_EFFECT, labelled: bool = True) -> str:
    """What paid a symbol: the unit, from where (``labelled``: pay's ways; the pool or a
    permanent), and for {Any} the color it is made as, one that may pay the symbol (CR 609.4b:
    under Celestial Dawn's effect, {G} is paid with white mana, not green)."""
    source = f" from {unit.source or 'pool'}" if labelled else ""
    color = _any_as(kind, spending) if unit.type == ANY else None
    return f"{{{unit.type}}}{f' as {{{color}}}' if color else ''}{source}"


def paid_text(parts: Iterable[PaidPart], spending: Spending = spending_query.NO_EFFECT, labelled: bool = True) -> str:
    """A payment's words: "{1} with {G} from forest, {G} with {G} from pool, {G/P}", sorted."""
    words = sorted((symbol, "life" if unit is None else pay_as(unit, kind or None, spending, labelled))
                   for symbol, unit, kind in parts)
    return ", ".join(f"{symbol} with {what}" if what != "life" else symbol for symbol, what in words)


def spent_text(parts: Iterable[PaidPart], spending: Spending = spending_query.NO_EFFECT) -> str:
    """The mana a payment spent, in WUBRGC order, then mana of any color spent on generic mana,
    then the life paid for Phyrexian symbols (CR 107.4f): "{G}{G}", "{U} and 2 life", "nothing"."""
    kinds, life = [], 0
    for symbol, unit, kind in parts:
        if unit is None:
            life += int(symbol.split()[0])
        else:
            kinds.append((_any_as(kind or None, spending) if unit.type == ANY else None) or unit.type)
    mana = "".join(f"{{{t}}}" * kinds.count(t) for t in (*TYPES, ANY))
    return " and ".join(filter(None, [mana, f"{life} life" if life else ""])) or "nothing"


def _choose(counts: Counter, n: int, allowed) -> Iterable[Counter]:
    """Every sub-multiset of n units (allowed ones) of counts."""
    units = sorted(u for u in counts if counts[u] > 0 and allowed(u))

    def go(i: int, left: int, chosen: Counter):
        if left == 0:
            yield chosen.copy()
            return
        if i == len(units):
            return
        unit = units[i]
        for k in range(min(left, counts[unit]), -1, -1):
            if k:
                chosen[unit] = k
            yield from go(i + 1, left - k, chosen)
            if k:
                del chosen[unit]

    yield from go(0, n, Counter())


# ------------------------------------------------------------------ exploring
def explore(search: Search, eager: bool, stop=None, prune: bool = True) -> dict[State, _Witness]:
    """Every state reachable, with one witness each (free sources first when ``eager``).

    ``stop(state)``: don't extend a state for which it is true (pay: the cost is payable).
    ``prune=False`` keeps the states an activation improves on (a cost may need what it uses).
    With ``eager`` (the most mana: available, largest X), only the states that can end a
    sequence are returned: no free source left, and no activation from them gives a pool
    that holds theirs and more (an activation that pays for itself, a Signet paid with a
    type it adds)."""
    start = search.start()
    parent: dict[State, tuple | None] = {start: None}  # the state and move it was first reached by
    depth = {start: 0}
    frontier = [start]
    free = search.free_perms if eager else []
    free_set = set(free)
    acts_by_perm: dict[str, list[Act]] = {}
    for act in search.base.acts:
        acts_by_perm.setdefault(act.perm, []).append(act)
    superseded: set[State] = set()
    while frontier:
        state = frontier.pop()
        if stop is not None and stop(state):
            continue
        model = search.model(state)
        pending = [p for p in free if p not in state.tapped and p not in state.gone]
        candidates = (acts_by_perm[pending[0]] if pending
                      else [a for a in search.base.acts if a.perm not in free_set])
        for act in candidates:
            for new, move in search.moves(state, act, model):
                if (eager and prune and not pending and state not in superseded and new.pool != state.pool
                        and _dominates(new.pool, state.pool)):
                    superseded.add(state)
                if new not in parent:
                    if new.used and _repeats(new, state, parent):
                        continue
                    if len(parent) >= MAX_STATES:
                        raise LimitExceeded(f"incomplete: more than {MAX_STATES} distinct states of "
                                            "mana abilities (PYSOLVER_MAX_PAY_STATES)",
                                            file=search.board.name)
                    parent[new] = (state, move)
                    depth[new] = depth[state] + 1
                    frontier.append(new)
    ends = [s for s in parent if s not in superseded
            and not any(p not in s.tapped and p not in s.gone for p in free)] if eager else list(parent)
    return {s: _Witness(s, parent, depth[s]) for s in ends}


def _repeats(new: State, state: State, parent: dict) -> bool:
    """Whether ``new`` (reached from ``state``) is an earlier state of its path again but for the
    activations it records (pay's ways): the activations since changed nothing ("{1}: Add {R} or
    {W}" from {R}, to {W}, to {R}...).  Every way on from it is a way on from the earlier state
    with those activations more, which an irredundant way leaves out; without this, such a cycle
    made the ways endless."""
    again = new._replace(used=())
    link: tuple | None = (state, None)
    while link is not None:
        earlier = link[0]
        if earlier._replace(used=()) == again:
            return True
        link = parent[earlier]
    return False


class _Witness:
    """The activations that first reached a state, read back along the parent links on demand."""

    def __init__(self, state: State, parent: dict, depth: int):
        self.state = state
        self.parent = parent
        self.depth = depth
        self._steps: list[Activation] | None = None

    def steps(self) -> list[Activation]:
        if self._steps is None:
            moves = []
            link = self.parent[self.state]
            while link is not None:
                previous, move = link
                moves.append(move)
                link = self.parent[previous]
            self._steps = [Search.step(m) for m in reversed(moves)]
        return self._steps

    def __iter__(self):
        return iter(self.steps())





def _dominates(big: Pool, small: Pool) -> bool:
    """Whether every choice ``small`` offers, ``big`` offers too (Any covers any color)."""
    return _covers(dict(big), small)


def _covers(have: dict[Unit, int], need: Pool) -> bool:
    """_dominates with the larger pool given as a mapping (built once, read many times)."""
    spare: dict[str, int] = {}
    for unit, n in need:
        if unit.type == ANY:
            spare[unit.restriction] = spare.get(unit.restriction, 0) + n
            continue
        short = n - have.get(unit, 0)
        if short > 0:
            if unit.type not in COLORS:
                return False
            spare[unit.restriction] = spare.get(unit.restriction, 0) + short
    return all(have.get(Unit(ANY, restriction), 0) >= n for restriction, n in spare.items())


def maximal(pools: Iterable[Pool]) -> list[Pool]:
    """The pools no other pool dominates (CR 106.4: the most a player can have).

    Each pool is packed into one integer, a field per kind of unit, so "holds at least as
    much of every kind" is one subtraction (no field borrows); a pool with {Any} that this
    test keeps is then checked exactly against the pools with more {Any}."""
    distinct = list(set(pools))
    kinds = sorted({u for pool in distinct for u, _ in pool}, key=_unit_key)
    index = {u: i for i, u in enumerate(kinds)}
    width = max([n for pool in distinct for _, n in pool] + [1]).bit_length() + 1
    high = sum(1 << (width * i + width - 1) for i in range(len(kinds)))

    def packed(pool: Pool) -> int:
        return sum(n << (width * index[u]) for u, n in pool)

    def anys(pool: Pool) -> int:
        return sum(n for u, n in pool if u.type == ANY)

    # A pool can only be dominated by one with more mana, or as much with more {Any}.
    distinct.sort(key=lambda p: (-sum(n for _, n in p), -anys(p)))
    larger: list[int] = []  # packed kept pools of a larger total than the current one
    same: list[int] = []  # packed kept pools of the current total
    kept: list[tuple[Pool, int]] = []
    total = None
    for pool in distinct:
        size = sum(n for _, n in pool)
        if size != total:  # an equal total holds no other pool but through {Any}
            larger.extend(same)
            same = []
            total = size
        code = packed(pool)
        if any(((other | high) - code) & high == high for other in larger):
            continue
        count = anys(pool)
        if any(more > count and _dominates(other, pool) for other, more in kept):
            continue
        same.append(code)
        kept.append((pool, count))
    # A pool with {Any} can be dominated by several pools together, none alone: {Any} (one
    # mana of any color) beside {W}{W}, ..., {G}{G}.  It is kept only if some choice it
    # offers is below no choice of another kept pool (each pool dropped is compared no more).
    return _jointly_maximal(kept)


def _covered_by(rivals: list[dict[Unit, int]], pool: Pool) -> bool:
    return any(_covers(other, pool) for other in rivals)


def _jointly_maximal(kept: list[tuple[Pool, int]]) -> list[Pool]:
    """The kept pools but those whose every {Any} choice another kept pool covers (maximal()).

    A choice is a pool without {Any}; a pool of the same total covers it only by being it
    once its own plain {Any} are spent on colors of their restriction (_covers, with no
    spare mana), so those are counted in one table per total, each pool's choices packed
    into integers.  Only pools of a larger total are compared one by one (_covers)."""
    pools = [pool for pool, _ in kept]
    if not any(count for _, count in kept):
        return pools
    units = {u for pool in pools for u, _ in pool}
    units |= {u._replace(type=c) for u in set(units) if u.type == ANY for c in COLORS}
    kinds = sorted(units, key=_unit_key)
    index = {u: i for i, u in enumerate(kinds)}
    size_of = {pool: sum(n for _, n in pool) for pool in pools}
    width = (2 * max(size_of.values())).bit_length() + 1
    high = sum(1 << (width * i + width - 1) for i in range(len(kinds)))
    colors_of: dict[str, list[int]] = {}  # restriction: the fields of its colors
    for u in kinds:
        if u.type in COLORS:
            colors_of.setdefault(u.restriction, []).append(1 << (width * index[u]))
    spreads: dict[tuple, list[int]] = {}

    def spread(fields: tuple[int, ...], n: int) -> list[int]:  # every way to put n mana in fields
        if (fields, n) not in spreads:
            spreads[fields, n] = [sum(c) for c in itertools.combinations_with_replacement(fields, n)]
        return spreads[fields, n]

    def base(pool: Pool) -> int:
        return sum(n << (width * index[u]) for u, n in pool if u.type != ANY)

    def choices(pool: Pool) -> list[int]:  # _expand(pool), packed
        codes = [base(pool)]
        for u, n in pool:
            if u.type == ANY:
                fields = tuple(1 << (width * index[u._replace(type=c)]) for c in COLORS)
                codes = [code + s for code in codes for s in spread(fields, n)]
        return codes

    def covered(pool: Pool) -> list[int]:  # the choices a rival of the same total covers
        if any(u.type == ANY and (u.snow or u.source) for u, _ in pool):
            return []  # its {Any} is spare mana to _covers: it covers nothing as large
        codes = [base(pool)]
        for u, n in pool:
            if u.type == ANY:
                codes = [code + s for code in codes for s in spread(tuple(colors_of[u.restriction]), n)]
        return codes

    def bound(pool: Pool) -> int:  # at least every field of a pool pool covers
        code = base(pool)
        for u, n in pool:
            if u.type == ANY and not u.snow and not u.source:
                code += n * sum(colors_of[u.restriction])
        return code

    def decode(code: int) -> Pool:
        mask = (1 << width) - 1
        return _pool(Counter({u: (code >> (width * i)) & mask for i, u in enumerate(kinds)}))

    alive = set(pools)
    tables: dict[int, Counter] = {}
    own: dict[Pool, list[int]] = {}
    held: dict[Pool, dict[Unit, int]] = {}
    bounds: dict[Pool, int] = {}
    larger: list[Pool] = []  # pools of a larger total than the current one
    same: list[Pool] = []
    total = None
    for pool, count in kept:
        size = size_of[pool]
        if size != total:
            larger.extend(same)
            same = []
            total = size
        same.append(pool)
        held[pool], bounds[pool] = dict(pool), bound(pool)
        if not count:
            continue
        if size not in tables:
            tables[size] = Counter()
            for other in pools:
                if size_of[other] == size and other in alive:
                    own[other] = covered(other)
                    tables[size].update(own[other])
        table, mine = tables[size], set(own[pool])
        fixed = tuple((u, n) for u, n in pool if u.type != ANY)
        need = base(pool)
        rivals = [held[other] for other in larger if other in alive
                  and ((bounds[other] | high) - need) & high == high and _covers(held[other], fixed)]
        if all(table[code] > (code in mine) or (rivals and _covered_by(rivals, decode(code)))
               for code in choices(pool)):
            alive.discard(pool)
            table.subtract(own[pool])
    return [pool for pool in pools if pool in alive]


# ------------------------------------------------------------------ generic costs paid late
PACK_WIDTH = 24  # bits a kind of mana in a packed pool (amounts above 2**23: the search above)
MAX_DEFERRED_WORK = 20000  # count vectors to try (more: the search above)


def _deferrable(act: Act) -> bool:
    """An ability whose only costs are its own {T} and generic mana, with no sacrifice."""
    return (act.tap and not act.untap and not act.sac_self and not act.life and not act.discard
            and not act.counters and not act.tap_others and not act.untaps_others and not act.pool_dependent
            and not act.board_dependent and all(len(p) == 1 and p[0][0] == "generic" for p in act.pips)
            and all(not pr.sacrificed for pr in act.productions))


def deferred_pools(search: Search) -> list[Pool] | None:
    """Every pool reachable (a superset of the states that end a sequence, with the same
    maximal pools) when every ability that is not a free source only taps itself and costs
    generic mana (a Signet); None for any other board (the state search decides).

    Free sources come first (they commute and only add, as in ``explore``): F, every pool
    after them.  Then a set of the other abilities, each activated once.  Generic mana
    accepts any unrestricted mana (CR 107.4b, 106.6), so which units paid matters only
    through how many came from F (r_F) and from each activation's own mana (r_j): CR
    601.2g-h lets a cost be paid only with mana made before it, which is, for an order of
    the activations, "the mana set aside for costs, made before, covers every cost up to
    here" (Hall's condition; the units are interchangeable, so the prefix counts decide).
    Whether some order meets it is decided exactly over the subsets of the activations
    (capital r_F + sum(r_i - g_i) over those before; each needs its own g).  The pools are
    then F minus r_F units plus each production minus r_j units, every choice of units
    ({Any} paying only when no other mana is left: the other choice holds it)."""
    if search.regrounds or search.labelled:
        return None
    free = set(search.free_perms)
    start = search.start()
    others: dict[str, list] = {}
    free_adds: dict[str, set] = {}

    def units_of(production: Production) -> Pool:
        return _pool(Counter({search._unit(u): n for u, n in production.units}))

    for act in search.base.acts:
        if act.perm in free:
            free_adds.setdefault(act.perm, set()).update(units_of(p) for p in act.productions)
            continue
        if not _deferrable(act):
            return None
        options = others.setdefault(act.perm, [])
        if not act.blocked and act.perm not in start.tapped:
            generic = sum(p[0][1] for p in act.pips)
            options.extend((generic, units_of(p)) for p in act.productions)
    perms = [p for p in others if others[p]]
    work = 1
    for perm in perms:
        work *= 1 + sum(1 + sum(n for u, n in out if usable(u, None)) for _, out in others[perm])
    if work > MAX_DEFERRED_WORK:
        return None
    units = sorted({u for u, _ in start.pool} | {u for a in free_adds.values() for p in a for u, _ in p}
                   | {u for options in others.values() for _, out in options for u, _ in out})
    index = {u: i for i, u in enumerate(units)}
    most = sum(n for _, n in start.pool) \
        + sum(max(sum(n for _, n in p) for p in adds) for perm, adds in free_adds.items()
              if perm not in start.tapped) \
        + sum(max(sum(n for _, n in out) for _, out in others[perm]) for perm in perms)
    if most >= 1 << (PACK_WIDTH - 1):
        return None
    payers = [i for i, u in enumerate(units) if usable(u, None)]
    plain = [i for i in payers if units[i].type != ANY]
    colored = [i for i in payers if units[i].type in COLORS]
    anys = [i for i in payers if units[i].type == ANY]
    field_mask = (1 << PACK_WIDTH) - 1

    def pack(pool: Pool) -> int:
        return sum(n << (PACK_WIDTH * index[u]) for u, n in pool)

    def counts(code: int) -> list[int]:
        return [(code >> (PACK_WIDTH * i)) & field_mask for i in range(len(units))]

    def split(have: list[int], which: list[int], amount: int) -> list[int]:
        found: list[int] = []

        def go(k: int, left: int, taken: int) -> None:
            if left == 0:
                found.append(taken)
            elif k < len(which):
                i = which[k]
                for take in range(min(left, have[i]), -1, -1):
                    go(k + 1, left - take, taken + (take << (PACK_WIDTH * i)))
        go(0, amount, 0)
        return found

    def minus(code: int, amount: int) -> list[int]:
        """Every pool after paying ``amount`` generic mana from it, {Any} only once no colored
        mana is left (as ``Search.pay_pips`` when thrifty)."""
        have = counts(code)
        found: list[int] = []
        for from_any in range(min(amount, sum(have[i] for i in anys)) + 1):
            for a in split(have, plain, amount - from_any):
                if from_any and any(((a >> (PACK_WIDTH * i)) & field_mask) < have[i] for i in colored):
                    continue
                found.extend(code - a - b for b in split(have, anys, from_any))
        return found

    after_free = {pack(start.pool)}
    for perm in search.free_perms:
        if perm not in start.tapped:
            adds = {pack(p) for p in free_adds[perm]}
            after_free = {f + a for f in after_free for a in adds}
    paid_from_free: dict[int, set[int]] = {}
    result = set(after_free)
    for choice in itertools.product(*[[None, *others[p]] for p in perms]):
        jobs = [(g, pack(out), sum(n for u, n in out if usable(u, None))) for g, out in
                (c for c in choice if c is not None)]
        if not jobs:
            continue
        debt = sum(g for g, _, _ in jobs)
        k = len(jobs)
        rest_by_rf: dict[int, set[int]] = {}
        for rs in itertools.product(*[range(min(u, debt) + 1) for _, _, u in jobs]):
            rf = debt - sum(rs)
            if rf < 0:
                continue
            capital = [rf] * (1 << k)  # before the activations of the subset
            for subset in range(1, 1 << k):
                low = subset & -subset
                j = low.bit_length() - 1
                capital[subset] = capital[subset ^ low] + rs[j] - jobs[j][0]
            ordered = [True] + [False] * ((1 << k) - 1)  # some order of the subset pays each
            for subset in range(1, 1 << k):
                ordered[subset] = any(subset >> j & 1 and ordered[subset ^ (1 << j)]
                                      and capital[subset ^ (1 << j)] >= jobs[j][0] for j in range(k))
            if not ordered[-1]:
                continue
            parts = {0}
            for (_, out, _), r in zip(jobs, rs, strict=True):
                parts = {a + b for a in parts for b in minus(out, r)}
            rest_by_rf.setdefault(rf, set()).update(parts)
        for rf, rests in rest_by_rf.items():
            if rf not in paid_from_free:
                paid_from_free[rf] = {p for f in after_free for p in minus(f, rf)}
            for rest in rests:
                result.update(f + rest for f in paid_from_free[rf])
        if len(result) > MAX_STATES:
            raise LimitExceeded(f"incomplete: more than {MAX_STATES} distinct states of mana abilities "
                                "(PYSOLVER_MAX_PAY_STATES)", file=search.board.name)
    return [tuple((units[i], n) for i, n in enumerate(counts(code)) if n) for code in result]


# ------------------------------------------------------------------ spells and costs
COST_SYMBOL = re.compile(r"\{([^{}]*)\}")
VALID_SYMBOL = re.compile(r"^(\d+|X|S|[WUBRGC]|[WUBRG]/[WUBRG](/P)?|\d+/[WUBRG]|[WUBRG]/P)$")


def parse_cost(text: str, file: str | None, place: str = "COST") -> list[str]:
    """A mana cost ("{X}{G}{G}", "{2/W}", "{W/P}") as its symbols; anything else is bad input."""
    stripped = text.strip()
    symbols = COST_SYMBOL.findall(stripped)
    if not symbols or "".join(f"{{{s}}}" for s in symbols) != stripped.replace(" ", ""):
        raise QueryError(f"can't read the cost {text!r}: write mana symbols like {{2}}{{G}}{{W/U}}{{W/P}}",
                         file=file, place=place)
    for symbol in symbols:
        if not VALID_SYMBOL.match(symbol.upper()):
            raise QueryError(f"unknown mana symbol {{{symbol}}} in the cost {text!r}", file=file, place=place)
    return [s.upper() for s in symbols]


@dataclass(frozen=True)
class Spell:
    """What a restriction is judged against: the spell's card (CR 106.6)."""

    name: str
    card: Card = field(compare=False, hash=False)
    judged: dict = field(default_factory=dict, compare=False, hash=False)  # restriction text: allows
    x_cost: bool = False  # the cost paid contains {X} (CR 107.3: "Spend this mana only on costs that contain {X}")
    kicked: bool = False  # its kicker or multikicker is paid (CR 702.33d: "Spend this mana only to cast kicked spells")
    zone: str | None = None  # the zone it is cast from, "hand" or "graveyard" (CR 601.2a), None when not known

    def allows(self, restriction: Restriction) -> bool:
        """CR 106.6: may mana with this restriction pay this spell?  It is read whole
        (pysolver.query.spend_restriction): one it can't read is refused, never read in part; the
        spell is judged by its card's characteristics, as the rules judge a card
        (asp/spend_restriction.lp: its colors from its mana cost and color indicator, none with
        devoid, 202.2, 702.114a; a changeling's creature types, 702.73a)."""
        if restriction.unread:
            raise LimitExceeded(restriction.refusal())
        if restriction.x_costs:  # CR 107.3, 106.6: any part of a cost that contains {X}
            return self.x_cost
        if restriction.kicked:  # CR 702.33d: a spell is kicked if its kicker cost is paid
            return self.kicked
        if restriction.from_zone:  # CR 601.2a: cast from a graveyard (pay: for flashback) or from exile
            if self.zone is None:
                raise LimitExceeded(f"incomplete: the restriction {restriction.text!r} (CR 106.6) asks where "
                                    f"{self.name} was cast from (CR 601.2a), which the stack doesn't say")
            if self.zone != restriction.from_zone:
                return False
        if restriction.text not in self.judged:
            self.judged[restriction.text] = any(spend_restriction.spell_fits(self.card,
                                                                             restriction.spell_filters()))
        return self.judged[restriction.text]


@dataclass(frozen=True)
class OtherCost:
    """What a restriction is judged against where the cost paid is no spell's (``pay COST``, an ability's cost
    next pays): whether it contains {X} (CR 107.3, 106.6: "Spend this mana only on costs that contain {X}" pays any
    part of it then, and nothing of it else).  Mana another restriction limits pays none of it: the search
    refuses where such mana could (``Search._check_restricted_mana``)."""

    x_cost: bool

    def allows(self, restriction: Restriction) -> bool:
        if restriction.unread:
            raise LimitExceeded(restriction.refusal())
        return restriction.x_costs and self.x_cost


# A rider no query reads: no spell or ability pysolver models counters a spell (CR 701.6a).
UNREAD_RIDER = re.compile(r"if that mana is spent on an? [^,]+ spell, that spell can't be countered\.?")


def spent_riders(way: Way) -> list[tuple[str, str]]:
    """(source, rider) for the mana a way's activations added with a rider (CR 106.6: "If that
    mana is spent to cast ..., that creature enters with ..."): an effect on the spell it pays
    for, which a board after the cast must show, and which no rule models yet."""
    assert way.end is not None, "a way of paying carries the state it reaches"
    return sorted({(perm, rider) for perm, _, units, *_ in way.end.used for unit, _ in units
                   for rider in spend_restriction.read(unit.restriction).riders
                   if not UNREAD_RIDER.fullmatch(rider.lower())})


# ------------------------------------------------------------------ costs other than mana
@dataclass(frozen=True)
class ExtraCost:
    """A cost paid with the mana cost, other than mana (CR 601.2h, 118.8): ``sacrifice``,
    ``tap`` (an untapped permanent you control), ``discard``, ``reveal`` (a card of the hand),
    ``exile_graveyard``, ``life``, ``return`` (a permanent you control to its owner's hand: it
    leaves like one sacrificed); the filter of a discard, a reveal or an exile judges cards."""

    kind: str
    count: int
    filter: tuple = ()  # sacrifice, tap: the filter as sorted items (types, colors)

    def spec(self) -> dict:
        return {k: [{kk: _filter_value(vv) for kk, vv in alternative} for alternative in v] if k == "any_of"
                else _filter_value(v) for k, v in self.filter}


def _filter_value(value: Any) -> Any:
    """A filter's value as the card format has it: a list, or a flag ("token": true)."""
    return list(value) if isinstance(value, tuple) else value


def _filter_items(spec: dict) -> tuple:
    """A filter as sorted items (hashable); "A or B" (``any_of``) as the items of each alternative."""
    return tuple(sorted((k, tuple(_filter_items(a) for a in v) if k == "any_of"
                         else tuple(v) if isinstance(v, list) else v) for k, v in spec.items()))


def _extra(item: Any, file: str | None, place: str, text: str) -> ExtraCost:
    """One cost item of the card format (docs/cards.md) as an ExtraCost."""
    if isinstance(item, dict):
        (key, value), = item.items()
        if key == "sacrifice":
            return ExtraCost("sacrifice", 1, _filter_items(value))
        if key in ("sacrifice_all", "sacrifice_any_number", "sacrifice_one_or_more"):  # CR 701.17a: each one, or those
            # chosen (none too, or one at least)
            return ExtraCost(key, 0, _filter_items(value))
        if key == "sacrifice_exactly":  # that many of "any number of" (counted_any_number's options)
            return ExtraCost("sacrifice", int(value["count"]), _filter_items(value["filter"]))
        if key == "return_to_hand":  # CR 400.7: it leaves the battlefield as the cost is paid
            if "count" in value:  # "return X Swamps you control ...", X announced (CR 107.3a)
                return ExtraCost("return", int(value["count"]), _filter_items(value["filter"]))
            return ExtraCost("return", 1, _filter_items(value))
        if key in ("tap_untapped", "untap_tapped") and value.get("whose", "you") == "you":
            return ExtraCost("tap" if key == "tap_untapped" else "untap", int(value.get("count", 1)),
                             _filter_items(value["filter"]))
        if key == "pay_life":
            return ExtraCost("life", int(value))
        if key == "discard":
            return ExtraCost("discard", int(value))
        if key == "exile_from_hand":  # CR 601.2h, 406.3: cards of the hand that fit the filter, exiled
            return ExtraCost("exile_hand", int(value["count"]), _filter_items(value["filter"]))
        if key == "collect_evidence":  # CR 701.57a: cards of the graveyard, total mana value N or greater
            return ExtraCost("collect_evidence", int(value))
        if key == "discard_at_random":  # CR 701.8b, 601.2h: paid last, the cards random
            return ExtraCost("discard_random", int(value))
        if key == "exile_graveyard":
            return ExtraCost("exile_graveyard", int(value))
        if key == "discard_card":  # CR 701.8a: a card of the hand that fits the filter
            return ExtraCost("discard", 1, _filter_items(value))
        if key == "reveal":  # CR 701.16a: it stays in the hand
            return ExtraCost("reveal", 1, _filter_items(value))
        if key in ("behold", "behold_exile"):  # a permanent you control chosen, or a card of the hand revealed
            return ExtraCost(key, 1, _filter_items(value))  # (601.2h, 701.16a), and then exiled (406.3)
        if key == "blight":  # N -1/-1 counters on a creature you control (601.2h): each creature a way
            return ExtraCost("blight", int(value))
        if key == "waterbend":  # {N}, which untapped artifacts and creatures may help pay (pysolver.query.convoke)
            return ExtraCost("waterbend", int(value))
        if key == "exile_from_graveyard":  # CR 701.11a
            return ExtraCost("exile_graveyard", int(value["count"]), _filter_items(value["filter"]))
    raise QueryError(f"can't read the cost {text!r}: after the mana symbols, write costs like "
                     "'Sacrifice a creature', 'Tap an untapped creature you control', 'Discard a card', "
                     "'Pay 2 life', 'Exile a card from your graveyard'", file=file, place=place)


# The kinds of ExtraCost that sacrifice: a number of permanents, every one, or those chosen (CR 701.17a).
SACRIFICES = ("sacrifice", "sacrifice_all", "sacrifice_any_number", "sacrifice_one_or_more")
ANY_NUMBER_MOST = 12  # "sacrifice any number of ...": at most 2^12 choices listed
COUNTED_MOST = 40  # a cost counted "this way": an option for each number up to the permanents or cards there are
COST_VERB = re.compile(r"(?i)(?:sacrifice|tap|untap|discard|pay|exile|remove|return|reveal|put|mill)\b")
EXILE_GRAVEYARD = re.compile(r"Exile (a|an|one|two|three|four|five) cards? from your graveyard")


def split_cost(text: str, file: str | None, place: str = "COST") -> tuple[str, list[ExtraCost]]:
    """``{1}{B}, Sacrifice a creature``: the mana part and the other costs, read by the
    Oracle compiler's cost reader (CR 118.8, 601.2h)."""
    from pysolver.cards import oracle

    mana: list[str] = []
    extras: list[ExtraCost] = []
    for part in [p.strip() for p in text.split(",")]:
        if not COST_VERB.match(part) and not re.search(r"[A-Za-z]{2,}\s", part):
            mana.append(part)  # mana symbols (parse_cost judges them)
            continue
        sentence = part[0].upper() + part[1:]
        m = EXILE_GRAVEYARD.fullmatch(sentence)
        if m:
            extras.append(ExtraCost("exile_graveyard", oracle.number(m.group(1).lower()) or 1))
            continue
        try:
            item = oracle.cost_item(sentence)
        except oracle.Unsupported:
            item = None
        extras.append(_extra(item, file, place, part))
    return "".join(mana), extras


def _multisets(names: list[str], n: int) -> list[tuple[str, ...]]:
    return sorted(set(itertools.combinations(sorted(names), n)))


class Extras:
    """The other costs of a payment, judged in a state of the search (CR 601.2h: they are
    paid after the mana abilities, in any order, so a creature tapped for mana may still be
    sacrificed, but not tapped again, and one sacrificed for mana is gone)."""

    def __init__(self, search: Search, extras: list[ExtraCost], exclude: dict[str, frozenset] | None = None,
                 casting: tuple[str, str] | None = None):
        """``exclude``: for a kind of cost, permanents it can't choose (an ability's own
        source, when its {T} or {Q} is in the cost: CR 118.3, 602.2b).  ``casting``: the zone
        ("hand" or "graveyard") and name of the card being cast, which is on the stack before
        its costs are paid (CR 601.2a, 601.2h): a copy there leaves it first."""
        self.search = search
        self.extras = extras
        self.exclude = exclude or {}
        self.life = sum(e.count for e in extras if e.kind == "life")
        self.hand, self.graveyard = cast_zones(search.board, search.player, casting)
        chosen = [e for e in extras if e.kind in ("discard", "reveal", "exile_graveyard", "exile_hand", "behold",
                                                  "behold_exile") and e.filter]
        fits = search.base.card_fits([e.spec() for e in chosen]) if chosen else []
        self.fits = {e.filter: f for e, f in zip(chosen, fits, strict=True)}  # the cards each filter allows
        judged = [e for e in extras if e.filter and reads_stats(e.spec())]
        if judged and len(extras) > 1:
            # CR 601.2h: the costs are paid in any order, and one paid first may change a power or toughness
            # another judges (a creature sacrificed that gave +1/+1, a card discarded that one counts).
            raise LimitExceeded(f"incomplete: a cost judged by power or toughness ({filter_words(judged[0].spec())}) "
                                "beside another cost besides mana, which paid first may change it (CR 601.2h); the "
                                "payment search does not follow that order", file=search.board.name)
        library = search.board.library
        if judged and library is not None and any(
                (card := library.get(p.card_name)) is not None and reads_others_tapped(card.data)
                for p in search.board.battlefield):
            # CR 110.5, 611.3a: the search grounds the permanents untapped; a tap for mana may change a power.
            raise LimitExceeded(f"incomplete: a cost judged by power or toughness ({filter_words(judged[0].spec())}) "
                                "on a board where a static ability reads whether permanents are tapped (CR 110.5, "
                                "611.3a), which the payment search grounds untapped", file=search.board.name)

    def taps(self) -> bool:
        return any(e.kind == "tap" for e in self.extras)

    def _graveyard(self, state: State, extra: ExtraCost) -> list[str]:
        """The player's graveyard as ``extra`` exiles from it (CR 601.2g-h): with the cards of the
        permanents the mana abilities sacrificed (a token ceases to exist, 111.7).  A card a
        mana ability discarded, or a card or permanent the same cost discards or sacrifices (its
        parts are paid in any order), could be exiled too: refused, as pay doesn't follow which; so is a sacrificed
        card a filter would have to judge (the filters judge the cards of hands and graveyards)."""
        if state.discarded or any(e.kind in ("discard", *SACRIFICES) for e in self.extras):
            raise LimitExceeded("incomplete: a cost exiles cards from the graveyard after a discard or a sacrifice "
                                "that may put cards there (CR 601.2g-h), which pay does not combine",
                                file=self.search.board.name)
        sacrificed = [p.card for p in self.search.board.battlefield
                      if p.id in state.gone and not p.token and p.owner == self.search.player]
        if sacrificed and extra.filter:
            raise LimitExceeded("incomplete: a mana ability sacrificed a card that a cost exiling cards of a kind "
                                "from the graveyard could choose (CR 601.2g-h), which pay does not judge",
                                file=self.search.board.name)
        return self.graveyard + sacrificed

    def _evidence(self, state: State, extra: ExtraCost) -> list[tuple[tuple[str, ...], frozenset, frozenset]]:
        """CR 701.57a: every choice of cards of the graveyard (alike cards alike) whose mana values (of their
        cards, 202.3) total N or more; none when there is no such choice (701.57b)."""
        counts = Counter(self._graveyard(state, extra))
        names = sorted(counts)
        cards = [self.search.board.library.get(n) if self.search.board.library else None for n in names]
        if any(card is None or "//" in name for card, name in zip(cards, names, strict=True)):
            raise LimitExceeded("incomplete: collecting evidence reads the mana value of a graveyard card pay "
                                "doesn't know, or of a card with two halves (CR 701.57a, 709.4)",
                                file=self.search.board.name)
        values = [mana_value(card.mana_cost or "") for card in cards if card is not None]
        if math.prod(counts[n] + 1 for n in names) > 2 ** ANY_NUMBER_MOST:
            raise LimitExceeded(f"incomplete: evidence may be collected from {sum(counts.values())} cards, more ways "
                                "than pay lists (CR 701.57a)", file=self.search.board.name)
        found: list[tuple[tuple[str, ...], frozenset, frozenset]] = []
        for combo in itertools.product(*(range(counts[n] + 1) for n in names)):
            if sum(k * v for k, v in zip(combo, values, strict=True)) >= extra.count:
                found.append((tuple(f"exile {n} from the graveyard" for n, k in zip(names, combo, strict=True)
                                    for _ in range(k)), frozenset(), frozenset()))
        return found

    def untaps(self) -> bool:
        """Whether a cost untaps permanents: a mana ability that taps one can make it payable
        (the choices grow with the activations)."""
        return any(e.kind == "untap" for e in self.extras)

    def candidates(self, state: State | None = None) -> frozenset:
        """Every permanent a tap (or untap) cost might choose (kept out of the eager free
        sources)."""
        model = self.search.base if state is None else self.search.model(state)
        found: set[str] = set()
        for extra in self.extras:
            if extra.kind in ("tap", "untap"):
                found |= model._matching(extra.spec(), None, False, stats=True)
        return frozenset(found)

    def choices(self, state: State) -> list[tuple[str, ...]]:
        """Every distinct way to pay the other costs in this state (empty: none)."""
        if self.search.life_total - state.life < self.life:
            return []  # CR 119.4 (Phyrexian life is judged with the life this leaves)
        options: list[list[tuple[tuple[str, ...], frozenset, frozenset]]] = []
        for extra in self.extras:
            if extra.kind == "life":
                options.append([((f"pay {extra.count} life",), frozenset(), frozenset())])
            elif extra.kind in ("return", "tap", "untap", *SACRIFICES):
                leaves = extra.kind not in ("tap", "untap")  # gone, whether tapped for mana or not
                verb = "sacrifice" if extra.kind in SACRIFICES else extra.kind
                left_out = self.exclude.get(verb, frozenset())
                ids = sorted(i for i in self.search.matching(state, extra.spec())
                             if i not in state.gone and i not in left_out
                             and (leaves or (i in state.tapped) == (extra.kind == "untap")))
                if extra.kind == "sacrifice_all":  # CR 701.17a: each one, after the mana abilities (601.2g-h)
                    combos: list[tuple[str, ...]] = [tuple(ids)]
                elif extra.kind in ("sacrifice_any_number", "sacrifice_one_or_more"):  # each choice, none too
                    if len(ids) > ANY_NUMBER_MOST:
                        raise LimitExceeded(f"incomplete: a cost sacrifices any number of {len(ids)} permanents, "
                                            f"2^{len(ids)} ways, which pay does not list", file=self.search.board.name)
                    least = 1 if extra.kind == "sacrifice_one_or_more" else 0
                    combos = [c for n in range(least, len(ids) + 1) for c in itertools.combinations(ids, n)]
                else:
                    combos = list(itertools.combinations(ids, extra.count))
                options.append([(tuple(f"{verb} {i}" for i in combo),
                                 frozenset(combo) if leaves else frozenset(),
                                 frozenset(combo) if not leaves else frozenset())
                                for combo in combos])
            elif extra.kind == "exile_hand":  # CR 601.2h: cards of the hand, chosen; alike cards alike
                if state.discarded or any(e.kind in ("discard", "discard_random") for e in self.extras):
                    raise LimitExceeded("incomplete: a cost exiles cards from the hand beside a discard (CR 601.2h), "
                                        "which pay does not combine", file=self.search.board.name)
                cards = [n for n in self.hand if not extra.filter or n in self.fits[extra.filter]]
                options.append([(tuple(f"exile {n} from the hand" for n in combo), frozenset(), frozenset())
                                for combo in _multisets(cards, extra.count)])
            elif extra.kind == "collect_evidence":
                options.append(self._evidence(state, extra))
            elif extra.kind == "discard_random":  # CR 601.2h: after the other discards; 118.3: enough cards
                discarded = sum(e.count for e in self.extras if e.kind in ("discard", "discard_random"))
                if len(self.hand) - state.discarded < discarded:
                    return []
                options.append([((f"discard {'a card' if extra.count == 1 else f'{extra.count} cards'} at random",),
                                 frozenset(), frozenset())])
            elif extra.kind == "blight":  # -1/-1 counters on a creature the player controls, each one a way
                ids = sorted(i for i in self.search.matching(state, {"types": ["Creature"]}) if i not in state.gone)
                options.append([((f"blight {i}",), frozenset(), frozenset()) for i in ids])
            elif extra.kind in ("behold", "behold_exile"):  # a permanent of the player's or a card of the hand
                if state.discarded:
                    raise LimitExceeded("incomplete: a mana ability discards cards and a cost reveals a card of a "
                                        "kind (CR 601.2h), which pay does not combine", file=self.search.board.name)
                ids = sorted(i for i in self.search.matching(state, extra.spec()) if i not in state.gone)
                cards = sorted({n for n in self.hand if n in self.fits[extra.filter]})
                if extra.kind == "behold":  # chosen or revealed, it stays where it is
                    beheld: list[tuple[tuple[str, ...], frozenset, frozenset]] = [
                        ((f"choose {i}",), frozenset(), frozenset()) for i in ids]
                    options.append(beheld + [((f"reveal {n}",), frozenset(), frozenset()) for n in cards])
                else:  # exiled: the permanent leaves the battlefield (a sacrifice can't take it too)
                    exiled: list[tuple[tuple[str, ...], frozenset, frozenset]] = [
                        ((f"exile {i}",), frozenset({i}), frozenset()) for i in ids]
                    options.append(exiled + [((f"exile {n} from the hand",), frozenset(), frozenset()) for n in cards])
            elif extra.kind in ("discard", "reveal"):
                if len(self.hand) - state.discarded < extra.count:
                    return []
                if extra.filter and state.discarded:
                    raise LimitExceeded("incomplete: a mana ability discards cards and a cost discards or reveals "
                                        "a card of a kind (CR 601.2h), which pay does not combine",
                                        file=self.search.board.name)
                cards = [n for n in self.hand if not extra.filter or n in self.fits[extra.filter]]
                options.append([(tuple(f"{extra.kind} {n}" for n in combo), frozenset(), frozenset())
                                for combo in _multisets(cards, extra.count)])
            else:
                cards = [n for n in self._graveyard(state, extra) if not extra.filter or n in self.fits[extra.filter]]
                options.append([(tuple(f"exile {n} from the graveyard" for n in combo), frozenset(),
                                 frozenset())
                                for combo in _multisets(cards, extra.count)])
        found = set()
        for combination in itertools.product(*options):
            sacrificed = [s for _, sac, _ in combination for s in sac]
            tapped = [t for _, _, tap in combination for t in tap]
            if len(set(sacrificed)) < len(sacrificed) or len(set(tapped)) < len(tapped):
                continue  # one permanent leaves (is tapped) once
            found.add(tuple(sorted(c for texts, _, _ in combination for c in texts)))
        return sorted(found)


# ------------------------------------------------------------------ pay
@dataclass(frozen=True)
class Way:
    activations: tuple[Activation, ...]
    paid: str
    left: str
    life: int
    costs: tuple[str, ...] = ()  # the other costs paid, each choice made (CR 601.2h, 118.8)
    # What the board becomes (pysolver next applies it): the search state reached and the
    # pool left as units ({Any} still to be chosen).
    end: State | None = field(default=None, compare=False, repr=False)
    pool_after: Pool = field(default=(), compare=False, repr=False)
    alternative: str = ""  # the alternative cost paid rather than the mana cost (CR 118.9), as written
    alternative_name: str = field(default="", compare=False)  # the keyword it is (evoke, CR 702.74a)
    spent: str = field(default="nothing", compare=False)  # the mana it spent (spent_text; `next`'s events)
    mana_spent: int = field(default=0, compare=False)  # how much mana it spent (CR 601.2h; convoke's taps aren't)

    def to_json(self) -> dict:
        out: dict[str, Any] = {"activations": [a.to_json() for a in self.activations], "paid": self.paid,
                               "left": self.left, "life": self.life}
        if self.costs:
            out["costs"] = list(self.costs)
        if self.alternative:
            out["alternative_cost"] = self.alternative
        return out


@dataclass(frozen=True)
class PayResult:
    player: str
    cost: str
    x: int | None  # the X asked about, or the largest X payable
    largest_x: bool
    payable: bool
    ways: tuple[Way, ...]
    explain: bool = False
    total: str | None = None  # --spell: the total cost (CR 601.2f) when effects changed it
    changed_by: tuple[str, ...] = ()  # the permanents whose abilities changed it

    def to_json(self) -> dict:
        out: dict[str, Any] = {"player": self.player, "cost": self.cost, "payable": self.payable}
        if self.changed_by:
            out["total_cost"] = self.total
            out["changed_by"] = list(self.changed_by)
        if self.x is not None or self.largest_x:
            out["x"] = self.x
        if not self.largest_x:
            out["count"] = len(self.ways)
            out["ways"] = [w.to_json() for w in self.ways]
        return out


def _spell(board: Board, what: str) -> tuple[str, Spell]:
    item = next((s for s in board.stack if s.id == what), None)
    name = item.card if item else what
    card = board.library.get(name) if board.library else None
    if card is None:
        raise QueryError(f"no spell {what!r}: neither an id on the stack nor a card in the library",
                         file=board.name, place="--spell")
    if item is not None and item.face_down is not None:  # CR 708.4
        raise QueryError(f"{what} is a face-down spell, cast for {{3}} (CR 702.37c, 702.168b): its card's costs "
                         "are not its own", file=board.name, place="--spell")
    if "Land" in card.data.get("types", []):
        raise QueryError(f"{name} is a land, not a spell (CR 305.1)", file=board.name, place="--spell")
    refused = cast_refused(card.data.get("keywords", [])) if item is None else None
    if refused is not None:  # a way to cast it or to pay for it that isn't modelled (oracle_keywords.CAST_REFUSED)
        raise QueryError(f"{name} has {refused}: {CAST_REFUSAL[refused]}, which isn't modelled", file=board.name,
                         place="--spell")
    if "prototype" in card.data:  # CR 718.3a: cast prototyped, it has another mana cost
        raise QueryError(f"{name} has prototype: it may also be cast prototyped for "
                         f"{card.data['prototype']['mana_cost']} (CR 702.160a, 718.3a), which isn't modelled yet",
                         file=board.name, place="--spell")
    return card.mana_cost or "", Spell(name, card)  # its characteristics: its card's (CR 106.6, 202.2)


NO_MANA_COST = "no mana cost, an unpayable cost (CR 202.1b, 118.6)"  # a PayResult's cost when it has none


def _no_mana_cost(board: Board, name: str) -> bool:
    """CR 202.1b: the card states that it has no mana cost (an empty ``mana_cost``: an imported
    card without one), which is unpayable (118.6); a definition without ``mana_cost`` states nothing."""
    card = board.library.get(name) if board.library else None
    return card is not None and card.data.get("mana_cost", None) == ""


# Kicker (CR 702.33a) and the card's optional_costs (pysolver/cards/oracle_optional_costs.py, 601.2b);
# multikicker, replicate and squad are paid once for each time the name is given (702.33c, 702.56a, 702.157a).
# The optional additional costs a card states under a key of its own: kicker (CR 702.33a) and the cost
# paid to cast it as though it had flash (601.3c: its flash_cost), each with its rule.
OWN_KEYED = {"kicker": ("kicker", "702.33"), "flash": ("flash_cost", "601.3c")}
OPTIONAL_COSTS = (*OWN_KEYED, *OPTIONAL_RULES)
# A way's alternative_cost when the alternative has no cost items (CR 118.9, 107.3b).
WITHOUT_PAYING = "without paying its mana cost"


def counted_any_number(card: Card | None) -> dict[str, Any] | None:
    """The card's "any number of" additional cost whose number its own cost counts ("This spell costs {2} less to
    cast for each creature sacrificed this way": own_cost per paid_this_way, CR 601.2b, 601.2f), or None."""
    if card is None or card.data.get("own_cost", {}).get("per") != "paid_this_way":
        return None
    return next((item for item in card.data.get("additional_costs", [])
                 if isinstance(item, dict) and next(iter(item)) in ANY_NUMBER), None)


def _exactly(item: dict[str, Any], count: int) -> tuple[Any, ...]:
    """An "any number of" cost item paid ``count`` times: that many sacrifices, or that many cards exiled."""
    (key, spec), = item.items()
    if not count:
        return ()
    if key == "sacrifice_any_number":  # one item: its choices are combinations, never orders (CR 701.17a)
        return ({"sacrifice_exactly": {"count": count, "filter": spec}},)
    return ({"exile_from_hand": {"count": count, "filter": spec}},)


def paid_count(chosen: Sequence[Any]) -> int:
    """How many permanents or cards an option of :func:`_exactly` pays."""
    return sum(item[key]["count"] for item in chosen if isinstance(item, dict)
               for key in ("sacrifice_exactly", "exile_from_hand") if key in item)


def additional_options(board: Board, spell: str | None) -> list[tuple[Any, ...]]:
    """The options of the spell's choice between additional costs (CR 601.2b: "discard a card or
    pay {5}", its card's ``one_of``), each a tuple of cost items; [()] when it has none.  A cost of
    "any number of" whose number its own cost counts: an option for each number, up to what the board
    holds (601.2b, 601.2f)."""
    if spell is None or board.library is None:
        return [()]
    on_stack = next((s for s in board.stack if s.id == spell), None)
    card = board.library.get(on_stack.card if on_stack is not None else spell)
    counted = counted_any_number(card)
    if counted is not None:
        most = len(board.battlefield) if "sacrifice_any_number" in counted else max(len(p.hand) for p in board.players)
        if most > COUNTED_MOST:
            raise LimitExceeded(f"incomplete: {spell}'s cost changes with how many its additional cost pays, up to "
                                f"{most}, more choices than pay lists (CR 601.2b, 601.2f)", file=board.name)
        return [_exactly(counted, count) for count in range(most + 1)]
    for item in card.data.get("additional_costs", []) if card is not None else []:
        if isinstance(item, dict) and "one_of" in item:
            return [tuple(option) for option in item["one_of"]]
    return [()]


def _with_x(item: Any, x: int | None, board: Board, name: str) -> Any:
    """A cost item with X ("pay X life", CR 107.3a, 601.2b) with the value announced; None when X is 0
    (nothing to pay)."""
    if not isinstance(item, dict) or "X" not in (list(item.values()) + [v.get("count") for v in item.values()
                                                                         if isinstance(v, dict)]):
        return item
    if x is None:
        raise LimitExceeded(f"incomplete: {name}'s additional cost {cost_words([item]).lower()} has X, announced as "
                            "it is cast (CR 107.3a, 601.2b); give --x", file=board.name)
    if x == 0:
        return None
    (key, value), = item.items()
    return {key: {**value, "count": x}} if isinstance(value, dict) else {key: x}


def _spell_additional(board: Board, name: str, additional: Sequence[str], chosen: Sequence[Any] = (),
                      x: int | None = None) -> tuple[list[str], list[ExtraCost], str]:
    """The spell's additional costs (CR 601.2b, 118.8): its card's ``additional_costs`` (of a
    choice between costs, the option ``chosen``) and the optional ones named (kicker, 702.33):
    (mana symbols, other costs, the text shown)."""
    card = board.library.get(name) if board.library else None
    data = card.data if card is not None else {}
    symbols: list[str] = []
    extras: list[ExtraCost] = []
    shown = ""
    counted = counted_any_number(card)
    for item in [i for i in data.get("additional_costs", []) if not (isinstance(i, dict) and "one_of" in i)
                 and i is not counted] + list(chosen):
        item = _with_x(item, x, board, name)
        if item is None:
            continue
        if isinstance(item, str) and item not in ("{T}", "{Q}", "sacrifice_self"):
            symbols += parse_cost(item, board.name, "--spell")
            shown += f" + {item}"
            continue
        try:
            extras.append(_extra(item, board.name, "--spell", str(item)))
        except QueryError:
            raise LimitExceeded(f"incomplete: {name}'s additional cost {item!r} is not one pay models",
                                file=board.name) from None
    for index, optional in enumerate(additional):
        if optional not in OPTIONAL_COSTS:
            raise QueryError(f"unknown optional cost {optional!r} (pay knows: {', '.join(OPTIONAL_COSTS)})",
                             file=board.name, place="--additional")
        key, rule = OWN_KEYED.get(optional, (optional, OPTIONAL_RULES.get(optional, "")))
        offered = data if optional in OWN_KEYED else data.get("optional_costs", {})
        if key not in offered:
            what = "cost to cast it as though it had flash" if optional == "flash" else optional
            raise QueryError(f"{name} has no {what} (CR {rule})", file=board.name, place="--additional")
        if optional in additional[:index] and optional not in REPEATABLE:
            repeated = f"{', '.join(REPEATABLE[:-1])} and {REPEATABLE[-1]}"
            raise QueryError(f"{optional} is paid at most once (CR {rule}); only {repeated} are paid any number of "
                             "times", file=board.name, place="--additional")
        most = data.get("optional_most", {}).get(optional)
        if most is not None and additional[:index + 1].count(optional) > most:  # CR 702.120a
            raise QueryError(f"{optional} is paid at most {most} times (CR {rule}: once for each mode chosen beyond "
                             f"the first, and {name} has {most + 1} modes)", file=board.name, place="--additional")
        own = data.get(key) if optional in OWN_KEYED else None  # kicker: its mana or its cost items (CR 702.33a)
        items = (own if isinstance(own, list) else [own]) if optional in OWN_KEYED else data["optional_costs"][optional]
        for item in items:
            if isinstance(item, str):
                symbols += parse_cost(item, board.name, "--additional")
            else:
                extras.append(_extra(item, board.name, "--additional", str(item)))
        words = OPTIONAL_SHOWN.get(optional) or ("".join(items) if all(isinstance(i, str) for i in items) else
                                                 cost_words(items)[0].lower() + cost_words(items)[1:])
        shown += f" + {words if words.startswith(optional.replace('_', ' ')) else f'{optional} {words}'}"
    return symbols, _merged_discards(extras), shown


def _merged_discards(extras: list[ExtraCost]) -> list[ExtraCost]:
    """Discards of any card, one cost each (escalate's, paid for each mode beyond the first, CR 702.120a), as one:
    the cards discarded are distinct cards of the hand (CR 601.2h, 701.8a)."""
    plain = [e for e in extras if e.kind == "discard" and not e.filter]
    if len(plain) < 2:
        return extras
    rest = [e for e in extras if e not in plain]
    return rest + [ExtraCost("discard", sum(e.count for e in plain))]


def cast_words(name: str, player: str) -> tuple[str, str] | None:
    """How a spell is cast for the alternative cost of a keyword named ``name`` by ``player`` and the rule, the words
    of pay's ways and of next's cast (one place): from their graveyard for its flashback cost (CR 702.34a), for its
    evoke cost (702.74a); None for another."""
    if name == "flashback":
        return f"from {player}'s graveyard for its flashback cost", "702.34a"
    if name == "evoke":
        return "for its evoke cost", "702.74a"
    return None


def way_zone(way: Way) -> str:
    """The zone a way of paying a spell casts its card from (CR 601.2a): a graveyard for its flashback cost
    (702.34a), else a hand (its mana cost and the other alternative costs, 118.9; cast face down, 702.37c)."""
    return "graveyard" if way.alternative_name == "flashback" else "hand"


def held_in(board: Board, player: str, spell: str | None) -> frozenset[str] | None:
    """The zones of ``player``'s, a hand and a graveyard, that hold the card ``spell`` names (not a spell on the
    stack), the zones it may be cast from (CR 601.2a); None when neither does (a card the board doesn't place:
    every way of paying, each saying the zone it casts from)."""
    holder = next((p for p in board.players if p.name == player), None)
    if spell is None or holder is None or any(item.id == spell for item in board.stack):
        return None
    zones = frozenset(zone for zone, cards in (("hand", holder.hand), ("graveyard", holder.graveyard))
                      if spell in cards)
    return zones or None


def pay_held(board: Board, player: str, cost: str | None = None, spell: str | None = None,
             x: int | None = None, max_ways: int | None = None, additional: Sequence[str] = ()) -> PayResult:
    """:func:`pay` as the pay query asks it: a card in the player's hand or graveyard is paid only by the ways that
    cast it from a zone that holds it (CR 601.2a, 118.9: the mana cost and the other alternative costs from a hand,
    flashback's from a graveyard, 702.34a); one in their graveyard only, with no flashback, is refused."""
    zones = held_in(board, player, spell)
    card = board.library.get(spell) if zones is not None and spell is not None and board.library else None
    if zones is not None:
        _refuse_graveyard_cast(board, player, spell)  # retrace, jump-start: their own refusal first
    if zones == {"graveyard"} and card is not None and not has_flashback(card.data):
        raise QueryError(f"{spell} is in {player}'s graveyard, not their hand, and has no flashback: a card is cast "
                         "from a graveyard only by a permission (CR 601.2a, 702.34a), which pay doesn't model",
                         file=board.name, place="--spell")
    result = pay(board, player, cost, spell, x, max_ways, additional, held=True)
    if zones is None or result.largest_x:
        return result
    ways = tuple(way for way in result.ways if way_zone(way) in zones)
    if zones == {"graveyard"} and card is not None:  # CR 702.34a: what is paid is its flashback cost
        paid = next(each["cost"] for each in card.data.get("alternative_costs", [])
                    if isinstance(each, dict) and each.get("name") == "flashback")
        result = replace(result, cost=f"Flashback {cost_words(paid)}")
    return replace(result, payable=bool(ways), ways=ways)


def pay(board: Board, player: str, cost: str | None = None, spell: str | None = None,
        x: int | None = None, max_ways: int | None = None, additional: Sequence[str] = (),
        face_down_ways: bool | None = None, targets: Sequence[str] | None = None,
        cost_of: str | None = None, held: bool = False) -> PayResult:
    """Can ``player`` pay ``cost`` (or ``spell``'s mana cost) now, and every distinct way
    (:func:`_pay`); a spell's alternative costs (CR 118.9) are ways too, each way saying
    which it paid, with the spell's additional costs (118.9d), and so is casting it face down
    (702.37c, 702.168b; ``face_down_ways``: True, only those; False, none of them).  A spell's
    choice between additional costs (601.2b: "discard a card or pay {5}") gives each option's
    ways, an option of mana named in the way's ``costs`` ("pay {5}").  ``targets``: the permanents the
    spell targets, chosen before its total cost is determined (601.2c, 601.2f: next cast), or None.
    ``cost_of``: what ``cost`` is the cost of (Search's ``COSTS_OF``: "ability", "action"; None: no kind stated).
    ``held``: the board is a query's, whose caster's hand may still hold the spell cast (next cast moves it to the
    stack first, CR 601.2a)."""
    item = next((s for s in board.stack if s.id == spell), None)
    _refuse_graveyard_cast(board, player, spell if item is None else None)
    _refuse_splice(board, player, spell if item is None else None, held)
    additional, every = _counted(board, additional)
    token = _PAID_FOR.set((item.card if item is not None else spell,) if spell is not None else ())
    try:
        if every is not None:
            return _pay_every(board, player, cost, spell, x, max_ways, additional, every, face_down_ways, targets,
                              cost_of)
        return _pay_options(board, player, cost, spell, x, max_ways, additional, face_down_ways, targets, cost_of)
    finally:
        _PAID_FOR.reset(token)


def _counted(board: Board, additional: Sequence[str]) -> tuple[tuple[str, ...], str | None]:
    """The optional costs named, ``NAME=N`` as N times NAME (a repeatable one, CR 601.2b), and the one named
    ``NAME=any``, paid every number of times (None when none is)."""
    names: list[str] = []
    every = None
    for named in additional:
        name, _, times = named.partition("=")
        if not times:
            names.append(name)
            continue
        if name not in REPEATABLE:
            raise QueryError(f"{name}={times}: only {', '.join(REPEATABLE[:-1])} and {REPEATABLE[-1]} are paid a "
                             "number of times (CR 601.2b)", file=board.name, place="--additional")
        if times == "any" and every is None:
            every = name
        elif times.isdigit() and len(times) <= 3:
            names += [name] * int(times)
        else:
            raise QueryError(f"{named}: write NAME=N (a number of times) or NAME=any (every number), once for any",
                             file=board.name, place="--additional")
    return tuple(names), every


def _pay_every(board: Board, player: str, cost: str | None, spell: str | None, x: int | None,
               max_ways: int | None, additional: Sequence[str], every: str, face_down_ways: bool | None,
               targets: Sequence[str] | None, cost_of: str | None) -> PayResult:
    """:func:`pay` with the optional cost ``every`` paid each number of times the player can (CR 601.2b: "any number
    of times"; escalate at most its card's optional_most, 702.120a), from none up: a payment of it one more time
    holds a payment of it this many times, so the first number from once up that can't be paid ends them (paid
    once, a spell may be payable that isn't unkicked: mana spent only on kicked spells, 702.33d).  Each way names the
    number of times in its costs; more than COUNTED_MOST times is refused."""
    if spell is None:
        raise QueryError("--additional names optional costs of a spell: give --spell too", file=board.name,
                         place="--additional")
    data = board.library.get(_spell(board, spell)[1].name).data if board.library is not None else {}
    most = data.get("optional_most", {}).get(every)
    ways: list[Way] = []
    first: PayResult | None = None
    times = 0
    while most is None or times <= most:
        if most is None and times > COUNTED_MOST:
            raise LimitExceeded(f"incomplete: {spell}'s {every} can be paid more than {COUNTED_MOST} times, the most "
                                "pay lists of a cost paid a number of times (COUNTED_MOST; CR 601.2b)", file=board.name)
        result = _pay_options(board, player, cost, spell, x, max_ways, (*additional, *[every] * times),
                              face_down_ways, targets, cost_of)
        if result.largest_x:
            raise LimitExceeded(f"incomplete: {result.cost} has X and {every} is paid any number of times (CR "
                                "107.3, 601.2b); give --x", file=board.name)
        first = first or result
        if not result.payable and times:
            break  # none paid may pay less than once (mana only for kicked spells, CR 702.33d)
        if not result.payable:
            times += 1
            continue
        label = f"{every} paid {times} time{'' if times == 1 else 's'}"
        ways += [replace(way, costs=tuple(sorted((*way.costs, label)))) for way in result.ways]
        if max_ways is not None and len(ways) > max_ways:
            raise LimitExceeded(f"incomplete: more than {max_ways} ways (--max-outcomes)", file=board.name)
        times += 1
    assert first is not None
    base = first.cost
    words = "".join(i for i in data.get("optional_costs", {}).get(every, []) if isinstance(i, str)) or \
        cost_words([i for i in data.get("optional_costs", {}).get(every, [])]).lower()
    bound = "any number of times" if most is None else f"up to {most} times"
    return replace(first, cost=f"{base} + {every} {words} {bound}", payable=bool(ways), ways=tuple(ways))


def _refuse_graveyard_cast(board: Board, player: str, spell: str | None) -> None:
    """CR 702.81a, 702.133a, 702.138a: a card with retrace, jump-start or escape in the player's graveyard may be cast
    from there by discarding a card as an additional cost or for its escape cost, ways pay (which pays as though from
    a hand) would leave out."""
    card = board.library.get(spell) if spell is not None and board.library is not None else None
    holder = next((p for p in board.players if p.name == player), None)
    if card is None or holder is None or spell not in holder.graveyard:
        return
    found = next((k.lower() for k in card.data.get("keywords", []) if str(k).lower() in GRAVEYARD_CASTS), None)
    if found is not None:
        raise QueryError(f"{spell} has {found} and is in {player}'s graveyard: it may be cast from there by "
                         f"{GRAVEYARD_CASTS[found]}, which pay doesn't model", file=board.name, place="--spell")


def _refuse_splice(board: Board, player: str, spell: str | None, held: bool) -> None:
    """CR 702.47a: a card with splice in the caster's hand (not the spell cast itself, one copy of it when ``held``)
    may be revealed as they cast a spell of its quality (a card type or subtype of the spell's card), adding its
    splice cost to the spell's and its text to the spell's, which pay doesn't model."""
    card = board.library.get(spell) if spell is not None and board.library is not None else None
    holder = next((p for p in board.players if p.name == player), None)
    if card is None or holder is None:
        return
    kinds = set(card.data.get("types", [])) | set(card.data.get("subtypes", []))
    cards = list(holder.hand)
    if held and spell in cards:  # the card cast is on the stack as its costs are paid (CR 601.2a)
        cards.remove(spell)
    for name in dict.fromkeys(cards):
        other = board.library.get(name) if board.library is not None else None
        onto = other.data.get("splice_onto", []) if other is not None else []
        if kinds & set(onto):
            raise QueryError(f"{spell}: {player} holds {name}, which may be spliced onto it (splice onto "
                             f"{' or '.join(onto)}, CR 702.47a): its splice cost added and its text gained, which "
                             "pay doesn't model", file=board.name, place="--spell")


def _pay_options(board: Board, player: str, cost: str | None, spell: str | None, x: int | None,
                 max_ways: int | None, additional: Sequence[str], face_down_ways: bool | None,
                 targets: Sequence[str] | None, cost_of: str | None) -> PayResult:
    options = additional_options(board, spell)
    if len(options) == 1:
        return _pay_option(board, player, cost, spell, x, max_ways, additional, face_down_ways, targets=targets,
                           cost_of=cost_of)
    if face_down_ways or _face_down_kind(board, spell) is not None:
        raise LimitExceeded(f"incomplete: {spell} may be cast face down and has a choice between additional "
                            "costs (CR 702.37c, 601.2b), which pay does not combine", file=board.name)
    results = [_pay_option(board, player, cost, spell, x, max_ways, additional, False, option, targets)
               for option in options]
    if any(result.largest_x for result in results):
        raise LimitExceeded(f"incomplete: {results[0].cost} has X and the spell has a choice between additional "
                            "costs (CR 601.2b); give --x", file=board.name)
    ways = [replace(way, costs=tuple(sorted(way.costs + tuple(f"pay {item}" for item in option
                                                               if isinstance(item, str)))))
            for option, result in zip(options, results, strict=True) for way in result.ways]
    if max_ways is not None and len(ways) > max_ways:
        raise LimitExceeded(f"incomplete: more than {max_ways} ways (--max-outcomes)", file=board.name)
    mana_cost = _spell(board, spell)[0] if spell is not None else ""
    counted = counted_any_number(board.library.get(_spell(board, spell)[1].name) if spell and board.library else None)
    choice = (cost_words([counted]).lower() if counted is not None else
              " or ".join(cost_words(list(option)).lower() for option in options))
    return replace(results[0], cost=f"{mana_cost} + {choice}".strip(" +"), payable=bool(ways), ways=tuple(ways))


def _pay_option(board: Board, player: str, cost: str | None, spell: str | None, x: int | None,
                max_ways: int | None, additional: Sequence[str], face_down_ways: bool | None,
                chosen: Sequence[Any] = (), targets: Sequence[str] | None = None,
                cost_of: str | None = None) -> PayResult:
    """:func:`pay` with ``chosen``, the option paid of a choice between additional costs."""
    down = _face_down_kind(board, spell) if face_down_ways is not False else None
    if down is not None and (face_down_ways or "Land" in board.library.get(spell).data.get("types", [])):
        # CR 702.37c, 702.168b: cast face down (a land card with morph or disguise is a spell only so)
        only = _face_down_ways(board, player, down, max_ways, additional)
        return replace(only[0], payable=bool(only[1]), ways=only[1])
    card = board.library.get(_spell(board, spell)[1].name) if spell is not None and board.library else None
    alternatives = card.data.get("alternative_costs", []) if card is not None else []
    first = _pay(board, player, cost, spell, x, max_ways, additional, chosen=chosen, targets=targets, cost_of=cost_of)
    # CR 118.9: alternative costs the abilities of permanents give the caster for this spell
    granted = (cost_query.alternatives_granted(board, player, card.name)
               if card is not None and spell is not None and cost_query.grants_alternatives(board) else [])
    if not alternatives and not granted and down is None:
        return first
    if first.largest_x:
        raise LimitExceeded(f"incomplete: {first.cost} has X and the spell has an alternative cost "
                            "(CR 118.9); give --x", file=board.name)
    ways = list(first.ways)
    if down is not None:  # CR 702.37c, 702.168b: cast face down, for {3} rather than its mana cost
        ways += _face_down_ways(board, player, down, max_ways, additional)[1]
    spell_name = _spell(board, spell)[1].name if spell is not None else ""
    unmet = (cost_query.alternatives_unmet(board, player, spell_name)
             if any(isinstance(each, dict) for each in alternatives) else frozenset())
    for index, alternative in enumerate(alternatives):
        if index in unmet:  # CR 118.9: its condition doesn't hold: it can't be paid
            continue
        items = alternative["cost"] if isinstance(alternative, dict) else alternative
        name = alternative.get("name", "") if isinstance(alternative, dict) else ""
        words = cost_words(items) if items else WITHOUT_PAYING
        if name:  # "Evoke {1}{G}" (CR 702.74a)
            words = f"{name.capitalize()} {words}"
        other = _pay(board, player, None, spell, x, max_ways, additional, alternative=items, chosen=chosen,
                     targets=targets,
                     origin="graveyard" if name == "flashback" else "hand")  # CR 702.34a
        if other.changed_by:
            raise LimitExceeded(f"incomplete: {', '.join(other.changed_by)} change the alternative cost "
                                f"{words!r} (CR 118.9d, 601.2f), which pay does not report",
                                file=board.name)
        ways += [replace(way, alternative=words, alternative_name=name) for way in other.ways]
    for items in dict.fromkeys(tuple(items) for _, items in granted):  # CR 118.9a: one alternative cost each way
        words = cost_words(list(items))
        other = _pay(board, player, None, spell, x, max_ways, additional, alternative=list(items), chosen=chosen,
                     targets=targets)
        if other.changed_by:
            raise LimitExceeded(f"incomplete: {', '.join(other.changed_by)} change the alternative cost "
                                f"{words!r} (CR 118.9d, 601.2f), which pay does not report", file=board.name)
        ways += [each for each in (replace(way, alternative=words) for way in other.ways) if each not in ways]
    if max_ways is not None and len(ways) > max_ways:
        raise LimitExceeded(f"incomplete: more than {max_ways} ways (--max-outcomes)", file=board.name)
    return replace(first, payable=bool(ways), ways=tuple(ways))


def _face_down_kind(board: Board, spell: str | None) -> str | None:
    """How the card ``spell`` names (not a spell on the stack) may be cast face down, or None."""
    if spell is None or any(item.id == spell for item in board.stack) or board.library is None:
        return None
    return face_down.cast_kind(board.library.get(spell))


def _face_down_ways(board: Board, player: str, kind: str, max_ways: int | None,
                    additional: Sequence[str]) -> tuple[PayResult, tuple[Way, ...]]:
    """CR 702.37c, 702.168b, 708.4: the ways to pay {3} for the card cast face down: a 2/2 creature
    spell with no name, text, subtypes or mana cost, which is what restrictions on mana and cost
    changes judge; no optional cost of the card is paid (it has no text: none with ``additional``)."""
    if face_down.PLAIN not in board.library:
        board = replace(board, library=board.library.extended(face_down.DEFINITIONS))
    down = _pay(board, player, None, face_down.definition_name(kind), None, max_ways, (),
                alternative=[face_down.FACE_DOWN_COST])
    if down.changed_by:
        raise LimitExceeded(f"incomplete: {', '.join(down.changed_by)} change the cost {face_down.CAST_WAY!r} "
                            "(CR 118.9d, 601.2f), which pay does not report", file=board.name)
    if additional:
        return down, ()
    return down, tuple(replace(way, alternative=face_down.CAST_WAY, alternative_name="face down")
                       for way in down.ways)


def _pay(board: Board, player: str, cost: str | None = None, spell: str | None = None,
         x: int | None = None, max_ways: int | None = None, additional: Sequence[str] = (),
         alternative: Sequence[Any] | None = None, chosen: Sequence[Any] = (), origin: str = "hand",
         targets: Sequence[str] | None = None, cost_of: str | None = None) -> PayResult:
    """Can ``player`` pay ``cost`` (or ``spell``'s mana cost, or the ``alternative`` cost
    items paid rather than it, CR 118.9) now, and every distinct way (``chosen``: the option
    paid of the spell's choice between additional costs, 601.2b; ``origin``: the zone a card
    named by ``spell`` is cast from, "hand" or "graveyard" for flashback, 702.34a).

    A way is a set of mana-ability activations no one of which could be left
    out (an irredundant set, with one order that pays every activation's own
    cost), what each symbol of the cost was paid with, and the mana left in
    the pool.  With {X} in the cost and no ``x``: only the largest X payable.
    Costs other than mana (in COST after a comma, the spell's additional costs, and the
    optional ones named in ``additional``: kicker) are paid with it (CR 601.2b, 601.2h):
    each choice (which permanent is sacrificed, ...) is a distinct way.
    """
    check_player(board, player)
    check_sources(board, player)
    of = "spell" if spell is not None else cost_of or "cost"  # what the cost is the cost of (COSTS_OF)
    judged = None
    extras: list[ExtraCost] = []
    bend = 0  # the waterbend cost (pysolver.query.convoke.waterbend_plans)
    added: list[str] = []
    shown = ""
    casting = None
    if spell is not None:
        cost, judged = _spell(board, spell)
        if not any(item.id == spell for item in board.stack):  # CR 601.2a: the card moves to the stack
            casting = (origin, judged.name)
        added, extras, shown = _spell_additional(board, judged.name, additional, chosen, x)
        # waterbend {N}: N generic mana of the total cost (601.2f), which untapped artifacts and creatures may help pay
        bend = sum(e.count for e in extras if e.kind == "waterbend")
        extras = [e for e in extras if e.kind != "waterbend"]
        added += [str(bend)] if bend else []
        if alternative is not None:  # CR 118.9: paid rather than the mana cost
            cost = "".join(item for item in alternative if isinstance(item, str))
            extras += [_extra(item, board.name, "--spell", str(item)) for item in alternative
                       if not isinstance(item, str)]
        elif _no_mana_cost(board, judged.name):  # CR 118.6, 202.1b: an unpayable cost, no way to pay it
            return PayResult(player, NO_MANA_COST + shown, x, False, False, ())
    else:
        assert cost is not None
        if additional:
            raise QueryError("--additional names optional costs of a spell: give --spell too",
                             file=board.name, place="--additional")
        shown = cost.strip()
        cost, extras = split_cost(cost, board.name)
        shown = shown if extras else ""
    assert cost is not None
    place = "--spell" if spell else "COST"
    symbols = parse_cost(cost, board.name, place) if cost.strip() else []
    symbols += added
    if spell is not None:
        shown = cost.strip() + shown
        cost = shown
    elif shown:
        cost = shown
    if x is not None and x < 0:
        raise QueryError("X can't be negative (CR 107.3)", file=board.name, place="--x")
    has_x = "X" in symbols
    if judged is not None:  # CR 107.3, 702.33d, 601.2a, 106.6: what restricted mana may pay (its cost's {X}, ...)
        judged = replace(judged, x_cost=has_x, kicked=bool({"kicker", "multikicker"} & set(additional)),
                         zone=_cast_zone(board, spell, casting))
    if has_x and x is None and (_convoke_kind(board, judged) is not None or bend):
        raise LimitExceeded(f"incomplete: {judged.name if judged else 'the spell'} has X and convoke, improvise, "
                            "delve or waterbend (CR 702.51a, 702.126a, 702.66a); give --x", file=board.name)
    zone = _cast_zone(board, spell, casting)
    # CR 106.6, 107.3: what restricted mana is judged against: the spell, or a cost that is no spell's
    paying_for = judged if judged is not None else OtherCost(has_x)
    if has_x and x is None:
        return _largest_x(board, player, symbols, paying_for, cost, extras, casting, zone, tuple(additional), of)
    total: str | None = None
    changed_by: tuple[str, ...] = ()
    if judged is not None:  # CR 601.2f: the spell's total cost
        counted = counted_any_number(board.library.get(judged.name) if board.library else None)
        changes = total_cost(board, player, judged.name, symbols, (x or 0,), zone, tuple(additional), targets,
                             casting is not None, paid_count(chosen) if counted is not None else None)
        if changes.changed_by:
            symbols, changed_by = list(changes.symbols[x or 0]), changes.changed_by
            total = "".join(f"{{{s}}}" for s in symbols) or "{0}"
    fixed = [s for s in symbols if s != "X"]
    pips = [_pip_alternatives(s) for s in fixed] + [(("generic", 1),)] * (symbols.count("X") * (x or 0))
    base = Model(board, player)
    ways = []
    for plan in _plans(board, player, base, judged, pips, bend, bool(changed_by)):  # CR 702.51a, 702.126a
        ways += [plan.merged(way) for way in _ways(board, player, base, list(plan.pips), paying_for, extras, plan.ids,
                                                   casting, of) if plan.possible(way)]
    ways.sort(key=lambda w: (len(w.activations), [a.perm for a in w.activations], w.paid, w.left, w.costs))
    if max_ways is not None and len(ways) > max_ways:
        raise LimitExceeded(f"incomplete: more than {max_ways} ways (--max-outcomes)", file=board.name)
    for way in ways:  # each activation's life gain, as asp/life_replacement.lp answers it (CR 614.1a)
        refuse_order_dependent_gains(board, player, way.activations)
    return PayResult(player, cost.strip(), x, False, bool(ways), tuple(ways), total=total,
                     changed_by=changed_by)


def _cast_zone(board: Board, spell: str | None, casting: tuple[str, str] | None) -> str | None:
    """The zone the spell is cast from (CR 601.2a): the card's (its hand, or its graveyard for
    flashback), a spell on the stack's graveyard when cast for its flashback cost; else None."""
    if casting is not None:
        return casting[0]
    item = next((s for s in board.stack if s.id == spell), None)
    return "graveyard" if item is not None and item.flashback else None


def _convoke_kind(board: Board, judged: Spell | None) -> str | None:
    """convoke, improvise or delve, when the spell has one (pysolver.query.convoke)."""
    from pysolver.query import convoke
    card = board.library.get(judged.name) if judged is not None and board.library else None
    return convoke.keyword(card.data) if card is not None else None


def _plans(board: Board, player: str, base: Model, judged: Spell | None, pips: list, bend: int = 0,
           changed: bool = False) -> list:
    """The ways convoke, improvise or delve may pay part of the spell's total cost
    (pysolver.query.convoke), or untapped artifacts and creatures help pay its waterbend cost of ``bend`` generic
    mana, one of ``pips``; one plan that taps nothing when the spell has none."""
    from pysolver.query import convoke
    kind = _convoke_kind(board, judged)
    if bend:
        if kind is not None or changed:
            raise LimitExceeded(f"incomplete: {judged.name if judged else 'the spell'}'s waterbend cost beside "
                                f"{kind or 'an effect that changes its total cost (CR 601.2f)'}, which pay does not "
                                "combine", file=board.name)
        rest = list(pips)
        rest.remove((("generic", bend),))
        mine = base._matching({"any_of": [{"types": ["Artifact"]}, {"types": ["Creature"]}]}, None, False)
        untapped = sorted(mine - {p.id for p in base.mine if p.tapped})
        return [replace(plan, pips=tuple(rest) + plan.pips)
                for plan in convoke.waterbend_plans(untapped, bend, board.name)]
    if kind is None:
        return [convoke.Plan(pips=tuple(pips))]
    if kind == "delve":  # CR 702.66a: cards of the caster's graveyard
        graveyard = next(p.graveyard for p in board.players if p.name == player)
        return convoke.delve_plans(list(graveyard), pips, board.name)
    untapped = sorted(base._matching({"types": [convoke.KINDS[kind][0]]}, None, False)
                      - {p.id for p in base.mine if p.tapped})
    return convoke.plans(kind, [(perm, base.colors(perm)) for perm in untapped], pips, board.name)


def _ways(board: Board, player: str, base: Model, pips: list, judged: Spell | OtherCost | None, extras: list[ExtraCost],
          tapped_too: frozenset = frozenset(), casting: tuple[str, str] | None = None,
          cost_of: str = "spell") -> list[Way]:
    """Every irredundant way the player's mana abilities (and the other costs) pay the symbols,
    ``tapped_too`` tapped before they start (``casting``: Extras)."""
    search = Search(board, player, labelled=True, base=base, tapped_too=tapped_too, casting=casting, cost_of=cost_of,
                    x_judged=isinstance(judged, OtherCost))
    other = Extras(search, extras, casting=casting)
    if other.life or _pays_life(pips):
        search.refuse_uncounted_life()
    if _pays_snow(pips):
        search.refuse_unlabelled_snow()

    known: dict[State, bool] = {}  # asked twice of each state: while exploring, then here
    pays_from: dict[tuple[Pool, int], bool] = {}  # many states share a pool and the life left

    def payable(state: State) -> bool:
        if state not in known:
            life_left = search.life_total - state.life - other.life
            if life_left < 0:
                known[state] = False
                return False
            if (state.pool, life_left) not in pays_from:
                pays_from[(state.pool, life_left)] = search.pays(state.pool, pips, life_left, judged)
            known[state] = pays_from[(state.pool, life_left)] and bool(other.choices(state))
        return known[state]

    from pysolver.query import payment_sets  # it builds on this module
    acts = payment_sets.fits(search) if not other.untaps() else None
    states: dict[State, Any]
    if acts is not None:  # searched from the cost: the sets that pay, never the orders
        states = payment_sets.paying_sets(search, acts, pips, judged, other.life, payable,
                                             bool(extras))
        paying = list(states)
    else:
        # An activation that untaps a permanent can make a tap cost payable with the mana
        # already there: then states that pay are extended too (the ways stay irredundant).
        # So can one that taps a permanent an untap cost needs.
        # Where a symbol may be paid with life (CR 107.4f), a state that pays is extended unless it pays
        # with no life for the symbols: more activations may pay them with mana instead.
        stop = None if other.untaps() or (other.taps() and any(a.untap for a in search.base.acts)) \
            else payable if not _pays_life(pips) else \
            (lambda state: payable(state) and search.pays(state.pool, pips, 0, judged))
        states = explore(search, eager=False, stop=stop)
        paying = [s for s in states if payable(s)]
    options = {s: other.choices(s) for s in paying}
    # Irredundant over what is activated (each activation's result, the permanents it taps),
    # not over how each activation's own cost was paid: a Signet paid by a second Signet it
    # could do without is left out (docs/mana.md).
    # (An ability activated twice, untapped between, counts twice.)
    ids: dict = {}
    sets = {s: sorted(ids.setdefault((key, k), len(ids)) for key, n in Counter(a[:4] for a in s.used).items()
                      for k in range(n)) for s in paying}
    # CR 107.4f, 119.4: where a symbol may be paid with life, an activation is left out only with no more
    # life paid: tapping a Forest for {G/P} is a way beside paying 2 life without it.
    life_counts = _pays_life(pips)
    payments: dict[State, list] = {}

    def payments_of(state: State) -> list:
        if state not in payments:
            payments[state] = list(search.pay_pips(state.pool, pips, search.life_total - state.life - other.life,
                                                   judged))
        return payments[state]

    by_choice: dict[tuple, _SetTrie] = {}  # each choice: the activation sets that pay with it
    for state in paying:
        least = min((state.life + life for _, _, life in payments_of(state)), default=0) if life_counts else 0
        for choice in options[state]:
            by_choice.setdefault(choice, _SetTrie()).add(sets[state], least)
    ways = []
    for state in paying:
        for choice in options[state]:
            if not life_counts and by_choice[choice].holds_smaller(sets[state]):
                continue  # an activation of this set could be left out
            for pool_after, paid, life in payments_of(state):
                if life_counts and by_choice[choice].holds_smaller(sets[state], state.life + life):
                    continue  # an activation of this set could be left out, with no more life paid
                ways.append(Way(tuple(states[state]), paid.text, pool_text(pool_after),
                                state.life + life + other.life, choice, state, pool_after, spent=paid.spent,
                                mana_spent=sum(unit is not None for _, unit, _ in paid.parts)))
    return ways


class _SetTrie:
    """Sets of integers (each given sorted), asked whether one is a proper subset of a set:
    only the branches inside the asked set are walked (pay's irredundant ways)."""

    def __init__(self) -> None:
        self.root: dict = {}

    def add(self, items: list[int], life: int = 0) -> None:
        node = self.root
        for item in items:
            node = node.setdefault(item, {})
        node[-1] = min(node.get(-1, life), life)  # a set ends here, paying with this much life at least

    def holds_smaller(self, items: list[int], life: int | None = None) -> bool:
        """Whether a proper subset of ``items`` is held (paying with at most ``life``, when given)."""
        def walk(node: dict, start: int, depth: int) -> bool:
            if -1 in node and depth < len(items) and (life is None or node[-1] <= life):
                return True
            return any(walk(node[items[k]], k + 1, depth + 1)
                       for k in range(start, len(items)) if items[k] in node)
        return walk(self.root, 0, 0)


def _largest_x(board: Board, player: str, symbols: list[str], spell, cost: str,
               extras: Sequence[ExtraCost] = (), casting: tuple[str, str] | None = None,
               zone: str | None = "hand", paid: tuple[str, ...] = (), cost_of: str = "spell") -> PayResult:
    """CR 107.3, 601.2f: the largest X the player can pay, over the maximal states (with
    other costs: over every state that can pay them, the life they take set aside)."""
    x_judged = isinstance(spell, OtherCost)  # CR 106.6, 107.3: a cost with {X} that is no spell's
    search = Search(board, player, labelled=False, casting=casting, cost_of=cost_of, x_judged=x_judged)
    if _pays_life([_pip_alternatives(s) for s in symbols if s != "X"]):
        search.refuse_uncounted_life()
    if _pays_snow([_pip_alternatives(s) for s in symbols if s != "X"]):
        search.refuse_unlabelled_snow()
    if extras:
        search = Search(board, player, labelled=False, not_free=Extras(search, list(extras)).candidates(),
                        base=search.base, casting=casting, cost_of=cost_of, x_judged=x_judged)
        other = Extras(search, list(extras), casting=casting)
        if other.life:
            search.refuse_uncounted_life()
        ends = [(state.pool, state.life + other.life) for state in explore(search, eager=True, prune=False)
                if other.choices(state)]
    else:
        quick = deferred_pools(search)
        # A pool that holds another pays whatever it pays, with as much left (no life paid there).
        ends = [(pool, 0) for pool in maximal(quick)] if quick is not None else \
            [(state.pool, state.life) for state in explore(search, eager=True)]
    # CR 601.2f: the total cost may differ from the mana cost.
    cast_now = casting is not None
    if isinstance(spell, Spell) and total_cost(board, player, spell.name, symbols, zone=zone, paid=paid,
                                        cast_now=cast_now).changed_by:
        bound = max([sum(n for _, n in pool) for pool, _ in ends] + [0])
        return _largest_x_changed(board, player, search, ends, symbols, spell, cost, bound, zone, paid, cast_now)
    fixed = [_pip_alternatives(s) for s in symbols if s != "X"]
    xs = symbols.count("X")
    best: int | None = None
    for pool, life_paid in ends:
        life_left = search.life_total - life_paid
        for pool_after, _, _ in search.pay_pips(pool, fixed, life_left, spell):
            usable_units = sum(n for u, n in pool_after if usable(u, spell))
            value = usable_units // xs
            if best is None or value > best:
                best = value
    return PayResult(player, cost.strip(), best, True, best is not None, ())


def _largest_x_changed(board: Board, player: str, search: Search, ends: list, symbols: list[str],
                       spell, cost: str, bound: int, zone: str | None = "hand",
                       paid: tuple[str, ...] = (), cast_now: bool = False) -> PayResult:
    """The largest X whose total cost (CR 601.2f) one of the maximal states pays: the total
    never falls as X grows, so the X payable are 0..best (a binary search; the range
    doubles while its top is payable, as reductions may let X exceed the mana there is)."""
    def payable(changes: TotalCost, value: int) -> bool:
        pips = [_pip_alternatives(s) for s in changes.symbols[value]]
        return any(search.pays(pool, pips, search.life_total - life_paid, spell) for pool, life_paid in ends)

    changes = total_cost(board, player, spell.name, symbols, range(bound + 1), zone, paid, cast_now=cast_now)
    while payable(changes, bound):
        bound = 2 * bound + 1
        if bound > 1_000_000:
            raise LimitExceeded("incomplete: X has no largest value under 1,000,000 (CR 601.2f)",
                                file=board.name)
        changes = total_cost(board, player, spell.name, symbols, range(bound + 1), zone, paid, cast_now=cast_now)
    best: int | None = None
    low, high = 0, bound
    while low <= high:
        middle = (low + high) // 2
        if payable(changes, middle):
            best, low = middle, middle + 1
        else:
            high = middle - 1
    total = "".join(f"{{{s}}}" for s in changes.symbols[best if best is not None else 0]) or "{0}"
    return PayResult(search.player, cost.strip(), best, True, best is not None, (), total=total,
                     changed_by=changes.changed_by)


# ------------------------------------------------------------------ available
@dataclass(frozen=True)
class AvailablePools:
    """The distinct maximal pools, each with one sequence of activations that reaches it."""

    player: str
    pools: tuple[str, ...]
    witnesses: tuple[tuple[Activation, ...], ...]
    expanded: bool
    explanation: tuple[dict, ...] | None = None  # with an explanation only

    @property
    def count(self) -> int:
        return len(self.pools)

    def to_json(self) -> dict:
        out: dict[str, Any] = {"player": self.player, "count": self.count, "pools": list(self.pools)}
        if self.explanation is not None:
            out["explanation"] = list(self.explanation)
        return out


RULES_CITED = re.compile(r"\(CR ([0-9a-z., ]+)\)")


def _explanation(search: Search, pools: list[Pool], witnesses: list[tuple[Activation, ...]]) -> tuple:
    """Rule-cited lines: the pool already there, what can't be activated, one witness a pool."""
    lines: list[dict] = []
    start = search.start()
    if start.pool:
        lines.append({"kind": "pool", "text": f"already in {search.player}'s mana pool: "
                                              f"{pool_text(start.pool)}", "rules": ["106.4"]})
    if not search.base.acts and not start.pool:
        lines.append({"kind": "none", "text": f"{search.player}'s mana pool is empty and "
                      f"{search.player} controls no permanent with a mana ability", "rules": ["106.4", "605.1a"]})
    for act in search.base.acts:
        where = f"{act.perm} ({act.card}) ability {act.number}"
        for reason in act.blocked:
            found = RULES_CITED.search(reason)
            rules = [r.strip() for r in found.group(1).split(",")] if found else ["602.5"]
            lines.append({"kind": "blocked", "text": f"{where} can't be activated now: "
                                                     f"{RULES_CITED.sub('', reason).strip()}", "rules": rules})
        if act.tap and act.perm in start.tapped and not act.blocked:
            lines.append({"kind": "blocked", "text": f"{where}: it is tapped, so {{T}} can't be paid",
                          "rules": ["107.5"]})
    for pool, witness in zip(pools, witnesses, strict=True):
        steps = "; ".join(f"{a.perm} ability {a.number}" + (f" paying {a.paid}" if a.paid else "")
                          + f" adds {a.added or 'no mana'}"
                          + (f" ({', '.join(a.effects)})" if a.effects else "") for a in witness)
        lines.append({"kind": "witness", "text": f"{pool_text(pool) or 'nothing'}: {steps or 'no activation'}",
                      "rules": ["605.3a", "601.2g", "106.4"]})
    return tuple(lines)


def _expand(pool: Pool) -> list[Pool]:
    counts = Counter(dict(pool))
    anys = [(u, n) for u, n in counts.items() if u.type == ANY]
    for unit, _ in anys:
        del counts[unit]
    results = [counts]
    for unit, n in anys:
        new = []
        for base in results:
            for combo in itertools.combinations_with_replacement(COLORS, n):
                c = base.copy()
                for color in combo:
                    c[unit._replace(type=color)] += 1
                new.append(c)
        results = new
    return [_pool(c) for c in results]


def available_pools(board: Board, player: str, expand: bool = False, explain: bool = False,
                    max_pools: int | None = None) -> AvailablePools:
    """Every distinct maximal pool the player can have by activating mana abilities now
    (CR 106.4, 601.2g, 605.3a), {Any} kept compact unless ``expand``; with ``explain``,
    one sequence of activations for each pool and what can't be activated."""
    check_player(board, player)
    check_sources(board, player)
    search = Search(board, player, labelled=False)
    for source in search.base.lowers_toughness:  # CR 117.3c, 117.5: mana abilities activated with priority
        raise LimitExceeded(f"incomplete: {source} has a static ability that reads whether other permanents are "
                            "tapped and lowers the toughness of one a tap taps (CR 110.5, 611.3a): between mana "
                            "abilities activated with priority, state-based actions may put it into a graveyard "
                            "(117.5, 704.5f), which the payment search does not follow", file=board.name)
    quick = None if explain else deferred_pools(search)  # no witnesses: explain searches states
    states: dict = {}
    first: dict[Pool, State] = {}
    if quick is not None:
        pools = maximal(quick)
    else:
        states = explore(search, eager=True)
        for state in states:
            if state.pool not in first or states[state].depth < states[first[state.pool]].depth:
                first[state.pool] = state
        pools = maximal(first)
    origin = {p: p for p in pools}
    if expand:
        expanded = []
        for pool in pools:
            for each in _expand(pool):
                origin.setdefault(each, pool)
                expanded.append(each)
        pools = maximal(expanded)
    if max_pools is not None and len(pools) > max_pools:
        raise LimitExceeded(f"incomplete: more than {max_pools} pools (--max-outcomes)", file=board.name)
    pools.sort(key=lambda p: (-sum(n for _, n in p), [-dict((u.type, n) for u, n in p).get(t, 0)
                                                      for t in UNIT_ORDER], pool_text(p)))
    witnesses = [tuple(states[first[origin[p]]]) for p in pools] if first else []
    for witness in witnesses:  # each activation's life gain, as asp/life_replacement.lp answers it
        refuse_order_dependent_gains(board, player, witness)
    explanation = _explanation(search, pools, witnesses) if explain else None
    return AvailablePools(player, tuple(pool_text(p) for p in pools), tuple(witnesses), expand, explanation)


def answer_pay(board: Board, player: str, cost: str | None = None, spell: str | None = None,
               x: int | None = None, additional: list[str] | None = None) -> dict:
    """Canonical answer: {payable, x?, count, ways: [{activations, paid, left, life, costs?,
    alternative_cost?}]}."""
    result = pay_held(board, player, cost, spell, x, additional=additional or ())
    out = result.to_json()
    out.pop("player")
    out.pop("cost")
    if "ways" in out:
        out["ways"] = [{"activations": [f"{a['permanent']} {a['ability']}: {a['added'] or 'no mana'}"
                                        + "".join(f"; {e}" for e in a["effects"])
                                        + (f" (paying {a['paid']})" if a["paid"] else "")
                                        for a in w["activations"]],
                        "paid": w["paid"], "left": w["left"], "life": w["life"],
                        **({"costs": w["costs"]} if "costs" in w else {}),
                        **({"alternative_cost": w["alternative_cost"]} if "alternative_cost" in w else {})}
                       for w in out["ways"]]
    return out


def answer_available(board: Board, player: str, expand: bool = False) -> dict:
    """Canonical answer: {"count": N, "pools": [maximal pools as symbols, {Any} compact]}."""
    result = available_pools(board, player, expand)
    return {"count": result.count, "pools": list(result.pools)}


# ------------------------------------------------------------------ can-activate
def ability_payable(board: Board, permanent: Permanent, body: dict) -> tuple[bool, bool] | None:
    """For an activated ability with mana in its cost (CR 602.2b, 601.2g-h): whether some
    sequence of the controller's mana abilities pays its mana (the permanent itself left as
    it is when the cost taps or untaps it), and whether it pays all of its costs together:
    its other costs (other permanents to tap or untap, something to sacrifice, cards to
    discard or exile from the graveyard, life) judged by ``Extras``, as `pay` judges the
    costs after the mana symbols of COST.  A cost whose filter the search can't read is
    left to the rules' own check (not judged together).  None: a cost this search doesn't
    model (the rules' own check stands)."""
    cost = body.get("cost", [])
    pips = []
    extras: list[ExtraCost] = []
    for item in cost:
        if isinstance(item, str) and item not in ("{T}", "{Q}", "sacrifice_self"):
            pips += [_pip_alternatives(s) for s in mana_symbols(item) if s != "X"]  # X = 0 (107.3a)
        elif isinstance(item, dict):
            if "remove_counters" in item:
                continue  # counters on the permanent itself: the rules' check stands
            if "sacrifice_x" in item or item.get("tap_untapped", {}).get("count") == "X":
                continue  # X may be 0 (CR 107.3a): it asks for nothing
            try:
                extras.append(_extra(item, board.name, "--ability", str(item)))
            except QueryError:
                _refuse_rules_check_with_spending(board, permanent.controller)
                return None
    taps, untaps = "{T}" in cost, "{Q}" in cost
    itself = frozenset({permanent.id})
    exclude = {kind: itself for kind, excluded in (("tap", taps or untaps), ("untap", taps or untaps),
                                                   ("sacrifice", "sacrifice_self" in cost)) if excluded}
    player = permanent.controller
    check_player(board, player)
    try:
        verdict = _payable(board, permanent, cost, extras, pips, exclude)
        if verdict is None:
            _refuse_rules_check_with_spending(board, player)
        return verdict
    except LeftOpen:
        # A yes without the mana left open is a yes (CR 601.2g-h); a no could be a guess.
        verdict = _payable(board, permanent, cost, extras, pips, exclude, without_left_open=True)
        if verdict is None or not all(verdict):
            raise
        return verdict


RESTRICTED = frozenset({"restriction"})  # a mana ability's spending restriction (CR 106.6)


def _refuse_rules_check_with_spending(board: Board, player: str) -> None:
    """The rules' own check of a mana cost (asp/activation.lp) pays each symbol with its own
    type, with any mana: refused when the player may spend mana otherwise (CR 609.4b), or has
    restricted mana that may not pay every ability's cost (106.6: "Spend this mana only to cast a
    creature spell", "... to activate abilities of creature sources"; pysolver.query.spend_restriction)."""
    if _may_change_spending(board) and not Model(board, player).spending.plain:
        raise LimitExceeded(f"incomplete: {player} may spend mana as though it were another type "
                            "(CR 609.4b), and this ability has a cost the payment search does not model",
                            file=board.name)
    if not _board_reads(board, RESTRICTED):
        return
    for act in Model(board, player).acts:
        for production in act.productions:
            for unit, _ in production.units:
                restriction = spend_restriction.read(unit.restriction)
                if restriction.limits and not restriction.any_ability():
                    raise LimitExceeded(f"incomplete: {act.perm}'s mana ability {act.number} adds mana restricted "
                                        f"by {unit.restriction!r}, which may not pay every ability's cost (CR 106.6, "
                                        "602.2b): neither the payment search nor the rules' own check of this "
                                        "ability's mana cost judges it",
                                        file=board.name)


def _payable(board: Board, permanent: Permanent, cost: list, extras: list, pips: list,
             exclude: dict, without_left_open: bool = False) -> tuple[bool, bool] | None:
    """ability_payable's search over the controller's mana abilities (without those whose
    mana is left open, when asked)."""
    player = permanent.controller
    taps, untaps = "{T}" in cost, "{Q}" in cost
    itself = frozenset({permanent.id})
    try:
        base = Model(board, player)
        if without_left_open:
            base.acts = [a for a in base.acts if not a.left_open]
        judged = []
        for extra in extras:
            try:
                if extra.kind in ("sacrifice", "tap", "untap"):
                    base._matching(extra.spec(), None, False, stats=True)
            except LimitExceeded:
                continue  # a filter the search doesn't read: the rules' check stands
            judged.append(extra)
        search = Search(board, player, labelled=False, not_free=itself, base=base, cost_of="ability")
        other = Extras(search, judged, exclude)
        search = Search(board, player, labelled=False, not_free=itself | other.candidates(), base=base,
                        cost_of="ability")
        other = Extras(search, judged, exclude)
        if other.life or _pays_life(pips):
            search.refuse_uncounted_life()
        if _pays_snow(pips):
            search.refuse_unlabelled_snow()
        states = explore(search, eager=True, prune=False)
    except LeftOpen:
        raise
    except LimitExceeded:
        return None  # the rules' own check stands (ability_payable: _refuse_rules_check_with_spending)
    mana_ok = joint_ok = False
    for state in states:
        # Its own {T} or {Q} is judged by the rules (107.5, 107.6): the permanent itself
        # is not used for mana here.
        if (taps or untaps) and ((permanent.id in state.tapped) != permanent.tapped
                                 or permanent.id in state.gone):
            continue
        if "sacrifice_self" in cost and permanent.id in state.gone:
            continue  # a mana ability sacrificed it: it can't be sacrificed again (CR 701.17a)
        left = search.life_total - state.life - other.life
        if left < 0 or not search.pays(state.pool, pips, left):
            continue
        mana_ok = True
        if other.choices(state):
            joint_ok = True
            break
    return mana_ok, joint_ok


def _run_pay(board: Board, player: str, cost: str | None = None, spell: str | None = None,
             x: int | None = None, max_outcomes: int | None = None, additional: Sequence[str] = ()) -> PayResult:
    return pay_held(board, player, cost, spell, x, max_outcomes, additional)


register(Query.described(
    "pay", program="mana", facts=fact_queries.pay, run=_run_pay, answer=answer_pay,
    schema="pay", decodes=mana_query.DECODES + spending_query.DECODES,
    also=(("pay_objects", OBJECT_DECODES), ("cost", cost_query.DECODES))))


def _run_available(board: Board, player: str, explain: bool = False,
                   max_outcomes: int | None = None, expand: bool = False) -> AvailablePools:
    return available_pools(board, player, expand, explain, max_outcomes)



register(Query.described(
    "available", program="mana", facts=fact_queries.pay, run=_run_available,
    answer=answer_available, schema="available",
    decodes=mana_query.DECODES + spending_query.DECODES,
    also=(("pay_objects", OBJECT_DECODES), ("cost", cost_query.DECODES))))
