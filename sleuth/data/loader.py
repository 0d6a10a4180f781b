"""Read YAML so that every later complaint can point at the file, the line and the key.

``yaml.safe_load`` forgets where values came from, so we compose the document with the safe
loader (same tags, same safety) and wrap each node in a ``Node`` that knows its file, line and
key path. Game loaders then read their data through ``Node`` methods that check types, ranges
and keys, and build frozen dataclasses. Any problem raises ``DataError`` worded like
``data/cards/beyond-baker-street.yaml:41: leads[3].value: expected an integer 7..13, got 'ten'``.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import yaml
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from sleuth.core.errors import SleuthError

T = TypeVar("T")

#: libyaml's safe loader when PyYAML has it (ten times faster, same nodes and marks), else Python's.
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: Limits that keep a broken or hostile file from costing more than a moment: the bundled files
#: are under 10 kB with about 1,000 values each, so these are a hundred times what a game needs.
MAX_FILE_BYTES = 1_000_000
MAX_NODES = 50_000
#: the longest integer a card may carry (far beyond any count or value a game uses)
MAX_INT_DIGITS = 15


class DataError(SleuthError):
    """A card data file that is not what the game needs."""

    def __init__(self, file: str, line: int | None, path: str, message: str) -> None:
        self.file = file
        self.line = line
        self.path = path
        self.message = message
        where = f"{file}:{line}" if line is not None else file
        key = f" {path}:" if path else ""
        super().__init__(f"{where}:{key} {message}")


def display_path(path: Path | str) -> str:
    """The path relative to the working folder when it lies inside it (shorter messages)."""
    text = str(path)
    try:
        rel = os.path.relpath(text)
    except ValueError:
        return text
    return text if rel.startswith("..") else rel


def _describe(value: Any) -> str:
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "nothing"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)


class Node:
    """One YAML value with its origin. Read it with the typed methods below."""

    __slots__ = ("_node", "file", "path", "_constructor")

    def __init__(self, node: yaml.Node, file: str, path: str, constructor: SafeConstructor) -> None:
        self._node = node
        self.file = file
        self.path = path
        self._constructor = constructor

    @property
    def line(self) -> int:
        return self._node.start_mark.line + 1

    def error(self, message: str) -> DataError:
        return DataError(self.file, self.line, self.path, message)

    def _child(self, node: yaml.Node, suffix: str) -> Node:
        path = f"{self.path}{suffix}" if suffix.startswith("[") or not self.path else f"{self.path}.{suffix}"
        return Node(node, self.file, path, self._constructor)

    # -- structure --------------------------------------------------------------------------
    @property
    def value(self) -> Any:
        """The plain Python value (for messages and scalars)."""
        node = self._node
        if isinstance(node, ScalarNode) and len(str(node.value)) > 4 * MAX_INT_DIGITS and \
                node.tag.endswith((":int", ":float")):
            raise self.error(f"a number with {len(str(node.value))} characters is far too long")
        try:
            return self._constructor.construct_object(node, deep=True)
        except ConstructorError as exc:
            raise self.error(f"cannot read value: {exc.problem}") from None
        except (ValueError, OverflowError, RecursionError, MemoryError):
            raise self.error("cannot read value: it is too large") from None

    def is_mapping(self) -> bool:
        return isinstance(self._node, MappingNode)

    def mapping(self, required: Iterable[str] = (), optional: Iterable[str] = ()) -> dict[str, Node]:
        """The keys of a mapping; unknown, missing and duplicated keys are errors."""
        if not isinstance(self._node, MappingNode):
            raise self.error(f"expected a mapping, got {_describe(self.value)}")
        required = tuple(required)
        allowed = set(required) | set(optional)
        result: dict[str, Node] = {}
        for key_node, value_node in self._node.value:
            if not isinstance(key_node, ScalarNode):
                raise DataError(self.file, key_node.start_mark.line + 1, self.path, "keys must be plain words")
            key = str(key_node.value)
            child = self._child(value_node, key)
            if key in result:
                raise DataError(self.file, key_node.start_mark.line + 1, child.path, "duplicate key")
            if allowed and key not in allowed:
                expected = ", ".join(sorted(allowed))
                raise DataError(
                    self.file, key_node.start_mark.line + 1, child.path, f"unknown key (expected one of: {expected})"
                )
            result[key] = child
        for key in required:
            if key not in result:
                raise self.error(f"missing key {key!r}")
        return result

    def items(self) -> Iterator[tuple[str, Node]]:
        """Key/value pairs of a mapping whose keys are data (ids), not a fixed schema."""
        return iter(self.mapping().items())

    def seq(self, min_len: int | None = None, max_len: int | None = None) -> list[Node]:
        if not isinstance(self._node, SequenceNode):
            raise self.error(f"expected a list, got {_describe(self.value)}")
        items = [self._child(n, f"[{i}]") for i, n in enumerate(self._node.value)]
        if min_len is not None and len(items) < min_len:
            raise self.error(f"expected at least {min_len} entries, got {len(items)}")
        if max_len is not None and len(items) > max_len:
            raise self.error(f"expected at most {max_len} entries, got {len(items)}")
        return items

    def exactly(self, count: int) -> list[Node]:
        items = self.seq()
        if len(items) != count:
            raise self.error(f"expected exactly {count} entries, got {len(items)}")
        return items

    # -- scalars ----------------------------------------------------------------------------
    def int(self, lo: int | None = None, hi: int | None = None) -> int:
        value = self.value
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**MAX_INT_DIGITS:
            raise self.error(f"expected an integer{_range_text(lo, hi)} of at most {MAX_INT_DIGITS} digits")
        if isinstance(value, bool) or not isinstance(value, int) or not _in_range(value, lo, hi):
            raise self.error(f"expected an integer{_range_text(lo, hi)}, got {_describe(value)}")
        return value

    def number(self, lo: float | None = None, hi: float | None = None) -> float:
        value = self.value
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not _in_range(value, lo, hi):
            raise self.error(f"expected a number{_range_text(lo, hi)}, got {_describe(value)}")
        return float(value)

    def bool(self) -> bool:
        value = self.value
        if not isinstance(value, bool):
            raise self.error(f"expected true or false, got {_describe(value)}")
        return value

    def str(self, choices: Iterable[str] | None = None, nonempty: bool = True) -> str:
        value = self.value
        if not isinstance(value, str) or (nonempty and not value.strip()):
            raise self.error(f"expected {'a non-empty ' if nonempty else 'a '}text, got {_describe(value)}")
        if choices is not None:
            options = tuple(choices)
            if value not in options:
                raise self.error(f"expected one of {', '.join(options)}, got {value!r}")
        return value

    def list_of(self, read: Callable[[Node], T], min_len: int | None = None, max_len: int | None = None) -> list[T]:
        return [read(item) for item in self.seq(min_len, max_len)]


def _in_range(value: float, lo: float | None, hi: float | None) -> bool:
    return (lo is None or value >= lo) and (hi is None or value <= hi)


def _range_text(lo: float | None, hi: float | None) -> str:
    if lo is not None and hi is not None:
        return f" {lo}..{hi}"
    if lo is not None:
        return f" >= {lo}"
    if hi is not None:
        return f" <= {hi}"
    return ""


def _most_values(text: str) -> int:
    """An upper bound on the values a YAML text can hold: each one needs a separator (a line break,
    a comma, ": ", "- ") or a bracket. Checked before parsing, so a hostile file costs nothing."""
    return sum(text.count(mark) for mark in ("\n", ",", ": ", "- ", "[", "{")) + 1


def _count_nodes(root: yaml.Node, limit: int) -> int:
    count, stack = 0, [root]
    while stack:
        node = stack.pop()
        count += 1
        if count > limit:
            break
        if isinstance(node, SequenceNode):
            stack.extend(node.value)
        elif isinstance(node, MappingNode):
            for key, value in node.value:
                stack.extend((key, value))
    return count


def load_yaml_text(text: str, file: str) -> Node:
    """Compose YAML text (safely) into a root ``Node``; syntax errors and limits become DataError."""
    if len(text) > MAX_FILE_BYTES:
        raise DataError(file, None, "", f"the file is too large for card data (more than {MAX_FILE_BYTES:,} characters)")
    if _most_values(text) > MAX_NODES * 4:
        raise DataError(file, None, "", f"the file holds far more values than card data can (limit {MAX_NODES:,})")
    try:
        root = yaml.compose(text, Loader=_SAFE_LOADER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        raise DataError(file, line, "", f"not valid YAML: {exc.problem or exc.context}") from None
    except yaml.YAMLError as exc:
        raise DataError(file, None, "", f"not valid YAML: {exc}") from None
    except (RecursionError, MemoryError):
        raise DataError(file, None, "", "the file is nested too deeply or too large to read") from None
    if root is None:
        raise DataError(file, 1, "", "the file is empty")
    if _count_nodes(root, MAX_NODES) > MAX_NODES:
        raise DataError(file, None, "", f"the file holds more than {MAX_NODES:,} values, far more than card data")
    return Node(root, file, "", SafeConstructor())


def load_yaml(path: Path | str) -> Node:
    """Read a card data file: a regular file of at most ``MAX_FILE_BYTES``, checked before parsing."""
    file = display_path(path)
    try:
        info = Path(path).stat()
        if not stat.S_ISREG(info.st_mode):
            raise DataError(file, None, "", "not a regular file (card data is a YAML file)")
        if info.st_size > MAX_FILE_BYTES:
            raise DataError(file, None, "", f"the file is {info.st_size:,} bytes; card data files are at most "
                                            f"{MAX_FILE_BYTES:,} bytes")
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)  # a file growing while read is still cut off
        text = raw.decode("utf-8")
    except FileNotFoundError:
        raise DataError(file, None, "", "file not found") from None
    except UnicodeDecodeError as exc:
        raise DataError(file, None, "", f"not UTF-8 text ({exc.reason})") from None
    except OSError as exc:
        raise DataError(file, None, "", f"cannot be read: {exc.strerror}") from None
    return load_yaml_text(text, file)


def unique(nodes: Iterable[tuple[Node, Any]], what: str = "id") -> None:
    """Raise at the second occurrence of any repeated value (ids, names)."""
    seen: dict[Any, Node] = {}
    for node, value in nodes:
        if value in seen:
            raise node.error(f"duplicate {what} {value!r} (first at line {seen[value].line})")
        seen[value] = node
