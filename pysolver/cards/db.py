"""A local library of real cards: import MTGJSON or Scryfall data into one SQLite file.

``pysolver cards import FILE`` reads MTGJSON's ``AtomicCards.json`` or
``AllPrintings.json``, or Scryfall's ``oracle-cards`` bulk file, compiles each
card face's Oracle text (pysolver/cards/oracle.py) and writes every face, with its
definition or the reason it couldn't be compiled, to a SQLite file.  The file
is written under a temporary name and renamed at the end, so an import never
leaves a half-written library behind.

Queries read such a file lazily (:class:`CardDatabase`): only the cards a
board names are looked up.  See docs/cards-import.md.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import sqlite3
import stat
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator

from pysolver import cache, documents, schemas
from pysolver.cards.library import ALLOW_PARTIAL as ALLOW_PARTIAL  # --allow-partial (library.py)
from pysolver.cards.library import ENVIRONMENT as ENVIRONMENT  # the variable naming card files
from pysolver.cards.library import PARTIAL_USED as PARTIAL_USED
from pysolver.cards.library import Card, Library
from pysolver.errors import CardError

if TYPE_CHECKING:  # the compiler is imported to compile (it is some 0.1 s of a query that only reads)
    from pysolver.cards import oracle

FORMAT = "pysolver-carddb/1"
SQLITE_HEADER = b"SQLite format 3\x00"
DATABASE_SUFFIXES = (".sqlite", ".sqlite3", ".db")
MANA_COST = re.compile(str(schemas.MANA_STRING["pattern"]))
# Layouts whose entries are not cards a permanent could be, by the kind the
# import summary counts them as.
SKIPPED_LAYOUTS = {"art_series": "art series card", "double_faced_token": "token",
                   "emblem": "emblem", "vanguard": "vanguard", "planar": "plane", "scheme": "scheme"}
# The kind of a skipped entry that is malformed or repeated (not a layout).
MALFORMED = "malformed entry"
SCHEMA_SQL = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE cards (
    name TEXT PRIMARY KEY, folded TEXT NOT NULL, type_line TEXT NOT NULL, mana_cost TEXT NOT NULL,
    oracle TEXT NOT NULL, definition TEXT NOT NULL, status TEXT NOT NULL, reason TEXT NOT NULL,
    mana INTEGER NOT NULL, could_produce INTEGER NOT NULL);
CREATE TABLE aliases (alias TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE skipped (entry TEXT NOT NULL, reason TEXT NOT NULL);
CREATE TABLE sentences (name TEXT PRIMARY KEY, classified TEXT NOT NULL);
"""


def default_path() -> Path:
    """``$XDG_DATA_HOME/pysolver/cards.sqlite`` (``~/.local/share`` by default)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "pysolver" / "cards.sqlite"


# ------------------------------------------------------------------ reading
@dataclass
class Face:
    """One card face as the source gives it, in MTGJSON's vocabulary."""

    name: str
    type_line: str
    text: str
    mana_cost: str = ""
    types: list[str] | None = None
    subtypes: list[str] | None = None
    supertypes: list[str] | None = None
    keywords: list[str] | None = None
    full_name: str | None = None
    power: str | None = None  # printed, as the source writes it ("3", "*")
    toughness: str | None = None  # "Fire // Ice" for a face of a multi-face card


WRONG_SHAPE = ("not MTGJSON AtomicCards or AllPrintings data ({\"data\": ...}) "
               "nor a Scryfall bulk file (a list of cards)")


