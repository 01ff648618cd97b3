"""The triggered abilities a player's designation or counters carry, which no object has (CR 113.8's exceptions):
the monarch's draw at the beginning of their end step (722.2), the initiative's venture into Undercity at the
beginning of its holder's upkeep (723.2), and rad counters' mill at the beginning of their player's precombat main
phase (725.1).  Neither `turn` nor `next` follows them: a step at whose beginning one triggers is refused, naming
it (a board that records none of these never is)."""

from __future__ import annotations

from pysolver.board import Board

# step -> (what the board records of the active player, what triggers, rule)
INHERENT = {
    "end": ("monarch", "the monarch draws a card at the beginning of their end step", "722.2"),
    "upkeep": ("initiative", "the player who has the initiative ventures into Undercity at the beginning of their "
                             "upkeep", "723.2"),
    "precombat_main": ("rad", "a player with rad counters mills that many cards at the beginning of their "
                              "precombat main phase", "725.1"),
}


def inherent_trigger(board: Board, step: str, active: str) -> str | None:
    """Why the beginning of ``step`` in ``active``'s turn can't be followed, or None."""
    if step not in INHERENT:
        return None
    field, what, rule = INHERENT[step]
    player = next(p for p in board.players if p.name == active)
    has = player.player_counters("rad") > 0 if field == "rad" else getattr(player, field)
    if not has:
        return None
    return (f"{active}'s {step.replace('_', ' ')} step begins, and {what} (CR {rule}, a triggered ability no "
            "object has), which isn't followed here")
