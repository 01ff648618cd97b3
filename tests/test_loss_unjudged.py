"""A replacement of losing the game whose effect next doesn't apply (CR 614.1a, 704.5a): "If you would lose the
game, instead shuffle your hand, your graveyard, and all permanents you own into your library, ...": compiled, and
refused by `pysolver next` where its controller would lose (asp/state_based.lp's loss_replacer_unjudged/2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.api import next_states
from pysolver.cards.oracle import compile_card
from pysolver.errors import QueryError

CARDS = Path(__file__).parent / "cases" / "next" / "losing-starting-life.yml"
MIRROR = ("If you would lose the game, instead shuffle your hand, your graveyard, and all permanents you own into your "
          "library, then draw seven cards and your life total becomes 20.")


def test_it_compiles_with_its_effect_kept_as_text():
    result = compile_card("Test Mirror", MIRROR, "Artifact")
    assert (result.status, result.card["instead_of_losing_unjudged"]) == ("ok", MIRROR.split("instead ", 1)[1][:-1])


def test_an_effect_on_this_permanent_stays_not_understood():
    assert compile_card("Test Mirror", "If you would lose the game, instead sacrifice Test Mirror and draw a card.",
                        "Artifact").status == "partial"


def _board(tmp_path: Path, life: int) -> Path:
    board = tmp_path / "board.yaml"
    board.write_text(f"players: [{{name: Alice, life: {life}}}, Bob]\nturn: {{number: 3, active: Alice, step: "
                     "precombat_main}\nbattlefield:\n- {id: mirror, card: Lich's Mirror, controller: Alice}\n",
                     encoding="utf-8")
    return board


def test_next_refuses_where_it_would_apply(tmp_path):
    with pytest.raises(QueryError, match=r"Alice would lose the game, and mirror's replacement effect applies instead "
                                         r"\(CR 614.1a\), which next doesn't apply"):
        next_states(_board(tmp_path, 0), ["check"], cards=[CARDS])


def test_nothing_to_refuse_while_no_one_loses(tmp_path):
    assert [list(r.events) for r in next_states(_board(tmp_path, 1), ["check"], cards=[CARDS])] == [[]]