class Source:
    """Faces read from a card data file, and the entries that had to be skipped.

    A file larger than ``STREAM_ABOVE`` bytes (AllPrintings.json is about 500 MB)
    is not read whole: its entries (the sets or cards of ``data``, or the cards
    of a Scryfall list) are parsed one at a time (:class:`_Streamed`)."""

    STREAM_ABOVE = 64 * 1024 * 1024

    def __init__(self, path: str | Path):
        self.path = str(path)
        self.skipped: list[tuple[str, str]] = []
        self.skipped_kinds: Counter[str] = Counter()
        self.updated_at: str | None = None
        try:
            mode = os.stat(self.path).st_mode
            large = os.path.getsize(self.path) > self.STREAM_ABOVE
        except OSError:
            mode, large = None, False  # _load says what is wrong
        if mode is not None and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
            # A FIFO or a device (/dev/zero) has no size to bound the reading by.
            raise CardError("not a regular file (card data is read from a file)", file=self.path)
        if large:
            self.data = _Streamed.open(self.path)
            self.kind = self._streamed_kind()
        else:
            self.data = self._load()
            self.kind = self._kind()

    def _streamed_kind(self) -> str:
        if isinstance(self.data, _Streamed):
            return "scryfall"
        first = next(iter(self.data["data"].values()), None)
        if first is None or isinstance(first, list):
            return "atomic"
        if isinstance(first, dict) and "cards" in first:
            return "printings"
        raise CardError(WRONG_SHAPE, file=self.path)

    def _load(self) -> Any:
        try:
            raw = Path(self.path).read_bytes()
        except FileNotFoundError:
            raise CardError("no such file", file=self.path) from None
        except IsADirectoryError:
            raise CardError("is a folder, not a file", file=self.path) from None
        except OSError as exc:
            raise CardError(f"can't read: {exc.strerror}", file=self.path) from None
        if not raw.strip():
            raise CardError("the file is empty", file=self.path)
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise CardError(f"not UTF-8 text (byte {exc.start})", file=self.path) from None
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            where = f"{exc.lineno}:{exc.colno}"
            truncated = (" (the file looks truncated)" if exc.msg.startswith("Unterminated string")
                         or exc.pos >= len(text.rstrip()) else "")
            raise CardError(f"malformed JSON: {exc.msg}{truncated}", file=self.path, place=where) from None
        except RecursionError:
            raise CardError("malformed JSON: nested too deeply", file=self.path) from None
        except ValueError as exc:  # an integer of more than 4,300 digits
            raise CardError(f"malformed JSON: {str(exc).splitlines()[0]}", file=self.path) from None

    def _kind(self) -> str:
        data = self.data
        wrong = WRONG_SHAPE
        if isinstance(data, list):
            return "scryfall"
        if isinstance(data, dict) and isinstance(data.get("data"), dict):
            values = data["data"].values()
            first = next(iter(values), None)
            if first is None or isinstance(first, list):
                return "atomic"
            if isinstance(first, dict) and "cards" in first:
                return "printings"
        raise CardError(wrong, file=self.path)

    def skip(self, entry: str, reason: str, kind: str = MALFORMED) -> None:
        self.skipped.append((entry, reason))
        self.skipped_kinds[kind] += 1

    def skip_layout(self, entry: str, layout: str) -> None:
        kind = SKIPPED_LAYOUTS[layout]
        self.skip(entry, f"not a card a permanent could be: a {kind} (layout {layout!r})", kind)

    @property
    def meta(self) -> dict[str, Any]:
        """MTGJSON's ``meta`` object (version and date), or {} (a streamed file has it
        once its entries have been read)."""
        data = self.data
        found = data.get("meta") if isinstance(data, dict) else None
        if found is None and isinstance(data, dict) and isinstance(data.get("data"), _Streamed):
            found = data["data"].meta
        return found if isinstance(found, dict) else {}

    def count(self) -> int:
        """The entries (cards, or printings for AllPrintings); a pass of its own on a
        streamed file."""
        if self.kind == "scryfall":
            return len(self.data)
        if self.kind == "atomic":
            return len(self.data["data"])
        return sum(len(s.get("cards", [])) for s in self.data["data"].values() if isinstance(s, dict))

    def faces(self) -> Iterator[Face]:
        if self.kind == "atomic":
            for key, faces in self.data["data"].items():
                if not isinstance(faces, list):
                    self.skip(str(key), "expected a list of card faces")
                    continue
                for index, face in enumerate(faces):
                    made = self._mtgjson_face(f"data[{key!r}][{index}]", face, key)
                    if made:
                        yield made
        elif self.kind == "printings":
            seen: set[str] = set()
            for code, card_set in self.data["data"].items():
                cards = card_set.get("cards") if isinstance(card_set, dict) else None
                if not isinstance(cards, list):
                    self.skip(f"data[{code!r}]", "a set without a list of cards")
                    continue
                for index, face in enumerate(cards):
                    place = f"data[{code!r}].cards[{index}]"
                    if not isinstance(face, dict):
                        self.skip(place, "not a card")
                        continue
                    key = face.get("faceName") or face.get("name")
                    if key in seen:
                        continue  # another printing of a face already read
                    made = self._mtgjson_face(place, face, face.get("name"))
                    if made or face.get("layout") in SKIPPED_LAYOUTS:
                        seen.add(key)  # counted once, not once a printing
                    if made:
                        yield made
        else:
            for index, card in enumerate(self.data):
                yield from self._scryfall_card(f"[{index}]", card)

    def _mtgjson_face(self, place: str, face: Any, full_name: Any) -> Face | None:
        if not isinstance(face, dict):
            self.skip(place, "not a card face")
            return None
        name = face.get("faceName") or face.get("name")
        problem = _check_fields(face, name, "type", "text", "manaCost")
        if problem:
            self.skip(f"{place} {name!r}" if isinstance(name, str) else place, problem)
            return None
        if face.get("layout") in SKIPPED_LAYOUTS:
            self.skip_layout(f"{place} {name!r}", face["layout"])
            return None
        lists = {}
        for key in ("types", "subtypes", "supertypes", "keywords"):
            value = face.get(key)
            if value is not None and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
                self.skip(f"{place} {name!r}", f"{key} is not a list of names")
                return None
            lists[key] = value
        return Face(name=name, type_line=face["type"], text=face.get("text") or "",
                    mana_cost=face.get("manaCost") or "", full_name=full_name
                    if isinstance(full_name, str) and full_name != name else None,
                    types=lists["types"], subtypes=lists["subtypes"] or [],
                    supertypes=lists["supertypes"] or [], keywords=lists["keywords"],
                    power=_text(face.get("power")), toughness=_text(face.get("toughness")))

    def _scryfall_card(self, place: str, card: Any) -> Iterator[Face]:
        if not isinstance(card, dict):
            self.skip(place, "not a card")
            return
        stamp = card.get("updated_at")
        if isinstance(stamp, str) and (self.updated_at is None or stamp > self.updated_at):
            self.updated_at = stamp  # Scryfall's time of its latest change to these cards
        if card.get("layout") in SKIPPED_LAYOUTS:
            name = card.get("name")
            self.skip_layout(f"{place} {name!r}" if isinstance(name, str) else place, card["layout"])
            return
        faces = card.get("card_faces")
        if isinstance(faces, list) and faces and "oracle_text" not in card:
            for index, face in enumerate(faces):
                made = self._scryfall_face(f"{place}.card_faces[{index}]", face, card.get("name"))
                if made:
                    yield made
        else:
            made = self._scryfall_face(place, card, None)
            if made:
                yield made

    def _scryfall_face(self, place: str, face: Any, full_name: Any) -> Face | None:
        if not isinstance(face, dict):
            self.skip(place, "not a card face")
            return None
        name = face.get("name")
        problem = _check_fields(face, name, "type_line", "oracle_text", "mana_cost")
        if problem:
            self.skip(f"{place} {name!r}" if isinstance(name, str) else place, problem)
            return None
        type_line = face["type_line"].replace("Token ", "")
        keywords = face.get("keywords")
        return Face(name=name, type_line=type_line, text=face.get("oracle_text") or "",
                    mana_cost=face.get("mana_cost") or "",
                    full_name=full_name if isinstance(full_name, str) and full_name != name else None,
                    keywords=keywords if isinstance(keywords, list) else None,
                    power=_text(face.get("power")), toughness=_text(face.get("toughness")))


