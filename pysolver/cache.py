"""Build once, reuse: a value computed from files, kept on disk under the hash of its inputs.

The built-in card library is read, validated (and compiled) from files that
change only when pysolver does; doing that on every run was a third of the
smallest query's time.  ``cached(kind, inputs, build)`` returns ``build()``
and keeps its result (JSON) in the cache folder under a key that hashes the
kind, every input file's name and content, and the source of pysolver itself
(the code that builds the value: a new version or an edited compiler is a
new key; ``code_version``).  A missing, unreadable or corrupt cache entry is rebuilt; a folder
that can't be written is no error (the value is built each time).

A value is kept as JSON, or (``form="marshal"``) in marshal, the format of the bytecode
Python keeps in ``__pycache__``: built-in values only (tuples, sets, frozensets, dicts...),
read back several times faster than JSON and the objects rebuilt from it; its entries are
keyed by the Python version too (the format may change between versions).

The folder is ``$PYSOLVER_CACHE``, else ``$XDG_CACHE_HOME/pysolver``, else
``~/.cache/pysolver``; ``PYSOLVER_CACHE=off`` turns the cache off.
"""

from __future__ import annotations

import contextlib
import json
import marshal
import os
import sys
import time
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from pysolver.cycles import no_cycle_collection

try:  # hashlib's own BLAKE2, without the OpenSSL library that importing hashlib loads (3 ms of
    # the smallest query's CPU: issue 16)
    from _blake2 import blake2b
except ImportError:  # a Python without it
    from hashlib import blake2b

ENVIRONMENT = "PYSOLVER_CACHE"
FORMAT = "1"
STALE_SECONDS = 7 * 24 * 3600
PACKAGE = Path(__file__).resolve().parent


def folder() -> Path | None:
    """Where cached values are kept (None: caching is off)."""
    chosen = os.environ.get(ENVIRONMENT)
    if chosen == "off":
        return None
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "pysolver"


@lru_cache(maxsize=1)
def code_version() -> str:
    """A fingerprint of pysolver's own source, and so of every compiler and builder: each
    module's path, size and times of last change (modification and status change, in
    nanoseconds; any write to a file sets its status-change time, which no tool sets back).
    An edited module or a new version is a new key, and no run reads every module to
    learn it (reading and hashing them all was 2-4% of the smallest query: issue 16)."""
    digest = blake2b(digest_size=32)
    for name, path in files_under(PACKAGE, ".py"):
        status = os.stat(path)
        digest.update(f"{name}\0{status.st_size}\0{status.st_mtime_ns}\0{status.st_ctime_ns}\0".encode())
    return digest.hexdigest()


def source_fingerprint() -> str:
    """A hash of the content of pysolver's own source (every module), the same for every
    install of the same code: what an imported card library records as the compiler that
    compiled it (pysolver/cards/db.py).  Kept in the cache under ``code_version``, so a run
    reads the modules only after an install or an edit."""
    def build() -> str:
        digest = blake2b(digest_size=16)
        for name, path in files_under(PACKAGE, ".py"):
            with open(path, "rb") as handle:
                digest.update(name.encode() + b"\0" + blake2b(handle.read(), digest_size=32).digest())
        return digest.hexdigest()
    value = cached("source-fingerprint", (), build)
    return value if isinstance(value, str) else build()


def files_under(folder: Path | str, suffix: str) -> list[tuple[str, str]]:
    """(path relative to ``folder``, with "/", and full path) of every file named ``*suffix``
    in ``folder`` and the folders below it, sorted by the relative path (os.scandir: a
    third of the time of Path.rglob, which every run paid: issue 16)."""
    found: list[tuple[str, str]] = []
    below = [(str(folder), "")]
    while below:
        where, prefix = below.pop()
        with os.scandir(where) as entries:
            for entry in entries:
                if entry.is_dir():
                    below.append((entry.path, f"{prefix}{entry.name}/"))
                elif entry.name.endswith(suffix):
                    found.append((prefix + entry.name, entry.path))
    return sorted(found)


def key(kind: str, inputs: Iterable[tuple[str, bytes]], form: str = "json") -> str:
    # a marshal entry is Python's own format: the version that wrote it reads it
    python = f"{sys.implementation.cache_tag}\0{marshal.version}\0" if form == "marshal" else ""
    digest = blake2b(f"{FORMAT}\0{kind}\0{code_version()}\0{python}".encode(), digest_size=32)
    for name, content in inputs:
        digest.update(name.encode() + b"\0" + blake2b(content, digest_size=32).digest())
    return digest.hexdigest()


def cached(kind: str, inputs: Iterable[tuple[str, bytes]], build: Callable[[], Any], form: str = "json") -> Any:
    """``build()`` (a JSON value; with ``form="marshal"`` any value marshal keeps; never None),
    read from the cache when these inputs built it before."""
    inputs = list(inputs)
    value = read(kind, inputs, form)
    if value is None:
        value = build()
        store(kind, inputs, value, form)
    return value


def read(kind: str, inputs: Iterable[tuple[str, bytes]], form: str = "json") -> Any:
    """The value kept for these inputs (None: none, or caching is off)."""
    where = folder()
    if where is None:
        return None
    path = where / f"{kind}-{key(kind, inputs, form)}.{form}"
    try:
        content = path.read_bytes()
        # A value read back is a tree of built-in containers and no garbage: collections while
        # it is made would only walk it and all else alive, growing (issue 16: the analyses
        # `verify` reads before forking took 0.40 s of CPU with them, 0.19 s without).
        with no_cycle_collection():
            value = marshal.loads(content) if form == "marshal" else json.loads(content)
    except (OSError, ValueError, EOFError, TypeError):
        return None
    with contextlib.suppress(OSError):
        os.utime(path)  # used: not stale
    return value


def store(kind: str, inputs: Iterable[tuple[str, bytes]], value: Any, form: str = "json") -> None:
    """Keep ``value`` for these inputs (nothing when caching is off or the folder can't be written)."""
    where = folder()
    if where is None:
        return
    path = where / f"{kind}-{key(kind, inputs, form)}.{form}"
    write(path, marshal.dumps(value) if form == "marshal"
          else json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode())
    _prune(where, kind, keep=path)


_PRUNED: set[tuple[Path, str]] = set()


def _prune(where: Path, kind: str, keep: Path) -> None:
    """Forget entries of this kind unused for a week (other versions' libraries): once a
    process for each folder and kind, as a week is long beside a run (each store listed and
    statted every entry of its kind: `verify` of the ruling cases, each card file a library
    kept, spent a fifth of its time there; issue 16)."""
    if (where, kind) in _PRUNED:
        return
    _PRUNED.add((where, kind))
    stale = time.time() - STALE_SECONDS
    for entry in where.glob(f"{kind}-*{keep.suffix}"):
        with contextlib.suppress(OSError):
            if entry != keep and entry.stat().st_mtime < stale:
                entry.unlink()


def write(path: Path, content: bytes) -> None:
    """Write atomically (a reader never sees half a file); give up quietly if the folder can't be written."""
    import tempfile  # only when writing (issue 16: import what is used)

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(content)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:
        pass
