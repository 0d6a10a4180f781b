"""The icons on the small cards: the threads in the other players' areas, in the visit row and in a
reconstruction shown beside its player's area.

Play-test: on the other players' areas the threads' icons were 12 px (0.27 of a 44 px card), in a
shown reconstruction (33 px cards) and the visit row (36 px) smaller still, below the 14 px a player
must be able to read; a long hand overlapped its cards, hiding the icons on their right edges.
Each icon is painted alone here and measured, and every two of them must not share a pixel."""

from __future__ import annotations

import itertools

import pygame
import pytest

from sleuth.games.case_connection.cards import load_cards
from sleuth.games.case_connection.grid import solve
from sleuth.games.case_connection.moves import Reconstructed
from sleuth.games.case_connection.table.layout import (
    EDGE_TOKEN,
    MINI,
    MINI_LEAD,
    MINI_TOKEN,
    STAGE_CARD,
    TOKEN,
    TRAY_TOKEN,
    panel_dims,
)
from sleuth.games.case_connection.table.paint import MIN_ICON, lead_parts, thread_parts, token_parts
from sleuth.ui.canvas import Canvas, RenderCache
from sleuth.ui.driver import click, pump
from sleuth.ui.theme import palette
from tests.games.case_connection.helpers import give
from tests.games.case_connection.test_table import location_keys, playing_table, ready

PAL = palette(False)
CARDS = load_cards()
MARGIN = 6


def part_masks(s: float, parts, at=(0.0, 0.0), scale: float = 1.0, room: float | None = None):
    """{name: (icon size, mask)} of each part painted alone, the card's top-left corner at ``at``
    (plus a margin) on a surface ``room`` logical px wide."""
    room = room or s + 2 * MARGIN
    out = {}
    for name, size, paint in parts:
        surf = pygame.Surface((round(room * scale), round(room * scale)), pygame.SRCALPHA)
        paint(Canvas(surf, RenderCache(), scale, ((at[0] + MARGIN) * scale, (at[1] + MARGIN) * scale)))
        out[name] = (size, pygame.mask.from_surface(surf, 60))
    return out


def check_card(s: float, parts, scale: float = 1.0) -> list[float]:
    """Every icon 14 px or more, painted that large, inside the card, and no two parts touching."""
    masks = part_masks(s, parts, scale=scale)
    sizes = []
    for name, (size, mask) in masks.items():
        box = mask.get_bounding_rects()
        assert box, name
        left = min(r.left for r in box) / scale - MARGIN
        right = max(r.right for r in box) / scale - MARGIN
        top = min(r.top for r in box) / scale - MARGIN
        bottom = max(r.bottom for r in box) / scale - MARGIN
        if size:  # an icon (not an edge's coloured bar) lies inside the card
            assert left >= 0 and top >= 0 and right <= s and bottom <= s, (name, s, left, top, right, bottom)
            sizes.append(size)
            assert size >= MIN_ICON, (name, s, size)
            assert max(right - left, bottom - top) >= 0.75 * MIN_ICON, (name, s, right - left, bottom - top)
    for (a, (_, ma)), (b, (_, mb)) in itertools.combinations(masks.items(), 2):
        if "seal" not in (a, b):
            assert not ma.overlap_area(mb, (0, 0)), (a, b, s)
    return sizes


@pytest.mark.parametrize("s", [MINI, STAGE_CARD, MINI_LEAD])
@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_every_icon_on_a_small_thread_card_is_14_px_and_touches_no_other(s, scale):
    """The 44 px threads of the other players' areas and the visit row, the 62 px ones of a shown
    reconstruction: every symbol and bonus 14 px or more (it was 12 px), clear of each other and
    inside the card, at 1280 x 720 and at twice that."""
    pygame.init()
    for thread in CARDS.threads:
        sizes = check_card(s, thread_parts(s, thread, PAL), scale)
        assert len(sizes) == sum(e is not None for e in thread.edges) + bool(thread.bonus)