class _Streamed:
    """The entries of a large JSON file, parsed one at a time: the members of the
    top-level object's ``data`` (``items()``), or the elements of a top-level list
    (iteration).  Only one entry (one set of AllPrintings, a few MB) is in memory
    at a time, with a buffer of the file's text about as large."""

    CHUNK = 1 << 20

    def __init__(self, path: str, members: bool):
        self.path = path
        self.members = members
        self.meta: Any = None

    @classmethod
    def open(cls, path: str) -> Any:
        reader = _JsonReader(path)
        try:
            first = reader.peek()
        finally:
            reader.close()
        if first == "[":
            return cls(path, members=False)
        if first == "{":
            return {"data": cls(path, members=True)}
        raise CardError(WRONG_SHAPE if first else "the file is empty", file=path)

    def items(self) -> Iterator[tuple[Any, Any]]:
        reader = _JsonReader(self.path)
        try:
            if not self.members:
                yield from enumerate(reader.elements())
                return
            found = False
            for key in reader.members():
                if key != "data":
                    value = reader.value()
                    if key == "meta":
                        self.meta = value
                    continue
                found = True
                if reader.peek() != "{":
                    raise CardError(WRONG_SHAPE, file=self.path)
                for name in reader.members():
                    yield name, reader.value()
            if not found:
                raise CardError(WRONG_SHAPE, file=self.path)
        finally:
            reader.close()

    def values(self) -> Iterator[Any]:
        return (value for _, value in self.items())

    def __iter__(self) -> Iterator[Any]:
        return self.values()

    def __len__(self) -> int:
        return sum(1 for _ in self.items())


