"""Typed actions and events with a stable, round-tripping text form.

Every action and event is a frozen dataclass whose class carries a short ``KIND`` name. Its text
form is ``kind(field=literal, ...)`` with Python literals (ints, strings, booleans, None and
tuples of those), fields in declaration order. The form is stable, so logs, save files and tests
can store it, and ``codec.parse(str(value)) == value`` always holds.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import types
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import ClassVar, TypeVar

from sleuth.core.errors import ParseError
from sleuth.core.wording import either

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

Check = Callable[[object], bool]


def _describe_type(hint: object) -> str:
    if hint is int:
        return "a whole number"
    if hint is bool:
        return "true or false"
    if hint is str:
        return "a text"
    if hint is type(None):
        return "nothing"
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return either(_describe_type(arg) for arg in typing.get_args(hint))
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return f"a list of {_PLURAL_WORDS.get(args[0], 'values')}"
    if hint is tuple or origin is tuple:
        return "a list of values"
    return getattr(hint, "__name__", str(hint))


_PLURAL_WORDS = {int: "whole numbers", str: "texts", bool: "true or false values"}


def _checker(hint: object) -> Check:
    """A test that a value fits a field's annotation (the types actions are written with)."""
    if hint is bool:
        return lambda v: isinstance(v, bool)
    if hint is int:
        return lambda v: isinstance(v, int) and not isinstance(v, bool)
    if hint is str:
        return lambda v: isinstance(v, str)
    if hint is type(None):
        return lambda v: v is None
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        options = tuple(_checker(arg) for arg in args)
        return lambda v: any(check(v) for check in options)
    if hint is tuple or (origin is tuple and not args):
        return lambda v: isinstance(v, tuple) and _is_literal(v)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _checker(args[0])
            return lambda v: isinstance(v, tuple) and all(item(x) for x in v)
        items = tuple(_checker(arg) for arg in args)
        return lambda v: isinstance(v, tuple) and len(v) == len(items) and all(c(x) for c, x in zip(items, v, strict=True))
    return lambda v: True  # an annotation this check does not know: the engine's own rules decide


def _is_literal(value: object) -> bool:
    if isinstance(value, tuple):
        return all(_is_literal(item) for item in value)
    return isinstance(value, _LITERAL_TYPES)


_EXACT = (int, str, bool, type(None))


def _exact_types(hint: object) -> frozenset[type]:
    """The plain types a field may hold when that settles it (int, str, bool, None and their unions)."""
    if hint in _EXACT:
        return frozenset((hint,))
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        args = typing.get_args(hint)
        if all(arg in _EXACT for arg in args):
            return frozenset(args)
    return frozenset()


@functools.cache
def _field_checks(cls: type) -> tuple[tuple[str, frozenset[type], Check, str], ...]:
    """Per field: its name, the plain types that settle it at once, the full test, its words."""
    hints = typing.get_type_hints(cls)
    return tuple(
        (f.name, _exact_types(hints[f.name]), _checker(hints[f.name]), _describe_type(hints[f.name]))
        for f in dataclasses.fields(cls) if f.name in hints and not f.kw_only
    )


def field_problem(value: Value) -> str | None:
    """None when every field holds what its annotation says, else the first mismatch in words.

    Engines compare fields with ``==`` and index with them, so a wrongly typed field (a slot of
    ``'0'``, a Paws flag of ``'x'``) must be refused before any rule looks at it. It runs on every
    ``apply``, bots' rollouts included, so a field of one plain type costs one ``type() is``.
    """
    for name, exact, check, wanted in _field_checks(type(value)):
        got = getattr(value, name)
        if type(got) in exact:
            continue
        if not check(got):
            shown = repr(got)
            shown = shown if len(shown) <= 40 else shown[:37] + "..."
            return f"{value.KIND}.{name} must be {wanted}, not {shown}"
    return None


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

    def classes(self) -> tuple[type[Value], ...]:
        return tuple(self._by_kind.values())

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
