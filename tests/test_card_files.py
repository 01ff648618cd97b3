"""A card file is read once a process (issue 16: the ruling corpus named 192 card files 323 times), and
read again when it changes; each library made from it is its own."""

from __future__ import annotations

import os

from pysolver import cards

CARDS = """format: pysolver-oracle/1
cards:
- name: Test Grove
  types: [Land]
  oracle: "{T}: Add {%s}."
"""


def test_a_card_file_is_read_once_and_again_when_it_changes(tmp_path, monkeypatch):
    path = tmp_path / "cards.yaml"
    path.write_text(CARDS % "G")
    reads: list[str] = []
    real = cards.load_library
    monkeypatch.setattr(cards, "load_library", lambda where: reads.append(str(where)) or real(where))
    first, second = cards.library_with([path]), cards.library_with([str(path)])
    assert reads == [str(path)]
    assert first is not second and first.cards is not second.cards
    assert first.get("Test Grove") == second.get("Test Grove")
    assert "{G}" in str(first.get("Test Grove").data)
    path.write_text(CARDS % "U")  # the same size: its last change tells
    stamp = os.stat(path).st_mtime_ns
    os.utime(path, ns=(stamp + 1_000_000, stamp + 1_000_000))
    third = cards.library_with([path])
    assert reads == [str(path), str(path)]
    assert "{U}" in str(third.get("Test Grove").data) and "{G}" not in str(third.get("Test Grove").data)
