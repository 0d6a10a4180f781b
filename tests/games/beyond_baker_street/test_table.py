"""The Beyond Baker Street table: every action kind by synthetic mouse events, a scripted game
against bots, and hot-seat frames that never show a player their own hand."""

import pygame
import pytest

from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.games.beyond_baker_street import rules as R
from sleuth.games.beyond_baker_street.table import BBSTable
from sleuth.ui.driver import click, drag, pump
from sleuth.ui.driver import key as send_key
from sleuth.ui.scenes.dialogs import ConfirmScene
from sleuth.ui.scenes.handoff import HandoffScene
from sleuth.ui.scenes.table import start_game
from sleuth.ui.scenes.title import TitleScene
from tests.frame_spy import FrameSpy

SPEC = get("beyond-baker-street")


def solo_table(app, seed=3, players=2, **options):
    seats = [SeatInfo("Ann", "human")] + [SeatInfo(f"Bot{i}", "basic") for i in range(1, players)]
    table = start_game(app, SPEC, seats, options, seed)
    assert isinstance(table.view, BBSTable)
    pump(app, until=lambda: bool(table.legal_for_viewer()) and not table.view.busy, timeout=30)
    return table


def own_sprite(table, slot):
    return table.view.board.sprite(("own", table.view.own_tokens[slot]))


def last_action(table):
    return table.session.replay.actions[-1]


def test_drag_own_card_onto_a_lead_investigates(app):
    table = solo_table(app)
    before = len(table.session.replay.actions)
    sprite = own_sprite(table, 0)
    x, y, w, h = table.view.section_area(1)
    drag(app, sprite.pos, (x + w / 2, y + h / 2))
    assert len(table.session.replay.actions) == before + 1
    assert last_action(table) == (0, str(R.Investigate(0, "motive")))


def test_drag_own_card_onto_the_impossible_eliminates(app):
    from sleuth.games.beyond_baker_street.table.layout import IMPOSSIBLE

    table = solo_table(app)
    sprite = own_sprite(table, 1)
    drag(app, sprite.pos, (IMPOSSIBLE[0] + 100, IMPOSSIBLE[1] + 80))
    assert last_action(table) == (0, str(R.Eliminate(1)))


def test_drag_a_lead_onto_the_impossible_pursues(app):
    from sleuth.games.beyond_baker_street.table.layout import IMPOSSIBLE

    table = solo_table(app)
    lead = table.view.obs.sections[2].lead
    sprite = table.view.board.sprite(("lead", lead))
    drag(app, sprite.pos, (IMPOSSIBLE[0] + 100, IMPOSSIBLE[1] + 80))
    assert last_action(table) == (0, str(R.Pursue("suspect")))


def test_a_pursued_lead_lies_face_down_and_its_tip_says_what_it_was(app):
    """Play-test: pursued leads lay face down in the Impossible, even in the "everything revealed"
    replay, and nothing said what they were. The rulebook puts a dead lead face down there (Pursue,
    RULINGS 6), so it stays face down; but it was face up on its section before, so its tip names it."""
    from sleuth.games.beyond_baker_street.table.layout import IMPOSSIBLE

    table = solo_table(app)
    lead = table.view.obs.sections[2].lead
    sprite = table.view.board.sprite(("lead", lead))
    drag(app, sprite.pos, (IMPOSSIBLE[0] + 100, IMPOSSIBLE[1] + 80))
    pump(app, until=lambda: not table.view.busy, timeout=10)
    assert lead in table.view.obs.dead_leads
    dead = table.view.board.sprite(("lead", lead))
    card = table.view.cards.leads[lead]
    icon = table.view.cards.icons[card.icon].name
    assert not dead.face_up
    assert dead.tooltip.startswith(f"A dead lead: the Suspect lead, {icon} {card.value}."), dead.tooltip


def test_an_illegal_drop_slides_back_with_the_reason(app):
    from sleuth.games.beyond_baker_street.table.layout import DECK_POS

    table = solo_table(app)
    sprite = own_sprite(table, 0)
    home = sprite.pos
    before = len(table.session.replay.actions)
    drag(app, home, DECK_POS)  # the deck is no drop target
    pump(app, 0.6)
    assert len(table.session.replay.actions) == before
    assert app.toasts
    assert sprite.pos == pytest.approx(home, abs=1)