class _JsonReader:
    """Reads JSON values one at a time from a file, with a growing buffer."""

    DECODER = json.JSONDecoder()
    SPACE = " \t\r\n"

    def __init__(self, path: str):
        self.path = path
        try:
            self.handle = open(path, encoding="utf-8-sig", newline="")  # noqa: SIM115 (closed by close())
        except OSError as exc:
            raise CardError(f"can't read: {exc.strerror}", file=path) from None
        self.buffer, self.position, self.consumed, self.eof = "", 0, 0, False
        self.lines, self.last_newline = 0, -1  # newlines before the buffer, and where the last was

    def close(self) -> None:
        self.handle.close()

    def _more(self, at_least: int = 0) -> None:
        try:
            text = self.handle.read(max(_Streamed.CHUNK, at_least))
        except UnicodeDecodeError as exc:
            where = (f"byte {exc.start}" if not self.consumed + len(self.buffer)
                     else f"after character {self.consumed + len(self.buffer)}")
            raise CardError(f"not UTF-8 text ({where})", file=self.path) from None
        if not text:
            self.eof = True
        dropped = self.buffer[: self.position]
        self.lines += dropped.count("\n")
        if "\n" in dropped:
            self.last_newline = self.consumed + dropped.rfind("\n")
        self.consumed += self.position
        self.buffer = self.buffer[self.position:] + text
        self.position = 0

    def peek(self) -> str:
        """The next character that isn't white space ("" at the end of the file)."""
        while True:
            while self.position < len(self.buffer) and self.buffer[self.position] in self.SPACE:
                self.position += 1
            if self.position < len(self.buffer) or self.eof:
                return self.buffer[self.position: self.position + 1]
            self._more()

    def _malformed(self, message: str) -> CardError:
        at = self.position  # line:column as json reports them
        inside = self.buffer.count("\n", 0, at)
        line = self.lines + inside + 1
        column = (at - self.buffer.rfind("\n", 0, at) if inside
                  else self.consumed + at - self.last_newline)
        return CardError(f"malformed JSON: {message}", file=self.path, place=f"{line}:{column}")

    def expect(self, char: str) -> None:
        if self.peek() != char:
            found = self.peek()
            raise self._malformed(f"expected {char!r}" + (f", found {found!r}" if found else
                                                          " (the file looks truncated)"))
        self.position += 1

    def value(self) -> Any:
        self.peek()
        while True:
            try:
                value, end = self.DECODER.raw_decode(self.buffer, self.position)
            except json.JSONDecodeError as exc:
                incomplete = exc.pos >= len(self.buffer) - 1 or exc.msg.startswith("Unterminated")
                if self.eof or not incomplete:
                    truncated = " (the file looks truncated)" if self.eof and incomplete else ""
                    self.position = exc.pos
                    raise self._malformed(f"{exc.msg}{truncated}") from None
                self._more(len(self.buffer) - self.position)  # double what is buffered
                continue
            except RecursionError:
                raise self._malformed("nested too deeply") from None
            except ValueError as exc:  # an integer of more than 4,300 digits
                raise self._malformed(str(exc).splitlines()[0]) from None
            if end == len(self.buffer) and not self.eof and self.buffer[self.position] not in '{["':
                self._more()  # a number may go on
                continue
            self.position = end
            return value

    def members(self) -> Iterator[str]:
        """The keys of an object, each followed by its value (read it with value())."""
        self.expect("{")
        if self.peek() == "}":
            self.position += 1
            return
        while True:
            key = self.value()
            if not isinstance(key, str):
                raise self._malformed("expected a key")
            self.expect(":")
            yield key
            if self.peek() == ",":
                self.position += 1
                continue
            self.expect("}")
            return

    def elements(self) -> Iterator[Any]:
        self.expect("[")
        if self.peek() == "]":
            self.position += 1
            return
        while True:
            yield self.value()
            if self.peek() == ",":
                self.position += 1
                continue
            self.expect("]")
            return


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value.strip() else None


