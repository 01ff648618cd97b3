"""The code dataclasses compile, compiled once and kept on disk (issue 16).

Python's ``dataclasses`` writes the source of each class's methods (``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, and ``__setattr__``/``__delattr__`` of a frozen
class) and compiles it with ``exec`` every time the class is made: in every process, for
every class.  The 14 dataclasses the smallest query makes cost 15-25 ms of CPU that way,
most of it compiling (Python 3.11: one ``exec`` a method), against 0.1-0.2 s for the whole
query.

``install()`` gives the ``dataclasses`` module an ``exec`` that compiles each source text
once: the code object is kept in a marshal file of the cache folder (pysolver/cache.py;
marshal is the format of ``__pycache__``), keyed by the text itself and by the bytecode's
magic number, and run as ``exec`` would run the text.  The code is the code ``exec`` would
compile (same text, file name "<string>", no inherited flags): the classes are the same;
only the compiling is saved.  Texts compiled in a run are added to the file when the
process exits; a missing, unreadable or foreign file is compiled anew, and a folder that
can't be written is no error.  ``PYSOLVER_CACHE=off`` leaves ``dataclasses`` as it is.
"""

from __future__ import annotations

import atexit
import builtins
import dataclasses
import marshal
import types
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from typing import Any

from pysolver import cache

# More texts than this in the file (classes edited again and again): keep only the last
# run's (a run makes some 150).
MOST_TEXTS = 4096


class CodeStore:
    """Source texts and their compiled code, read from ``path`` and written back to it."""

    def __init__(self, path: Path | None):
        self.path = path
        self.codes: dict[str, types.CodeType] = self._read() if path is not None else {}
        self.used: set[str] = set()
        self.compiled = 0  # texts compiled in this process (not found in the file)

    def _read(self) -> dict[str, types.CodeType]:
        assert self.path is not None
        try:
            found = marshal.loads(self.path.read_bytes())
        except (OSError, ValueError, EOFError, TypeError):
            return {}
        if not isinstance(found, dict) or not all(
                isinstance(text, str) and isinstance(code, types.CodeType) for text, code in found.items()):
            return {}
        return found

    def code(self, text: str) -> types.CodeType:
        """The code of ``text``, as ``exec(text)`` compiles it in the dataclasses module."""
        self.used.add(text)
        found = self.codes.get(text)
        if found is None:
            found = self.codes[text] = compile(text, "<string>", "exec", dont_inherit=True)
            self.compiled += 1
        return found

    def exec(self, text: Any, globals_: dict | None = None, locals_: dict | None = None) -> None:
        """``exec`` for the dataclasses module: a source text is compiled once."""
        builtins.exec(self.code(text) if isinstance(text, str) else text, globals_, locals_)

    def save(self) -> None:
        """Add the texts compiled in this process to the file."""
        if self.path is None or not self.compiled:
            return
        kept = self.codes if len(self.codes) <= MOST_TEXTS else {t: self.codes[t] for t in self.used}
        cache.write(self.path, marshal.dumps(kept))


def store_path() -> Path | None:
    """The file of this Python's compiled code, in the cache folder (None: caching is off)."""
    where = cache.folder()
    return None if where is None else where / f"dataclass-code-{MAGIC_NUMBER.hex()}.marshal"


def install() -> CodeStore | None:
    """Make the dataclasses module compile each text once (kept on disk); None when the
    cache is off."""
    path = store_path()
    if path is None:
        return None
    store = CodeStore(path)
    dataclasses.exec = store.exec  # type: ignore[attr-defined]  # the module's global, before builtins
    atexit.register(store.save)
    return store
