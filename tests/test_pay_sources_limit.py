"""available and pay refuse, before grounding anything, a player with more permanents than the
payment search takes (PYSOLVER_MAX_PAY_SOURCES; issue 16: the 50,000-object cap)."""

from __future__ import annotations

import pytest

from pysolver.query import payment

BOARD = "A: [Forest, Forest, Forest, Forest]\nB: [Island]\n"


@pytest.fixture
def three(monkeypatch):
    monkeypatch.setattr(payment, "MAX_SOURCES", 3)


def test_available_refuses_above_the_limit(cli, board_file, three):
    path = board_file(BOARD)
    assert cli("available", path, "A") == (
        3, "", f"error: {path}: incomplete: A controls 4 permanents; the search over mana abilities "
               "takes at most 3 (PYSOLVER_MAX_PAY_SOURCES)\n")


def test_pay_refuses_above_the_limit(cli, board_file, three):
    path = board_file(BOARD)
    code, out, err = cli("pay", path, "A", "{G}")
    assert (code, out) == (3, "")
    assert err.endswith("incomplete: A controls 4 permanents; the search over mana abilities "
                        "takes at most 3 (PYSOLVER_MAX_PAY_SOURCES)\n")


def test_at_the_limit_the_search_runs(cli, board_file, three):
    path = board_file("A: [Forest, Forest, Forest]\nB: [Island]\n")
    code, out, _ = cli("available", path, "A", "--json")
    assert code == 0 and '"{G}{G}{G}"' in out
