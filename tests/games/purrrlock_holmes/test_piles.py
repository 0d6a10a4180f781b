"""The Leads and Dead Ends piles of every seat fit their panels, at every seat count and for the
longest piles the rules allow, also while a solved case's pile waits to go to the discard."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from sleuth.games.purrrlock_holmes import rules as R
from sleuth.games.purrrlock_holmes.table.layout import LABEL_H
from sleuth.games.purrrlock_holmes.table.paint import CARD, TAB, small_text_rects
from sleuth.ui.driver import pump
from tests.games.purrrlock_holmes import helpers as H
from tests.games.purrrlock_holmes.test_table import solo_table
from tests.text_spy import record_texts


def longest_pile(cards, players: int) -> int:
    """The most answers one Investigation can gather: its seeding, then every turn's Investigate
    of a game that runs to Furriarty's escape (a round per token right of him, and the last)."""
    rounds = cards.trails[players].right_face_down + 1
    return cards.seed_cards + cards.investigate_cards * rounds


def box(place) -> pygame.Rect:
    (x, y), _angle, (w, h) = place[:3]
    return pygame.Rect(round(x - w / 2), round(y - h / 2), round(w), round(h))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_lead_and_dead_end_pile_fits_its_panel_with_its_label_and_names_showing(app, players):
    """Play-test at 5 seats (g5_1, g5_3, z9): by round 4 an Easy bot had 5 or 6 Dead Ends; the
    pile covered its "Dead Ends" label and ran past its panel's bottom onto the notes' frame, each
    row hiding the clocks of the row above; two Leads lay against the panel's left edge (s173).
    For every pile size up to the longest the rules allow, at the bottom seat and another: every
    card (and the "+N" tile over the oldest, where they do not all fit) lies inside its panel,
    under its label, off the stand and at least 6 px from the panel's sides; every card not under
    the tile shows its hour and suspect's name; the tile counts the cards under it."""
    table = solo_table(app, players=players)
    view = table.view
    obs = view.obs
    cards = view.cards
    used = set(obs.hand) | set(table.state.investigation)
    free = [c for c in range(cards.card_count) if c not in used]
    most = longest_pile(cards, players)
    assert most >= 12
    home, other = view.home, view.others()[0]
    for count in range(most + 1):
        for dead in (False, True):
            pool = list(free)
            piles = [[] for _ in range(players)]
            for seat in (home, other):
                piles[seat] = [pool.pop() for _ in range(count)]
            empty = ((),) * players
            zone = {"dead_ends" if dead else "leads": tuple(map(tuple, piles)),
                    "leads" if dead else "dead_ends": empty}
            view.obs = dataclasses.replace(obs, discard=(), **zone)
            placed = view._layout()
            for seat in (home, other):
                panel = pygame.Rect(view.panel_rect(seat)).inflate(-12, 0)  # 6 px off either side
                rx, ry, rw, rh = view.lead_region(seat, dead)
                sx, sy = view.stand_pos(seat)
                stand = pygame.Rect(round(sx - CARD[0] / 2), round(sy - CARD[1] / 2), CARD[0], CARD[1])
                tile = placed.get(("more", seat, dead))
                keys = [("card", c) for c in piles[seat]] + ([("more", seat, dead)] if tile else [])
                for key in keys:
                    where = box(placed[key])
                    assert panel.contains(where), (players, seat, count, dead, key, where, panel)
                    assert where.top >= ry + LABEL_H, (players, seat, count, dead, key, where)
                    assert not where.colliderect(stand), (players, seat, count, dead, key)
                hidden = int(tile[3].key[1]) if tile else 0  # the tile's face says how many
                assert hidden == (sum(1 for c in piles[seat] if box(placed[("card", c)]) == box(tile))
                                  if tile else 0)
                shown = piles[seat][hidden:]
                assert len(shown) >= min(count, 5)
                above = [(k, p) for k, p in placed.items() if k[0] in ("card", "more", "back", "stand")]
                for card in shown:
                    place = placed[("card", card)]
                    me = box(place)
                    texts = [pygame.Rect(me.x + x, me.y + y, w, h)
                             for x, y, w, h in small_text_rects(app.canvas, cards, card, place[2])]
                    for key, other_place in above:
                        if key == ("card", card) or other_place[6] <= place[6]:
                            continue
                        assert not [t for t in texts if t.colliderect(box(other_place))], \
                            (players, seat, count, dead, cards.card_name(card), key)


