"""Board files: load, validate and hold a board state.

A board is YAML or JSON in the format described in docs/board-format.md and
by ``pysolver schema board``.  The short form maps each player (in turn order)
to a list of card names; the full form lists players, the turn, the
battlefield, continuous effects of resolved spells and the stack.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from pysolver import consistency, documents, face_down, schemas
from pysolver.cards import Library
from pysolver.cards.library import ALLOW_PARTIAL, has_flashback
from pysolver.cycles import no_cycle_collection
from pysolver.errors import BoardError
from pysolver.lazy import lazy_module

activations = lazy_module("pysolver.activations")  # read for a board that records activations only

FORMAT = "pysolver-board/2"  # stack abilities numbered from 1, as the card lists them
FORMAT_1 = "pysolver-board/1"

DEFAULT_STEP = "precombat_main"
# A stack item's fields that say how it was cast (CR 601.2a-h, 107.3a, 702.33d, 702.34a, 702.74a, 708.4).
CAST_CHOICES = ("x", "without_paying_mana_cost", "kicked", "evoked", "flashback", "face_down", "cast_from",
                "mana_spent")
# Card data that reads power or toughness (amounts, filters).
STAT_READERS = re.compile(r"\"amount\": \"(?:power|toughness)\"|\"greatest\"|\"total\"|"
                          r"\"(?:power|toughness)_at_(?:least|most)\"")


def defines_stat(card: dict, stat: str) -> bool:
    """CR 604.3: the card has a characteristic-defining ability that gives its power or toughness."""
    return any(stat in ability.get("static", {}).get("cda", {}) for ability in card.get("abilities", []))


@dataclass(frozen=True)
class Player:
    """A player: life, mana pool, hand, graveyard, exile, library and what this turn recorded."""

    name: str
    commander_colors: tuple[str, ...] | None = None
    life: int = 20
    mana_pool: str = ""
    graveyard: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    exile: tuple[str, ...] = ()  # cards the player owns in exile, face up (CR 406.1, 406.3)
    speed: int | None = None  # CR 702.179: none until "Start your engines!"
    starting_life: int | None = None  # CR 103.4; None: the board doesn't say
    library: tuple[str, ...] | None = None  # top first; None: not given (drawing is refused)
    lost: bool = False  # CR 104.3, 704.5a
    spells_cast_this_turn: int = 0  # CR 601.2i; at least its spells on the stack (consistency.py)
    life_gained: int = 0  # CR 119.3: life gained this turn ("the amount of life you gained this turn")
    poison: int = 0  # CR 122.1f: poison counters (120.3b infect; 704.5c: ten or more loses)
    counters: tuple[tuple[str, int], ...] = ()  # CR 122.1: other kinds (experience, energy 107.14, rad 725.1)
    monarch: bool = False  # CR 722.1, 722.3: at most one player
    initiative: bool = False  # CR 723.1, 723.3: at most one player
    city_blessing: bool = False  # CR 702.131c
    completed_dungeons: tuple[str, ...] = ()  # CR 309.7: each dungeon completed, by name

    def player_counters(self, kind: str) -> int:
        """The counters of a kind the player has (CR 122.1; poison: the poison field)."""
        return self.poison if kind == "poison" else dict(self.counters).get(kind, 0)


@dataclass(frozen=True)
class Permanent:
    """A permanent on the battlefield, with its state (tapped, counters, attachments...)."""

    id: str
    card: str
    controller: str
    owner: str
    tapped: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    attached_to: tuple[str, str] | None = None  # ("permanent", id) or ("player", name)
    continuous_control: bool = True
    x: int | None = None
    copy_of: str | None = None
    timestamp: int = 0
    chosen: tuple[tuple[str, str], ...] = ()
    entered: dict[str, Any] | None = None
    token: bool = False
    power: int | None = None  # stated power/toughness (effects the rules don't model)
    toughness: int | None = None
    damage: int = 0  # CR 120.3: damage marked this turn
    exiled: tuple[str, ...] = ()  # cards exiled with it (CR 607.2a; craft, 702.167c)
    level: int | None = None  # a Class's level (CR 716.2b); None: 1 (716.2d)
    # CR 502.3, 701.39a: it doesn't untap during its controller's next untap step (exerted; "~ doesn't untap during
    # your next untap step"); 614.10a: the first untap step of that player that isn't skipped
    skips_next_untap: bool = False
    prototyped: bool = False  # cast prototyped (CR 702.160a, 718.3b)
    commander: bool = False  # a commander (CR 903.3): a designation of its card
    activated: tuple[tuple[int, int], ...] = ()  # (ability number, activations): CR 602.5b
    triggered: tuple[int, ...] = ()  # its "only once each turn" abilities that triggered this turn (CR 603.2)
    # CR 611.2a: until end of turn: +power, +toughness (613.4c) and keywords (cleanup ends them, 514.2)
    eot_power: int = 0
    eot_toughness: int = 0
    eot_keywords: tuple[str, ...] = ()
    face_down: str | None = None  # what turned it face down (CR 708; pysolver/face_down.py KINDS)
    # Made from a bare entry (bare_permanent): every field but id, card, controller and timestamp
    # its default, the owner its controller (pysolver/symmetry.py groups such copies by card and
    # controller alone).  Not a field: the permanent is equal to the one the constructor makes.
    bare: ClassVar[bool] = False

    @property
    def card_name(self) -> str:
        """The card whose characteristics it has (a copy has the copied card's, CR 707.2; a
        face-down permanent the definition of its face-down characteristics, 708.2)."""
        if self.face_down is not None:
            return face_down.definition_name(self.face_down)
        return self.copy_of or self.card


def chosen_pairs(chosen: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """A battlefield entry's ``chosen:`` as (key, value) pairs: ``{color: [U, G]}`` (the colors a
    card that chooses several chose, CR 614.12, 905.2b) is a pair for each color."""
    pairs = [(key, each) for key, value in chosen.items()
             for each in (value if isinstance(value, list) else [value])]
    return tuple(sorted(pairs))


def chosen_entry(pairs: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    """The pairs as a battlefield entry's ``chosen:`` again (several colors as a list)."""
    entry: dict[str, Any] = {}
    for key, value in pairs:
        entry[key] = [*entry[key], value] if isinstance(entry.get(key), list) else (
            [entry[key], value] if key in entry else value)
    return entry