@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_every_icon_on_a_small_lead_card_is_14_px_and_touches_no_other(scale):
    """The 62 px leads of the players' areas and of a shown reconstruction (the latter were 33 px,
    their icons 8 px): every icon 14 px or more, clear of the other icons and of the points."""
    pygame.init()
    for lead in CARDS.leads:
        sizes = check_card(MINI_LEAD, lead_parts(MINI_LEAD, lead, PAL), scale)
        assert len(sizes) == sum(len(icons) for icons in lead.sides)


def sprite_rect(sprite):
    (x, y), (w, h) = sprite.pos, (sprite.size if isinstance(sprite.size, tuple) else (sprite.size,) * 2)
    return pygame.FRect(x - w / 2, y - h / 2, w, h)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_other_players_threads_lie_whole_with_14_px_icons(app, players):
    """Mid-game with long hands (up to 9 threads, more than two rows hold), at 2, 3 and 4 players:
    every thread in another player's area is a whole 44 px card inside the area, no card covering
    another (a long hand had overlapped, hiding the icons on the cards' right edges); the threads
    the rows cannot hold lie in a pile on the last place, its count beside it and every card of
    it named in its tooltip."""
    table = playing_table(app, players=players)
    for seat, n in zip(range(1, players), (9, 8, 5), strict=False):
        deck = table.state.thread_deck
        give(table.state, seat, deck[:max(0, n - len(table.state.hand_threads[seat]))])
    table.rebuild_view(animate=False)
    pump(app, until=ready(table), timeout=30)
    view = table.view
    for seat, rect in view.seat_rects().items():
        d = panel_dims(rect)
        hand = view.obs.threads[seat]
        area = pygame.FRect(rect)
        sprites = [view.board.sprite(("thread", tid)) for tid in hand]
        for sprite in sprites:
            assert sprite.size in (MINI, (MINI, MINI))
            assert check_card(MINI, thread_parts(MINI, view.cards.thread(sprite.key[1]), PAL))
            assert area.contains(sprite_rect(sprite)), (seat, sprite.key)
        places = {}
        for sprite in sprites:
            places.setdefault(tuple(sprite.pos), []).append(sprite)
        for a, b in itertools.combinations(places, 2):
            assert not sprite_rect(places[a][0]).colliderect(sprite_rect(places[b][0])), (seat, a, b)
        piles = [group for group in places.values() if len(group) > 1]
        if len(hand) > 8:
            assert len(piles) == 1 and len(piles[0]) == d.pile(len(hand)) == len(hand) - 7
            tip = view.tooltip(piles[0][0].pos)
            assert f"these {len(piles[0])} threads in a pile" in tip
            assert tip.count("A thread:") == len(piles[0])
            assert sprite_rect(piles[0][0]).right + 3 + 15 <= area.right  # room for its "x2"
        else:
            assert not piles


def test_a_thread_waiting_in_the_visit_row_shows_14_px_icons(app):
    """The thread chosen first on a visit waits in the visit row at the size of the other players'
    threads (it was 36 px, its icons 10 px), inside the row."""
    from sleuth.games.case_connection.table.layout import STAGING

    table = playing_table(app)
    view = table.view
    loc = next(loc for loc in range(4) if sum(k[0] == "thread" for k in location_keys(view, loc)) and
               len(location_keys(view, loc)) >= 2)
    key = next(k for k in location_keys(view, loc) if k[0] == "thread")
    click(app, view.board.sprite(key).pos)
    pump(app, 0.5)
    assert view.picks
    sprite = view.board.sprite(key)
    assert sprite.size in (STAGE_CARD, (STAGE_CARD, STAGE_CARD))
    assert pygame.FRect(STAGING).contains(sprite_rect(sprite))
    assert check_card(STAGE_CARD, thread_parts(STAGE_CARD, view.cards.thread(key[1]), PAL))


