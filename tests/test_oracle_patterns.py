"""The Oracle compiler's matching (pysolver/cards/patterns.py): each pattern compiled once in a
process, and a card's name found as a word without a pattern made of it (issues 13 and 16)."""

from __future__ import annotations

import re

import pytest

from pysolver.cards import patterns as rx
from pysolver.cards.oracle import compile_card

# (text, word): uses at the start and end, inside longer words, after an apostrophe, before an
# underscore or a digit, letters other than ASCII, overlapping uses, a trailing newline.
CASES = [
    ("Vivid Crag enters tapped. Remove a charge counter from Vivid Crag: Add {C}.", "Vivid Crag"),
    ("Frontier Back enters tapped.", "Front"),
    ("Front's power, Front_ and Front2 and Front-line and (Front).", "Front"),
    ("'Front' and l'Front", "Front"),
    ("aaa aa aaaa aa", "aa"),
    ("Lim-Dûl's Vault: Lim-Dûl gets Lim-Dûlé", "Lim-Dûl"),
    ("Æther Vial and Æther Vials", "Æther Vial"),
    ("x.x x x", "x"),
    ("Rasputin enters. Rasputin\n", "Rasputin"),
    ("Rasputin  \nRasputin's counter, Rasputin   ", "Rasputin"),
    ("King Darien XLVIII and King Darien and King Darien.", "King Darien"),
    ("no use here", "Ramos"),
    ("", "Ramos"),
    ("a b", ""),  # a word of no characters (no card's): the pattern itself
]
FOLLOWER = re.compile(r"(\s*[^\s\w]|\s+[\w']+|$)")


def word_pattern(word: str) -> str:
    return rf"(?<![\w']){re.escape(word)}(?![\w])"


@pytest.mark.parametrize(("text", "word"), CASES)
def test_a_word_is_found_where_its_pattern_matches(text, word):
    assert list(rx.word_uses(text, word)) == [m.span() for m in re.finditer(word_pattern(word), text)]
    assert list(rx.word_uses(text, word, FOLLOWER)) == [
        m.span() for m in re.finditer(word_pattern(word) + FOLLOWER.pattern, text)]
    assert rx.replace_word(text, word, "~") == re.sub(word_pattern(word), "~", text)


def test_a_pattern_is_compiled_once():
    text = r"Whenever ~ becomes tapped, (?P<rest>.+) \(test_a_pattern_is_compiled_once\)"
    first = rx.compiled(text)
    assert rx.compiled(text) is first
    assert rx.compiled(text, re.IGNORECASE) is not first
    assert rx.compiled(first) is first  # a compiled pattern is itself, as re.compile gives it
    with pytest.raises(ValueError):
        rx.compiled(first, re.IGNORECASE)
    assert rx.fullmatch(text, "Whenever ~ becomes tapped, draw (test_a_pattern_is_compiled_once)")["rest"] == "draw"
    assert rx.sub(r"a", "b", "aaa", 2) == "bba"
    assert rx.split(r", ", "a, b, c", 1) == ["a", "b, c"]


def test_a_card_s_name_makes_no_pattern(monkeypatch):
    """Compiling a card compiles no pattern of its name (they were compiled for every card, and
    pushed the compiler's own patterns out of re's cache)."""
    made: list[str] = []
    python_compile = re._compiler.compile  # type: ignore[attr-defined]

    def compile_(p, flags=0):
        made.append(p)
        return python_compile(p, flags)

    monkeypatch.setattr(re._compiler, "compile", compile_)  # type: ignore[attr-defined]
    result = compile_card("Qzxv Wrenmark, the Unpatterned", "{T}: Add {G}.\nWhenever Qzxv Wrenmark attacks, "
                          "put a +1/+1 counter on Qzxv Wrenmark, the Unpatterned.",
                          "Legendary Creature — Elf", power="1", toughness="1")
    assert [s["text"] for s in result.sentences] == ["{T}: Add {G}.",
                                                     "Whenever ~ attacks, put a +1/+1 counter on ~."]
    assert [p for p in made if "Qzxv" in str(p)] == []
