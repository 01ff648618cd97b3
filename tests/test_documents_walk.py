"""documents.check_data's shortcuts (mappings and lists of plain ASCII text, checked at once):
the values counted and the text refused are those of the full walk, value by value."""

from __future__ import annotations

import pytest

from pysolver import documents
from pysolver.errors import BoardError


def board(entries: list[dict]) -> dict:
    return {"players": ["A", "B"], "battlefield": entries}


def plain(count: int) -> list[dict]:
    return [{"id": f"o{i}", "card": "Forest", "controller": "A"} for i in range(count)]


def values(entries: list[dict]) -> int:
    """The board mapping and its 2 keys, players and its 2 names, the battlefield list, and
    each entry with its keys and values."""
    return 1 + 2 + 3 + 1 + sum(1 + 2 * len(entry) for entry in entries)


@pytest.mark.parametrize("entries", [plain(0), plain(1), plain(50),
                                     plain(3) + [{"card": "Lim-Dûl's Vault", "controller": "B"}],
                                     plain(3) + [{"card": "Forest", "controller": "A", "tapped": True}]],
                         ids=["none", "one", "fifty", "not-ascii", "not-text"])
def test_every_value_is_counted_once(entries):
    documents.check_data(board(entries), "b", BoardError, max_values=values(entries))
    with pytest.raises(BoardError) as caught:
        documents.check_data(board(entries), "b", BoardError, max_values=values(entries) - 1)
    assert str(caught.value) == f"b: too many values (more than {values(entries) - 1})"


def test_a_nul_after_plain_entries_is_found_where_it_is():
    entries = plain(40) + [{"card": "Forest", "controller": "A\0"}]
    with pytest.raises(BoardError) as caught:
        documents.check_data(board(entries), "b", BoardError)
    assert str(caught.value) == "b: battlefield[40].controller: a NUL character (\\0) is not allowed in text"


def test_plain_texts_in_a_list_are_checked_too():
    with pytest.raises(BoardError) as caught:
        documents.check_data({"A": ["Forest"] * 30 + ["Isl\0and"], "B": ["Island"]}, "b", BoardError)
    assert str(caught.value) == "b: A[30]: a NUL character (\\0) is not allowed in text"
