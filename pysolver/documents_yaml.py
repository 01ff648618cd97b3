"""YAML text as plain Python data with the position of each value (documents.py says the
bounds and checks): PyYAML's parser (libyaml's when installed) gives events, built
into data here, counted and bounded as they come.  Imported only when a YAML file is
read (issue 16: a JSON board or a cached card library needs no PyYAML)."""

from __future__ import annotations

from typing import Any, NoReturn

import yaml
from yaml.constructor import SafeConstructor

from pysolver import documents  # its limits are read when used (a test lowers them)
from pysolver.documents import Document, Path_, text_problem

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the parser only: events, no nodes


# The first letters of YAML 1.1's implicit types (yes/no/on/off/true/false/null).
_RESOLVED_LETTERS = frozenset("yYnNoOtTfF")


class _Composer:
    """Plain data from YAML parser events, counted and bounded as it is built.

    Every value (mapping keys included, an alias counted as the values it
    expands to) is counted the moment it is read, and the nesting depth is
    checked on the way down, so a file past a limit is refused before the rest
    of it is read; nothing is composed into PyYAML nodes first.
    """

    def __init__(self, name: str, error, max_values: int):
        self.name = name
        self.error = error
        self.max_values = max_values
        self.count = 0
        self.marks: dict[Path_, tuple[int, int]] = {}
        self.anchors: dict[str, tuple[Any, int]] = {}  # anchor -> (value, values it counts for)
        self.resolver = yaml.resolver.Resolver()
        self.tags: dict[tuple[str, tuple[bool, bool]], str] = {}
        self.constructor = SafeConstructor()

    def fail(self, mark, message: str) -> NoReturn:
        place = f"{mark.line + 1}:{mark.column + 1}" if mark is not None else None
        raise self.error(message, file=self.name, place=place)

    def add(self, count: int, mark) -> None:
        self.count += count
        if self.count > self.max_values:
            self.fail(mark, f"too many values (more than {self.max_values}, aliases counted as expanded)")

    def document(self, events) -> Any:
        event = next(events)  # StreamStart
        event = next(events)
        if isinstance(event, yaml.StreamEndEvent):
            raise self.error("the file is empty", file=self.name)
        value = self.value(events, next(events), (), 0)
        event = next(events)  # DocumentEnd
        event = next(events)
        if not isinstance(event, yaml.StreamEndEvent):
            self.fail(event.start_mark, "malformed YAML: more than one document in the file")
        return value

    def value(self, events, event, path: Path_, depth: int) -> Any:
        mark = event.start_mark
        if isinstance(event, yaml.AliasEvent):
            known = self.anchors.get(event.anchor or "")
            if known is None:
                self.fail(mark, f"malformed YAML: unknown alias {event.anchor!r}")
            value, size = known
            self.add(size, mark)
            self.marks.setdefault(path, (mark.line + 1, mark.column + 1))
            return value
        if depth > documents.MAX_DEPTH:
            self.fail(mark, f"nested deeper than {documents.MAX_DEPTH} levels")
        start = self.count
        self.add(1, mark)
        self.marks.setdefault(path, (mark.line + 1, mark.column + 1))
        if isinstance(event, yaml.ScalarEvent):
            value = self.scalar(event)
        elif isinstance(event, yaml.SequenceStartEvent):
            self.collection_tag(event, yaml.SequenceNode, "tag:yaml.org,2002:seq")
            value = []
            item = next(events)
            while not isinstance(item, yaml.SequenceEndEvent):
                value.append(self.value(events, item, path + (len(value),), depth + 1))
                item = next(events)
        elif isinstance(event, yaml.MappingStartEvent):
            self.collection_tag(event, yaml.MappingNode, "tag:yaml.org,2002:map")
            value = {}
            item = next(events)
            while not isinstance(item, yaml.MappingEndEvent):
                key = self.key(item)
                if key in value:
                    self.fail(item.start_mark, f"duplicate key {key!r}")
                value[key] = self.value(events, next(events), path + (key,), depth + 1)
                item = next(events)
        else:  # pragma: no cover - the parser gives no other event here
            self.fail(mark, "malformed YAML")
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            self.anchors[anchor] = (value, self.count - start)
        return value

    def collection_tag(self, event, kind, standard: str) -> None:
        tag = event.tag
        if tag is None or tag == "!":
            tag = self.resolver.resolve(kind, None, event.implicit)
        if tag != standard:
            self.fail(event.start_mark, f"unsupported tag {tag!r}")

    def key(self, event) -> str:
        if not isinstance(event, yaml.ScalarEvent):
            self.fail(event.start_mark, "a mapping key must be a plain value")
        self.add(1, event.start_mark)
        if self.tag(event) == "tag:yaml.org,2002:merge":
            self.fail(event.start_mark, "merge keys (<<) are not supported")
        key = self.scalar(event)
        # Keys are text, as in JSON: {1: x} has the key "1".
        return key if isinstance(key, str) else str(key)

    def tag(self, event) -> str:
        if event.tag is None or event.tag == "!":
            value = event.value
            # No implicit type (bool, null, number, timestamp, merge) starts with
            # another letter: such a plain scalar is text, without the resolver.
            if event.implicit[0] and value[:1].isalpha() and value[0] not in _RESOLVED_LETTERS:
                return "tag:yaml.org,2002:str"
            key = (value, event.implicit)
            tag = self.tags.get(key)
            if tag is None:
                tag = self.resolver.resolve(yaml.ScalarNode, value, event.implicit)
                if len(self.tags) < 10_000:  # keys and short values repeat
                    self.tags[key] = tag
            return tag
        return event.tag

    def scalar(self, event) -> Any:
        tag = self.tag(event)
        if tag == "tag:yaml.org,2002:str":
            value: Any = event.value
        else:
            node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
            try:
                value = self.constructor.construct_object(node, deep=True)
            except yaml.YAMLError as exc:
                self.fail(event.start_mark, f"bad value: {str(exc).splitlines()[0]}")
            except (ValueError, OverflowError) as exc:
                self.fail(event.start_mark, f"bad value: {exc}")
        if isinstance(value, str):
            problem = text_problem(value)
            if problem:
                self.fail(event.start_mark, problem)
        return value


