"""A card file is read once a process (issue 16: the ruling corpus named 192 card files 323 times), and
read again when it changes; each library made from it is its own.  What it compiles to is kept in the
cache folder under its path and content: another process reads the file but doesn't compile it again."""

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
    real = cards._document_library
    monkeypatch.setattr(cards, "_document_library", lambda document: reads.append(document.name) or real(document))
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


def test_another_process_finds_a_card_file_compiled_in_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PYSOLVER_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "cards.yaml"
    path.write_text(CARDS % "R")
    first = cards.library_with([path])
    cards._card_file.cache_clear()  # as in a new process
    compiled: list[str] = []
    real = cards._document_library
    monkeypatch.setattr(cards, "_document_library", lambda document: compiled.append(document.name) or real(document))
    again = cards.library_with([path])
    assert compiled == [] and again.get("Test Grove") == first.get("Test Grove")
    assert again.get("Test Grove").origin == str(path)
    path.write_text(CARDS % "W")  # another content: compiled again
    cards._card_file.cache_clear()
    assert "{W}" in str(cards.library_with([path]).get("Test Grove").data) and compiled == [str(path)]