def _check_fields(face: dict, name: Any, type_key: str, text_key: str, cost_key: str) -> str | None:
    if not isinstance(name, str) or not name.strip():
        return "no name"
    if len(name) > 200:
        return "a name longer than 200 characters"
    if not isinstance(face.get(type_key), str) or not face[type_key].strip():
        return "no type line"
    if face.get(text_key) is not None and not isinstance(face[text_key], str):
        return "its text is not text"
    if face.get(cost_key) is not None and not isinstance(face[cost_key], str):
        return "its mana cost is not text"
    for value in face.values():  # NUL or a lone surrogate (documents.text_problem)
        for text in (value if isinstance(value, list) else [value]):
            problem = documents.text_problem(text) if isinstance(text, str) else None
            if problem:
                return problem
    return None


# ------------------------------------------------------------------ writing
@dataclass
class ImportReport:
    path: Path
    faces: int
    compiled: int
    unsupported: int
    skipped: list[tuple[str, str]]
    mana: int
    mana_compiled: int
    seconds: float
    partial: int = 0
    skipped_kinds: dict[str, int] = field(default_factory=dict)
    meta: dict[str, str] = field(default_factory=dict)


def compile_face(face: Face) -> oracle.Compiled:
    from pysolver.cards import oracle

    result = oracle.compile_card(face.name, face.text, face.type_line, types=face.types,
                                 subtypes=face.subtypes, supertypes=face.supertypes,
                                 mana_cost=None, keywords=face.keywords,
                                 power=face.power, toughness=face.toughness)
    cost = face.mana_cost
    if not cost and "Land" not in result.card.get("types", []):  # CR 202.1b: no mana cost, stated (118.6)
        result.card["mana_cost"] = ""
    if cost:
        if MANA_COST.match(cost):
            result.card["mana_cost"] = cost
        else:
            result.problems.append(f"the mana cost {cost} has symbols the rules don't know")
    result.card = _ordered(result.card)
    return result


def _ordered(card: dict[str, Any]) -> dict[str, Any]:
    order = ("name", "mana_cost", "types", "supertypes", "subtypes", "keywords", "power",
             "toughness", "enters_tapped", "enters_with_counters", "echo", "doesnt_untap",
             "may_not_untap", "untaps_in_others_untap", "enters_instead",
             "as_enters_sacrifice_all", "devour", "others_enter_tapped",
             "others_enter_untapped", "others_enter_with_counters", "instead_of_losing",
             "exiled_instead_of_graveyard",
             "additional_land_plays",
             "abilities",
             "effect", "enchant", "oracle")
    # The keys of no place in the order follow, as compiled: none is dropped (kicker, spell, ...).
    return {**{key: card[key] for key in order if key in card},
            **{key: value for key, value in card.items() if key not in order}}


def _same_file(first: Path, second: Path) -> bool:
    try:
        return first.resolve() == second.resolve() or (second.exists() and os.path.samefile(first, second))
    except OSError:
        return False


def remove_stale_files(target: Path) -> list[Path]:
    """Remove what an import killed mid-write left beside ``target``: its hidden
    ``.NAME.PID.tmp`` file (and any ``-journal``) whose process is gone."""
    removed: list[Path] = []
    pattern = re.compile(rf"\.{re.escape(target.name)}\.(\d+)\.tmp(?:-journal)?")
    try:
        entries = list(target.parent.iterdir())
    except OSError:
        return removed
    for entry in entries:
        m = pattern.fullmatch(entry.name)
        if not m or _alive(int(m.group(1))):
            continue
        try:
            entry.unlink()
            removed.append(entry)
        except OSError:
            pass
    return removed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True


def _old_card_count(target: Path) -> int:
    """How many cards the library at ``target`` holds (0 if none, or not a library)."""
    if not target.is_file() or not is_database(target):
        return 0
    try:
        return len(CardDatabase(target))
    except CardError:
        return 0