def test_click_a_partner_card_then_choose_what_to_tell(app):
    table = solo_table(app)
    view = table.view
    partner_card = view.obs.hands[1][0]
    click(app, view.board.sprite(("ev", partner_card)).pos)
    buttons = [w for w in view.widgets.items if hasattr(w, "action")]
    assert len(buttons) == 2
    number_button = next(b for b in buttons if b.action.number is not None)
    x, y, w, h = number_button.rect
    click(app, (x + w / 2, y + h / 2))
    assert last_action(table) == (0, str(number_button.action))


def test_click_then_target_without_dragging(app):
    table = solo_table(app)
    click(app, own_sprite(table, 2).pos)
    assert table.view.selected_slot == 2
    x, y, w, h = table.view.section_area(0)
    click(app, (x + w / 2, y + h - 20))
    assert last_action(table) == (0, str(R.Investigate(2, "opportunity")))


def complete_a_lead(table, sec=0):
    """Put evidence equal to the face-up lead's value under it (cards from the deck); False if impossible."""
    from itertools import combinations

    state = table.state
    lead = table.view.obs.sections[sec].lead
    value, icon = state.t.cards.leads[lead].value, state.t.cards.leads[lead].icon
    cards = [c for c in state.deck if state.t.icon_of[c] == icon]
    chosen = next((combo for k in (2, 3) for combo in combinations(cards, k)
                   if sum(state.t.num_of[c] for c in combo) == value), None)
    if chosen is None:
        return False
    for c in chosen:
        state.deck.remove(c)
    state.lead_ev[sec] = list(chosen)
    return True


def test_confirm_button_appears_on_a_complete_lead_and_confirms(app):
    for seed in range(20, 60):
        table = solo_table(app, seed=seed)
        if complete_a_lead(table):
            break
        app.stack.reset(TitleScene(app))
    table.rebuild_view(animate=False)
    button = next(w for w in table.view.widgets.items if getattr(w, "label", "") == "Confirm")
    x, y, w, h = button.rect
    click(app, (x + w / 2, y + h / 2))
    assert last_action(table) == (0, str(R.Confirm("opportunity")))


def test_a_move_that_loses_asks_first(app):
    table = solo_table(app)
    table.state.holmes = 1
    table.rebuild_view(animate=False)
    partner_card = table.view.obs.hands[1][0]
    table.view._on_click(table.view.board.sprite(("ev", partner_card)))
    button = next(w for w in table.view.widgets.items if hasattr(w, "action"))
    before = len(table.session.replay.actions)
    x, y, w, h = button.rect
    click(app, (x + w / 2, y + h / 2))
    assert isinstance(app.stack.top, ConfirmScene)
    assert len(table.session.replay.actions) == before
    app.stack.top.no()
    assert len(table.session.replay.actions) == before


def test_a_drop_that_waits_on_are_you_sure_says_nothing_else(app):
    """Play-test: dropping a card for a move that loses brought up "Are you sure?" and, under it,
    a notice "waiting for confirmation"."""
    table = solo_table(app)
    table.state.holmes = 1
    table.rebuild_view(animate=False)
    risky = next(a for a in table.legal_for_viewer() if table.view.risky(0, a))
    app.toasts.clear()
    reason = table.act(risky)
    table.view.board.on_refused(reason)  # as the board does with a drop's answer
    assert isinstance(app.stack.top, ConfirmScene) and app.toasts == []
    table.view.board.on_refused("That card cannot go there.")
    assert app.toasts and app.toasts[0][0] == "That card cannot go there."


def test_a_full_game_with_one_scripted_human_and_bots(app):
    table = solo_table(app, seed=8, players=3)
    for _ in range(400):
        if table.state.is_over():
            break
        pump(app, until=lambda: table.state.is_over() or (bool(table.legal_for_viewer()) and not table.view.busy),
             timeout=60)
        if table.state.is_over():
            break
        legal = table.legal_for_viewer()
        plays = [a for a in legal if isinstance(a, R.Eliminate)] or legal
        table.act(plays[0], confirmed=True)
    pump(app, until=lambda: table.results_shown, timeout=30)
    assert table.state.is_over()
    # the results' story: a summary that fits (no "..."), every line a sentence, the end last
    story = table.view.story()
    from sleuth.ui.tableview import STORY_LINES

    assert 3 <= len(story) <= 6 and all(line.endswith((".", "!")) for line in story), story
    assert " confirmed the " in story[0] or story[0] == "No lead was confirmed."
    assert "Holmes ended on" in " ".join(story)
    lines = sum(len(table.app.canvas.wrap(line, 16, 330)) for line in story)
    assert lines <= STORY_LINES, story