def test_a_solved_cases_long_pile_keeps_its_size_until_it_leaves_for_the_discard(tmp_path):
    """Play-test at 5 seats (g5_3, z9): the moment Watson guessed right, his six Dead Ends (tabs,
    three rows) took the size of the discard pile's whole cards while they still lay in his panel:
    the pile covered its label and ran past the panel's bottom onto the notes' frame until the
    cards flew off. Each card keeps its size where it lies until it sets off."""
    from sleuth.ui.driver import headless_app
    from sleuth.ui.scenes.title import TitleScene

    app = headless_app(str(tmp_path / "home"), bot_pace="instant")  # animations at their own pace
    app.stack.push(TitleScene(app))
    table = solo_table(app, players=5)
    view = table.view
    state = table.state
    truth = H.card(H.TOAD, 3)
    dead = [H.card(s, hr) for s, hr in ((H.RAT, 9), (H.DOG, 12), (H.CROW, 9), (H.RAT, 6), (H.RAT, 12), (H.DOG, 7),
                                        (H.GOOSE, 8), (H.CROW, 11))]
    H.set_investigation(state, 0, truth, dead_ends=dead)
    view.sync(state.observe(0), [], False)
    assert {view.board.sprite(("card", c)).size for c in dead} == {TAB}  # three rows: the heads alone
    panel = pygame.Rect(view.panel_rect(0))
    sizes = {c: view.board.sprite(("card", c)).size for c in dead}
    assert table.act(R.Guess(H.TOAD, 3, False), confirmed=True) is None
    leaving = False
    for _ in range(40):
        pump(app, 0.05)
        for c in dead:
            sprite = view.board.sprite(("card", c))
            if sprite is None:
                continue
            x, y, w, h = sprite.rect_logical
            if sprite.pos == view._placements.get(("card", c), (None,))[0]:
                continue  # it has arrived in the discard pile
            if panel.contains(pygame.Rect(round(x), round(y), round(w), round(h))):
                leaving = True
                assert sprite.size == sizes[c], (view.cards.card_name(c), sprite.size)
            else:
                assert sprite.move_tween is not None and not sprite.move_tween.finished
    assert leaving
    app.shutdown()


def test_after_a_right_guess_the_score_and_the_discard_count_change_as_their_pieces_land(tmp_path, monkeypatch):
    """Play-test (s38): right after a correct guess the two tokens lay beside the completed case
    while the name strip still said "2 VP" (7 with them), and "Discard 14" stayed while the
    solved case's cards landed on the pile; both settled some two seconds later, when the whole
    move had played out. The score changes once its tokens have landed, the count once the cards
    have, while the rest of the move still plays."""
    from sleuth.ui.driver import headless_app
    from sleuth.ui.scenes.title import TitleScene

    app = headless_app(str(tmp_path / "home"), bot_pace="instant")  # animations at their own pace
    app.stack.push(TitleScene(app))
    table = solo_table(app)
    view = table.view
    state = table.state
    truth = H.card(H.TOAD, 3)
    dead = [H.card(H.RAT, 9), H.card(H.DOG, 12), H.card(H.CROW, 9)]
    H.set_investigation(state, 0, truth, dead_ends=dead)
    view.sync(state.observe(0), [], False)
    drawn = record_texts(monkeypatch)
    assert table.act(R.Guess(H.TOAD, 3, False), confirmed=True) is None
    obs = view.obs
    score = view._score_texts(obs, 0)
    tokens = [("got", 0, k) for k in range(len(obs.collected[0]))]
    seen = {"score": False, "discard": False}
    def landed(keys) -> bool:
        sprites = [view.board.sprite(key) for key in keys]
        return all(s is None or s.move_tween is None or s.move_tween.finished for s in sprites)

    shown: list[str] = []  # the painted layer on screen (it is painted again only when it changes)
    for _ in range(200):
        app.draw()
        painted = [k for k, t in enumerate(drawn) if t.startswith("Deck ")]
        if painted:  # the last time the layer was painted (the pump draws frames too)
            shown = drawn[painted[-1]:]
        drawn.clear()
        if not view.busy:
            break
        if landed(tokens):
            assert any(t in shown for t in score), (score, [t for t in shown if "VP" in t])
            seen["score"] = True
        else:
            assert not any(t in shown for t in score)
        if landed([("card", c) for c in obs.discard]):
            assert f"Discard {len(obs.discard)}" in shown
            seen["discard"] = True
        else:
            assert f"Discard {len(obs.discard)}" not in shown
        pump(app, 0.03)
    assert seen == {"score": True, "discard": True}
    app.shutdown()
