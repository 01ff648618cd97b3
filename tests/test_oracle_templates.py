"""could-produce on every ok card of the fixture made of the simple templates, alone on a
battlefield, agrees with benchmarks/simple_templates.py, written without the compiler
(issue 13, must hold: 100%)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pysolver
from pysolver.cards import db as carddb

from helpers import imported_library

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "cards" / "atomic-fixture.json"
_spec = importlib.util.spec_from_file_location("simple_templates", ROOT / "benchmarks" / "simple_templates.py")
assert _spec and _spec.loader
templates = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(templates)


def test_the_templates_themselves():
    assert templates.expected_types("Land", "{T}: Add {C}.\n{T}: Add {R} or {G}.") == ("R", "G", "C")
    assert templates.expected_types("Land — Forest Plains", "") == ("W", "G")
    assert templates.expected_types("Creature — Elf", "{T}: Add one mana of any color.") == tuple("WUBRG")
    assert templates.expected_types("Land", "This land enters tapped.\n{T}: Add {W}, {U}, or {B}.") == (
        "W", "U", "B")
    assert templates.expected_types("Land", "{T}: Add {C}.\nLands you control are Swamps.") is None
    assert templates.expected_types("Land", "{T}, Pay 1 life: Add {G}.") is None


def test_could_produce_agrees_with_the_simple_templates(tmp_path, monkeypatch):
    monkeypatch.delenv(carddb.ENVIRONMENT, raising=False)
    library = tmp_path / "cards.sqlite"
    imported_library(library, FIXTURE)
    database = carddb.CardDatabase(library)
    checked = []
    for name, status in database.names():
        entry = database.entry(name)
        assert entry is not None
        expected = templates.expected_types(entry.type_line, entry.oracle)
        if status == "ok" and entry.mana and expected is not None:
            checked.append((name, expected))
    assert len(checked) >= 30
    board = pysolver.board_from_data(
        # CR 702.131b: Alice controls ten or more permanents, one with ascend: she has the city's blessing
        {"players": [{"name": "Alice", "city_blessing": True}, "Bob"],
         "battlefield": [{"id": f"c{i}", "card": name, "controller": "Alice"}
                         for i, (name, _) in enumerate(checked)]}, [library])
    answers = {a.id: a.types for a in pysolver.could_produce(board)}
    assert {name: answers[f"c{i}"] for i, (name, _) in enumerate(checked)} == dict(checked)