# A battlefield entry with these fields only: the others take their defaults.
BARE_ENTRY = frozenset({"id", "card", "controller"})
def bare_permanent(permanent_id: str, card: str, controller: str, timestamp: int) -> Permanent:
    """``Permanent(permanent_id, card, controller, controller, timestamp=timestamp)``, every
    other field its default, made at once: a frozen dataclass sets its 28 fields one call
    each, a third of building a board of 10,000 permanents (issue 16).  Its own values are
    only these, and ``bare``: every other field is read from the class, where its default
    is (a sixth of the memory, and of the time to make and free it)."""
    permanent = object.__new__(Permanent)
    object.__setattr__(permanent, "__dict__", {"id": permanent_id, "card": card, "controller": controller,
                                               "owner": controller, "timestamp": timestamp, "bare": True})
    return permanent


@dataclass(frozen=True)
class Effect:
    """A continuous effect of a resolved spell (CR 611.2), with its duration and timestamp."""

    id: str
    card: str
    controller: str
    duration: str = "end_of_turn"
    timestamp: int = 0


@dataclass(frozen=True)
class StackItem:
    """A spell or ability on the stack (CR 405), with its targets and how it was cast."""

    id: str
    card: str
    controller: str
    x: int | None = None
    copy: bool = False
    cast: bool = True
    without_paying_mana_cost: bool = False
    resolving: bool = False
    copy_of: str | None = None
    source: str | None = None  # a triggered ability: the id of its source
    ability: int | str | None = None  # and its number among the card's abilities (from 1), or "echo"
    granted: int | None = None  # a granted one: its place among what the card's ability grants (from 1; 613.1f)
    enters_as_copy_of: str | None = None
    last_known: tuple[tuple[str, int], ...] | None = None  # counters of a source that left (603.10a)
    last_known_keywords: tuple[str, ...] | None = None  # and its keywords (113.7a); None: not given
    last_known_controller: str | None = None  # and its controller (113.7a, 110.2); None: not given
    # CR 115.1, 601.2c: its targets: ("permanent", id), ("player", name) or ("left", id)
    targets: tuple[tuple[str, str], ...] = ()
    kicked: bool = False  # its kicker cost was paid (CR 702.33d)
    evoked: bool = False  # cast for its evoke cost (CR 702.74a)
    storm_count: int | None = None  # a storm trigger: spells cast before its spell this turn (CR 702.40a)
    face_down: str | None = None  # cast face down by morph or disguise (CR 702.37c, 702.168b, 708.4)
    flashback: bool = False  # cast for its flashback cost: exiled when it leaves the stack (CR 702.34a)
    cast_from: str | None = None  # the zone it was cast from (CR 601.2a); None: not given
    mana_spent: str | None = None  # the mana spent to cast it (CR 601.2h), {W}{C}...; None: not given

    @property
    def cast_zone(self) -> str | None:
        """The zone this spell was cast from (CR 601.2a), where the board says or implies it (flashback
        casts from a graveyard, 702.34a); None: it wasn't cast (a copy, 707.10; an ability; ``cast:
        false``), or the board doesn't say."""
        if not self.was_cast:
            return None
        return self.cast_from or ("graveyard" if self.flashback else None)

    @property
    def was_cast(self) -> bool:
        """A spell cast (CR 601.2): not a copy (707.10), an ability, or a card put onto the stack."""
        return self.cast and not self.copy and self.source is None

    @property
    def card_name(self) -> str:
        """The card whose characteristics the spell has: a face-down spell's are those of CR 708.2a."""
        return face_down.definition_name(self.face_down) if self.face_down is not None else self.card


@dataclass
class Board:
    """A validated board state; ``document`` keeps positions for messages."""

    players: list[Player]
    turn_number: int
    active_player: str
    step: str
    battlefield: list[Permanent]
    effects: list[Effect] = field(default_factory=list)
    stack: list[StackItem] = field(default_factory=list)
    document: documents.Document | None = None
    library: Library | None = None  # the cards it was validated against
    # loaded with --allow-partial (the API's allow_partial): the boards next makes from it are checked so too
    partial_allowed: bool = field(default=False, compare=False)
    lands_played: int = 0  # CR 305.2
    additional_steps: tuple[str, ...] = ()  # CR 500.8-500.10: to come after this step, in order
    resume_after: str | None = None  # CR 500.8, 500.9: this step is additional; the turn goes on after that step
    extra_turns: tuple[str, ...] = ()  # CR 500.7: to come after this turn, next first
    upkeeps: int | None = None  # upkeep steps begun this turn before this step (None: derived)
    starting_player: str | None = None  # CR 103.1: who took the first turn (None: the board doesn't say)
    # CR 500.7: players' most recent turns before this one where extra turns put them elsewhere than
    # the turn order does (the others: consistency.default_previous_turn)
    previous_turns: tuple[tuple[str, int], ...] = ()
    # pysolver next: the ids of the objects an earlier board of its path held, or that left on the way (CR 400.7: a
    # new object is another object, so its id is none of them: next_state.new_id); not part of the board file
    path_ids: frozenset[str] = field(default=frozenset(), compare=False)

    @property
    def name(self) -> str:
        return self.document.name if self.document else "<board>"

    def player_names(self) -> list[str]:
        return [p.name for p in self.players]

    def previous_turn(self, player: str) -> int:
        """The number of ``player``'s most recent turn before this one (0 or less: none yet)."""
        default = consistency.default_previous_turn(self.player_names(), self.active_player, self.turn_number, player)
        return dict(self.previous_turns).get(player, default)

    def next_timestamp(self) -> int:
        """CR 613.7: the timestamp an object (or effect) gets now, later than every one on the board."""
        return max([p.timestamp for p in self.battlefield] + [e.timestamp for e in self.effects] + [0]) + 1

    def permanent(self, permanent_id: str) -> Permanent | None:
        for permanent in self.battlefield:
            if permanent.id == permanent_id:
                return permanent
        return None


