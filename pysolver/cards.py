"""The card library: card definitions as data (docs/cards.md), and their facts.

A library is a YAML or JSON file in the format ``pysolver-cards/1``.  The
built-in library ships in ``pysolver/data/cards.yaml``; a user's own file,
passed with ``--cards``, adds cards or replaces built-in ones of the same name.
Nothing here knows any card by name: every card becomes facts of the general
predicates declared in ``asp/input.lp``.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Iterator

from clingo import Function, Number, String, Symbol

from pysolver import documents, schemas
from pysolver.errors import CardError

MANA_SYMBOL = re.compile(r"\{([^{}]+)\}")
TYPE_CONSTANT = {t: Function(t.lower()) for t in "WUBRGC"}
COLORS = "WUBRG"


@dataclass(frozen=True)
class Card:
    """One card definition, as read from a library file."""

    name: str
    data: dict[str, Any]
    origin: str

    @property
    def mana_cost(self) -> str:
        return self.data.get("mana_cost", "")

    @property
    def types(self) -> list[str]:
        return self.data["types"]

    def abilities(self) -> list[dict[str, Any]]:
        return self.data.get("abilities", [])


class Library:
    """Cards by name; later files override earlier ones."""

    def __init__(self, cards: dict[str, Card] | None = None):
        self.cards: dict[str, Card] = dict(cards or {})

    def __contains__(self, name: str) -> bool:
        return name in self.cards

    def __len__(self) -> int:
        return len(self.cards)

    def get(self, name: str) -> Card | None:
        return self.cards.get(name)

    def closest(self, name: str, n: int = 3) -> list[str]:
        by_lower = {key.lower(): key for key in self.cards}
        found = difflib.get_close_matches(name.lower(), list(by_lower), n=n, cutoff=0.6)
        return [by_lower[key] for key in found]

    def extended(self, other: "Library") -> "Library":
        merged = dict(self.cards)
        merged.update(other.cards)
        return Library(merged)


def parse_library(document: documents.Document) -> Library:
    """Validate a parsed card file and index its cards by name."""
    error = schemas.first_error(schemas.CARDS_SCHEMA, document.data)
    if error is not None:
        raise CardError(schemas.describe(error), file=document.name,
                        place=document.place(tuple(error.absolute_path)))
    cards: dict[str, Card] = {}
    for index, entry in enumerate(document.data["cards"]):
        name = entry["name"]
        if name in cards:
            raise CardError(f"card {name!r} is defined twice", file=document.name,
                            place=document.place(("cards", index, "name")))
        cards[name] = Card(name, entry, document.name)
    return Library(cards)


def load_library(path: str | Path) -> Library:
    return parse_library(documents.load(path, CardError))


@lru_cache(maxsize=1)
def builtin_library() -> Library:
    """The library that ships with pysolver: every file in pysolver/data/cards/."""
    folder = resources.files("pysolver.data").joinpath("cards")
    cards: dict[str, Card] = {}
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".yaml"):
            continue
        name = f"pysolver/data/cards/{entry.name}"
        part = parse_library(documents.parse(entry.read_text("utf-8"), name, CardError))
        for card_name, card in part.cards.items():
            if card_name in cards:
                raise CardError(f"card {card_name!r} is also defined in {cards[card_name].origin}",
                                file=name)
            cards[card_name] = card
    return Library(cards)


def library_with(paths: list[str | Path] | tuple = ()) -> Library:
    library = builtin_library()
    for path in paths:
        library = library.extended(load_library(path))
    return library


# ------------------------------------------------------------------- facts
def mana_symbols(text: str) -> list[str]:
    return MANA_SYMBOL.findall(text or "")


def color_symbol_counts(mana_cost: str) -> dict[str, int]:
    """Mana symbols of each color in a mana cost; a hybrid symbol counts for each of its colors."""
    counts: dict[str, int] = {}
    for symbol in mana_symbols(mana_cost):
        for color in set(symbol.split("/")) & set(COLORS):
            counts[color] = counts.get(color, 0) + 1
    return counts


def type_set(spec: Any) -> list[str]:
    if spec == "any_color":
        return list(COLORS)
    if spec == "any_type":
        return list("WUBRGC")
    return list(spec)


class _Emitter:
    """Turns one card's definition into facts."""

    def __init__(self, card: Card):
        self.card = card
        self.name = String(card.name)
        self.facts: list[Symbol] = []

    def add(self, predicate: str, *args: Symbol) -> None:
        self.facts.append(Function(predicate, list(args)))

    def run(self) -> list[Symbol]:
        data = self.card.data
        for predicate, key in (("card_type", "types"), ("card_subtype", "subtypes"),
                               ("card_supertype", "supertypes")):
            for value in data.get(key, []):
                self.add(predicate, self.name, String(value))
        for keyword in data.get("keywords", []):
            self.add("card_keyword", self.name, String(keyword.lower()))
        for color, count in sorted(color_symbol_counts(self.card.mana_cost).items()):
            self.add("cost_color_symbols", self.name, TYPE_CONSTANT[color], Number(count))
        for index, ability in enumerate(data.get("abilities", [])):
            term = Function("ab", [self.name, Number(index)])
            self.add("card_ability", self.name, term)
            self.ability(term, ability)
        for index, ability in enumerate(data.get("effect", [])):
            term = Function("effect_ab", [self.name, Number(index)])
            self.add("effect_ability", self.name, term)
            self.ability(term, ability)
        return self.facts

    # -- pieces
    def filter(self, owner: Symbol, role: str, spec: dict[str, Any]) -> Symbol:
        term = Function("flt", [owner, String(role)])
        self.add("filter", term)
        for predicate, key in (("filter_type", "types"), ("filter_not_type", "not_types"),
                               ("filter_subtype", "subtypes"), ("filter_supertype", "supertypes"),
                               ("filter_not_supertype", "not_supertypes")):
            for value in spec.get(key, []):
                self.add(predicate, term, String(value))
        return term

    def costs(self, term: Symbol, items: list[Any]) -> None:
        for position, item in enumerate(items):
            step = Number(position)
            if item == "{T}":
                self.add("cost", term, Function("tap"))
                self.add("cost_step", term, step, Function("tap"))
            elif item == "{Q}":
                self.add("cost", term, Function("untap"))
                self.add("cost_step", term, step, Function("untap"))
            elif item == "sacrifice_self":
                self.add("cost", term, Function("sacrifice_self"))
            elif isinstance(item, str):
                for symbol in mana_symbols(item):
                    self.add("cost_mana", term, step, String(symbol))
            elif "remove_counters" in item:
                spec = item["remove_counters"]
                count = spec.get("count", 1)
                amount = Function("x") if count == "X" else Number(count)
                self.add("cost_remove_counter", term, String(spec["kind"]), amount)
            elif "sacrifice" in item:
                self.add("cost_sacrifice", term, self.filter(term, f"cost{position}", item["sacrifice"]))
            elif "pay_life" in item:
                self.add("cost_life", term, Number(item["pay_life"]))
            elif "discard" in item:
                self.add("cost_discard", term, Number(item["discard"]))
            elif "tap_untapped" in item:
                spec = item["tap_untapped"]
                self.add("cost_tap_others", term, Number(spec.get("count", 1)),
                         self.filter(term, f"cost{position}", spec["filter"]))
            elif "untap_tapped" in item:
                spec = item["untap_tapped"]
                self.add("cost_untap_others", term, Number(spec.get("count", 1)),
                         Function(spec.get("whose", "you")),
                         self.filter(term, f"cost{position}", spec["filter"]))

    def riders(self, term: Symbol, riders: list[dict[str, Any]], predicate: str = "rider") -> None:
        for rider in riders:
            (key, value), = rider.items()
            argument = String(value) if isinstance(value, str) else Number(value)
            self.add(predicate, term, Function(key), argument)

    def ability(self, term: Symbol, ability: dict[str, Any]) -> None:
        (kind, spec), = ability.items()
        self.add("kind", term, Function(kind))
        getattr(self, f"ability_{kind}")(term, spec)

    def ability_mana(self, term: Symbol, spec: dict[str, Any]) -> None:
        self.costs(term, spec["cost"])
        add = spec["add"]
        if "mana" in add:
            self.add("produces", term, Function("fixed"))
            counts: dict[str, int] = {}
            for symbol in mana_symbols(add["mana"]):
                counts[symbol] = counts.get(symbol, 0) + 1
            for symbol, count in sorted(counts.items()):
                self.add("produce_fixed", term, TYPE_CONSTANT[symbol], Number(count))
        elif "one_of" in add or "combination" in add:
            form = "one_type" if "one_of" in add else "combination"
            self.add("produces", term, Function(form))
            for mana_type in type_set(add.get("one_of", add.get("combination"))):
                self.add("produce_type", term, TYPE_CONSTANT[mana_type])
        elif "reflect" in add:
            reflect = add["reflect"]
            self.add("produces", term, Function("reflect"))
            self.add("reflect", term, Function(reflect.get("whose", "you")),
                     self.filter(term, "reflect", reflect["filter"]),
                     Function(reflect.get("kind", "type")))
        elif "commander_colors" in add:
            self.add("produces", term, Function("commander"))
        elif "double_pool" in add:
            self.add("produces", term, Function("pool"))
        amount = add.get("amount")
        if isinstance(amount, int):
            self.add("amount", term, Number(amount))
        elif amount == "devotion":
            self.add("amount_devotion", term)
        elif isinstance(amount, dict) and "count" in amount:
            count = amount["count"]
            self.add("amount_count", term, Function(count.get("whose", "you")),
                     self.filter(term, "amount", count["filter"]))
        elif isinstance(amount, dict) and "counter" in amount:
            counter = amount["counter"]
            self.add("amount_counter", term, String(counter["kind"]), Number(counter["then"]),
                     Number(counter.get("else", 1)))
        self.riders(term, spec.get("riders", []))
        if "restriction" in spec:
            self.add("restricted", term)
        if "only_if_you_control" in spec:
            self.add("activate_only_if", term, self.filter(term, "only_if", spec["only_if_you_control"]))

    def ability_replacement(self, term: Symbol, spec: dict[str, Any]) -> None:
        self.add("repl_source", term, self.filter(term, "tapped", spec["tapped"]))
        self.add("repl_tapper", term, Function(spec.get("tapper", "any")))
        if "min_amount" in spec:
            self.add("repl_min_amount", term, Number(spec["min_amount"]))
        if "multiply" in spec:
            self.add("repl_multiply", term, Number(spec["multiply"]))
        else:
            becomes = spec["becomes"]
            self.add("repl_set_type", term, TYPE_CONSTANT[becomes["type"]])
            if "amount" in becomes:
                self.add("repl_set_amount", term, Number(becomes["amount"]))

    def ability_mana_trigger(self, term: Symbol, spec: dict[str, Any]) -> None:
        self.add("trig_source", term, self.filter(term, "tapped", spec["tapped"]))
        self.add("trig_tapper", term, Function(spec.get("tapper", "any")))
        if spec.get("enchanted"):
            self.add("trig_enchanted", term)
        (form, value), = spec["add"].items()
        if form == "mana":
            for symbol in mana_symbols(value):
                self.add("trig_add", term, Function("fixed"), TYPE_CONSTANT[symbol])
        elif form == "one_of":
            for mana_type in type_set(value):
                self.add("trig_add", term, Function("one_of"), TYPE_CONSTANT[mana_type])
        else:
            self.add("trig_add", term, Function(form), Number(value))
        self.riders(term, spec.get("riders", []), "trig_rider")

    def ability_static(self, term: Symbol, spec: dict[str, Any]) -> None:
        self.add("static_affects", term, Function(spec.get("whose", "any")),
                 self.filter(term, "affects", spec["affects"]))
        if spec.get("enchanted"):
            self.add("static_enchanted", term)
        for subtype in spec.get("set_land_types", []):
            self.add("set_land_subtypes", term, String(subtype))
        added = spec.get("add_land_types", [])
        if added == "all_basic":
            added = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
        for subtype in added:
            self.add("add_land_subtypes", term, String(subtype))
        for card_type in spec.get("add_types", []):
            self.add("add_type", term, String(card_type))
        for keyword in spec.get("grant_keywords", []):
            self.add("grant_keyword", term, String(keyword.lower()))
        for index, granted in enumerate(spec.get("grant", [])):
            granted_term = Function("granted", [term, Number(index)])
            self.add("grant_ability", term, granted_term)
            self.ability(granted_term, granted)

    def ability_activated(self, term: Symbol, spec: dict[str, Any]) -> None:
        self.costs(term, spec["cost"])

    def ability_triggered(self, term: Symbol, spec: dict[str, Any]) -> None:
        when = spec["when"]
        if "event" in when:
            self.add("trigger_event", term, Function(when["event"]))
        if when.get("event") == "tapped_for_mana":
            self.add("trig_source", term, self.filter(term, "tapped", when.get("tapped", {})))
            self.add("trig_tapper", term, Function(when.get("tapper", "any")))
            if "effect" in spec:
                self.add("trig_does", term, Function(spec["effect"]))
        self.riders(term, spec.get("riders", []), "trig_rider")


def card_facts(card: Card) -> Iterator[Symbol]:
    """Facts describing one card (its characteristics and abilities)."""
    return iter(_Emitter(card).run())