def import_cards(source_path: str | Path, output: str | Path | None = None,
                 progress: Callable[[int, int], None] | None = None, force: bool = False) -> ImportReport:
    """Compile every card of a data file into a new SQLite library (atomically replaced).
    A source with no cards doesn't replace a library that has some unless ``force``."""
    started = time.perf_counter()
    target = Path(output) if output else default_path()
    if _same_file(Path(source_path), target):
        raise CardError("the library would overwrite the card data it is made from: choose another "
                        "--output", file=str(target))
    source = Source(source_path)
    total = source.count()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CardError(f"can't create the folder: {exc.strerror}", file=str(target.parent)) from None
    remove_stale_files(target)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    rows, aliases, classified = [], [], []
    names: set[str] = set()
    mana = mana_ok = unsupported = partial = 0
    for done, face in enumerate(source.faces(), start=1):
        if progress and done % 2000 == 0:
            progress(done, total)
        if face.name in names:
            source.skip(repr(face.name), "a second card face with this name", "repeated face")
            continue
        names.add(face.name)
        result = compile_face(face)
        if face.full_name and face.full_name not in names:
            aliases.append((face.full_name, face.name))
        mana += result.has_mana_ability
        mana_ok += result.has_mana_ability and result.ok
        status = result.status
        unsupported += status == "unsupported"
        partial += status == "partial"
        reason = "; ".join(result.problems) if status == "unsupported" else (
            "not understood: " + " ".join(repr(t) for t in result.ignored) if status == "partial" else "")
        rows.append((face.name, face.name.casefold(), face.type_line, face.mana_cost,
                     face.text, json.dumps(result.card, ensure_ascii=False, separators=(",", ":")),
                     status, reason, int(result.has_mana_ability), int(result.could_produce)))
        classified.append((face.name, json.dumps(result.sentences, ensure_ascii=False,
                                                 separators=(",", ":"))))
    if progress:
        progress(total, total)
    if not rows and not force:
        old = _old_card_count(target)
        if old:
            raise CardError(f"{source_path} has no cards, and the library here holds {old:,}: "
                            "pass --force to replace it with an empty one", file=str(target))
    try:
        if temporary.exists():
            temporary.unlink()
        connection = sqlite3.connect(temporary)
        try:
            # A new file renamed into place at the end: no journal is needed (none is
            # left behind if the import is killed).
            connection.execute("PRAGMA journal_mode=OFF")
            connection.executescript(SCHEMA_SQL)
            connection.executemany("INSERT INTO cards VALUES (?,?,?,?,?,?,?,?,?,?)", rows)
            connection.executemany("INSERT OR IGNORE INTO aliases VALUES (?,?)",
                                   [a for a in aliases if a[0] not in names])
            connection.executemany("INSERT INTO skipped VALUES (?,?)", source.skipped)
            connection.executemany("INSERT INTO sentences VALUES (?,?)", classified)
            connection.execute("CREATE INDEX cards_folded ON cards(folded)")
            meta = {"format": FORMAT, **provenance(source), "compiler": cache.source_fingerprint(),
                    "cards": str(len(rows)),
                    "skipped_by_kind": json.dumps(dict(sorted(source.skipped_kinds.items())))}
            connection.executemany("INSERT INTO meta VALUES (?,?)", meta.items())
            connection.commit()
        finally:
            connection.close()
        os.replace(temporary, target)
    except (OSError, sqlite3.Error) as exc:
        _unlink(temporary)
        message = getattr(exc, "strerror", None) or str(exc)
        raise CardError(f"can't write the library: {message}", file=str(target)) from None
    except BaseException:
        _unlink(temporary)
        raise
    return ImportReport(target, len(rows), len(rows) - unsupported - partial, unsupported,
                        source.skipped, mana, mana_ok, time.perf_counter() - started, partial,
                        dict(sorted(source.skipped_kinds.items())),
                        {k: v for k, v in meta.items() if v and k not in ("skipped_by_kind", "format", "compiler")})


SCRYFALL_STAMP = re.compile(r"(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})")