def parse(text: str, name: str, error) -> Document:
    """Parse YAML text."""
    composer = _Composer(name, error, documents.MAX_VALUES)
    try:
        data = composer.document(iter(yaml.parse(text, Loader=_LOADER)))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        if "nesting depth" in (exc.problem or exc.context or ""):  # libyaml's own bound (1,000 levels), met first
            # (and no rewording by PyYAML's parser: it took 13 s on 5,000 levels)
            raise error(f"nested deeper than {documents.MAX_DEPTH} levels", file=name) from None
        if _LOADER is not yaml.SafeLoader:
            exc = _python_parser_error(text, mark) or exc
            mark = exc.problem_mark or exc.context_mark
        where = f"{mark.line + 1}:{mark.column + 1}" if mark else None
        problem = exc.problem or exc.context or "malformed YAML"
        raise error(f"malformed YAML: {problem}", file=name, place=where) from None
    except yaml.YAMLError as exc:
        raise error(f"malformed YAML: {str(exc).splitlines()[0]}", file=name) from None
    return Document(name, data, composer.marks)


def _python_parser_error(text: str, mark) -> yaml.MarkedYAMLError | None:
    """PyYAML's own wording of a syntax error libyaml found (the messages the
    documentation shows), from the text up to the end of the line in error."""
    end = len(text)
    if mark is not None:
        cut = 0
        for _ in range(mark.line + 1):
            cut = text.find("\n", cut) + 1
            if cut == 0:
                break
        end = cut or len(text)
    try:
        for _event in yaml.parse(text[:end], Loader=yaml.SafeLoader):
            pass
    except yaml.MarkedYAMLError as exc:
        return exc
    except yaml.YAMLError:
        return None
    return None
