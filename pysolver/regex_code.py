"""The code regular expressions compile to, compiled once and kept on disk (issue 16).

Python compiles every regular expression a process uses, in every process: the patterns
PyYAML, click's modules and pysolver compile as they are imported cost the smallest query
about 25-30 ms of CPU (some 65 patterns; PyYAML's reader's class of the printable characters
alone, 10 ms), against 0.15-0.2 s for the whole query.  Most of it is Python code (``re``'s
parser and compiler); the last step, ``_sre.compile``, which builds the pattern object from
its code (a list of integers), is quick.

``install()`` gives the ``re`` module a compiler that keeps, for each pattern text and flags it
compiles as a module is imported, that code (and the group names and count) in a marshal file
of the cache folder (pysolver/cache.py), and builds the pattern from it in later processes.
A pattern is kept only when the one built from the kept code is equal to the one Python
compiled (the same text, flags and code: ``Pattern.__eq__``), with the same groups, and its
compiling warned of nothing; any other pattern (``re.DEBUG``, a warning, a syntax error) is
compiled as Python compiles it, every time, and so is every pattern made from text as a
program runs (a card's name, say: they would fill the file).  The file is Python's: it is
keyed by the version of ``re``'s code (``_sre.MAGIC``) and the interpreter's cache tag, and
records the interpreter's full version, which must match.  The patterns compiled in a run
(the first 512) are added to the file when the process exits, with a checksum; a missing,
unreadable, damaged or foreign file is compiled anew, and a folder that can't be written is
no error.  ``import pysolver`` installs it first, so that the patterns of every module
imported after it are kept; ``PYSOLVER_CACHE=off`` leaves ``re`` as it is.  (Compiling a
new pattern, the first time only, records its warnings with ``warnings.catch_warnings``,
which a program's other threads would see.)
"""

from __future__ import annotations

import atexit
import marshal
import re
import sys
import warnings
import zlib
from array import array
from pathlib import Path
from typing import Any, Callable

import _sre  # type: ignore[import-not-found]  # the code's own module, as re._compiler uses it

from pysolver import cache

# More patterns than this in the file (a changing program): keep only the last run's.
MOST_PATTERNS = 4096
# A process that compiles more new patterns than this (texts made as it runs) keeps no more:
# each is checked by compiling it twice.
MOST_NEW = 512
_compiler: Any = getattr(re, "_compiler", None)  # Python 3.11 and later
_parser: Any = getattr(re, "_parser", None)

# What a pattern is kept as: its flags after parsing, code (the machine's bytes of its words),
# number of groups, group names.
Entry = tuple[int, bytes, int, dict[str, int], tuple[str | None, ...]]
# The code's words as an array ("I": 4 bytes here, as _sre's code words; checked at install).
WORD = "I"
IMPORTING = "<frozen importlib._bootstrap"


class CodeStore:
    """Pattern texts and flags, and their code, read from ``path`` and written back to it."""

    def __init__(self, path: Path | None, compile_: Any, keep: Callable[[], bool] | None = None):
        self.path = path
        self.python_compile = compile_  # re._compiler.compile, as it was
        self.keep = keep or importing  # whether a new pattern is kept
        # each entry in marshal, read when its pattern is compiled
        self.entries: dict[tuple[str | bytes, int], bytes] = self._read() if path is not None else {}
        self.used: set[tuple[str | bytes, int]] = set()
        self.compiled = 0  # patterns compiled and kept in this process (not found in the file)

    def _read(self) -> dict[tuple[str | bytes, int], bytes]:
        assert self.path is not None
        try:
            content = self.path.read_bytes()
            if int.from_bytes(content[:4], "little") != zlib.crc32(content[4:]):  # a damaged file
                return {}
            version, found = marshal.loads(content[4:])
        except (OSError, ValueError, EOFError, TypeError):
            return {}
        return found if version == sys.version and isinstance(found, dict) else {}

    def compile(self, p: Any, flags: int = 0) -> Any:
        """``re._compiler.compile``: a kept pattern built from its code, another compiled by Python."""
        key = (p, int(flags))  # re._compile gives an int (a RegexFlag is one too)
        if not isinstance(p, (str, bytes)) or flags & re.DEBUG:
            return self.python_compile(p, flags)
        found = self.entries.get(key)
        if found is not None:
            self.used.add(key)
            final, code, groups, groupindex, indexgroup = marshal.loads(found)
            return _sre.compile(p, final, array(WORD, code).tolist(), groups, dict(groupindex), indexgroup)
        pattern = self.python_compile(p, flags)
        if self.compiled >= MOST_NEW or not self.keep():
            return pattern
        entry = self._entry(p, flags, pattern)
        if entry is not None:
            self.entries[key] = marshal.dumps(entry)
            self.used.add(key)
            self.compiled += 1
        return pattern

    @staticmethod
    def _entry(p: str | bytes, flags: int, pattern: Any) -> Entry | None:
        """What ``pattern`` (compiled by Python from ``p``) is kept as; None when the pattern built
        from it would differ, or compiling it warns (each run then warns as Python would)."""
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            parsed = _parser.parse(p, flags)
            code = array(WORD, _compiler._code(parsed, flags))
        groupindex = dict(parsed.state.groupdict)
        indexgroup: list[str | None] = [None] * parsed.state.groups
        for name, index in groupindex.items():
            indexgroup[index] = name
        entry: Entry = (int(flags | parsed.state.flags), code.tobytes(), parsed.state.groups - 1, groupindex,
                        tuple(indexgroup))
        rebuilt = _sre.compile(p, entry[0], code.tolist(), entry[2], dict(groupindex), entry[4])
        same = (rebuilt == pattern and rebuilt.groups == pattern.groups
                and dict(rebuilt.groupindex) == dict(pattern.groupindex))
        return entry if same and not caught else None

    def save(self) -> None:
        """Add the patterns compiled in this process to the file."""
        if self.path is None or not self.compiled:
            return
        kept = self.entries if len(self.entries) <= MOST_PATTERNS else {k: self.entries[k] for k in self.used}
        content = marshal.dumps((sys.version, kept))
        cache.write(self.path, zlib.crc32(content).to_bytes(4, "little") + content)


def importing() -> bool:
    """Whether a module is being imported (its patterns, made once, are kept; a pattern made
    from text as a program runs, a card's name say, is not)."""
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_filename.startswith(IMPORTING):
            return True
        frame = frame.f_back
    return False


def store_path() -> Path | None:
    """The file of this Python's pattern code, in the cache folder (None: caching is off)."""
    where = cache.folder()
    if where is None:
        return None
    return where / f"regex-code-{sys.implementation.cache_tag}-{_sre.MAGIC}.marshal"


def install() -> CodeStore | None:
    """Make ``re`` compile each pattern once (kept on disk); None when the cache is off or this
    Python's ``re`` is not the one this module knows (Python 3.11 and later)."""
    path = store_path()
    if (path is None or _compiler is None or _parser is None or not hasattr(_compiler, "_code")
            or array(WORD).itemsize != _sre.CODESIZE):
        return None
    store = CodeStore(path, _compiler.compile)
    _compiler.compile = store.compile  # re._compile looks it up at each call
    atexit.register(store.save)
    return store