def test_a_handoff_frame_shows_no_hand_face_up(app):
    seats = [SeatInfo("Ann", "human"), SeatInfo("Bob", "human")]
    table = start_game(app, SPEC, seats, {}, seed=5)
    spy = FrameSpy(table, "ev")
    pump(app)
    assert isinstance(app.stack.top, HandoffScene)
    shown = spy.frame()
    in_hands = set(sum(table.state.hands, []))
    assert not shown & in_hands
    assert not any(key[0] == "own" for key in table.view.board.by_key)


def test_hot_seat_never_draws_a_players_own_cards_face_up(app):
    app.settings = app.settings.updated(animation_speed="fast")
    seats = [SeatInfo("Ann", "human"), SeatInfo("Bob", "human"), SeatInfo("Cat", "basic")]
    table = start_game(app, SPEC, seats, {"characters": "random"}, seed=13)
    spy = FrameSpy(table, "ev")
    for _ in range(60):
        if table.state.is_over():
            break
        if isinstance(app.stack.top, HandoffScene):
            spy.frame()
            app.stack.top.confirm()
        viewer = table.viewer
        for _ in range(3):
            shown = spy.frame()
            if viewer is not None:
                assert not shown & set(table.state.hands[viewer]), "a player saw their own card"
            pump(app, 0.05)
        legal = table.legal_for_viewer()
        if legal and table.session.pending() == viewer:
            table.act(legal[len(table.session.replay.actions) % len(legal)], confirmed=True)
        pump(app, 0.1)
    assert len(spy.frames) > 50


def test_the_character_card_offers_its_ability_and_greys_it_out_when_used(app):
    irene = next(c.number for c in SPEC.create(2, {}, 0).t.cards.characters if c.ability.kind == "rally_holmes")
    table = solo_table(app, seed=4, characters="random", char1=irene)
    if table.session.pending() != 0:
        pump(app, until=lambda: table.session.pending() == 0 and not table.view.busy, timeout=30)
    button = next(w for w in table.view.widgets.items if getattr(w, "label", "") == "Move Holmes back")
    assert button.enabled
    x, y, w, h = button.rect
    click(app, (x + w / 2, y + h / 2))
    assert last_action(table) == (0, str(R.RallyHolmes()))
    pump(app, until=lambda: table.session.pending() == 0 and not table.view.busy, timeout=30)
    button = next(w for w in table.view.widgets.items if getattr(w, "label", "") == "Move Holmes back")
    assert not button.enabled and "once per game" in button.tooltip


def test_escape_closes_the_assist_choice_before_it_pauses_the_game(app):
    table = solo_table(app)
    view = table.view
    click(app, view.board.sprite(("ev", view.obs.hands[1][0])).pos)
    assert view.assist_card is not None and view.half_made()
    send_key(app, pygame.K_ESCAPE)
    assert view.assist_card is None and app.stack.top is table  # the choice closed, no pause menu
    assert not any(hasattr(w, "action") for w in view.widgets.items)
    send_key(app, pygame.K_ESCAPE)
    assert app.stack.top is not table  # with nothing half made, Esc pauses


def test_an_assist_a_character_forbids_says_why_on_its_button(app):
    martin = next(c.number for c in SPEC.create(2, {}, 0).t.cards.characters
                  if c.ability.kind == "forbid_assist" and c.ability.about == "number")
    table = solo_table(app, seed=4, characters="random", char1=martin)
    if table.session.pending() != 0:
        pump(app, until=lambda: table.session.pending() == 0 and not table.view.busy, timeout=30)
    view = table.view
    click(app, view.board.sprite(("ev", view.obs.hands[1][0])).pos)
    number = next(w for w in view.widgets.items if getattr(w, "action", None) is not None and w.action.number is not None)
    assert not number.enabled
    assert number.tooltip == "Not allowed: your character may not name numbers in an Assist."