def provenance(source: Source) -> dict[str, str]:
    """Where a library's cards come from: the file, its SHA-256, the data's version and
    date (MTGJSON's ``meta``; Scryfall's ``updated_at``, else the time stamp in the bulk
    file's name), the import's date and pysolver's version."""
    from pysolver import __version__

    digest = hashlib.sha256()
    with open(source.path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    meta = source.meta
    version = meta["version"] if isinstance(meta.get("version"), str) else ""
    date: str = meta["date"] if isinstance(meta.get("date"), str) else ""
    if source.kind == "scryfall":
        date = source.updated_at or ""
        stamp = SCRYFALL_STAMP.search(os.path.basename(source.path))
        if not date and stamp:
            y, mo, d, h, mi, se = stamp.groups()
            date = f"{y}-{mo}-{d}T{h}:{mi}:{se}Z"
    found = {"source": os.path.basename(source.path), "source_kind": source.kind,
             "source_version": version[:100], "source_date": date[:100],
             "source_sha256": digest.hexdigest(),
             "imported_at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
             "pysolver_version": __version__}
    return {key: value for key, value in found.items() if value}  # a date not stated is absent


def _unlink(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)


# ------------------------------------------------------------------ reading back
def is_database(path: str | Path) -> bool:
    """A SQLite library (by its header, or by its suffix when it can't be read)."""
    try:
        with open(path, "rb") as handle:
            return handle.read(16) == SQLITE_HEADER
    except OSError:
        return str(path).endswith(DATABASE_SUFFIXES)


@dataclass(frozen=True)
class Entry:
    """One row of a card database."""

    name: str
    type_line: str
    mana_cost: str
    oracle: str
    definition: dict[str, Any]
    status: str
    reason: str
    mana: bool


class CardDatabase(Library):
    """A SQLite card library, read lazily: a card is read when a board names it."""

    def __init__(self, path: str | Path):
        super().__init__({})
        self.path = str(path)
        if not Path(self.path).is_file():
            raise CardError("no such file", file=self.path)
        remove_stale_files(Path(self.path))
        try:
            # A file: URI with the path percent-encoded (as_uri), so "%41", "#" or "?" in
            # the path are the path's own characters, never URI syntax.
            self.connection = sqlite3.connect(f"{Path(self.path).resolve().as_uri()}?mode=ro", uri=True,
                                              check_same_thread=False)
            found = dict(self.connection.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.Error:
            raise CardError("not a pysolver card library (run: pysolver cards import FILE)",
                            file=self.path) from None
        if found.get("format") != FORMAT:
            raise CardError(f"card library format {found.get('format')!r}; expected {FORMAT!r}",
                            file=self.path)
        # The compiler that compiled its cards: another one (an older or newer pysolver) may
        # compile a card otherwise (a sentence it calls irrelevant that this one reads, or the
        # reverse), so its cards are used by no query (``get``); show, search and info still read it.
        self.compiled_here = found.get("compiler") == cache.source_fingerprint()
        self._entries: dict[str, Entry | None] = {}
        self._names: list[str] | None = None

    def _compiled_here(self) -> None:
        if not self.compiled_here:
            raise CardError("its cards were compiled by another version of pysolver's Oracle compiler, "
                            "which may read their text otherwise: import it again (pysolver cards import FILE)",
                            file=self.path)

    def _query(self, sql: str, arguments: tuple = ()) -> list[tuple]:
        try:
            return self.connection.execute(sql, arguments).fetchall()
        except sqlite3.Error as exc:
            raise CardError(f"can't read the card library: {exc}", file=self.path) from None

    def entry(self, name: str) -> Entry | None:
        if name not in self._entries:
            rows = self._query("SELECT name, type_line, mana_cost, oracle, definition, status, reason,"
                               " mana FROM cards WHERE name = ?", (name,))
            if not rows:
                rows = self._query("SELECT c.name, c.type_line, c.mana_cost, c.oracle, c.definition,"
                                   " c.status, c.reason, c.mana FROM aliases a JOIN cards c"
                                   " ON c.name = a.name WHERE a.alias = ?", (name,))
            if rows:
                row = rows[0]
                try:
                    definition = json.loads(row[4])
                    documents.check_data(definition, self.path, CardError)
                except (ValueError, RecursionError, CardError):
                    raise CardError(f"card {name!r}: damaged definition", file=self.path) from None
                self._entries[name] = Entry(row[0], row[1], row[2], row[3], definition, row[5],
                                            row[6], bool(row[7]))
            else:
                self._entries[name] = None
        return self._entries[name]

    def __contains__(self, name: str) -> bool:
        return self.entry(name) is not None

    def __len__(self) -> int:
        return self._query("SELECT count(*) FROM cards")[0][0]

    def get(self, name: str) -> Card | None:
        if name in self.cards:
            return self.cards[name]  # admitted already (a partial card: when it was allowed)
        entry = self.entry(name)
        if entry is not None:
            self._compiled_here()
        if entry is None or entry.status == "unsupported":
            return None
        if entry.status == "partial":
            if not ALLOW_PARTIAL.get():
                return None
            used = PARTIAL_USED.get()
            if used is not None:
                used[entry.name] = self.ignored(entry.name)
        if name not in self.cards:
            data = {**entry.definition, "name": name}
            error = schemas.first_error(schemas.CARDS_SCHEMA, {"format": "pysolver-cards/1",
                                                               "cards": [data]})
            if error is not None:
                raise CardError(f"card {name!r}: {schemas.describe(error)}", file=self.path)
            self.cards[name] = Card(name, data, self.path)
        return self.cards[name]

    def unsupported(self, name: str) -> str | None:
        entry = self.entry(name)
        if entry is None or entry.status == "ok":
            return None
        if entry.status == "partial":
            if ALLOW_PARTIAL.get():
                return None
            return (f"some of its sentences are not understood ({', '.join(map(repr, self.ignored(name)))}); "
                    "--allow-partial uses it without them")
        return entry.reason

    def sentences(self, name: str) -> list[dict[str, Any]] | None:
        """Every sentence of the card's text classified (oracle.Compiled.sentences), or None
        for a library imported before sentences were classified."""
        entry = self.entry(name)
        if entry is None:
            return None
        try:
            rows = self._query("SELECT classified FROM sentences WHERE name = ?", (entry.name,))
        except CardError:
            return None  # no such table: imported by an older pysolver
        return json.loads(rows[0][0]) if rows else None

    def ignored(self, name: str) -> list[str]:
        from pysolver.cards import oracle

        return [s["text"] for s in self.sentences(name) or [] if s["class"] == oracle.NOT_UNDERSTOOD]

    def closest(self, name: str, n: int = 3) -> list[str]:
        import difflib

        if self._names is None:
            self._names = [row[0] for row in self._query("SELECT name FROM cards")]
        by_lower = {key.lower(): key for key in self._names}
        found = difflib.get_close_matches(name.lower(), list(by_lower), n=n, cutoff=0.6)
        return [by_lower[key] for key in found]

    def search(self, text: str, limit: int = 50) -> list[Entry]:
        """Cards whose name or Oracle text contains ``text`` (case-insensitive)."""
        pattern = "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        rows = self._query("SELECT name FROM cards WHERE name LIKE ? ESCAPE '\\' OR oracle LIKE ?"
                           " ESCAPE '\\' ORDER BY name LIMIT ?", (pattern, pattern, limit))
        return [self.entry(row[0]) for row in rows]

    def unsupported_entries(self) -> list[Entry]:
        """Cards not compiled, and partial ones (with what is not understood), by name."""
        rows = self._query("SELECT name FROM cards WHERE status != 'ok' ORDER BY name")
        return [self.entry(row[0]) for row in rows]

    def info(self) -> dict[str, Any]:
        """The library's provenance (docs/cards-import.md, "Where the cards come from"); a
        field a library imported by an older pysolver lacks is absent."""
        found = dict(self._query("SELECT key, value FROM meta"))
        info: dict[str, Any] = {"library": self.path}
        for key in ("source", "source_kind", "source_version", "source_date", "source_sha256",
                    "imported_at", "pysolver_version"):
            if found.get(key):
                info[key] = found[key]
        info["compiled_by_this_version"] = self.compiled_here
        try:
            info["skipped_by_kind"] = json.loads(found.get("skipped_by_kind", "{}"))
        except ValueError:
            raise CardError("damaged metadata (skipped_by_kind)", file=self.path) from None
        info.update(self.summary())
        return info

    def names(self) -> list[tuple[str, str]]:
        """Every card's name and status, by name."""
        return [(row[0], row[1]) for row in self._query("SELECT name, status FROM cards ORDER BY name")]

    def skipped(self) -> list[tuple[str, str]]:
        return [tuple(row) for row in self._query("SELECT entry, reason FROM skipped")]

    def summary(self) -> dict[str, int]:
        total, ok, mana, mana_ok, partial = self._query(
            "SELECT count(*), sum(status = 'ok'), sum(mana), sum(mana AND status = 'ok'),"
            " sum(status = 'partial') FROM cards")[0]
        return {"cards": total, "compiled": ok or 0, "mana": mana or 0, "mana_compiled": mana_ok or 0,
                "partial": partial or 0}
