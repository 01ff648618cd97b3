"""The state-based actions that apply to a board as it is (CR 704.3, 704.5), by `pysolver next`'s own
rules (asp/state_based.lp through query/next_sba.lp): what `turn` reads to refuse a board no step begins on;
and whether the game has ended (CR 104.1), after which nothing happens: next, turn and outcomes refuse it.
It imports what the check needs and none of next's modules (a `turn` run stays light)."""

from __future__ import annotations

from pysolver import facts, solver
from pysolver.board import Board
from pysolver.errors import QueryError
from pysolver.predicates import ModelAtoms
from pysolver.query import sba_atoms as sa

SBA_RULES = solver.entry("next_sba")
# Why a state-based action puts a permanent into its owner's graveyard (asp/state_based.lp's reasons).
SBA_WHY = {"toughness": "toughness 0 or less, CR 704.5f", "legend": "legend rule, CR 704.5j",
           "aura": "attached illegally, CR 704.5m", "damage": "lethal damage, CR 704.5g",
           "deathtouch": "dealt damage by a source with deathtouch, CR 704.5h, 702.2b",
           "loyalty": "loyalty 0, CR 704.5i", "defense": "defense 0, CR 704.5v",
           "world": "world rule, CR 704.5k",
           "umbra_armor": "umbra armor, CR 702.89a",
           "saga": "a Saga with as many lore counters as its final chapter number, CR 714.4"}
LOSS_RULE = {"life": "704.5a", "draw": "704.5b", "poison": "704.5c"}
PENDING_NAMED = 5  # the state-based actions a refusal names


def game_end(board: Board) -> str | None:
    """CR 104.1: the game has ended once a player lost and fewer than two are left in it: the one
    left wins (104.2a), or, every player left having lost at once, it is a draw (104.4a)."""
    left = [p.name for p in board.players if not p.lost]
    if len(left) > 1 or not any(p.lost for p in board.players):
        return None
    return f"{left[0]} wins the game (CR 104.2a)" if left else "the game is a draw (CR 104.4a)"


def refuse_pending(board: Board, instead: str) -> None:
    """CR 704.3: state-based actions are performed whenever a player would receive priority, so a board
    they apply to is one no player has priority on (nor a step begins on): refused, naming them."""
    found = pending(board)
    if found:
        named = "; ".join(found[:PENDING_NAMED]) + (
            f"; and {len(found) - PENDING_NAMED} more" if len(found) > PENDING_NAMED else "")
        raise QueryError(f"state-based actions apply to the board ({named}): they are performed whenever a player "
                         f"would receive priority (CR 704.3), so {instead}", file=board.name)


def pending(board: Board) -> list[str]:
    """The state-based actions that apply to the board, each as "ID: why" or "PLAYER loses, CR ..."
    (of one choice of the legend rule's): none for a board at rest."""
    program = solver.ground(list(facts.board_facts(board)), SBA_RULES)
    model = next(iter(program.each_model(None)), None)
    if model is None:
        return []
    atoms = ModelAtoms(program, model)
    if not atoms(sa.SbaApplies):
        return []
    found = [f"{a.obj}: {SBA_WHY[a.reason]}" for a in atoms(sa.SbaGraveyard)]
    found += [f"{a.obj}: {SBA_WHY[a.reason]}" for a in atoms(sa.SbaDestroy)]
    found += [f"{a.obj}: {SBA_WHY[a.reason]}" for a in atoms(sa.SbaSacrifice)]
    found += [f"{a.obj}: destruction replaced by {a.aura}'s umbra armor, CR 702.89a" for a in atoms(sa.SbaUmbra)]
    found += [f"{a.player} loses, CR {LOSS_RULE[a.reason]}" for a in atoms(sa.SbaLoses)]
    found += [f"{a.obj}: +1/+1 and -1/-1 counters, CR 704.5q" for a in atoms(sa.SbaCounters)]
    found += [f"{a.obj}: attached illegally, CR 704.5n" for a in atoms(sa.SbaUnattach)]
    found += [f"{a.player}: no speed, CR 704.5z" for a in atoms(sa.SbaSpeed)]
    return sorted(set(found))