def test_the_hint_note_steps_aside_for_the_assist_choices(app):
    """A hint's note may lie where a partner's Assist choices open (a full table leaves it no
    clear spot): while they are open it steps aside, and a click on a choice gives the Assist."""
    table = solo_table(app, seed=5, players=3)
    send_key(app, pygame.K_h)
    pump(app, until=lambda: table.coach.showing, timeout=30)
    view = table.view
    click(app, view.board.sprite(("ev", view.obs.hands[1][0])).pos)
    number = next(w for w in view.widgets.items if getattr(w, "action", None) is not None and w.action.number is not None)
    x, y, w, h = table.coach.note
    table.coach.note = (number.rect[0] - 10, number.rect[1] - 10, w, h)  # the note lay over the choices
    table.coach._placed_for = table.coach._controls()  # and stays there: only stepping aside can help
    pump(app)
    assert table.coach.note[:2] == (number.rect[0] - 10, number.rect[1] - 10)
    assert table.coach.showing
    bx, by, bw, bh = number.rect
    click(app, (bx + bw / 2, by + bh / 2))
    assert last_action(table) == (0, str(number.action))


def test_a_warning_counts_the_cards_the_player_sees_as_the_hint_does(app):
    """"If this card is a 6, the track goes past 20" only when the cards in view leave it possible:
    the hint, counting them, may call the same card safe."""
    from sleuth.games.beyond_baker_street.cards import tables_for

    table = solo_table(app)
    table.state.investigation = table.state.t.cards.investigation_target - 3  # the track needs 3 more
    table.rebuild_view(animate=False)
    view = table.view
    t = tables_for(view.cards)
    need = view.obs.target - view.obs.investigation
    assert need == 3
    small = [c for c in range(t.ncards) if t.num_of[c] <= min(need, 6)]
    big = [c for c in range(t.ncards) if t.num_of[c] > need]
    view._own_candidates = lambda seat, slot: small[:3]
    assert view.risky(0, R.Eliminate(0)) is None
    view._own_candidates = lambda seat, slot: small[:3] + big[:1]
    assert "the Investigation track goes past" in view.risky(0, R.Eliminate(0))


def test_a_partners_card_with_badges_prints_its_number_once_at_the_top(app):
    """Play-test: a knowledge badge on a partner's card half covered the card's foot numeral ("not
    Clue3"). A card with badges is painted without the foot numeral; one without keeps both."""
    table = solo_table(app)
    view = table.view
    assist = next(a for a in table.legal_for_viewer() if isinstance(a, R.Assist) and a.number is not None)
    assert table.act(assist, confirmed=True) is None
    pump(app, until=lambda: not view.busy, timeout=30)
    told = [card for card in view.obs.hands[1] if view._badges(("ev", card))]
    plain = [card for card in view.obs.hands[1] if not view._badges(("ev", card))]
    assert told
    for card in told:
        assert view.board.sprite(("ev", card)).front.key[-1] is True  # tagged
    for card in plain:
        assert view.board.sprite(("ev", card)).front.key[-1] is False


def test_the_banner_flashes_what_a_move_did_not_its_last_side_effect(app):
    """Play-test: after an Assist the banner said only "The Assist moves Holmes 1 step closer to
    solving the case", not what was told to whom. The newest move's own line leads the flash."""
    table = solo_table(app)
    assist = next(a for a in table.legal_for_viewer() if isinstance(a, R.Assist))
    assert table.act(assist, confirmed=True) is None
    flash = table._flash[0]
    assert "Assist moves Holmes" not in flash and flash.startswith("Ann tells Bot1"), flash


def test_a_notice_keeps_off_the_tracks(app):
    """Play-test: the lesson's closing notice lay over the Holmes track for 8 seconds; the tracks
    are read as marks, and a notice keeps off them as it keeps off cards."""
    from sleuth.games.beyond_baker_street.table.layout import HOLMES_TRACK, INVESTIGATION_TRACK

    table = solo_table(app)
    size = (640, 64)
    x, y = table.toast_spot(size)
    for tx, ty, tw, th in (HOLMES_TRACK, INVESTIGATION_TRACK):
        assert not (x < tx + tw and tx < x + size[0] and y < ty + th and ty < y + size[1])


