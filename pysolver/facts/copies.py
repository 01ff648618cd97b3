"""Facts of a copy's exceptions (CR 707.9b): a permanent that entered as a copy by its own
card's "You may have ~ enter as a copy of ..., except ..." (the board's copy_of on such a card)
has the exceptions as part of its copiable values: card types and creature types in addition
to the copied card's, keywords, a supertype it doesn't have, its own card's name (asp/objects.lp
reads them)."""

from __future__ import annotations

from typing import Any, Iterator

from clingo import Function, Number, String, Symbol

from pysolver.facts.cards import quality_facts

# The card data's names of the exceptions -> the second argument of copy_exception/3.
KINDS = {"types": "type", "subtypes": "subtype", "supertypes": "supertype", "keywords": "keyword",
         "not_supertypes": "not_supertype"}


def copy_exception_facts(obj: Symbol, own_card: Any, x: int | None = None) -> Iterator[Symbol]:
    """copy_exception(O, Kind, Value) for each exception of ``own_card``'s copy (none when it has
    no "enter as a copy" with exceptions); copy_etb_counters(O, Kind, N, Type) for the counters
    it enters with as the copy (CR 707.9e; Type: the card type it must then have, 707.9f, or any;
    X: ``x``, the X of the spell that became it, 107.3m, else 0)."""
    exceptions = (own_card.data.get("enters_as_copy") or {}).get("except", {}) if own_card is not None else {}
    if exceptions.get("own_name"):  # "except its name is ~": its own card's name (CR 201.2)
        yield Function("copy_exception", [obj, Function("name"), String(own_card.name)])
    for key, kind in KINDS.items():
        for value in exceptions.get(key, []):
            yield Function("copy_exception", [obj, Function(kind), String(value)])
            if kind == "keyword":
                yield from quality_facts(value)
    for item in exceptions.get("enters_with_counters", []):
        count = (x or 0) if item["count"] == "X" else item["count"]
        if count > 0:
            yield Function("copy_etb_counters", [obj, String(item["kind"]), Number(count),
                                                 String(item["if_type"]) if "if_type" in item else Function("any")])
