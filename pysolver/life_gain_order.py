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
from pysolver.errors import LimitExceeded, QueryError
from pysolver.side_effects import SideEffect

YOU_GAIN = re.compile(r"\byou gain\b", re.IGNORECASE)
# asp/mana_activation.lp's effects that lower a player's life as the ability resolves: damage
# (CR 120.3a) and life paid (119.4); infect's damage to a player gives poison counters (120.3b).
LOWERS_LIFE = frozenset({"damage", "pay_life"})


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


def gainer(effect: SideEffect, player: str) -> str | None:
    """Who an effect of one of ``player``'s mana abilities makes gain life as it resolves
    (CR 119.3, 605.3b): a gain carried out (its lifelink's too, 120.3f), or one kept as text
    ("You gain X life.", not modelled).  Abilities it triggers go on the stack after the
    payment (605.5a)."""
    if effect.kind in ("gain_life", "lifelink"):
        return effect.who
    return player if effect.kind == "unmodelled" and YOU_GAIN.search(effect.sentence) else None


def refuse_order_dependent_gains(board: Board, player: str, activations: Sequence[Any]) -> None:
    """Refuse a sequence of ``player``'s mana-ability activations (each with .perm and .effects)
    whose life gains could be replaced differently in another order."""
    if len(activations) < 2:
        return
    replacers = gain_replacers(board)
    if not replacers:
        return
    life = {p.name: p.life for p in board.players}
    for who, theirs in sorted(replacers.items()):
        gaining = [i for i, a in enumerate(activations) if any(gainer(e, player) == who for e in a.effects)]
        if not gaining:
            continue
        lowering = [i for i, a in enumerate(activations)
                    if any(e.kind in LOWERS_LIFE and e.who == who for e in a.effects)]
        # A condition "N or less life" above which the life total stays (only gains) never holds.
        live = [(source, n) for source, n in theirs if n is None or lowering or life.get(who, 0) <= n]
        sacrificing = [i for i, a in enumerate(activations)
                       if any(e.kind == "sacrifice" and e.who in dict(live) for e in a.effects)]
        if any(i != j for i in gaining for j in sacrificing):
            raise LimitExceeded(f"incomplete: {activations[sacrificing[0]].perm}'s mana ability sacrifices what "
                                f"replaces {who}'s life gain, which another activation of the payment makes: "
                                "the order of the activations decides the life gained (CR 614.1a, 601.2g), "
                                "which isn't followed", file=board.name)
        conditional = sorted(source for source, n in live if n is not None)
        changing = set(gaining) | set(lowering)
        if not conditional or len(changing) < 2:
            continue  # each gain is replaced the same in any order (CR 616.1), or one life change
        changers = ", ".join(sorted({activations[i].perm for i in changing}))
        raise LimitExceeded(f"incomplete: {changers} change {who}'s life in one payment while "
                            f"{', '.join(conditional)} replaces {who}'s life gain by the life total (CR 614.1a, "
                            "601.2g): the order of the activations decides the life gained, which isn't followed",
                            file=board.name)


def refuse_unjudged_gains(board: Board, unjudged: Any, unbounded: Any, what: str) -> None:
    """Refuse a life gain that one replacement effect doubles and another increases ("that
    much life plus 1"): the order the player chooses (CR 616.1) decides the life gained
    (asp/life_replacement.lp's gain_order_unjudged; each atom has .player); and one that
    doublers take past what a life total holds (gain_unbounded)."""
    for atom in sorted(unbounded, key=lambda a: a.player):
        raise LimitExceeded(f"{what}: replacement effects double {atom.player}'s life gain past the 1,000,000 a life "
                            "total holds (CR 614.1a, 616.1), which isn't followed", file=board.name)
    for atom in sorted(unjudged, key=lambda a: a.player):
        raise QueryError(f"{what}: replacement effects double {atom.player}'s life gain and add to it, and the "
                         f"order {atom.player} chooses (CR 616.1, 614.1a) decides how much life {atom.player} "
                         "gains, which isn't judged", file=board.name)
