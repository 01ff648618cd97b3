"""Mana abilities whose mana its controller doesn't decide alone (the Oracle compiler's hook).

* "Flip a coin. If you win the flip, add {C}{C}." (CR 705): the mana is added on one result
  of the flip; the ability gets ``"chance": {"coin": "win"}`` (or ``"lose"``).
* "Add one mana of that color unless any player pays {1}." (CR 608.2d, 118.12): the mana is
  added unless some player pays; the ability gets ``"unless_paid": {"by": "any", "cost": "{1}"}``.

Each returns the effect rewritten to a plain "Add ..." sentence the mana-ability parser reads,
and what to record beside it; None when the text is not of the form.
"""

from __future__ import annotations

import re
from typing import Any

COIN = re.compile(r"Flip a coin\. If you (win|lose) the flip, add ([^.]+)\.(.*)", re.S)
UNLESS = re.compile(r"(Add [^.]+?) unless (any player|an opponent|any opponent) pays (\{[^.]+\})\.")


def coin_flip(effect: str) -> tuple[str, dict[str, Any]] | None:
    """CR 705.1: ``Flip a coin. If you win the flip, add X. ...`` -> (``Add X. ...``, chance)."""
    m = COIN.fullmatch(effect)
    if not m:
        return None
    result, added, rest = m.groups()
    return f"Add {added}.{rest}", {"coin": result}


def unless_paid(effect: str) -> tuple[str, dict[str, Any]] | None:
    """CR 608.2d, 118.12: ``Add X unless any player pays {1}.`` -> (``Add X.``, who and what)."""
    m = UNLESS.search(effect)
    if not m:
        return None
    who = "any" if m.group(2) == "any player" else "opponent"
    return effect[:m.start()] + m.group(1) + "." + effect[m.end():], {"by": who, "cost": m.group(3)}


def left_open(effect: str) -> tuple[str, dict[str, Any]] | None:
    """Either form: (the effect as a plain "Add ..." text, {"chance": ...} or {"unless_paid": ...})."""
    flipped = coin_flip(effect)
    if flipped is not None:
        return flipped[0], {"chance": flipped[1]}
    paying = unless_paid(effect)
    if paying is not None:
        return paying[0], {"unless_paid": paying[1]}
    return None


def refusal(ability: dict[str, Any]) -> str | None:
    """Why a compiled ability with such a result can't be kept: a cost that chooses a
    permanent or an X makes one result per choice, which these forms don't split."""
    for item in ability.get("cost", []):
        if isinstance(item, dict) and ("sacrifice" in item or item.get("remove_counters", {}).get("count") == "X"):
            return "a cost with a choice in a mana ability whose mana is left open"
    if "instead" in ability or "player" in ability:
        return "an 'instead' or another player's mana in a mana ability whose mana is left open"
    return None