def shown_reconstructions():
    """An arrangement for every lead the solver can reconstruct from the whole deck."""
    proofs = {"F": 3, "W": 3, "C": 3, "U": 1}
    out = []
    for lead in CARDS.leads:
        found = solve(CARDS, lead, [t.id for t in CARDS.threads], proofs)
        if found:
            cards, tokens = found[:2]
            out.append(Reconstructed(1, lead.id, lead.points, tuple(cards), tuple(tokens), ()))
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_a_shown_reconstruction_has_14_px_icons_and_its_proofs_cover_none(app, players):
    """Another player's reconstruction shown beside their area: its cards 62 px (they were 33 px,
    their icons 8 to 9 px), its proofs 24 px (their symbols 14 px), each proof between the two
    icons it joins and covering no icon; no card covers another and the whole lies on the table."""
    table = playing_table(app, players=players)
    view = table.view
    rect = view.seat_rects()[1]
    shown = shown_reconstructions()
    assert len(shown) >= 10
    for e in shown:
        box = view._shown_box(e, rect)
        assert box[0] >= 0 and box[1] >= 44 and box[0] + box[2] <= 1280 and box[1] + box[3] <= 720, box
        pieces = view.shown_pieces(e, box)
        room = (1280 + 2 * MARGIN, 720 + 2 * MARGIN)
        icons = pygame.Surface(room, pygame.SRCALPHA)  # every icon on the shown cards, alone
        tokens, rects = [], []
        for face, (x, y), size in pieces:
            kind, ident = face.key[0], face.key[1]
            if kind == "cc-token":
                assert size * 0.6 >= MIN_ICON  # the symbol on a proof is 0.6 of it
                tokens.append((x, y, size / 2))
                continue
            rects.append(pygame.FRect(x - size / 2, y - size / 2, size, size))
            made = (thread_parts(size, view.cards.thread(ident), PAL) if kind == "cc-thread"
                    else lead_parts(size, view.cards.lead(ident), PAL))
            canvas = Canvas(icons, RenderCache(), 1.0, (x - size / 2 + MARGIN, y - size / 2 + MARGIN))
            for name, icon, paint in made:
                if icon:
                    assert icon >= MIN_ICON, (kind, ident, name, icon)
                    paint(canvas)
        assert len(rects) == len(e.cards) + 1 and len(tokens) == len(e.proofs)
        for a, b in itertools.combinations(rects, 2):
            assert not a.colliderect(b), (e.lead, a, b)
        icon_mask = pygame.mask.from_surface(icons, 60)
        for x, y, r in tokens:
            disc = pygame.Surface(room, pygame.SRCALPHA)
            pygame.draw.circle(disc, (0, 0, 0, 255), (x + MARGIN, y + MARGIN), r)
            assert not icon_mask.overlap_area(pygame.mask.from_surface(disc), (0, 0)), (e.lead, x, y)


# -- proof tokens ---------------------------------------------------------------------------------


def check_token(d: float, code: str, scale: float = 1.0) -> float:
    """A proof of diameter ``d``: its symbol 14 px or more, painted that large, and lying on the
    token's face (inside its brass rim). Returns the symbol's size."""
    masks = part_masks(d, token_parts(d, code, PAL), scale=scale)
    size, symbol = masks["symbol"]
    _, face = masks["face"]
    box = symbol.get_bounding_rects()
    assert box, (d, code)
    extent = max(max(r.right for r in box) - min(r.left for r in box),
                 max(r.bottom for r in box) - min(r.top for r in box)) / scale
    assert size >= MIN_ICON, (d, code, size)
    assert extent >= 0.75 * MIN_ICON, (d, code, extent)
    assert symbol.overlap_area(face, (0, 0)) == symbol.count(), (d, code, "the symbol runs onto the rim")
    return size