def test_after_the_game_your_own_hand_is_turned_up(app):
    """Newcomer play-test: after the game the player's own hand stayed face down, so they never saw
    what they had held unless they opened the replay."""
    from sleuth.ui.scenes.results import ResultsScene

    table = solo_table(app)
    for _ in range(3000):
        pump(app, 0.02)
        if table.state.is_over():
            break
        if table.viewer_may_act() and not table.view.busy:  # the same moves whatever the timing
            table.act(table.legal_for_viewer()[-1], confirmed=True)
    pump(app, until=lambda: isinstance(app.stack.top, ResultsScene), timeout=30)
    hand = table.state.hands[0]
    assert hand
    for card in hand:
        sprite = table.view.board.sprite(("ev", card))
        assert sprite is not None and sprite.face_up


def test_dragging_a_partners_card_away_says_it_is_theirs_to_play(app):
    """Play-test: dragging Watson's card onto a lead did nothing and said nothing, where your own
    card dropped in a wrong place says why. It says the card is the partner's to play, and how to
    help them: click it to Assist."""
    table = solo_table(app)
    view = table.view
    before = len(table.session.replay.actions)
    sprite = view.board.sprite(("ev", view.obs.hands[1][0]))
    home = sprite.pos
    x, y, w, h = view.section_area(0)
    app.toasts.clear()
    drag(app, home, (x + w / 2, y + h / 2))
    pump(app, 0.3)
    assert len(table.session.replay.actions) == before
    assert app.toasts and app.toasts[-1][0] == ("Only Bot1 can play Bot1's cards. To help, click one of them and "
                                                 "choose what to tell Bot1: that is an Assist.")
    assert sprite.pos == pytest.approx(home, abs=1) and view.assist_card is None
    app.toasts.clear()
    click(app, home)  # a click still opens the Assist choices, and says nothing
    assert view.assist_card == view.obs.hands[1][0] and not app.toasts


def test_a_warning_lists_three_numbers_with_commas_and_one_or(app):
    """Couch play-test: the Eliminate warning read "If this card is a 4 or 5 or 6"; three or more
    numbers read "4, 5 or 6", and an 8 first takes "an"."""
    from sleuth.games.beyond_baker_street.cards import tables_for

    table = solo_table(app)
    table.state.investigation = table.state.t.cards.investigation_target - 3  # the track needs 3 more
    table.rebuild_view(animate=False)
    view = table.view
    t = tables_for(view.cards)
    by_number = {t.num_of[c]: c for c in range(t.ncards)}
    over = sorted(n for n in by_number if n > 3)
    assert len(over) >= 3
    view._own_candidates = lambda seat, slot: [by_number[1], *(by_number[n] for n in over[:3])]
    a, b, c = over[:3]
    assert view.risky(0, R.Eliminate(0)).startswith(f"If this card is a {a}, {b} or {c}, the Investigation track")
    if 8 in by_number:
        view._own_candidates = lambda seat, slot: [by_number[1], by_number[8]]
        assert view.risky(0, R.Eliminate(0)).startswith("If this card is an 8, the Investigation track")


def test_a_reason_lists_what_a_card_is_not_with_commas_and_one_or(app):
    """Couch play-test: lists of three joined by "or" twice ("a 4 or 5 or 6"); what a bot knew a
    card is not reads "not a Clue, a 3 or a 5"."""
    from sleuth.ai.explain import fact

    view = solo_table(app).view
    icon = view.cards.icons[0]
    known = fact("card", icon="", number=0, icon_by=-1, number_by=-1, not_icons=(icon.id,), not_numbers=(3, 5))
    assert view._knowledge(known, False, "Watson") == f"Watson knew only that it was not a {icon.name}, a 3 or a 5"


def test_a_card_dropped_on_the_open_case_notes_snaps_back(app):
    """Play-test: a hand card dropped on the open casebook drawer was eliminated into the
    Impossible hidden under it, a real move made on a place the player could not see (twice)."""
    from tests.drawer_drop import assert_a_drop_on_the_drawer_snaps_back

    table = solo_table(app)
    before = assert_a_drop_on_the_drawer_snaps_back(app, table)
    seat, action = table.session.replay.actions[before]  # closed, the same drop is played
    assert seat == 0 and action.startswith(("eliminate", "pursue"))


def _holmes_to_zero_warned(warning: str | None) -> bool:
    return warning is not None and ("Holmes to 0" in warning or "moves him to 0" in warning)


