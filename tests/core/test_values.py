from dataclasses import dataclass

import pytest

from sleuth.core.values import Action, Event, ValueCodec


@dataclass(frozen=True)
class Arrange(Action):
    KIND = "arrange"
    cells: tuple[tuple[int, int, str], ...]
    note: str | None = None
    flag: bool = False


@dataclass(frozen=True)
class Seen(Event):
    KIND = "seen"
    seat: int
    card: int | None


def test_nested_tuples_round_trip():
    codec = ValueCodec([Arrange])
    action = Arrange(((0, 0, "lead"), (1, 0, "t'hread")), note="x y", flag=True)
    assert codec.parse(str(action)) == action
    single = Arrange(((0, 0, "a"),))
    assert codec.parse(str(single)) == single


def test_event_audience_travels_in_the_text_form_and_filters_views():
    event = Seen(1, 5, audience=(1,))
    assert str(event) == "seen(seat=1, card=5, audience=(1,))"
    assert str(Seen(1, 5)) == "seen(seat=1, card=5)"
    codec = ValueCodec([Seen])
    assert codec.parse(str(event)) == event
    assert event.visible_to(1) and not event.visible_to(0) and not event.visible_to(None)
    assert Seen(1, None).visible_to(None)


def test_floats_and_lists_have_no_text_form():
    with pytest.raises(TypeError, match="stable text form"):
        Arrange(cells=[(0, 0, "x")]).check_text_form()


def test_duplicate_kinds_are_refused():
    @dataclass(frozen=True)
    class Other(Action):
        KIND = "arrange"

    with pytest.raises(ValueError, match="share the kind"):
        ValueCodec([Arrange, Other])


def test_a_redacted_copy_marked_public_is_seen_by_the_public_view_only_with_its_audience():
    secret = Seen(1, 5, audience=(1,))
    redacted = Seen(1, None, audience=(0, 2), public=True)
    assert not secret.visible_to(None)
    assert redacted.visible_to(None) and redacted.visible_to(0) and not redacted.visible_to(1)
    codec = ValueCodec([Seen])
    assert str(redacted) == "seen(seat=1, card=None, audience=(0, 2), public=True)"
    assert codec.parse(str(redacted)) == redacted
