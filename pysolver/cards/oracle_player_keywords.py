"""Oracle compiler form of a keyword a player has (issue 13): "You have hexproof.", "You have
shroud." -- a static ability of a permanent by which its controller can't be the target of spells
or abilities their opponents control (hexproof, CR 702.11b, 702.11c) or of any spell or ability
(shroud, 702.18a, 702.18b).  The data (`player_keywords`) is read by asp/targets.lp (the one rule
that judges a player as a target, 601.2c, 608.2b).  Another subject ("You and permanents you
control", "During your turn, you and ~") or another keyword is not read here."""

from __future__ import annotations

from typing import Any

from pysolver.cards import patterns as rx

RULE = {"hexproof": "702.11b", "shroud": "702.18a"}
WHOM = {"hexproof": "no spell or ability an opponent controls", "shroud": "no spell or ability"}
Form = tuple[list[tuple[str, Any]], str]


def player_keyword(bare: str, card: dict[str, Any]) -> Form | None:
    """CR 702.11b, 702.18a: the card's ``player_keywords`` list gains ``{whose: you, keyword}``."""
    m = rx.fullmatch(r"You have (hexproof|shroud)", bare)
    if not m:
        return None
    effect = {"whose": "you", "keyword": m.group(1)}
    return ([("card", {"player_keywords": card.get("player_keywords", []) + [effect]})],
            f"a player's {m.group(1)} (CR {RULE[m.group(1)]}): {WHOM[m.group(1)]} may target its controller; "
            "the targets' rule reads it (601.2c, 608.2b)")
