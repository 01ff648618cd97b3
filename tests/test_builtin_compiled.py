"""Built-in cards are compiled cards (issue 13, item 4): the cards of
pysolver/data/cards/oracle-texts.yaml are compiled from their Oracle text as the library
loads; the others are hand-written, each with its reason in
pysolver/data/hand-written-cards.yaml, and this test keeps that list honest."""

from __future__ import annotations

from importlib import resources

import pytest
import yaml

from pysolver import documents
from pysolver.cards import builtin_library, compile_oracle_texts
from pysolver.cards.oracle import compile_card
from pysolver.errors import CardError

ORACLE_TEXTS = "pysolver/data/cards/oracle-texts.yaml"


def reasons() -> dict[str, str]:
    text = resources.files("pysolver.data").joinpath("hand-written-cards.yaml").read_text("utf-8")
    return yaml.safe_load(text)["cards"]


def compiled(data: dict):
    return compile_card(data["name"], data["oracle"], types=data["types"],
                        subtypes=data.get("subtypes", []), supertypes=data.get("supertypes", []),
                        mana_cost=data.get("mana_cost"), keywords=data.get("keywords"),
                        **{k: str(data[k]) for k in ("power", "toughness") if k in data})


def test_most_built_in_cards_are_compiled_from_their_oracle_text():
    library = builtin_library().cards
    from_text = [name for name, card in library.items() if card.origin == ORACLE_TEXTS]
    assert len(from_text) >= 89
    for name in from_text:
        result = compiled(library[name].data)
        assert (result.status, result.card) == ("ok", library[name].data), name


def test_every_hand_written_card_says_why_and_the_compiler_cannot_make_it():
    library = builtin_library().cards
    hand_written = {name: card for name, card in library.items() if card.origin != ORACLE_TEXTS}
    listed = reasons()
    assert sorted(listed) == sorted(hand_written)
    for name, card in hand_written.items():
        assert listed[name].strip(), name
        result = compiled(card.data)
        # Were the compiler to make this very definition, the card would belong in oracle-texts.yaml.
        assert not (result.ok and result.card == card.data), f"{name}: move it to {ORACLE_TEXTS}"


def test_an_oracle_text_that_does_not_compile_ok_is_refused():
    text = ("format: pysolver-oracle/1\ncards:\n- name: Grove\n  types: [Land]\n"
            "  oracle: \"When this land becomes the target of an Aura spell, you gain 1 life.\"\n")
    with pytest.raises(CardError) as raised:
        compile_oracle_texts(documents.parse(text, "texts.yaml", CardError))
    assert str(raised.value) == (
        "texts.yaml: 3:3: cards[0]: card 'Grove': its Oracle text does not compile ok; define it by hand "
        "(and say why in pysolver/data/hand-written-cards.yaml)")
    with pytest.raises(CardError) as raised:
        compile_oracle_texts(documents.parse(text.replace("types", "tipes"), "texts.yaml", CardError))
    assert "an Oracle-text card needs name, types and oracle" in str(raised.value)
