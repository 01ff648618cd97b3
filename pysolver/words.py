"""Small wording helpers shared by every query's prose: counts that agree with their
noun, lists, and objects named by their card beside their id (issue 14, item 5)."""

from __future__ import annotations

from pysolver.board import Board


def plural(count: int, noun: str, many: str | None = None) -> str:
    """plural(1, 'permanent') -> '1 permanent'; plural(3, 'permanent') -> '3 permanents'."""
    if count == 1:
        return f"{count} {noun}"
    return f"{count} {many or noun + 's'}"


def article(words: str) -> str:
    return ("an " if words[:1].lower() in "aeiou" else "a ") + words


def listing(items: list[str], last: str = "and") -> str:
    """['a'] -> 'a'; ['a', 'b'] -> 'a and b'; ['a', 'b', 'c'] -> 'a, b and c'."""
    if len(items) <= 2:
        return f" {last} ".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


_SHOWN: dict[int, tuple[Board, dict[str, str]]] = {}


def _shown(board: Board) -> dict[str, str]:
    """Each object's card in prose, by id; built once a board (a linear scan each name was
    quadratic in explanations that name every candidate)."""
    entry = _SHOWN.get(id(board))
    if entry is not None and entry[0] is board:
        return entry[1]
    shown = {item.id: item.card for item in board.stack}
    for permanent in board.battlefield:
        copied = permanent.copy_of and permanent.copy_of != permanent.card
        shown[permanent.id] = f"{permanent.card} (as {permanent.copy_of})" if copied else permanent.card
    if len(_SHOWN) >= 8:
        _SHOWN.clear()
    _SHOWN[id(board)] = (board, shown)
    return shown


def card_of(board: Board, object_id: str) -> str | None:
    """The name of the card a permanent (or a stack item) is, with what a copy copies."""
    return _shown(board).get(object_id)


def named(board: Board, object_id: str, internal: str | None = None) -> str:
    """An object in prose: 'Grizzly Bears (bears)'; with ``internal`` (such as the ability
    key 'hb:1'), that id beside the card's name: 'Haphazard Bombardment (hb:1)'."""
    card = card_of(board, object_id)
    shown = internal or object_id
    return f"{card} ({shown})" if card else shown
