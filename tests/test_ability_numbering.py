"""One numbering of a card's abilities, whichever library defines it (pysolver/query/abilities.py):
their order in the card's Oracle text, every kind counted, as ``pysolver cards show`` prints them.
A hand-written card of the built-in library lists its abilities in that order, so ``activate ID N``,
``--ability N`` and a stack entry's ``ability: N`` name the same ability as they do for the card
imported from MTGJSON data (Hangarback Walker's activated ability was its 1 built in, 2 imported)."""

from __future__ import annotations

import json

import pytest

from pysolver.cards import builtin_library
from pysolver.cards.db import CardDatabase

from helpers import FIXTURES, imported_library

TWINS = FIXTURES / "cards" / "builtin-twins.json"


def _numbered(card: dict) -> list[tuple[str, str]]:
    """Each ability in its place: its kind and its cost (the cost names an activated one)."""
    found = []
    for ability in card.get("abilities", []):
        (kind, body), = ability.items()
        found.append((kind, json.dumps(body.get("cost") if isinstance(body, dict) else None)))
    return found


def _in_order(part: list, whole: list) -> bool:
    """Whether ``part`` is ``whole`` with some abilities left out, the others in their order."""
    rest = iter(whole)
    return all(any(item == other for other in rest) for item in part)


@pytest.fixture(scope="module")
def twins(tmp_path_factory):
    return CardDatabase(imported_library(tmp_path_factory.mktemp("twins") / "twins.sqlite", TWINS).path)


def test_the_fixture_holds_every_twin():
    names = set(json.loads(TWINS.read_text())["data"])
    assert names == {n for n in names if builtin_library().get(n) is not None}
    assert "Hangarback Walker" in names


@pytest.mark.parametrize("name", sorted(json.loads(TWINS.read_text())["data"]))
def test_builtin_and_imported_cards_number_their_abilities_alike(twins, name):
    """The imported card (ok) has the built-in one's abilities in the same places; one the compiler
    makes partial has some of them left out (the sentences it ignores), the others in order."""
    builtin = _numbered(builtin_library().get(name).data)
    entry = twins.entry(name)
    assert entry is not None
    imported = _numbered(entry.definition)
    if entry.status == "ok":
        assert imported == builtin
    else:
        assert _in_order(imported, builtin)
