"""How close another player is to reconstructing their lead, read in their area.

Play-test (a board-gamer who knows the physical game, three whole games): "you can't see the other
players' grids. Their panels only show the lead and a row of small threads, plus proof counts ... At
the table you can always see how close a rival is. Here Watson went from 3 to 7 to 10 points with
nothing readable beforehand." Each other player's area now says it under their lead ("Ready now",
"1 item short", "4 items short"), and the tooltips of their lead and area say it in a sentence,
worked out from what the table shows of them only, once per observation.
"""

import dataclasses

import pytest

from sleuth.games.case_connection import bots
from sleuth.games.case_connection.bots import shortfall
from sleuth.games.case_connection.table.layout import panel_dims
from sleuth.ui.canvas import Canvas
from tests.games.case_connection.helpers import give, set_lead
from tests.games.case_connection.test_table import overlap, playing_table

READY_LEAD, READY_THREADS, READY_PROOFS = "L12", ["T05", "T11", "T09", "T04", "T07"], "FCWWU"


class Texts:
    """Every line of text a frame drew: (words, rectangle, size)."""

    def __init__(self, monkeypatch):
        self.drawn = []
        text = Canvas.text

        def spy(canvas, words, pos, size, colour, anchor="topleft", bold=False, serif=False):
            rect = text(canvas, words, pos, size, colour, anchor, bold, serif)
            self.drawn.append((words, rect, size))
            return rect

        monkeypatch.setattr(Canvas, "text", spy)


def _rival_ready_others_holding_much(table):
    """Seat 1 holds what reconstructs its lead (two rows of threads); every other rival a full hand,
    proofs of every kind, completed leads and Bonus Point tokens: the most an area has to show."""
    state = table.state
    set_lead(state, 1, READY_LEAD)
    give(state, 1, READY_THREADS, READY_PROOFS)
    for seat in range(2, state.players):
        give(state, seat, list(state.thread_deck[:7]), "FWCU")
    for seat in range(1, state.players):
        state.completed[seat] += [state.lead_deck.pop(), state.lead_deck.pop()]
        state.bonus_tokens[seat] += 2
        state.bonus_pool -= 2
    state.check_invariants()
    table.rebuild_view(animate=False)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_rivals_area_says_how_close_they_are_to_reconstructing(app, monkeypatch, players):
    """Every other player's area says under their lead how many items it lacks, or that they can
    reconstruct it now, in words of 14 px inside the area, clear of every piece in it, at 2, 3 and
    4 players (at 4 the areas are 152 px high); their lead's tooltip says the same in a sentence."""
    table = playing_table(app, players=players)
    _rival_ready_others_holding_much(table)
    view, obs = table.view, table.state.observe(0)
    app.keep_painted_layers = False
    texts = Texts(monkeypatch)
    app.draw()
    for seat, rect in view.seat_rects().items():
        lead = view.cards.lead(obs.leads[seat])
        short = shortfall(view.cards, lead, obs.threads[seat], obs.proofs[seat])
        if seat == 1:
            assert short == 0
        label = view.progress_label(short)
        x, y, w, h = rect
        rx, ry, rw, rh = panel_dims(rect).progress_room()
        under = [(words, r, size) for words, r, size in texts.drawn
                 if rx <= r[0] + r[2] / 2 <= rx + rw and ry <= r[1] + r[3] / 2 <= ry + rh]
        assert " ".join(words for words, _, _ in under) == label, (seat, label, under)
        pieces = [s.rect_logical for s in view.board.sprites.sprites()
                  if overlap(s.rect_logical, rect) and s.key[0] in ("lead", "thread", "tok", "coin")]
        assert len(pieces) >= 2 + len(obs.threads[seat])
        for words, r, size in under:
            assert size >= 14, (words, size)
            assert x + 2 <= r[0] and r[0] + r[2] <= x + w - 2 and r[1] + r[3] <= y + h - 2, (seat, words, r, rect)
            assert not any(overlap(r, p) for p in pieces), (seat, words, r)
        tip = view.board.sprite(("lead", obs.leads[seat])).tooltip
        assert view.progress_words(seat).strip() and view.progress_words(seat) in tip
    assert view.progress_label(0) == "Ready now"
    assert "can be reconstructed now (4 points)" in view.progress_words(1)
    assert view.progress_label(1) == "1 item short" and view.progress_label(3) == "3 items short"