@pytest.mark.parametrize("number", range(1, 19))
def test_are_you_sure_warns_of_holmes_on_0_exactly_when_the_move_puts_him_there(app, number):
    """Play-test: as Inspector Lestrade ("Cards this player eliminates never move Holmes"), a card
    dragged into the full Impossible with Holmes on 1 asked "one more card moves Holmes to 0 and
    loses the game", but the move left Holmes on 1. With every character, Holmes on 1 and the
    Impossible full, each move whose outcome for Holmes is known (all but an Investigate's hidden
    card) warns of Holmes on 0 exactly when the engine puts him there."""
    table = solo_table(app, characters="random", char1=number)
    state = table.state
    hilda = state.abilities[0] is not None and state.abilities[0].kind == "assists_per_action"
    while state.impossible_count() < state.limit:
        state.impossible_ev.append(state.deck.pop(0))
    state.holmes = 2 if hilda else 1
    if hilda:  # her first Assist moves Holmes to 1; the second is free
        state.apply(0, next(a for a in state.legal_actions(0) if isinstance(a, R.Assist)))
        assert state.decision[0] == "hilda_second" and state.holmes == 1
    table.rebuild_view(animate=False)
    checked = 0
    for action in state.legal_actions(0):
        if isinstance(action, R.Investigate):
            continue
        after = state.clone()
        after.apply(0, action)
        warned = _holmes_to_zero_warned(table.view.risky(0, action))
        assert warned == (after.holmes == 0), f"{table.view.describe_action(action)}: warned {warned}"
        checked += 1
    assert checked


def test_eliminating_into_a_full_impossible_with_holmes_on_1_warns_that_any_card_loses(app):
    """Play-test (case 6, Holmes on 1, the track on 16, the Impossible full): eliminating an unknown
    card warned only "If this card is a 5 or 6, the track goes past 20", yet any card moves Holmes
    to 0. The warning says the reason that always applies, and the track's as well where it does;
    a pursued last lead says both too."""
    from sleuth.games.beyond_baker_street.cards import tables_for

    table = solo_table(app, case=6)
    state = table.state
    while state.impossible_count() < state.limit:
        state.impossible_ev.append(state.deck.pop(0))
    state.holmes = 1
    state.investigation = state.t.cards.investigation_target - 4  # 16: a 5 or a 6 goes past 20
    table.rebuild_view(animate=False)
    view = table.view
    t = tables_for(view.cards)
    by_number = {t.num_of[c]: c for c in range(t.ncards)}
    full = "The Impossible is full: any card eliminated now moves Holmes to 0 and loses the game."
    view._own_candidates = lambda seat, slot: [by_number[n] for n in (1, 2, 5, 6)]
    assert view.risky(0, R.Eliminate(0)) == (f"{full} If this card is a 5 or 6, it would also take the "
                                             "Investigation track past 20.")
    view._own_candidates = lambda seat, slot: [by_number[5]]  # a known 5: both reasons
    assert view.risky(0, R.Eliminate(0)) == f"{full} This card would also take the Investigation track past 20."
    view._own_candidates = lambda seat, slot: [by_number[1], by_number[2]]
    assert view.risky(0, R.Eliminate(0)) == full
    section = state.t.section_ids[0]
    del state.piles[0][1:]  # the last lead of its section
    table.rebuild_view(animate=False)
    warning = table.view.risky(0, R.Pursue(section))
    assert warning.startswith("This is the last ") and "move Holmes to 0" in warning


def test_the_impossible_and_holmes_tooltips_name_lestrades_exception(app):
    """Play-test: the Impossible's note and tooltip said every card beyond the limit costs Holmes
    a step while Inspector Lestrade, at the table, eliminates cards that never move him."""
    from sleuth.games.beyond_baker_street.table.layout import HOLMES_TRACK, IMPOSSIBLE

    lestrade = next(c.number for c in SPEC.create(2, {}, 0).t.cards.characters
                    if c.ability.kind == "eliminate_no_holmes")
    table = solo_table(app, characters="random", char1=lestrade)
    view = table.view
    view.tooltip_quiet = False
    tip = view.tooltip((IMPOSSIBLE[0] + 40, IMPOSSIBLE[1] + 10))
    assert "not a card Inspector Lestrade eliminates" in tip
    assert "Inspector Lestrade eliminates never move him" in view.tooltip((HOLMES_TRACK[0] + 40, HOLMES_TRACK[1] + 10))
    plain = solo_table(app, seed=4)
    plain.view.tooltip_quiet = False
    assert "Lestrade" not in plain.view.tooltip((IMPOSSIBLE[0] + 40, IMPOSSIBLE[1] + 10))


