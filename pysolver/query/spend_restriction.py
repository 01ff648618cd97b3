"""CR 106.6: the one reader of a spending restriction, the text a mana ability's ``restriction``
holds ("Spend this mana only to cast an Elf creature spell.", its sentences joined).

``read`` reads it whole into a :class:`Restriction`: the spells its mana may pay (each a card
filter, judged on the spell's card by asp/spend_restriction.lp), the abilities whose costs it may
pay ("activate abilities", "... or activate abilities of artifacts"), the other costs it names
("pay cumulative upkeep costs"), or everything but some spells ("This mana can't be spent to cast a nonartifact
spell": ``anything_else``), its riders ("If that mana is spent on a creature spell, it gains
haste.": no restriction), or, for any part it can't read, why.  A restriction is never read in
part: one with an unread part is refused wherever its mana could pay (``Restriction.allows``,
``payment.Search``).  The payment search spends restricted mana only on spells; it refuses where
such mana could pay another cost (``Restriction.beyond_spells``)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple


from pysolver import solver
from pysolver.cards import Card
from pysolver.cards.oracle import Unsupported, spell_filter
from pysolver.errors import LimitExceeded
from pysolver.facts import queries as fact_queries
from pysolver.predicates import predicate, read as read_atoms

PREFIX = "Spend this mana only "
# CR 106.6: "This mana can't be spent to cast a nonartifact spell" (Powerstone): it pays every spell but those,
# and every other cost.  Read where the spells it excludes are of one characteristic its complement names.
CANT = re.compile(r"This mana can't be spent to cast (?:an? )?(?P<what>[\w\- ]+?) spells?\.?")
# The characteristic a filter names and the one that is its complement ("nonartifact" and "artifact").
COMPLEMENTS = {"types": "not_types", "not_types": "types", "supertypes": "not_supertypes",
               "not_supertypes": "supertypes", "subtypes": "not_subtypes", "not_subtypes": "subtypes",
               "colors": "not_colors", "not_colors": "colors"}
# CR 607.2a, 106.6: "a creature spell of the chosen creature type" names the type chosen as its source entered
# (its linked ability, the permanent's ``chosen``): ``with_choices`` writes it into the text, "(Elf)", or "()"
# where none was chosen (no spell is of it).
CHOSEN = re.compile(r"the chosen (?P<creature>creature )?type(?! \()")
CHOSEN_CAST = re.compile(r"cast (?:an? )?(?:(?P<what>[\w\- ]+?) )?spells? of the chosen (?:creature )?type "
                         r"\((?P<type>[^()]*)\)")
# CR 702.1, 106.6: "a spell with devoid", "a spell that has freerunning": a keyword its card has.
SPELL_KEYWORDS = frozenset({"devoid", "freerunning", "flashback", "foretell", "convoke", "delve", "improvise",
                            "kicker", "flash"})
NO_ABILITIES = re.compile(r"(.+) with no abilities")
KEYWORD_OR = re.compile(r"(cast .+? spells?) or (an? spells? (?:with|that ha(?:s|ve)) [a-z]+)")
KEYWORD_CAST = re.compile(r"cast (?:an? )?spells? (?:with|that ha(?:s|ve)) (?P<keyword>[a-z]+)")
# A rider: an effect on the spell the mana is spent to cast, or a trigger when it is spent to cast one, no
# restriction (CR 106.6: "If that mana is spent on a creature spell, it gains haste", "When you spend this mana to
# cast your commander, scry X", "Creature spells you spend this mana to cast have their base power and toughness
# become 4/3"): the mana pays anything; next refuses a cast one of its ways pays with it (payment.spent_riders).
# One on spending it on anything ("When that mana is spent, ...") is no rider here: an ability's cost would set it off.
RIDER = re.compile(r"(?:If|When) (?:that|this) mana is spent (?:on|to cast) |(?:If|When) you spend this mana to cast "
                   r"|[^.]* you spend this mana to cast\b", re.IGNORECASE)
# A restriction's alternatives: a new one begins with its verb ("cast a colorless spell or to
# activate an ability"; "cast a colorless spell, activate an ability ..., or pay a cost ...").
ALTERNATIVES = re.compile(r"(?:,? or (?:to )?|, )(?=(?:cast|activate|pay|foretell|gain)\b)")
CAST = re.compile(r"cast (?:(.+?) )?spells?")
# "cast a Dragon spell or an Omen spell": the spells named, one phrase of spell_filter's.
SPELL_WORDS = re.compile(r"\b(?:an?|the) |\bspells? (?=or\b)")
ABILITIES = re.compile(r"activate (?:abilities|an ability)( of .+)?")
OTHER_COSTS = {"pay cumulative upkeep costs": "cumulative upkeep costs (CR 702.24a)"}
# Spells cast from a zone (CR 601.2a: a graveyard, exile), and those of them that have flashback (702.34a): the zone
# and the card filters.
ZONE_CASTS = {"to cast spells from your graveyard": ("graveyard", (json.dumps({}),)),
              "to cast spells with flashback from a graveyard":
                  ("graveyard", (json.dumps({"keywords": ["Flashback"]}),)),
              "to cast spells from exile": ("exile", (json.dumps({}),))}


@dataclass(frozen=True)
class Restriction:
    """A restriction read whole (``read``)."""

    text: str
    limits: bool = False  # it limits what its mana pays (a rider alone doesn't)
    spells: tuple[str, ...] = ()  # the spells it allows: card filters, as JSON (sorted keys)
    abilities: tuple[str, ...] = ()  # the abilities whose costs it allows ("activate abilities of artifacts")
    others: tuple[str, ...] = ()  # the other costs it allows
    riders: tuple[str, ...] = ()  # "If that mana is spent on ...": sentences about what it pays
    unread: str = ""  # why a part of it can't be read ("": read whole)
    x_costs: bool = False  # "Spend this mana only on costs that contain {X}": any cost with {X} (CR 107.3)
    kicked: bool = False  # "Spend this mana only to cast kicked spells": a spell its kicker is paid for (702.33d)
    from_zone: str = ""  # "... only to cast spells from your graveyard" ("graveyard", "exile": CR 601.2a, cast from)
    anything_else: bool = False  # "This mana can't be spent to cast ... spells": any cost but those spells' too

    def refusal(self) -> str:
        """The refusal of an unread restriction (exit 3)."""
        return f"incomplete: the restriction {self.text!r} is not modelled: {self.unread} (CR 106.6)"

    def spell_filters(self) -> list[dict[str, Any]]:
        """The spells it allows, as card filters (asp/spend_restriction.lp judges the spell's card)."""
        return [json.loads(each) for each in self.spells]

    def any_ability(self) -> bool:
        """Whether its mana may pay the cost of any ability ("activate abilities", "activate an ability")."""
        return not self.unread and (self.anything_else or any(each in ("activate abilities", "activate an ability")
                                                              for each in self.abilities))

    def beyond_spells(self) -> str:
        """What its mana may pay besides spells, which the payment search never spends it on
        ("" when nothing): an ability's cost, another cost named, or anything (unread)."""
        if not self.limits:
            return ""
        if self.unread:
            return f"{self.text!r}, which can't be read ({self.unread})"
        if self.abilities:
            return f"{self.text!r}, which may pay an ability's mana cost"
        if self.others:
            return f"{self.text!r}, which may pay {', '.join(self.others)}"
        if self.x_costs:
            return f"{self.text!r}, which may pay any cost that contains {{X}}"
        if self.anything_else:
            return f"{self.text!r}, which may pay any cost but a spell's it names"
        return ""


@lru_cache(maxsize=512)
def read(text: str) -> Restriction:
    """The restriction ``text`` read whole (CR 106.6); "" is no restriction."""
    sentences = [s.strip() for s in re.split(r"(?<=\.)\s+", text.strip()) if s.strip()]
    riders = tuple(s for s in sentences if RIDER.match(s))
    rest = [s for s in sentences if not RIDER.match(s)]
    if not rest:
        return Restriction(text, riders=riders)
    cant = CANT.fullmatch(rest[0]) if len(rest) == 1 else None
    if cant is not None:  # CR 106.6: every spell but those, and any other cost
        return _cant(text, cant.group("what"), riders)
    if len(rest) > 1 or not rest[0].startswith(PREFIX):
        words = " ".join(rest)
        return Restriction(text, True, riders=riders, unread=f"{words!r} is not \"{PREFIX}to ...\"" if len(rest) == 1
                           else "more than one of its sentences limits its mana")
    body = rest[0].removeprefix(PREFIX).rstrip(".")
    if body == "on costs that contain {X}":  # CR 107.3: a spell's or an ability's cost with {X}, all of it
        return Restriction(text, True, riders=riders, x_costs=True)
    if body == "to cast kicked spells":  # CR 702.33d: a spell whose kicker (or multikicker) cost is paid
        return Restriction(text, True, riders=riders, kicked=True)
    if body in ZONE_CASTS:  # CR 601.2a: a spell cast from a graveyard (pay: for flashback, 702.34a) or from exile
        zone, cast = ZONE_CASTS[body]
        return Restriction(text, True, cast, riders=riders, from_zone=zone)
    if not body.startswith("to "):
        return Restriction(text, True, riders=riders, unread=f"'{PREFIX}{body}' is not to cast or activate")
    spells: list[str] = []
    abilities: list[str] = []
    others: list[str] = []
    for part in ALTERNATIVES.split(body.removeprefix("to ")):
        unread = _part(part, spells, abilities, others)
        if unread:
            return Restriction(text, True, riders=riders, unread=unread)
    return Restriction(text, True, tuple(spells), tuple(abilities), tuple(others), riders)


def _cant(text: str, what: str, riders: tuple[str, ...]) -> Restriction:
    """"This mana can't be spent to cast a nonartifact spell": the spells it may pay are the complement of those
    named (artifact spells), where that is one characteristic; it pays any other cost too (CR 106.6)."""
    try:
        spec = spell_filter(what[0].upper() + what[1:])
    except Unsupported:
        spec = {}
    items = [(key, values) for key, values in spec.items() if key in COMPLEMENTS]
    if len(spec) != 1 or len(items) != 1 or len(items[0][1]) != 1:
        return Restriction(text, True, riders=riders, unread=f"'{what} spells' has no complement read here")
    key, values = items[0]
    return Restriction(text, True, (json.dumps({COMPLEMENTS[key]: values}, sort_keys=True),), riders=riders,
                       anything_else=True)


def with_choices(text: str, chosen: dict[str, str]) -> str:
    """The restriction of a permanent's mana ability with what its source chose as it entered written in (CR 607.2a:
    "the chosen creature type", or "the chosen type" where it chose a creature type, is the type its linked ability
    chose; "()" where none was chosen; a card type chosen is left out, and the text unread)."""
    if "card_type" in chosen:
        return text
    return CHOSEN.sub(lambda m: f"{m.group(0)} ({chosen.get('creature_type', '')})", text)


def _part(part: str, spells: list[str], abilities: list[str], others: list[str]) -> str:
    """Read one alternative into its list; why it can't be read ("" when read)."""
    chosen = CHOSEN_CAST.fullmatch(part)
    if chosen is not None:  # CR 607.2a: of the type its source chose (none chosen: no spell is of it)
        what = chosen.group("what") or ""
        try:
            spec = spell_filter(what[0].upper() + what[1:]) if what else {}
        except Unsupported:
            spec = {"any_of": []}
        if "any_of" in spec:
            return f"{part!r} names spells of a kind not read here"
        if chosen.group("type"):
            spells.append(json.dumps({**spec, "subtypes": [*spec.get("subtypes", []), chosen.group("type")]},
                                     sort_keys=True))
        return ""
    both = KEYWORD_OR.fullmatch(part)
    if both is not None:  # "cast an Assassin spell or a spell that has freerunning": either kind
        return _part(both.group(1), spells, abilities, others) or _part(f"cast {both.group(2)}", spells, abilities,
                                                                          others)
    keyword = KEYWORD_CAST.fullmatch(part)
    if keyword is not None:  # CR 702.1: a spell whose card has the keyword
        if keyword.group("keyword") not in SPELL_KEYWORDS:
            return f"{part!r} names a keyword not read here"
        spells.append(json.dumps({"keywords": [keyword.group("keyword").capitalize()]}))
        return ""
    if ABILITIES.fullmatch(part):  # CR 602.2b: the costs of abilities (of some sources)
        abilities.append(part)
        return ""
    if part in OTHER_COSTS:
        others.append(OTHER_COSTS[part])
        return ""
    bare = NO_ABILITIES.fullmatch(part)
    if bare is not None:  # CR 113.1: "creature spells with no abilities", judged on its card's rules text
        part = bare.group(1)
    match = CAST.fullmatch(part)
    if match is None:
        return f"{part!r} is no kind of spell, ability or cost read here"
    words = SPELL_WORDS.sub("", (match.group(1) or "").replace(" and/or ", " or ")).strip()
    try:
        spec = spell_filter(words[0].upper() + words[1:]) if words else {}  # none: any spell
    except Unsupported:
        return f"{part!r} names spells of a kind not read here"
    if bare is not None and "any_of" in spec:
        return f"{part!r} names spells of a kind not read here"
    spells.append(json.dumps({**spec, "no_abilities": True} if bare is not None else spec, sort_keys=True))
    return ""


@predicate("spend_filter_fits")
class SpendFilterFits(NamedTuple):
    asked: int  # the kind's place among those asked


COLOR_KEYS = ("colors", "colorless", "multicolored")  # what a kind of spell reads of colors (CR 105.2)


def spell_fits(card: Card, filters: list[dict[str, Any]]) -> list[bool]:
    """For each kind of spell (a card filter), whether the spell of ``card`` is one: judged by the
    rules' own judgement of a card (asp/spend_restriction.lp; its colors those of CR 202.2, 702.114a).
    A card with a static ability that sets colors, asked about colors, is refused: its colors as a
    spell aren't known (604.3, 613.1e)."""
    if not filters:
        return []
    if any(spec.get("no_abilities") for spec in filters) and "oracle" not in card.data:
        raise LimitExceeded(f"incomplete: whether {card.name} has abilities (CR 113.1): its card states no rules "
                            "text (oracle), which a spell with no abilities is judged by")
    if any(_reads_colors(spec) for spec in filters) and any(_sets_colors(a["static"]) for a in card.abilities()
                                                            if "static" in a):
        raise LimitExceeded(f"incomplete: {card.name}'s colors as a spell (CR 105.2, 202.2): a static ability of its "
                            "card sets colors (604.3, 613.1e), which the judgement of a spending restriction doesn't "
                            "read")
    grounded = solver.ground_shared(fact_queries.spend_spell(card, filters), solver.entry("pay_objects"))
    fits = {fit.asked for fit in read_atoms(grounded, SpendFilterFits)}
    return [index in fits for index in range(len(filters))]


def _reads_colors(spec: dict[str, Any]) -> bool:
    return any(key in spec for key in COLOR_KEYS) or any(_reads_colors(each) for each in spec.get("any_of", []))


def _sets_colors(static: dict[str, Any]) -> bool:
    return bool(static.get("set_colorless")) or bool(static.get("set_colors")) or static.get("chosen_color") == "set"
