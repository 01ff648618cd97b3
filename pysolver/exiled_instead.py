"""Where a card that would be put into its owner's graveyard goes, for `pysolver next` (CR 614.1a,
614.6): its own replacement effect "If ~ would be put into a graveyard from anywhere, exile it
instead" / "If ~ would die, exile it instead" (the card field exiled_instead_of_graveyard), or another
permanent's "If a creature an opponent controls would die, exile it instead" (the ability exiled_instead).  From
the battlefield the rule is asp/zone_change.lp's (exiled_instead/2), asked of the board as it is;
from a hand or the stack only "from anywhere" applies, the card having the abilities it prints
there (the ability states the zones it functions from, CR 113.6b)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pysolver.cards import Library
from pysolver.errors import QueryError
from pysolver.events import Event

if TYPE_CHECKING:
    from pysolver.board import Board, Permanent


def _field(library: Library | None, name: str) -> str | None:
    card = library.get(name) if library is not None else None
    return card.data.get("exiled_instead_of_graveyard") if card is not None else None


def _others(board: Board, keys: tuple[str, ...] = ("exiled_instead", "exiled_from_anywhere")) -> bool:
    """A permanent on the board exiles others instead ("If a creature an opponent controls would die,
    exile it instead": the ability exiled_instead; "If a card or token would be put into your graveyard
    from anywhere, ...": exiled_from_anywhere; asp/zone_change.lp)."""
    library = board.library
    return library is not None and any(
        card is not None and any(isinstance(a, dict) and any(k in a for k in keys) for a in card.abilities())
        for card in (library.get(p.card_name) for p in board.battlefield))


def _library_instead(library: Library | None, name: str) -> dict | None:
    card = library.get(name) if library is not None else None
    return card.data.get("library_instead_of_graveyard") if card is not None else None


def _refuse_library(board: Board, what: str, instead: dict) -> None:
    """CR 614.1a: its own replacement puts it into its owner's library, shuffled in or on top, which next
    doesn't follow (the library's order): refused."""
    where = "shuffles it into its owner's library" if instead["where"] == "shuffled" else \
        "puts it on top of its owner's library"
    raise QueryError(f"{what} would be put into a graveyard, and its replacement effect {where} instead (CR 614.1a), "
                     "which next doesn't follow", file=board.name)


def from_battlefield(board: Board, permanent: Permanent) -> str:
    """The zone a permanent put into its owner's graveyard goes to: "exile" or "graveyard"; refused where its
    own replacement puts it into a library instead (asp/zone_change.lp's library_instead/2)."""
    library_instead = _library_instead(board.library, permanent.card_name)
    if _field(board.library, permanent.card_name) is None and not _others(board) and library_instead is None:
        return "graveyard"  # no such replacement: nothing to ask the rules
    from pysolver import facts, solver
    from pysolver.facts import next_steps
    from pysolver.predicates import ModelAtoms
    from pysolver.query import next_atoms as na

    program = solver.ground(list(facts.board_facts(board)) + next_steps.graveyard_asked(permanent.id),
                            solver.entry("next_zone"))
    answers = set()
    for model in program.each_model(None):
        atoms = ModelAtoms(program, model)
        if library_instead is not None and any(a.obj == permanent.id and str(a.context) == "asked"
                                               for a in atoms(na.LibraryInstead)):
            _refuse_library(board, f"{permanent.id} ({permanent.card_name})", library_instead)
        answers.add(any(a.obj == permanent.id and str(a.context) == "asked" for a in atoms(na.ExiledInstead)))
    if len(answers) != 1:  # the board decides it: no choice reaches exiled_instead/2
        raise QueryError(f"where {permanent.id} goes instead of its owner's graveyard (CR 614.1a) isn't decided "
                         "by the board", file=board.name)
    return "exile" if answers.pop() else "graveyard"


def from_elsewhere(board: Board, owner: str, card: str) -> str:
    """The zone a card put into its owner's graveyard from a hand or the stack goes to: its own
    replacement, or a permanent's exiled_from_anywhere asked of the board as it is (CR 614.1a)."""
    library_instead = _library_instead(board.library, card)
    if library_instead is not None and library_instead["whence"] == "anywhere":
        _refuse_library(board, card, library_instead)
    if _field(board.library, card) == "anywhere":
        return "exile"
    if not _others(board, ("exiled_from_anywhere",)):
        return "graveyard"
    from pysolver import facts, solver
    from pysolver.facts import next_steps
    from pysolver.facts.cards import card_facts
    from pysolver.query import next_atoms as na

    definition = board.library.get(card) if board.library is not None else None
    if definition is None:
        raise QueryError(f"where {card} goes instead of {owner}'s graveyard (CR 614.1a) isn't judged: its card isn't "
                         "known", file=board.name)
    program = solver.ground(list(facts.board_facts(board)) + list(card_facts(definition))
                            + next_steps.graveyard_card_asked(owner, card), solver.entry("next_zone"))
    from pysolver.predicates import ModelAtoms
    answers = {any(a.player == owner and a.card == card for a in ModelAtoms(program, model)(na.ExiledCardInstead))
               for model in program.each_model(None)}
    if len(answers) != 1:  # the board decides it: no choice reaches exiled_card_instead/2
        raise QueryError(f"where {card} goes instead of {owner}'s graveyard (CR 614.1a) isn't decided by the board",
                         file=board.name)
    return "exile" if answers.pop() else "graveyard"


def own(board: Board, permanent: Permanent) -> bool:
    """The permanent's own card exiles it instead (else another permanent's effect does)."""
    return _field(board.library, permanent.card_name) is not None


def own_card(library: Library | None, card: str) -> bool:
    """A card's own "from anywhere" exiles it instead (else a permanent's effect does)."""
    return _field(library, card) == "anywhere"


def told(what: str, owner: str, its: bool = True) -> Event:
    """The event of pysolver next: by its own replacement effect, or by a permanent's (its own or
    another's: "If a permanent would be put into a graveyard, exile it instead")."""
    whose = "its" if its else "a"
    return Event("{} is exiled instead of being put into {}'s graveyard ({} replacement effect, CR 614.1a)",
                 (what, owner, whose))