def test_with_no_cards_left_the_banner_names_the_pursue_and_how_to_make_it(app):
    """Play-test: with the deck and every hand empty the banner still said "Your turn: drag a
    card, click a partner's card to Assist, or Confirm" while the only legal moves were the three
    Pursues (found in All moves). The prompt names the moves that exist and how to make them."""
    from sleuth.games.beyond_baker_street.table.layout import IMPOSSIBLE

    table = solo_table(app)
    state = table.state
    for hand in state.hands:
        state.impossible_ev.extend(hand)
        hand.clear()
    state.impossible_ev.extend(state.deck)
    state.deck.clear()
    state.holmes = 20
    table.rebuild_view(animate=False)
    assert {type(a) for a in table.legal_for_viewer()} == {R.Pursue}
    banner = table.banner_text()
    assert "drag a lead onto the Impossible to Pursue it" in banner
    assert "Assist" not in banner and "drag a card" not in banner and "Confirm" not in banner
    lead = next(s for s in table.view.board.sprites.sprites() if s.key[0] == "lead" and s.draggable)
    drag(app, lead.pos, (IMPOSSIBLE[0] + 100, IMPOSSIBLE[1] + 80))
    assert last_action(table)[1].startswith("pursue")


def test_the_usual_banner_keeps_every_kind_of_move(app):
    """The prompt of an ordinary turn still names a card to drag and the Assist (and Confirm only
    when a lead may be confirmed)."""
    table = solo_table(app)
    assert table.banner_text().endswith("drag a card or click a partner's card to Assist")


def test_a_newcomer_is_told_what_a_tag_case_file_and_leads_below_mean(app):
    """Play-test: a newcomer could not tell what the tags on a partner's cards mean ("Witness or
    Document" on a clearly blue Witness), and "Case file 1" and "2 leads below" were never
    explained. The tagged card's tooltip, the lesson and the rules summary say a tag is what its
    holder knows about their own card; the case file is called the difficulty; "2 leads below"
    has a tooltip saying what it counts."""
    from sleuth.data.tutorials import load_tutorial, tutorial_file
    from sleuth.ui.scenes.rules import rules_text

    table = solo_table(app)
    view = table.view
    assist = next(a for a in table.legal_for_viewer() if isinstance(a, R.Assist))
    assert table.act(assist, confirmed=True) is None
    pump(app, until=lambda: not view.busy, timeout=30)
    card = next(c for c in view.obs.hands[1] if view._badges(("ev", c)))
    tip = view.board.sprite(("ev", card)).tooltip
    assert "is what Bot1 knows about this card from Assists, since they cannot see it" in tip
    lesson = " ".join(step.say for step in load_tutorial(tutorial_file("beyond-baker-street")).steps)
    assert "are what he knows about them" in lesson
    assert "a tag is what that partner knows about their own card" in rules_text("beyond-baker-street")
    assert any(line.startswith("Case file 1, the difficulty: Holmes starts on") for line in table.log_lines)
    view.tooltip_quiet = False
    x, y, w, h = view.section_parts(0)["below"]
    below = view.tooltip((x + 20, y + h / 2))
    assert "wait face down below it: when it is pursued or dies, the next takes its place" in below


def test_the_rules_keys_say_where_each_move_is_dragged_as_the_table_takes_it(app):
    """Art-director play-test: the rules said Eliminate is "drag into the Impossible", but their
    Keys said "onto a lead or the Investigation track, or onto a partner's hand to Assist": the
    table takes neither drop. The Keys name the table's drop places, and Assist is a click."""
    from sleuth.ui.scenes.rules import rules_text

    keys = rules_text("beyond-baker-street").split("# Keys", 1)[1]
    table = solo_table(app)
    places = {area.label for area in table.view.board.drop_areas}
    assert "The Impossible" in places and not any("track" in label.lower() for label in places)
    assert "into the Impossible to Eliminate" in keys and "Investigation track" not in keys
    assert "click a partner's card to Assist" in keys