NOT_IN_SLUG = re.compile(r"[^a-z0-9]+")


def slug(name: str) -> str:
    text = NOT_IN_SLUG.sub("-", name.lower()).strip("-")
    return text or "object"


class _Builder:
    def __init__(self, document: documents.Document, library: Library):
        self.doc = document
        self.library = library
        self.ids: dict[str, tuple] = {}
        # The next suffix to try for each generated id's base: ids are only ever added, so the
        # smallest free suffix never goes down, and N copies of one card cost O(N), not O(N^2).
        self.next_suffix: dict[str, int] = {}
        self.short: dict[str, list] | None = None  # the short form read, if the board was written so
        self.slugs: dict[str, str] = {}  # each card's slug, the base of the ids generated for it
        self.card_places: dict[str, tuple] = {}  # each card the board names, where it first does
        self.player_names: frozenset[str] = frozenset()  # no id may be one (new_id)
        # What the board's checks read of its permanents, so that each reads each card once and
        # walks only the permanents it may refuse (issue 16: a large board is mostly bare entries,
        # copies of a few cards whose other fields are their defaults, which no check refuses):
        # the card each permanent is (copy_of, else card), in board order, and the positions of
        # the permanents whose entries state more than id, card and controller.
        self.cards_here: dict[str, None] = {}
        self.stated: list[int] = []

    def fail(self, path: tuple, message: str):
        if self.short is not None and path[:1] == ("battlefield",) and len(path) > 1 and isinstance(path[1], int):
            path = self.short_place(path[1]) + tuple(p for p in path[2:] if p != "card")
        raise BoardError(message, file=self.doc.name, place=self.doc.place(path))

    def new_id(self, path: tuple, wanted: str | None, card: str) -> str:
        """The object's id: the one written, or one made from its card's name.  Ids and player
        names are one namespace: answers and ``target=`` name either, and couldn't tell them apart."""
        if wanted is not None:
            if wanted in self.ids:
                self.fail(path + ("id",), f"duplicate id {wanted!r} (first used at "
                          f"{documents.format_path(self.ids[wanted])})")
            if wanted in self.player_names:
                self.fail(path + ("id",), f"id {wanted!r} is also a player's name: answers and target= name "
                          "either, so they must differ")
            self.ids[wanted] = path
            return wanted
        base = self.slugs.get(card)
        if base is None:
            base = self.slugs[card] = slug(card)
        n = self.next_suffix.get(base, 1)
        candidate = base if n == 1 else f"{base}-{n}"
        while candidate in self.ids or candidate in self.player_names:
            n += 1
            candidate = f"{base}-{n}"
        self.next_suffix[base] = n
        self.ids[candidate] = path
        return candidate

    def known_card(self, path: tuple, name: str) -> None:
        self.card_places.setdefault(name, path)
        if name in face_down.DEFINITIONS:  # no card: a face-down permanent's characteristics (CR 708.2a)
            self.fail(path, f"{name!r} is no card: give the card with face_down: (CR 708)")
        if name not in self.library:
            close = self.library.closest(name)
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            self.fail(path, f"unknown card {name!r}{hint}")
        reason = self.library.unsupported(name)
        if reason is not None:
            self.fail(path, f"card {name!r} {reason}")

    def has_x(self, path: tuple, name: str) -> None:
        """CR 107.3: an X can be chosen only for a spell with {X} in its mana cost."""
        if "{X}" not in self.library.get(name).mana_cost:
            self.fail(path + ("x",), f"{name} has no {{X}} in its mana cost, so no X was chosen for it")

    def cast_fields(self, path: tuple, entry: dict[str, Any]) -> None:
        """A stack item's fields agree on how it got there: `copy_of` names the spell a copy copies
        (CR 707.10), and a spell put onto the stack without being cast (`cast: false`, not a copy) had
        nothing chosen or paid as it was cast (CR 601.2b-h; its X, 107.3a)."""
        if "copy_of" in entry and not entry.get("copy"):
            self.fail(path + ("copy_of",), "copy_of names the spell a copy copies, but this item is no copy "
                                           "(give copy: true; CR 707.10)")
        if entry.get("cast", True) or entry.get("copy"):
            return
        for key in CAST_CHOICES:
            if key in entry and entry[key] is not False:
                self.fail(path + (key,), f"{key} says how it was cast, but cast: false: it was put onto the "
                                         "stack without being cast (CR 601.2, 107.3a)")

    def flashback_entry(self, path: tuple, entry: dict[str, Any]) -> None:
        """CR 702.34a: only a card with flashback is cast for its flashback cost, an instant or sorcery
        spell cast (no copy, no ability), paying that cost rather than its mana cost (118.9a)."""
        card = self.library.get(entry["card"])
        if not has_flashback(card.data):
            self.fail(path + ("flashback",), f"{entry['card']} has no flashback, so it wasn't cast for its flashback "
                                             "cost (CR 702.34a)")
        clashing = [key for key in ("copy", "without_paying_mana_cost", "evoked", "face_down", "source")
                    if entry.get(key)]
        if clashing:
            self.fail(path + ("flashback",), f"a spell cast for its flashback cost is a card cast paying that cost, "
                                             f"so it has no {clashing[0]} (CR 702.34a, 118.9a)")

    def cast_how_entry(self, path: tuple, entry: dict[str, Any], key: str) -> None:
        """CR 601.2a, 601.2h: the zone a spell was cast from and the mana spent to cast it are a cast
        spell's: no copy (707.10), no ability; one cast for its flashback cost was cast from a
        graveyard (702.34a)."""
        clashing = next((field for field in ("copy", "source") if entry.get(field)), None)
        if clashing is not None:
            what = "a copy of a spell isn't cast (CR 707.10)" if clashing == "copy" else "an ability isn't cast"
            said = "where a spell was cast from" if key == "cast_from" else "what mana was spent to cast a spell"
            self.fail(path + (key,), f"{key} says {said}, but {what}")
        if key == "cast_from" and entry.get("flashback") and entry["cast_from"] != "graveyard":
            self.fail(path + ("cast_from",), f"a spell cast for its flashback cost was cast from a graveyard, not "
                                             f"from {entry['cast_from']} (CR 702.34a)")

    def has_prototype(self, path: tuple, name: str) -> None:
        """CR 702.160a: only a card with prototype can be cast prototyped."""
        if "prototype" not in self.library.get(name).data:
            self.fail(path + ("prototyped",), f"{name} has no prototype (CR 702.160a), so it wasn't cast prototyped")

    def characteristics(self, battlefield: list) -> list[str]:
        """Each card the permanents are or have the characteristics of (their cards, what they
        copy, a face-down one's definition, CR 708.2), once: what a check asks of each card before
        it walks the permanents (each permanent's card_name is among them)."""
        return [*self.cards_here, *{battlefield[i].card_name: None for i in self.stated if battlefield[i].face_down}]

    def check_stats(self, battlefield: list, entering: list[str] | None = None) -> None:
        """CR 208.2: a power or toughness printed as "*" (or any non-number) has no value
        the rules know; if a card on the board reads power or toughness, the board must
        state it (power:/toughness:).  ``entering``: the cards of the stack and the hands,
        which `next` may put onto the battlefield, read as they enter (their counters'
        amounts, CR 614.12)."""
        # Each card once, in board order (a permanent's card_name, read without a call each).
        cards = {name: self.library.get(name) for name in self.cards_here}
        cards.update((battlefield[i].card_name, face_down.DEFINITIONS.get(battlefield[i].card_name))
                     for i in self.stated if battlefield[i].face_down)
        reading = [name for name, card in cards.items() if card is not None and
                   STAT_READERS.search(json.dumps(card.data.get("abilities", [])))]
        for name in dict.fromkeys(entering or []):  # read, not used: a partial card isn't named by the answer
            card = self.library.cards[name] if name in self.library.cards else self.library.get(name)
            if card is not None and STAT_READERS.search(json.dumps(card.data.get("enters_with_counters", []))):
                reading.append(name)
        if not reading:
            return
        for i, permanent in enumerate(battlefield):
            card = cards[permanent.card_name]
            for stat in ("power", "toughness"):
                printed = card.data.get(stat) if card is not None else None
                if printed is not None and not isinstance(printed, int) \
                        and getattr(permanent, stat) is None and not defines_stat(card.data, stat):
                    self.fail(("battlefield", i), f"{permanent.card_name}'s {stat} is {printed!r} "
                              f"and {reading[0]} reads it: give it as {stat}: N")

    def check_unread_grants(self) -> None:
        """CR 613.1f: a keyword that a sentence no form reads may give (card data unread_keyword_grants,
        pysolver/cards/oracle_unread_grants.py) is harmless until a card on the board reads the keyword in a
        filter ("target creature with flying"): then the card giving it is partial here, refused unless
        --allow-partial, and the answer names the sentences left out."""
        given = {name: grants for name in self.card_places
                 if (grants := (self.library.get(name).data.get("unread_keyword_grants") or {}))}
        if not given:
            return
        from pysolver.cards.library import PARTIAL_USED
        from pysolver.facts.cards import filter_keywords

        read: dict[str, str] = {}  # keyword: a card whose filter reads it
        for name in self.card_places:
            for keyword in sorted(filter_keywords(self.library.get(name))):
                read.setdefault(keyword, name)
        for name, grants in given.items():
            clashing = sorted(set(grants) & set(read))
            if not clashing:
                continue
            texts = list(dict.fromkeys(text for keyword in clashing for text in grants[keyword]))
            if not ALLOW_PARTIAL.get():
                keyword = clashing[0]
                self.fail(self.card_places[name], f"card {name!r} is partial on this board: pysolver doesn't read "
                          f"{', '.join(map(repr, texts))}, which may give {keyword}, and {read[keyword]} reads "
                          f"{keyword} (CR 613.1f); --allow-partial uses it without it")
            used = PARTIAL_USED.get()
            if used is not None:
                used[name] = list(dict.fromkeys(used.get(name, []) + texts))

    def check_graveyard_triggers(self, players: list[Player]) -> None:
        """CR 113.6m: a triggered ability that functions only in a graveyard (card data graveyard_triggers,
        pysolver/cards/oracle_graveyard_triggers.py), which no query models: a card in a graveyard that has one
        is partial here, refused unless --allow-partial, and the answer names the sentences left out."""
        from pysolver.cards.library import ALLOW_PARTIAL, left_out

        for i, player in enumerate(players):
            for j, name in enumerate(player.graveyard):
                texts = self.library.get(name).data.get("graveyard_triggers")
                if not texts:
                    continue
                if not ALLOW_PARTIAL.get():
                    self.fail(("players", i, "graveyard", j), f"card {name!r} is partial in a graveyard: pysolver "
                              f"doesn't model {', '.join(map(repr, texts))}, which functions there (CR 113.6m); "
                              "--allow-partial uses it without it")
                left_out(name, texts)

    def activated(self, path: tuple, entry: dict) -> tuple[tuple[int, int], ...]:
        """CR 602.5b: the activations recorded of the permanent's limited abilities."""
        if "activated" not in entry:
            return ()
        given = entry["activated"]
        numbered = {int(k) if isinstance(k, str) and k.isdigit() else k: v for k, v in given.items()}
        name = entry.get("copy_of", entry["card"])
        problem = activations.check(self.library.get(name), name, numbered)
        if problem is not None:
            self.fail(path + ("activated",), problem)
        return tuple(sorted((n, c) for n, c in numbered.items() if c))

    def triggered(self, path: tuple, entry: dict) -> tuple[int, ...]:
        """CR 603.2: its abilities limited to triggering once each turn that triggered this turn."""
        from pysolver.trigger_limits import check
        given = entry.get("triggered_this_turn", [])
        name = entry.get("copy_of", entry["card"])
        problem = check(self.library.get(name), name, given)
        if problem is not None:
            self.fail(path + ("triggered_this_turn",), problem)
        return tuple(sorted(set(given)))

    def eot_keywords(self, path: tuple, entry: dict) -> tuple[str, ...]:
        """The keywords effects gave it until end of turn (CR 611.2a); one that is a triggered ability
        (prowess, 702.108a) is refused: its trigger comes only from a card's own Oracle text."""
        from pysolver.cards.oracle_cast_keywords import CAST_KEYWORDS
        given = entry.get("until_end_of_turn", {}).get("keywords", [])
        for j, keyword in enumerate(given):
            if keyword.lower() in CAST_KEYWORDS:
                self.fail(path + ("until_end_of_turn", "keywords", j),
                          f"{keyword} given until end of turn is a triggered ability (CR 702.108a) that pysolver "
                          "doesn't give a permanent whose card lacks it")
        return tuple(given)

    def previous_turns(self, turn: dict, names: list[str], known: set[str],
                       turn_number: int) -> tuple[tuple[str, int], ...]:
        """turn.previous_turns: players' most recent turns before this one (CR 500.7: where extra
        turns were taken), each before this turn, no two players' the same turn."""
        stated = turn.get("previous_turns", {})
        taken: dict[int, str] = {}
        for name, number in stated.items():
            path = ("turn", "previous_turns", name)
            self.player(path, name, known)
            if number >= turn_number:
                self.fail(path, f"turn {number} is not before the current turn ({turn_number})")
            if number >= 1 and number in taken:
                self.fail(path, f"turn {number} was {taken[number]}'s (a turn is one player's, CR 500.7)")
            taken[number] = name
        return tuple(sorted((name, number) for name, number in stated.items() if name in names))

    def player(self, path: tuple, name: str, players: set[str]) -> None:
        if name not in players:
            self.fail(path, f"{name!r} is not a player in this game (players: {', '.join(sorted(players))})")

    def build(self) -> Board:
        data = self.doc.data
        if isinstance(data, dict) and "players" not in data and data and all(
            isinstance(v, list) for v in data.values()
        ):
            data = self.expand_short(data)
        error = schemas.first_error(schemas.BOARD_SCHEMA, data)
        if error is not None:
            self.fail(schemas.error_path(error), schemas.describe(error))
        players = [self.make_player(("players", i), p) for i, p in enumerate(data["players"])]
        names = [p.name for p in players]
        for i, name in enumerate(names):
            if name in names[:i]:
                self.fail(("players", i), f"player {name!r} is listed twice")
        self.player_names = frozenset(names)
        known = set(names)
        turn = data.get("turn", {})
        active = turn.get("active", names[0])
        self.player(("turn", "active"), active, known)
        self.check_untap_step(players, data["players"], turn.get("step", DEFAULT_STEP))
        self.check_designations(players)

        battlefield = []
        entries = data.get("battlefield", [])
        cards_here, stated = self.cards_here, self.stated
        permanent_cards: set[str] = set()  # names already known to be permanent cards
        for i, entry in enumerate(entries):
            path: tuple[str | int, ...] = ("battlefield", i)
            card = entry["card"]
            if "face_down" in entry:  # CR 708.2a: a creature whatever its card (a manifested instant, 701.34g)
                self.known_card(path + ("card",), card)
                face_down.check_entry(self, path, entry)
            elif card not in permanent_cards:  # the same checks for each copy of a card
                self.known_card(path + ("card",), card)
                consistency.check_permanent_card(self, path + ("card",), card)
                permanent_cards.add(card)
            if entry.keys() <= BARE_ENTRY:  # every other field its default: most of a large board
                controller = entry["controller"]
                if controller not in known:
                    self.player(path + ("controller",), controller, known)
                battlefield.append(bare_permanent(self.new_id(path, entry.get("id"), card), card, controller, i + 1))
                cards_here[card] = None
                continue
            stated.append(i)
            cards_here[entry.get("copy_of") or card] = None
            if "copy_of" in entry:
                self.known_card(path + ("copy_of",), entry["copy_of"])
                consistency.check_permanent_card(self, path + ("copy_of",), entry["copy_of"])
            if "x" in entry:
                self.has_x(path, entry["card"])
            if entry.get("prototyped"):  # a copy of a prototyped permanent is prototyped too (CR 718.3d)
                self.has_prototype(path, entry.get("copy_of", entry["card"]))
            if entry.get("commander") and entry.get("token"):  # CR 903.3: a card is designated
                self.fail(path + ("commander",), "a token is never a commander: the designation is a card's "
                                                 "(CR 903.3)")
            consistency.check_counters(self, path + ("counters",), entry.get("counters", {}))
            consistency.check_counter_limits(self, path + ("counters",), entry.get("copy_of", entry["card"]),
                                             entry.get("counters", {}))
            for j, exiled in enumerate(entry.get("exiled", [])):
                self.known_card(path + ("exiled", j), exiled)
            self.player(path + ("controller",), entry["controller"], known)
            owner = entry.get("owner", entry["controller"])
            self.player(path + ("owner",), owner, known)
            attached = None
            if "attached_to" in entry:
                (kind, ref), = entry["attached_to"].items()
                attached = (kind, ref)
            battlefield.append(Permanent(
                id=self.new_id(path, entry.get("id"), entry["card"]),
                card=entry["card"],
                controller=entry["controller"],
                owner=owner,
                tapped=entry.get("tapped", False),
                counters=tuple(sorted(entry.get("counters", {}).items())),
                attached_to=attached,
                continuous_control=entry.get("continuous_control", True),
                x=entry.get("x"),
                copy_of=entry.get("copy_of"),
                timestamp=entry.get("timestamp", i + 1),
                chosen=chosen_pairs(entry.get("chosen", {})),
                entered=entry.get("entered"),
                token=entry.get("token", False),
                power=entry.get("power"),
                toughness=entry.get("toughness"),
                damage=entry.get("damage", 0),
                exiled=tuple(entry.get("exiled", [])),
                level=entry.get("level"),
                skips_next_untap=entry.get("skips_next_untap", False),
                prototyped=entry.get("prototyped", False),
                commander=entry.get("commander", False),
                activated=self.activated(path, entry),
                triggered=self.triggered(path, entry),
                eot_power=entry.get("until_end_of_turn", {}).get("power", 0),
                eot_toughness=entry.get("until_end_of_turn", {}).get("toughness", 0),
                eot_keywords=self.eot_keywords(path, entry),
                face_down=entry.get("face_down"),
            ))
        if any(battlefield[i].face_down for i in stated):  # their characteristics' definitions (CR 708.2)
            self.library = self.library.extended(face_down.DEFINITIONS)
        turn_number = turn.get("number", 1)
        consistency.check_attachments(self, battlefield, known)
        consistency.check_control(self, battlefield)
        previous = self.previous_turns(turn, names, known, turn_number)
        battlefield = consistency.check_entered(self, battlefield, entries, names, active, turn_number,
                                                turn.get("step", DEFAULT_STEP), turn.get("resume_after"),
                                                dict(previous), turn.get("upkeeps"))
        consistency.check_chosen(self, battlefield, players)
        by_id = {p.id: p for p in battlefield} if data.get("stack") else {}  # what the stack's items name

        entering = [entry["card"] for entry in data.get("stack", []) if isinstance(entry.get("card"), str)]
        self.check_stats(battlefield, entering + [name for player in players for name in player.hand])
        consistency.check_card_power(self, battlefield, players)
        consistency.check_starting_life(self, battlefield, players, entering + [
            name for player in players for zone in ("hand", "graveyard", "exile") for name in getattr(player, zone)]
            + [name for player in players for name in player.library or ()])

        effects = []
        for i, entry in enumerate(data.get("effects", [])):
            path = ("effects", i)
            self.known_card(path + ("card",), entry["card"])
            consistency.check_effect_card(self, path + ("card",), entry["card"])
            self.player(path + ("controller",), entry["controller"], known)
            effects.append(Effect(
                id=self.new_id(path, entry.get("id"), entry["card"]),
                card=entry["card"],
                controller=entry["controller"],
                duration=entry.get("duration", "end_of_turn"),
                timestamp=entry.get("timestamp", len(entries) + i + 1),
            ))
        consistency.check_base_pt(self, battlefield, effects)
        consistency.check_keyword_counters(self, battlefield, effects)
        consistency.check_type_additions(self, battlefield, effects)
        consistency.check_attacking(self, battlefield, effects, turn.get("step", DEFAULT_STEP))
        consistency.check_layer_order(self, battlefield, effects)
        consistency.check_city_blessing(self, battlefield, players, effects)  # CR 702.131b
        stack = []
        for i, entry in enumerate(data.get("stack", [])):
            path = ("stack", i)
            self.known_card(path + ("card",), entry["card"])
            self.player(path + ("controller",), entry["controller"], known)
            self.cast_fields(path, entry)
            if "x" in entry:
                self.has_x(path, entry["card"])
            kicker = self.library.get(entry["card"]).data  # CR 702.33c: multikicker is a kicker too
            if entry.get("kicked") and "kicker" not in kicker and "multikicker" not in kicker.get("optional_costs", {}):
                self.fail(path + ("kicked",), f"{entry['card']} has no kicker, so it wasn't kicked (CR 702.33)")
            if entry.get("evoked") and not any(isinstance(a, dict) and a.get("name") == "evoke" for a in
                                               self.library.get(entry["card"]).data.get("alternative_costs", [])):
                self.fail(path + ("evoked",), f"{entry['card']} has no evoke cost, so it wasn't evoked (CR 702.74a)")
            if "face_down" in entry:  # CR 708.4
                face_down.check_stack_entry(self, path, entry)
            if entry.get("flashback"):  # CR 702.34a
                self.flashback_entry(path, entry)
            for key in ("cast_from", "mana_spent"):  # CR 601.2a, 601.2h: how a spell was cast
                if key in entry:
                    self.cast_how_entry(path, entry, key)
            if entry.get("evoked") and (entry.get("without_paying_mana_cost") or "source" in entry):
                self.fail(path + ("evoked",), "a spell cast for its evoke cost was cast paying it, not without "
                                              "paying its mana cost, and is no ability (CR 118.9a, 702.74a)")
            stack.append(StackItem(
                id=self.new_id(path, entry.get("id"), entry["card"]),
                card=entry["card"],
                controller=entry["controller"],
                x=entry.get("x"),
                copy=entry.get("copy", False),
                cast=entry.get("cast", True),
                without_paying_mana_cost=entry.get("without_paying_mana_cost", False),
                resolving=entry.get("resolving", False),
                copy_of=entry.get("copy_of"),
                source=entry.get("source"),
                ability=entry.get("ability"),
                granted=entry.get("granted"),
                enters_as_copy_of=entry.get("enters_as_copy_of"),
                last_known=(tuple(sorted(entry["last_known"].get("counters", {}).items()))
                            if "last_known" in entry else None),
                last_known_keywords=(tuple(entry["last_known"]["keywords"])
                                     if "keywords" in entry.get("last_known", {}) else None),
                last_known_controller=entry.get("last_known", {}).get("controller"),
                targets=tuple(next(iter(t.items())) for t in entry.get("targets", [])),
                kicked=entry.get("kicked", False),
                evoked=entry.get("evoked", False),
                storm_count=entry.get("storm_count"),
                face_down=entry.get("face_down"),
                flashback=entry.get("flashback", False),
                cast_from=entry.get("cast_from"),
                mana_spent=entry.get("mana_spent"),
            ))
            if "source" in entry:
                self.stack_source(path, entry, by_id, {s.id: s.card for s in stack[:-1] if s.source is None})
            self.stack_targets(path, entry, by_id, known)
            if "controller" in entry.get("last_known", {}):  # CR 113.7a: who last controlled its source
                self.player(path + ("last_known", "controller"), entry["last_known"]["controller"], known)
        if any(s.face_down for s in stack) and face_down.PLAIN not in self.library:  # CR 708.4
            self.library = self.library.extended(face_down.DEFINITIONS)
        for i, name in enumerate(turn.get("extra_turns", [])):
            self.player(("turn", "extra_turns", i), name, known)
        starting = consistency.starting_player(self, turn, active, known)
        players = consistency.spells_cast(self, data["players"], players, stack)
        self.check_unread_grants()
        self.check_graveyard_triggers(players)
        consistency.storm_counts(self, data.get("stack", []), stack, players)
        return Board(
            lands_played=turn.get("lands_played", 0),
            additional_steps=tuple(turn.get("additional_steps", [])),
            resume_after=turn.get("resume_after"),
            extra_turns=tuple(turn.get("extra_turns", [])),
            upkeeps=turn.get("upkeeps"),
            starting_player=starting,
            previous_turns=previous,
            players=players,
            turn_number=turn.get("number", 1),
            active_player=active,
            step=turn.get("step", DEFAULT_STEP),
            battlefield=battlefield,
            effects=effects,
            stack=stack,
            document=self.doc,
            library=self.library,
            partial_allowed=ALLOW_PARTIAL.get(),
        )

    def stack_source(self, path: tuple, entry: dict, by_id: dict, spells: dict[str, str]) -> None:
        """A triggered ability on the stack: its source and the ability's index.  A source
        that left the battlefield is described by ``last_known`` (CR 603.10a); a spell below it
        on the stack (``spells``: id -> card) is the source of its own "When you cast this
        spell" (CR 601.2i, 113.6k)."""
        source = by_id.get(entry["source"])
        if spells.get(entry["source"]) is not None and "last_known" not in entry:
            if spells[entry["source"]] != entry["card"]:
                self.fail(path + ("card",), f"the source {entry['source']!r} is a {spells[entry['source']]} spell, "
                                            f"not a {entry['card']}")
            spec = self.library.get(entry["card"]).abilities()
            index = entry["ability"]
            if not (isinstance(index, int) and 1 <= index <= len(spec) and spec[index - 1].get(
                    "triggered", {}).get("when", {}).get("event") == "cast_self"):
                self.fail(path + ("ability",), f"{entry['card']} has no \"When you cast this spell\" ability "
                                               f"{index} (CR 601.2i); a spell on the stack is the source of that "
                                               "only")
            return
        if "last_known" in entry:
            if source is not None:
                self.fail(path + ("source",), f"{entry['source']!r} is on the battlefield; "
                          "last_known is for a source that left it (CR 603.10a)")
            card_name = entry["card"]
        elif source is None:
            self.fail(path + ("source",), f"{entry['source']!r} is not a permanent on the battlefield "
                      "(a source that left it needs last_known, CR 603.10a)")
        else:
            card_name = source.card_name if "granted" not in entry else entry["card"]
        if "granted" in entry:  # CR 613.1f: card's ability grants it to the source
            self.granted_entry(path, entry)
            return
        if source is not None and source.card_name != entry["card"]:
            self.fail(path + ("card",), f"the source {source.id!r} is a {source.card_name}, "
                                        f"not a {entry['card']}")
        card = self.library.get(card_name)
        index = entry["ability"]
        if index in ("echo", "cumulative_upkeep"):
            if not card.data.get(index):
                rule = "702.30a" if index == "echo" else "702.24a"
                self.fail(path + ("ability",), f"{card_name} has no {index.replace('_', ' ')} cost (the "
                          f"card's {index}: field, CR {rule})")
            return
        abilities = card.abilities()
        if index <= len(abilities) and card.ability(index).get("activated", {}).get("do"):
            return  # an activated ability on the stack (CR 602.2a), its effects modelled
        if index > len(abilities) or "triggered" not in card.ability(index):
            self.fail(path + ("ability",), f"{card_name} has no triggered ability {index} (abilities "
                                           f"are numbered from 1)")

    def granted_entry(self, path: tuple, entry: dict) -> None:
        """A triggered ability another permanent's static ability grants its source (CR 613.1f): ``card`` is the
        granting card, ``ability`` that static ability's number and ``granted`` the place among what it grants of
        a triggered ability (both from 1)."""
        card = self.library.get(entry["card"])
        index, granted = entry["ability"], entry["granted"]
        static = (card.ability(index).get("static", {}) if isinstance(index, int) and 1 <= index <= len(
            card.abilities()) else {})
        grants = static.get("grant", []) if isinstance(static, dict) else []
        if not 1 <= granted <= len(grants) or "triggered" not in grants[granted - 1]:
            self.fail(path + ("granted",), f"{entry['card']}'s ability {index} grants no triggered ability "
                                           f"{granted} (CR 613.1f; numbered from 1)")

    def stack_targets(self, path: tuple, entry: dict, by_id: dict, players: set[str]) -> None:
        """CR 115.1, 601.2c: one target for each instance of "target" of its spell or ability,
        each of the kind it asks for (a permanent, a player; "any target" either, 115.4).
        Whether a target is still legal is judged as it resolves (608.2b)."""
        given = entry.get("targets", [])
        if "source" in entry and entry["ability"] in ("echo", "cumulative_upkeep"):
            wanted: list = []
        else:
            name = entry["card"]
            if "source" in entry and entry["source"] in by_id and "granted" not in entry:
                name = by_id[entry["source"]].card_name
            card = self.library.get(name)
            if "source" in entry:
                ability: dict[str, Any] = (card.ability(entry["ability"], entry.get("granted"))
                                           if entry["ability"] <= len(card.abilities()) else {})
                wanted = next(iter(ability.values())).get("targets", []) if ability else []
            else:
                wanted = card.spell_targets()
        if len(given) != len(wanted):
            what = "its ability" if "source" in entry else entry["card"]
            self.fail(path + ("targets",), f"{what} has {len(wanted)} "
                      f"{'target' if len(wanted) == 1 else 'targets'} (one for each \"target\", CR 115.1), "
                      f"the board gives {len(given)}")
        for j, (target, want) in enumerate(zip(given, wanted, strict=True)):
            (kind, ref), = target.items()
            place = path + ("targets", j, kind)
            zone = want["zone"]
            if (kind == "player") != (zone == "player") and zone != "any_target":
                wanted_kind = "a player" if zone == "player" else "a permanent"
                self.fail(place, f"\"{want.get('text', 'target')}\" is {wanted_kind} (CR 115.2)")
            if kind == "player":
                self.player(place, ref, players)
            elif kind == "permanent" and ref not in by_id:
                self.fail(place, f"{ref!r} is not a permanent on the battlefield (a target that left "
                                 "it is written {left: ID}, CR 608.2b)")

    def check_untap_step(self, players: list[Player], entries: list, step: str) -> None:
        """CR 502.4: the untap step is a turn's first, and no player gets priority in it
        (triggered abilities wait for the upkeep): no life was gained and no spell was cast
        yet this turn."""
        if step != "untap":
            return
        for i, (player, entry) in enumerate(zip(players, entries, strict=True)):
            cast = entry.get("spells_cast_this_turn") if isinstance(entry, dict) else None
            if player.life_gained:
                self.fail(("players", i, "life_gained"), f"{player.name} gained {player.life_gained} life "
                          "this turn, but it is the untap step, the turn's first, in which no player gains "
                          "life (CR 502.4)")
            if cast:
                self.fail(("players", i, "spells_cast_this_turn"),
                          f"{player.name} cast spells this turn ({cast}), but it is the "
                          "untap step, the turn's first, in which no player casts a spell (CR 502.4)")

    def check_designations(self, players: list[Player]) -> None:
        """CR 722.3, 723.3: only one player can be the monarch, only one have the initiative;
        CR 122.1f: poison counters are the player's poison, not one of their other counters."""
        for designation, rule in (("monarch", "722.3"), ("initiative", "723.3")):
            holders = [i for i, p in enumerate(players) if getattr(p, designation)]
            if len(holders) > 1:
                first, second = (players[i].name for i in holders[:2])
                what = "is the monarch" if designation == "monarch" else "has the initiative"
                self.fail(("players", holders[1], designation),
                          f"{second} {what}, and so does {first}: only one player can at a time (CR {rule})")
        for i, player in enumerate(players):
            if any(kind == "poison" for kind, _ in player.counters):
                self.fail(("players", i, "counters", "poison"), f"{player.name}'s poison counters are written "
                          "poison: N, beside counters (CR 122.1f)")

    def make_player(self, path: tuple, entry: Any) -> Player:
        if isinstance(entry, str):
            return Player(entry)
        for zone in ("graveyard", "hand", "exile", "library"):  # a library's cards are drawn (CR 121.1)
            for j, card in enumerate(entry.get(zone, [])):
                self.known_card(path + (zone, j), card)
        colors = entry.get("commander_colors")
        return Player(
            name=entry["name"],
            commander_colors=tuple(colors) if colors is not None else None,
            life=entry.get("life", 20),
            mana_pool=entry.get("mana_pool", ""),
            graveyard=tuple(entry.get("graveyard", [])),
            hand=tuple(entry.get("hand", [])),
            exile=tuple(entry.get("exile", [])),
            speed=entry.get("speed"),
            starting_life=entry.get("starting_life"),
            library=tuple(entry["library"]) if "library" in entry else None,
            lost=entry.get("lost", False),
            life_gained=entry.get("life_gained", 0),
            poison=entry.get("poison", 0),
            counters=tuple(sorted((k, n) for k, n in entry.get("counters", {}).items() if n)),
            monarch=entry.get("monarch", False),
            initiative=entry.get("initiative", False),
            city_blessing=entry.get("city_blessing", False),
            completed_dungeons=tuple(entry.get("completed_dungeons", [])),
        )

    def expand_short(self, data: dict[str, list]) -> dict[str, Any]:
        """``{Alice: [Forest], Bob: [Island]}`` -> the full form, every default taken."""
        error = schemas.first_error(schemas.SHORT_BOARD_SCHEMA, data)
        if error is not None:
            self.fail(schemas.error_path(error), "short form: " + schemas.describe(error))
        self.short = data
        battlefield: list[dict[str, Any]] = []
        for player, cards in data.items():
            battlefield += [{"card": card, "controller": str(player)} for card in cards]
        return {"players": [str(p) for p in data], "battlefield": battlefield}

    def short_place(self, index: int) -> tuple:
        """The short-form path (player, position) of the full form's battlefield[index]
        (found only for a message: a map of every entry cost a large board time)."""
        assert self.short is not None
        for player, cards in self.short.items():
            if index < len(cards):
                return (player, index)
            index -= len(cards)
        return ("battlefield", index)