@pytest.mark.parametrize("d", [MINI_TOKEN, 24, 28, TRAY_TOKEN, EDGE_TOKEN, TOKEN])
@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_the_symbol_on_every_proof_token_is_14_px_and_lies_on_its_face(d, scale):
    """Play-test: the proofs in the other players' areas (20 px) showed their symbols at 12 px (0.6
    of the token). Every size of proof on the table, every kind: its symbol 14 px or more, at
    1280 x 720 and at twice that, and clear of the token's rim."""
    pygame.init()
    for code in "FWCU":
        check_token(d, code, scale)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_proofs_in_the_other_players_areas_show_14_px_symbols_clear_of_their_counts(app, players):
    """Mid-game, at 2, 3 and 4 players, the other players holding proofs of every kind (three of
    some, none of others): each proof in their areas shows a 14 px symbol (it was 12 px) and lies
    inside the area; its count ("x3") stays clear of the next kind's proof and of the completed
    leads and Bonus Point tokens beside them."""
    table = playing_table(app, players=players)
    state = table.state
    held = ("FFFWWCCCU", "FWW", "CCU")
    for seat in range(1, players):
        give(state, seat, [], held[seat - 1])
        state.completed[seat].append(state.lead_deck.pop(0))
        state.bonus_pool -= 2
        state.bonus_tokens[seat] += 2
    last = players - 1  # the last seat holds no Universal proof: its place shows the kind faintly
    state.universal_supply += state.hand_proofs[last][3]
    state.hand_proofs[last][3] = 0
    state.check_invariants()
    table.rebuild_view(animate=False)
    pump(app, until=ready(table), timeout=30)
    view = table.view
    kinds = view.obs.proof_kinds
    assert kinds[3] == "U"
    d = panel_dims(view.seat_rects()[last])
    counts = pygame.Surface((1280, 720), pygame.SRCALPHA)
    view._draw_panel_counts(Canvas(counts, RenderCache(), 1.0, (0.0, 0.0)), PAL, view.obs, last,
                            view.seat_rects()[last])
    px, py = d.token_pos(3, 0)
    inside = pygame.Surface((1280, 720), pygame.SRCALPHA)
    pygame.draw.circle(inside, (0, 0, 0, 255), (px, py), d.token / 2 - 1.5)
    star = pygame.mask.from_surface(counts, 40)
    star = star.overlap_mask(pygame.mask.from_surface(inside), (0, 0))
    box = star.get_bounding_rects()
    assert box and max(r.height for r in box) >= 0.75 * MIN_ICON, box  # the empty place's star (was 11 px)
    for seat, rect in view.seat_rects().items():
        d = panel_dims(rect)
        area = pygame.FRect(rect)
        sprites = [s for s in view.board.sprites if sprite_rect(s).colliderect(area)]
        tokens = [s for s in sprites if s.key[0] == "tok"]
        assert len(tokens) == sum(view.obs.proofs[seat]) > 0
        for sprite in tokens:
            size = sprite.size[0] if isinstance(sprite.size, tuple) else sprite.size
            assert check_token(size, view.kind_of[sprite.key[1]]) >= MIN_ICON
            assert area.contains(sprite_rect(sprite)), (seat, sprite.key)
        # each kind's place: the token (or its empty ring) and its count, clear of everything else
        others = [sprite_rect(s) for s in sprites if s.key[0] != "tok"]
        places = []
        for kind_index in range(len(kinds)):
            n = view.obs.proofs[seat][kind_index]
            px, py = d.token_pos(kind_index, max(n - 1, 0))
            count_w, count_h = app.canvas.text_size(f"x{n}", 14, True)
            places.append(pygame.FRect(px - d.token / 2, py - d.token / 2, d.token + 3 + count_w, d.token))
        for a, b in itertools.combinations(places, 2):
            assert not a.colliderect(b), (seat, a, b)
        for place in places:
            assert area.contains(place), (seat, place)
            assert not any(place.colliderect(o) for o in others), (seat, place)