def test_the_banner_tells_the_new_lead_after_a_pursue(app):
    """Newcomer play-test: after a Pursue the Opportunity lead became a Document lead, and a dead
    lead's evidence went back into the deck (3 cards to 6), with no word on the table."""
    table = solo_table(app)
    section = table.view.obs.sections[0]
    assert table.act(R.Pursue(section.id), confirmed=True) is None
    told = ([table._flash[0]] if table._flash else []) + list(table._flash_queue)
    assert told[0].startswith("Ann pursues")
    assert any(f"New {table.view.section_name(section.id)} lead" in line for line in told), told


def _hint_note_positions(tmp_path, size, players):
    """Hints at a few seeded positions: the table and its coach once each note is up."""
    import random

    from sleuth.ui.driver import headless_app

    for seed in (1, 2, 3):
        for moves in (0, 2):
            app = headless_app(str(tmp_path / f"home-{seed}-{moves}"), size=size, animation_speed="instant",
                               bot_pace="instant")
            try:
                app.stack.push(TitleScene(app))
                table = solo_table(app, seed=seed, players=players)
                table.session.budget_s = 30.0  # the same hint on a loaded machine: no deadline cuts it short
                choose = random.Random(seed)
                for _ in range(moves):
                    table.act(choose.choice(table.legal_for_viewer()), confirmed=True)
                    pump(app, until=lambda t=table: bool(t.legal_for_viewer()) and not t.view.busy, timeout=30)
                send_key(app, pygame.K_h)
                pump(app, until=lambda t=table: t.coach.showing, timeout=30)
                yield app, table
            finally:
                app.shutdown()


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)], ids=["1280x720", "960x540"])
@pytest.mark.parametrize("players", [3, 4])
def test_the_hint_note_lies_clear_of_the_leads_the_impossible_and_every_hand(tmp_path, size, players):
    """Play-test: the hint's note (H) lay over the Impossible or a lead card, where the hint so
    often asks the player to drag a card. It lies clear of every place to drop on (the leads'
    sections, the Impossible), of the cards it points at, of the player's own hand and of the
    partners' cards; where the whole note has no such room it shows its first sentences there,
    and "More" shows the rest."""
    from sleuth.ui.spatial import overlaps

    for app, table in _hint_note_positions(tmp_path, size, players):
        view, coach = table.view, table.coach
        note = coach.note
        keep_clear = [("drop place " + str(area.target), tuple(area.rect)) for area in view.board.drop_areas]
        keep_clear += [(f"card {key}", sprite.rect_logical) for key, sprite in view.board.by_key.items()
                       if not sprite.hidden and (key[0] == "own" or key[0] == "ev" and view._is_partner_card(key[1]))]
        keep_clear += [("the hint's mark", mark) for mark in coach.marks]
        assert any(name.startswith("card ('own'") for name, _ in keep_clear)
        for name, rect in keep_clear:
            assert not overlaps(note, rect), (table.session.replay.seed, coach.action, note, name)
        labels = [button.label for button in coach.widgets.items]
        if coach.shortened:
            assert labels == ["Got it", "More"]
            short = list(coach._wrapped)
            more = coach.widgets.items[1]
            click(app, (more.rect[0] + more.rect[2] / 2, more.rect[1] + more.rect[3] / 2))
            assert coach.expanded and len(coach._wrapped) > len(short)
            assert [button.label for button in coach.widgets.items] == ["Got it", "Less"]
        else:
            assert labels == ["Got it"]


def test_the_banner_ends_a_pursue_on_the_move_with_its_new_lead_not_the_new_lead_alone(app):
    """Feel play-test: after a pursue the banner's last words were "New Motive lead: Clue 9." alone,
    so a glance could not tell who did what. The move's after-effects are told after its line, and
    the last one stays with it ("Ann pursues ... New Suspect lead: ..."); the casebook keeps each."""
    app.update_settings(bot_pace="normal")
    table = solo_table(app)
    table.act(R.Pursue("suspect"), confirmed=True)
    pump(app, until=lambda: not table._flash_queue and not table.view.busy, timeout=30)
    shown = table._flash[0]
    move_line = table._move_line
    assert move_line.startswith("You pursue") or move_line.startswith("Ann pursues"), move_line
    assert shown.startswith(move_line) and "New Suspect lead:" in shown and shown != move_line
    assert table.log_lines[table._flash_line()] == move_line  # the shown line is the move's in the casebook
