"""The Oracle compiler's matching: each pattern compiled once in a process (issues 13 and 16).

The compiler's modules (oracle*.py) match their sentences with some thousand pattern texts,
written where they are used (``patterns.fullmatch(r"Add (.+)", text)``).  ``re``'s own cache
keeps 512 compiled patterns and drops the oldest beyond that, so through ``re.fullmatch`` and
its kin an import of many cards compiled the same patterns again and again (each about a dozen
times in the first 2,000 cards of a 17,000-card file).  These functions are ``re``'s, with a
cache of their own that keeps up to ``MOST`` patterns for the life of the process; a pattern is
compiled by ``re.compile`` the first time it is used (a process that compiles no card compiles
none of them).  Text that changes from card to card (a card's name) is never made into a
pattern: :func:`word_uses` finds it as a word.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

# More distinct patterns than the compiler's own texts and the keywords it builds them from:
# beyond it (some text made into patterns as a program runs), a pattern is compiled by ``re``
# (with ``re``'s cache) and not kept here.
MOST = 8192
_cache: dict[tuple[str, int], re.Pattern[str]] = {}

Pattern = str | re.Pattern[str]


def compiled(pattern: Pattern, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, kept: the same pattern object for the same text and flags."""
    if isinstance(pattern, re.Pattern):
        return re.compile(pattern, flags)  # as re does: a compiled pattern itself (flags refused)
    key = (pattern, int(flags))
    found = _cache.get(key)
    if found is None:
        found = re.compile(pattern, flags)
        if len(_cache) < MOST:
            _cache[key] = found
    return found


# Each function looks its pattern up first (the cost of a match, some hundred a card, is mostly
# this): a text seen before is a dict hit; anything else goes through ``compiled``.
def fullmatch(pattern: Pattern, string: str, flags: int = 0) -> re.Match[str] | None:
    try:
        return _cache[pattern, flags].fullmatch(string)  # type: ignore[index]
    except KeyError:
        return compiled(pattern, flags).fullmatch(string)


def match(pattern: Pattern, string: str, flags: int = 0) -> re.Match[str] | None:
    try:
        return _cache[pattern, flags].match(string)  # type: ignore[index]
    except KeyError:
        return compiled(pattern, flags).match(string)


def search(pattern: Pattern, string: str, flags: int = 0) -> re.Match[str] | None:
    try:
        return _cache[pattern, flags].search(string)  # type: ignore[index]
    except KeyError:
        return compiled(pattern, flags).search(string)


def sub(pattern: Pattern, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0,
        flags: int = 0) -> str:
    try:
        found = _cache[pattern, flags]  # type: ignore[index]
    except KeyError:
        found = compiled(pattern, flags)
    return found.sub(repl, string, count)


def split(pattern: Pattern, string: str, maxsplit: int = 0, flags: int = 0) -> list[str | Any]:
    try:
        return _cache[pattern, flags].split(string, maxsplit)  # type: ignore[index]
    except KeyError:
        return compiled(pattern, flags).split(string, maxsplit)


def findall(pattern: Pattern, string: str, flags: int = 0) -> list[Any]:
    return compiled(pattern, flags).findall(string)


def finditer(pattern: Pattern, string: str, flags: int = 0) -> Iterator[re.Match[str]]:
    return compiled(pattern, flags).finditer(string)


def _word_character(character: str) -> bool:
    """Whether ``character`` is what ``\\w`` matches in a str pattern (Unicode: alphanumeric or _)."""
    return character.isalnum() or character == "_"


# What a word of no characters is as a pattern: every place between two characters that ends no
# word and starts none (compiled: such a word is no name, and never comes here from a card).
EMPTY_WORD = r"(?<![\w'])(?![\w])"


def word_uses(text: str, word: str, follower: re.Pattern[str] | None = None) -> Iterator[tuple[int, int]]:
    """(start, end) of each use of ``word`` in ``text`` as a word: not after a word character or an
    apostrophe, not before a word character, and (with ``follower``) followed by a match of it,
    which the use then ends with; found left to right, each after the one before it ends.  The
    matches of ``re.finditer(rf"(?<![\\w']){re.escape(word)}(?![\\w])FOLLOWER", text)``, without
    compiling a pattern for each word (a card's name)."""
    if not word:
        empty = compiled(EMPTY_WORD + (f"(?:{follower.pattern})" if follower is not None else ""),
                         follower.flags if follower is not None else 0)
        yield from (m.span() for m in empty.finditer(text))
        return
    size, end = len(word), len(text)
    at = text.find(word)
    while at >= 0:
        after = at + size
        if (at == 0 or not (_word_character(text[at - 1]) or text[at - 1] == "'")) and (
                after == end or not _word_character(text[after])):
            followed = follower.match(text, after) if follower is not None else None
            if follower is None or followed is not None:
                stop = followed.end() if followed is not None else after
                yield at, stop
                at = text.find(word, stop)
                continue
        at = text.find(word, at + 1)


def replace_word(text: str, word: str, by: str) -> str:
    """``re.sub(rf"(?<![\\w']){re.escape(word)}(?![\\w])", by, text)`` for a ``by`` of no
    backslash: each use of ``word`` as a word (:func:`word_uses`) replaced."""
    parts, last = [], 0
    for start, stop in word_uses(text, word):
        parts.append(text[last:start])
        parts.append(by)
        last = stop
    if not parts:
        return text
    parts.append(text[last:])
    return "".join(parts)