def test_a_rival_one_item_short_is_told_in_a_sentence_a_person_would_write(app):
    """The tooltip of a rival's lead and area: "Bot1 needs about one more item (threads or proofs)
    to reconstruct it.", never "1 more items"."""
    table = playing_table(app, players=2)
    state = table.state
    set_lead(state, 1, READY_LEAD)
    give(state, 1, READY_THREADS, "WC")  # no Forensic proof (nor a Universal): one proof short
    table.rebuild_view(animate=False)
    view = table.view
    assert view.rival_shortfall(1) == 1
    assert view.progress_words(1) == " Bot1 needs about one more item (threads or proofs) to reconstruct it."
    x, y, w, h = view.seat_rects()[1]
    assert view.progress_words(1) in view.tooltip((x + w - 12, y + h - 12))


def test_how_close_a_rival_is_is_read_from_what_the_table_shows_only(app):
    """No leak: what a rival's area says depends only on what the viewer's observation shows of them
    (their lead, threads and proof counts). Shuffling everything hidden (the decks' order, which
    proofs are in the pile) changes nothing; changing what they hold changes it."""
    table = playing_table(app, players=3)
    state, view = table.state, table.view
    give(state, 1, list(state.thread_deck[:2]), "FW")
    give(state, 2, list(state.thread_deck[:3]), "C")
    table.rebuild_view(animate=False)

    def said():
        return {seat: (view.rival_shortfall(seat), view.progress_words(seat)) for seat in (1, 2)}

    before = said()
    obs = state.observe(0)
    for seat in (1, 2):
        lead = view.cards.lead(obs.leads[seat])
        assert before[seat][0] == shortfall(view.cards, lead, obs.threads[seat], obs.proofs[seat])
    state.thread_deck.reverse()
    state.lead_deck.reverse()
    state.pile = [state.pile[1], state.pile[2], state.pile[0], *state.pile[3:]]  # as many, other kinds
    table.rebuild_view(animate=False)
    assert said() == before
    # the same seats holding other items: the words follow what the table shows
    view.sync(dataclasses.replace(view.obs, threads=(view.obs.threads[0], (), view.obs.threads[2]),
                                  proofs=(view.obs.proofs[0], (0, 0, 0, 0), view.obs.proofs[2])), [], False)
    lead = view.cards.lead(view.obs.leads[1])
    assert view.rival_shortfall(1) == shortfall(view.cards, lead, (), (0, 0, 0, 0)) > before[1][0]
    assert view.rival_shortfall(2) == before[2][0]


def test_how_close_a_rival_is_is_worked_out_once_per_observation(app, monkeypatch):
    """Cheap: the table redraws its painted layer and asks the tooltips many times a second; the
    measure is worked out once per player for an observation, never again frame after frame."""
    calls = []
    real = bots._shortfall_of

    def counted(*args):
        calls.append(args[1].id)
        return real(*args)

    monkeypatch.setattr(bots, "_shortfall_of", counted)
    table = playing_table(app, players=4)
    state, view = table.state, table.view
    for seat in range(1, 4):
        give(state, seat, list(state.thread_deck[:seat]), "FWC"[:seat])
    calls.clear()  # (the bots' own turns asked it too)
    table.rebuild_view(animate=False)
    app.keep_painted_layers = False  # every frame paints the areas again
    app.draw()
    first = len(calls)
    assert 1 <= first <= 3
    for _ in range(30):
        app.draw()
        for seat, (x, y, w, h) in view.seat_rects().items():
            view.tooltip((x + w - 12, y + h - 12))
            assert "reconstruct" in view.tooltip(view.board.sprite(("lead", view.obs.leads[seat])).pos)
    assert len(calls) == first
