"""An activated ability's cost that exiles cards from its controller's graveyard (CR 118.3, 701.11a):
the compiled item, and what the payment search refuses; the ruling cases are
tests/cases/activation/graveyard-costs.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.cards.oracle import cost_item

CARDS = str(Path(__file__).parent / "cases" / "activation" / "graveyard-cost-cards.yml")


@pytest.mark.parametrize("part, item", [
    ("Exile a card from your graveyard", {"exile_from_graveyard": {"count": 1, "filter": {}}}),
    ("Exile two cards from your graveyard", {"exile_from_graveyard": {"count": 2, "filter": {}}}),
    ("Exile a creature card from your graveyard",
     {"exile_from_graveyard": {"count": 1, "filter": {"types": ["Creature"]}}}),
    # Not this form: the card itself, "another" one, any graveyard, a count word out of agreement.
    ("Exile this card from your graveyard", {"text": "Exile this card from your graveyard"}),
    ("Exile another creature card from your graveyard", {"text": "Exile another creature card from your graveyard"}),
    ("Exile a Fungus card from a graveyard", {"text": "Exile a Fungus card from a graveyard"}),
    ("Exile two card from your graveyard", {"text": "Exile two card from your graveyard"}),
])
def test_the_cost_item(part, item):
    assert cost_item(part) == item


def test_a_mana_ability_exiling_from_the_graveyard_makes_a_no_for_mana_unknown(cli, board_file):
    """Molt Tender could pay Vault Robber's {1} by exiling the Forest card (the Bears are left for Vault
    Robber's cost); the payment search doesn't follow which cards a mana ability exiles, so the answer is
    refused rather than the rules' one-pass "no"."""
    path = board_file("""\
        players: [{name: Alice, graveyard: [Grizzly Bears, Forest]}, Bob]
        battlefield:
        - {card: Molt Tender, controller: Alice, continuous_control: true}
        - {card: Vault Robber, controller: Alice, continuous_control: true}
        """)
    assert cli("can-activate", path, "vault-robber", "--cards", CARDS) == (
        3, "", f"error: {path}: incomplete: vault-robber (Vault Robber) ability 1: whether its mana can be paid is "
               "unknown: a mana ability of Alice's has a cost the payment search does not model (CR 601.2g-h, "
               "118.3)\n")
    assert cli("available", path, "Alice", "--cards", CARDS) == (
        3, "", f"error: {path}: incomplete: molt-tender's mana ability 1 has a cost (exile_from_graveyard) the "
               "payment search does not model\n")