def board_from_document(document: documents.Document, library: Library) -> Board:
    if not isinstance(document.data, dict):
        raise BoardError("a board must be a mapping (players, battlefield, ...)",
                         file=document.name, place=document.place(()))
    if document.data.get("format") == FORMAT_1:
        # Format 1 numbered a stack entry's ability from 0; read as format 2 it would
        # silently name the next ability, so it is refused, never guessed.
        raise BoardError(f"'{FORMAT_1}' numbered a stack entry's ability from 0; number it as the card lists "
                         f"its abilities, from 1, and write '{FORMAT}'",
                         file=document.name, place=document.place(("format",)))
    # The cycle collector's passes over a board's containers made building 50,000 permanents
    # 6.3 times as long as 10,000 (4.5 without them; issue 16).
    with no_cycle_collection():
        return _Builder(document, library).build()


def load_board(path: str | Path, library: Library) -> Board:
    return board_from_document(documents.load(path, BoardError), library)


def board_from_data(data: Any, library: Library, name: str = "<board>") -> Board:
    """Build a board from plain data (dicts and lists) already in memory: held to the
    same limits and text rules as a file (documents.check_data)."""
    with no_cycle_collection():
        documents.check_data(data, name, BoardError)
        return board_from_document(documents.Document(name, data), library)
