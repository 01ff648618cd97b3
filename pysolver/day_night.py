"""Day and night (CR 728, 702.145): what `pysolver next` and `turn --turns` read of daybound and nightbound.

A board records neither designation nor a transformed face of a permanent, and nothing here transforms one.  The
permanents say which it is: one with daybound (front face up) on the battlefield means it is day (702.145c-d), one
with nightbound (back face up) that it is night (702.145f-g).  As a turn's untap step begins, it becomes night if
it was day and the turn before's active player cast no spells that turn, day if it was night and they cast two or
more (502.2, 728.2a-b), and the permanents transform (702.145b, 702.145e): refused where that happens, followed
where it doesn't (the board's spells_cast_this_turn).  A daybound or nightbound permanent entering enters
transformed at night (702.145b): refused unless the board shows it is day."""

from __future__ import annotations

from collections.abc import Callable

from pysolver.board import Board
from pysolver.cards import Card


def _bound(board: Board, card: Callable[[str], Card | None], keyword: str) -> list[str]:
    """The permanents whose card has the keyword (daybound or nightbound) among its own."""
    found = []
    for permanent in board.battlefield:
        data = card(permanent.card_name)
        if data is not None and any(k.lower() == keyword for k in data.data.get("keywords") or ()):
            found.append(permanent.id)
    return sorted(found)


def untap_change(board: Board, card: Callable[[str], Card | None]) -> str | None:
    """Why the next turn's untap step can't be followed (day becomes night, or night day, transforming
    permanents; a board that is day and night at once), or None."""
    day, night = _bound(board, card, "daybound"), _bound(board, card, "nightbound")
    if day and night:
        return (f"{', '.join(day)} (daybound) and {', '.join(night)} (nightbound) say it is day and night at once "
                "(CR 702.145c, 702.145f): one of them would have transformed")
    active = next((p for p in board.players if p.name == board.active_player), None)
    cast = active.spells_cast_this_turn if active is not None else 0
    following = board.turn_number + 1
    if day and cast == 0:
        return (f"it is day ({', '.join(day)} has daybound) and {board.active_player} cast no spells this turn, so it "
                f"becomes night as turn {following}'s untap step begins (CR 502.2, 728.2a) and {', '.join(day)} "
                "transforms (702.145b), which isn't modelled")
    if night and cast >= 2:
        return (f"it is night ({', '.join(night)} has nightbound) and {board.active_player} cast {cast} spells this "
                f"turn, so it becomes day as turn {following}'s untap step begins (CR 502.2, 728.2b) and "
                f"{', '.join(night)} transforms (702.145e), which isn't modelled")
    return None


def listed_turns(board: Board, card: Callable[[str], Card | None]) -> str | None:
    """Why `turn --turns` can't list the turns after this one: whether it becomes day or night in them depends on
    the spells their active players cast (CR 502.2, 728.2), which the listing doesn't cast; None without a daybound
    or nightbound permanent."""
    bound = _bound(board, card, "daybound") + _bound(board, card, "nightbound")
    if not bound:
        return None
    return (f"{', '.join(bound)} has daybound or nightbound: whether it becomes day or night as each turn's untap "
            "step begins depends on the spells cast in the turn before (CR 502.2, 728.2), which the listing doesn't "
            "cast, and what transforms (702.145b, 702.145e) isn't modelled; list them from a board of that turn "
            "(pysolver next)")


def entering_refusal(board: Board, card: Callable[[str], Card | None], obj: str, data: Card) -> str | None:
    """Why the permanent ``obj`` (its card ``data``) entering can't be followed: with daybound or nightbound it
    enters transformed if it is night (CR 702.145b), and the board doesn't show it is day; or None."""
    keywords = {k.lower() for k in data.data.get("keywords") or ()}
    if "nightbound" in keywords:
        return (f"{obj} has nightbound: a back face enters only transformed (CR 702.145e, 712.14), which isn't "
                "modelled")
    if "daybound" not in keywords:
        return None
    day = [p for p in _bound(board, card, "daybound") if p != obj]
    if day and not _bound(board, card, "nightbound"):
        return None  # CR 702.145c: it is day; it enters front face up
    return (f"{obj} has daybound: it enters transformed if it is night (CR 702.145b), and the board doesn't show "
            "whether it is (no other permanent with daybound on the battlefield, CR 728.1)")
