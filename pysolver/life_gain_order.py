"""Life gained by several mana abilities in one payment, beside what replaces a player's life
gain (CR 614.1a, 616.1; the rule is asp/life_replacement.lp).  Each activation's gain is what
that rule answers for the activation alone, on the board before the payment; the player
activates mana abilities in any order (CR 601.2g, 605.3a), so where the order can change what
replaces a gain (a condition on the life total that another activation's life change may cross,
or a replacement's source sacrificed by another activation) a sequence of activations is
refused, never answered in one order (pysolver pay, available, next)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from pysolver.board import Board
from pysolver.errors import LimitExceeded

# asp/mana_activation.lp's gain_life and lifelink (a lifelink source's damage, CR 120.3f), as
# pysolver.query.mana words them: the gainer, the life gained.
GAINS = re.compile(r"^(?:.+'s lifelink: )?(.+) gains (\d+) life$")  # an id may hold spaces
LOSES = (re.compile(r"^.+? deals \d+ damage to (.+)$"), re.compile(r"^(.+) pays \d+ life$"))
YOU_GAIN = re.compile(r"\byou gain\b", re.IGNORECASE)


def gain_replacers(board: Board) -> dict[str, list[tuple[str, int | None]]]:
    """Each player's permanents whose card replaces that player's life gain, with the life
    total N of "while you have N or less life" (None: no condition)."""
    found: dict[str, list[tuple[str, int | None]]] = {}
    for permanent in board.battlefield:
        card = board.library.get(permanent.card_name) if board.library else None
        for ability in card.abilities() if card is not None else ():
            spec = ability.get("event_replacement", {})
            if spec.get("event") == "gain_life":
                found.setdefault(permanent.controller, []).append((permanent.id, spec.get("if_life_at_most")))
    return found


def _gainer(effect: str, player: str) -> str | None:
    """Who an effect of one of ``player``'s mana abilities makes gain life as it resolves: a
    gain carried out, or one kept as text ("You gain X life.", not modelled)."""
    if effect.startswith("trigger: "):
        return None  # on the stack after the payment (CR 605.5a)
    gains = GAINS.match(effect)
    if gains:
        return gains[1]
    return player if effect.endswith("(not modelled)") and YOU_GAIN.search(effect) else None


def refuse_order_dependent_gains(board: Board, player: str, activations: Sequence[Any]) -> None:
    """Refuse a sequence of ``player``'s mana-ability activations (each with .perm and .effects)
    whose life gains could be replaced differently in another order."""
    if len(activations) < 2:
        return
    replacers = gain_replacers(board)
    if not replacers:
        return
    life = {p.name: p.life for p in board.players}
    for gainer, theirs in sorted(replacers.items()):
        gaining = [i for i, a in enumerate(activations) if any(_gainer(e, player) == gainer for e in a.effects)]
        if not gaining:
            continue
        lowering = [i for i, a in enumerate(activations)
                    if any(m and m[1] == gainer for e in a.effects if not e.startswith("trigger: ")
                           for m in (pattern.match(e) for pattern in LOSES))]
        # A condition "N or less life" above which the life total stays (only gains) never holds.
        live = [(source, n) for source, n in theirs if n is None or lowering or life.get(gainer, 0) <= n]
        sacrificing = [i for i, a in enumerate(activations)
                       if any(e.startswith("sacrifice ") and e.removeprefix("sacrifice ") in dict(live)
                              for e in a.effects)]
        if any(i != j for i in gaining for j in sacrificing):
            raise LimitExceeded(f"incomplete: {activations[sacrificing[0]].perm}'s mana ability sacrifices what "
                                f"replaces {gainer}'s life gain, which another activation of the payment makes: "
                                "the order of the activations decides the life gained (CR 614.1a, 601.2g), "
                                "which isn't followed", file=board.name)
        conditional = sorted(source for source, n in live if n is not None)
        changing = set(gaining) | set(lowering)
        if not conditional or len(changing) < 2:
            continue  # each gain is replaced the same in any order (CR 616.1), or one life change
        changers = ", ".join(sorted({activations[i].perm for i in changing}))
        raise LimitExceeded(f"incomplete: {changers} change {gainer}'s life in one payment while "
                            f"{', '.join(conditional)} replaces {gainer}'s life gain by the life total (CR 614.1a, "
                            "601.2g): the order of the activations decides the life gained, which isn't followed",
                            file=board.name)