# -- your tray ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "n"), [(2, 9), (3, 10), (4, 12), (2, 16)])
def test_a_long_hand_in_your_tray_lies_whole_with_14_px_icons_and_every_card_can_be_dragged(app, players, n):
    """Play-test: from 9 threads on, your tray's cards shrank to fit one row (40 px at 9, 34 px at
    12) and their icons fell under 14 px. With 9 to 16 threads, at 2, 3 and 4 players: every card
    in the tray 44 px or more, each icon on it 14 px, measured; the cards lie whole between the
    tray's heading and "YOUR PROOFS", none covering another or any other piece; each is the one
    the pointer finds at its every corner, and dragging it lays it on the desk."""
    from sleuth.games.case_connection.grid import LEAD_CELL
    from sleuth.games.case_connection.table.layout import TRAY, TRAY_PROOF_LABEL_Y
    from sleuth.ui.driver import drag

    table = playing_table(app, players=players)
    state = table.state
    give(state, 0, state.thread_deck[:n - len(state.hand_threads[0])], "FWCU")
    table.rebuild_view(animate=False)
    pump(app, until=ready(table), timeout=30)
    view = table.view
    hand = list(view.obs.threads[0])
    assert len(hand) == n
    sprites = [view.board.sprite(("thread", tid)) for tid in hand]
    heading_bottom = TRAY[1] + 3 + app.canvas.text_size("YOUR THREADS", 14, True)[1]
    rects = [sprite_rect(s) for s in sprites]
    for sprite, rect in zip(sprites, rects, strict=True):
        size = sprite.size[0] if isinstance(sprite.size, tuple) else sprite.size
        assert size >= 44, (n, size)
        assert check_card(size, thread_parts(size, view.cards.thread(sprite.key[1]), PAL))
        assert rect.left >= TRAY[0] and rect.right <= TRAY[0] + TRAY[2], (sprite.key, rect)
        assert rect.top >= heading_bottom and rect.bottom <= TRAY_PROOF_LABEL_Y, (sprite.key, rect)
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b), (a, b)
    others = [sprite_rect(s) for s in view.board.sprites if s not in sprites]
    assert not [r for r in rects if r.collidelist(others) >= 0]
    for sprite, rect in zip(sprites, rects, strict=True):
        for corner in ((rect.left + 2, rect.top + 2), (rect.right - 2, rect.top + 2),
                       (rect.left + 2, rect.bottom - 2), (rect.right - 2, rect.bottom - 2)):
            assert view.board.sprite_at(corner) is sprite, (sprite.key, corner)
    free = [cell for cell in view.view_cells() if cell != LEAD_CELL]
    for tid, cell in zip(hand, free, strict=False):
        drag(app, view.board.sprite(("thread", tid)).pos, view.cell_centre(cell))
        pump(app, 0.2)
        assert view.layout().cells.get(cell) == tid, (tid, cell)


def test_the_keyboards_tag_on_a_long_hand_covers_none_of_its_threads(app):
    """With two rows of threads in the tray, the keyboard's "Enter: pick up" tag over a card of the
    lower row lay on the foot of the card above it, hiding its icon; it now lies under the ring.
    On every card of a 12-thread hand the tag covers no thread of the tray and stays in the tray."""
    from sleuth.games.case_connection.table.layout import TRAY
    from sleuth.ui.cursor import TAG_HEIGHT, TAG_SIZE

    table = playing_table(app, players=3)
    state = table.state
    give(state, 0, state.thread_deck[:12 - len(state.hand_threads[0])])
    table.rebuild_view(animate=False)
    pump(app, until=ready(table), timeout=30)
    view = table.view
    sprites = [view.board.sprite(("thread", tid)) for tid in view.obs.threads[0]]
    rects = [sprite_rect(s) for s in sprites]
    assert len({r.y for r in rects}) == 2
    for sprite, rect in zip(sprites, rects, strict=True):
        view.cursor = (("sprite", sprite.key), tuple(rect))
        words = view.cursor_words()
        assert words == "Enter: pick up"
        width = app.canvas.text_size(words, TAG_SIZE, True)[0] + 12
        tx, ty = view.cursor_tag_at(view.cursor_rect(), width)
        tag = pygame.FRect(tx, ty, width, TAG_HEIGHT)
        assert tag.collidelist(rects) < 0, (sprite.key, tag)
        assert tag.left >= 0 and tag.right <= TRAY[0] + TRAY[2], (sprite.key, tag)
