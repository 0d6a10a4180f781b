"""Typed actions and events with a stable, round-tripping text form.

Every action and event is a frozen dataclass whose class carries a short ``KIND`` name. Its text
form is ``kind(field=literal, ...)`` with Python literals (ints, strings, booleans, None and
tuples of those), fields in declaration order. The form is stable, so logs, save files and tests
can store it, and ``codec.parse(str(value)) == value`` always holds.
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar, TypeVar

from sleuth.core.errors import ParseError

_LITERAL_TYPES = (bool, int, str, type(None))


def _check_literal(value: object, where: str) -> None:
    if isinstance(value, tuple):
        for item in value:
            _check_literal(item, where)
        return
    if isinstance(value, float) or not isinstance(value, _LITERAL_TYPES):
        raise TypeError(f"{where}: {type(value).__name__} has no stable text form; use int, str, bool, None or tuple")


def _literal(value: object) -> str:
    if isinstance(value, tuple):
        inner = ", ".join(_literal(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    return repr(value)


@dataclass(frozen=True)
class Value:
    """Base for actions and events: a frozen record with a text form."""

    KIND: ClassVar[str] = ""

    def __str__(self) -> str:
        parts = []
        fields = dataclasses.fields(self)
        for field in sorted(fields, key=lambda f: bool(f.kw_only)):  # keyword-only (audience) last
            if not field.repr:
                continue
            value = getattr(self, field.name)
            if field.kw_only and value == field.default:
                continue  # audience=None and public=False go without saying
            parts.append(f"{field.name}={_literal(value)}")
        return f"{self.KIND}({', '.join(parts)})"

    def check_text_form(self) -> None:
        """Raise TypeError if a field holds something the text form cannot carry."""
        for field in dataclasses.fields(self):
            _check_literal(getattr(self, field.name), f"{self.KIND}.{field.name}")


@dataclass(frozen=True)
class Action(Value):
    """Something a seat asks the engine to do."""


@dataclass(frozen=True)
class Event(Value):
    """Something that happened. ``audience`` lists the seats that may see it; None means everyone.

    An engine that reveals a secret to some seats emits the full event for them and a redacted
    copy for the others in the same place, so every seat's log stays in order. The copy with
    every secret removed is marked ``public=True``: the public view (``seat`` None, drawn on
    handoff screens) sees it too, so it knows that a card was drawn without knowing which.
    """

    audience: tuple[int, ...] | None = dataclasses.field(default=None, kw_only=True)
    public: bool = dataclasses.field(default=False, kw_only=True)

    def visible_to(self, seat: int | None) -> bool:
        if self.audience is None:
            return True
        if seat is None:
            return self.public
        return seat in self.audience


V = TypeVar("V", bound=Value)


class ValueCodec:
    """Parses the text form of a closed set of value classes (one game's actions or events)."""

    def __init__(self, classes: Iterable[type[Value]]) -> None:
        self._by_kind: dict[str, type[Value]] = {}
        for cls in classes:
            if not cls.KIND:
                raise ValueError(f"{cls.__name__} has no KIND")
            if cls.KIND in self._by_kind:
                raise ValueError(f"two classes share the kind {cls.KIND!r}")
            self._by_kind[cls.KIND] = cls

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self._by_kind)

    def parse(self, text: str) -> Value:
        try:
            tree = ast.parse(text.strip(), mode="eval")
        except SyntaxError as exc:
            raise ParseError(f"not an action or event: {text!r} ({exc.msg})") from None
        call = tree.body
        if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name) or call.args:
            raise ParseError(f"expected kind(field=value, ...), got {text!r}")
        cls = self._by_kind.get(call.func.id)
        if cls is None:
            known = ", ".join(sorted(self._by_kind))
            raise ParseError(f"unknown kind {call.func.id!r} in {text!r}; known kinds: {known}")
        kwargs = {}
        for keyword in call.keywords:
            if keyword.arg is None:
                raise ParseError(f"'**' is not allowed in {text!r}")
            try:
                kwargs[keyword.arg] = ast.literal_eval(keyword.value)
            except ValueError:
                raise ParseError(f"{call.func.id}.{keyword.arg} is not a literal in {text!r}") from None
        try:
            return cls(**kwargs)
        except TypeError as exc:
            raise ParseError(f"{text!r} does not fit {cls.KIND}: {exc}") from None
