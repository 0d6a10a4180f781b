"""The Case Connection table: every action kind by synthetic mouse events, the workbench's live
verdict against the engine's validator, a scripted game against bots, and hot-seat frames that
never show a player the leads someone else is choosing from."""

import pytest

from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.games.case_connection import rules as R
from sleuth.games.case_connection.grid import Reconstruction, solve, validate
from sleuth.games.case_connection.table import CaseTable
from sleuth.ui.driver import click, drag, pump
from sleuth.ui.scenes.handoff import HandoffScene
from sleuth.ui.scenes.table import start_game
from tests.frame_spy import FrameSpy
from tests.games.case_connection.helpers import give, set_lead

SPEC = get("case-connection")


def ready(table):
    return lambda: table.state.is_over() or (bool(table.legal_for_viewer()) and not table.view.busy)


def settle(app, condition, limit=600):
    """Run the app in tenths of a second, drawing once per tenth (animated tables stay cheap)."""
    for _ in range(limit):
        if condition():
            return
        pump(app, 0.1, frames=1)
    raise TimeoutError("the table did not settle")


def solo_table(app, seed=3, players=2):
    seats = [SeatInfo("Ann", "human")] + [SeatInfo(f"Bot{i}", "basic") for i in range(1, players)]
    table = start_game(app, SPEC, seats, {}, seed)
    assert isinstance(table.view, CaseTable)
    pump(app, until=ready(table), timeout=30)
    return table


def playing_table(app, seed=3, players=2):
    """A table where Ann (seat 0) is to play her first turn."""
    table = solo_table(app, seed=seed, players=players)
    for _ in range(20):
        if table.state.phase == R.PHASE_PLAY and table.state.turn == 0:
            break
        table.act(table.legal_for_viewer()[0])
        pump(app, until=ready(table), timeout=30)
    assert table.state.phase == R.PHASE_PLAY and table.state.turn == 0
    return table


def last_action(table):
    return table.session.replay.actions[-1]


def actions(table):
    return len(table.session.replay.actions)


def centre(rect):
    x, y, w, h = rect
    return (x + w / 2, y + h / 2)


def button(view, label):
    return next(w for w in view.widgets.items if getattr(w, "label", "") == label)


def press(app, view, label):
    click(app, centre(button(view, label).rect))


def location_keys(view, loc):
    threads, proofs = view.obs.locations[loc]
    keys = [("thread", t) for t in threads if t is not None]
    keys += [("tok", view.at_loc[loc][k]) for k, code in enumerate(proofs) if code is not None]
    return keys


def visitable(view):
    return next(loc for loc in range(4) if len(location_keys(view, loc)) >= 2)


def prepared(app, lead="L12", threads=("T05", "T11", "T09", "T04", "T07"), proofs="FCWWU"):
    """Ann on turn with a chosen lead and items that can reconstruct it."""
    table = playing_table(app)
    set_lead(table.state, 0, lead)
    give(table.state, 0, list(threads), proofs)
    table.rebuild_view(animate=False)
    return table


def lay_out_by_dragging(app, table, placements, tokens):
    """Drag the solver's arrangement onto the workbench, card by card, proof by proof."""
    view = table.view
    for tid, x, y in sorted(placements, key=lambda p: abs(p[1]) + abs(p[2])):
        drag(app, view.board.sprite(("thread", tid)).pos, view.cell_centre((x, y)))
    for x1, y1, x2, y2, code in tokens:
        on_edges = set(view.layout().edges.values())
        token = next(t for t in view.held[0][code] if t not in on_edges)
        edge = ((x1, y1), (x2, y2)) if (x1, y1) <= (x2, y2) else ((x2, y2), (x1, y1))
        drag(app, view.board.sprite(("tok", token)).pos, view.edge_centre(edge))


# -- taking -------------------------------------------------------------------------------------


def test_clicking_two_items_at_a_location_takes_both_in_one_action(app):
    table = playing_table(app)
    view = table.view
    loc = visitable(view)
    first, second = location_keys(view, loc)[:2]
    before = actions(table)
    click(app, view.board.sprite(first).pos)
    assert actions(table) == before and len(view.picks) == 1
    assert view.board.sprite(first).pos == pytest.approx(view.staging_pos(0), abs=1)
    click(app, view.board.sprite(second).pos)
    assert actions(table) == before + 1
    seat, text = last_action(table)
    action = SPEC.actions.parse(text)
    assert seat == 0 and isinstance(action, R.Take) and action.location == loc


def test_dragging_items_into_your_area_takes_them(app):
    table = playing_table(app)
    view = table.view
    loc = visitable(view)
    keys = location_keys(view, loc)[:2]
    before = actions(table)
    for key in keys:
        drag(app, view.board.sprite(key).pos, (560, 420))
    assert actions(table) == before + 1
    assert isinstance(SPEC.actions.parse(last_action(table)[1]), R.Take)


def test_clicking_a_location_visits_it_and_a_pick_elsewhere_starts_over(app):
    table = playing_table(app)
    view = table.view
    locs = [loc for loc in range(4) if len(location_keys(view, loc)) >= 2]
    click(app, centre(view.loc_rect(locs[0]))[:1] + (view.loc_rect(locs[0])[1] + 12,))
    assert view.visiting == locs[0]
    click(app, view.board.sprite(location_keys(view, locs[0])[0]).pos)
    click(app, view.board.sprite(location_keys(view, locs[1])[0]).pos)
    assert [p[2] for p in view.picks] == [locs[1]]
    press(app, view, "Cancel")
    assert view.picks == []


# -- the workbench ------------------------------------------------------------------------------


def test_laying_out_by_drag_and_reconstructing_sends_that_layout(app):
    table = prepared(app)
    view = table.view
    state = table.state
    placements, tokens = solve(state.cards, state.cards.lead("L12"), state.hand_threads[0], state.held_proofs(0))
    lay_out_by_dragging(app, table, placements, tokens)
    fb = view.feedback()
    assert isinstance(fb.verdict, Reconstruction)
    assert all(status != "missing" for _, _, status, _ in fb.icons)
    assert view.may_reconstruct()
    before = actions(table)
    press(app, view, "Reconstruct")
    assert actions(table) == before + 1
    action = SPEC.actions.parse(last_action(table)[1])
    assert isinstance(action, R.Reconstruct)
    assert sorted(action.cards) == sorted(placements)
    assert "L12" in state.completed[0]


def test_an_invalid_layout_shows_the_validators_message_and_disables_reconstruct(app):
    table = prepared(app)
    view = table.view
    state = table.state
    tid = next(t for t in state.hand_threads[0] if state.cards.thread(t).edges[2] == "F")
    drag(app, view.board.sprite(("thread", tid)).pos, view.cell_centre((0, -1)))
    assert view.layout().cells == {(0, -1): tid}
    fb = view.feedback()
    expected = validate(state.cards, state.cards.lead("L12"), state.hand_threads[0], state.held_proofs(0),
                        ((tid, 0, -1),), ())
    assert fb.verdict == expected and isinstance(expected, str)
    assert fb.edges[((0, -1), (0, 0))][0] == "missing"
    assert not button(view, "Reconstruct").enabled
    assert button(view, "Reconstruct").tooltip == "Not yet: " + expected
    # the proof on the seam connects it: the top icon is now satisfied directly
    token = view.held[0]["F"][0]
    drag(app, view.board.sprite(("tok", token)).pos, view.edge_centre(((0, -1), (0, 0))))
    fb = view.feedback()
    assert fb.edges[((0, -1), (0, 0))][0] == "connected"
    assert ("direct" in [s for side, _, s, _ in fb.icons if side == 0])
    assert "right side is not connected" in fb.verdict


def test_hint_lays_out_the_solver_arrangement_or_says_none_exists(app):
    table = prepared(app)
    view = table.view
    press(app, view, "Hint")
    assert isinstance(view.feedback().verdict, Reconstruction)
    assert view.layout().cells
    press(app, view, "Clear")
    assert not view.layout().cells and not view.layout().edges


def test_hint_says_when_no_arrangement_exists(app):
    table = prepared(app, lead="L20", threads=("T05",), proofs="F")
    app.toasts.clear()
    press(app, table.view, "Hint")
    assert not table.view.layout().cells
    assert app.toasts and "No arrangement" in app.toasts[0][0]


def test_refused_drops_change_nothing(app):
    table = prepared(app)
    view = table.view
    state = table.state
    before = actions(table)
    # a location item dropped on another player's area slides back
    loc = visitable(view)
    key = location_keys(view, loc)[0]
    home = view.board.sprite(key).pos
    drag(app, home, (880, 260))
    pump(app, 0.5)
    assert view.board.sprite(key).pos == pytest.approx(home, abs=1)
    assert actions(table) == before and view.picks == []
    # a proof on a seam whose symbols do not fit is refused with the reason
    tid = next(t for t in state.hand_threads[0] if state.cards.thread(t).edges[2] == "F")
    drag(app, view.board.sprite(("thread", tid)).pos, view.cell_centre((0, -1)))
    layout_before = (dict(view.layout().cells), dict(view.layout().edges))
    token = view.held[0]["W"][0]
    app.toasts.clear()
    drag(app, view.board.sprite(("tok", token)).pos, view.edge_centre(((0, -1), (0, 0))))
    assert (view.layout().cells, view.layout().edges) == layout_before
    assert app.toasts and "Witness proof cannot join Forensic" in app.toasts[-1][0]
    # a card dropped far from every other card is refused too
    other = next(t for t in state.hand_threads[0] if t != tid)
    drag(app, view.board.sprite(("thread", other)).pos, view.cell_centre((3, 3)))
    assert (view.layout().cells, view.layout().edges) == layout_before
    assert actions(table) == before


def test_click_then_click_places_a_card(app):
    table = prepared(app)
    view = table.view
    tid = table.state.hand_threads[0][0]
    click(app, view.board.sprite(("thread", tid)).pos)
    assert view.selected == ("thread", tid)
    click(app, view.cell_centre((-1, 0)))
    assert view.layout().cells == {(-1, 0): tid}
    click(app, view.board.sprite(("thread", tid)).pos)
    click(app, centre(view_tray()))
    assert view.layout().cells == {}


def view_tray():
    from sleuth.games.case_connection.table.layout import TRAY

    return (TRAY[0], TRAY[1] + 100, TRAY[2], 40)


# -- exchange, keep, leads, end of turn ---------------------------------------------------------


def test_exchange_button_when_legal(app):
    table = playing_table(app)
    give(table.state, 0, [], "CCC")
    table.rebuild_view(animate=False)
    trade = next(w for w in table.view.widgets.items if getattr(w, "action", None) == R.Exchange("C"))
    click(app, centre(trade.rect))
    assert last_action(table) == (0, str(R.Exchange("C")))
    assert not any(hasattr(w, "action") for w in table.view.widgets.items)  # once per turn


def test_after_a_reconstruction_keep_two_items_then_choose_a_lead(app):
    table = prepared(app)
    view = table.view
    press(app, view, "Hint")
    press(app, view, "Reconstruct")
    pump(app, until=ready(table), timeout=10)
    assert table.state.phase == R.PHASE_KEEP
    assert not view.layout().cells
    tids = table.state.hand_threads[0][:2]
    for tid in tids:
        click(app, view.board.sprite(("thread", tid)).pos)
    assert len(view.keep_sel) == 2
    press(app, view, "Keep these 2")
    assert last_action(table) == (0, str(R.Keep(tuple(sorted(tids)), ())))
    pump(app, until=ready(table), timeout=10)
    assert table.state.phase == R.PHASE_PICK and view.obs.offer
    offered = view.obs.offer[1]
    click(app, view.board.sprite(("lead", offered)).pos)
    assert last_action(table) == (0, str(R.PickLead(offered)))
    assert table.state.leads[0] == offered


def test_the_first_lead_is_chosen_with_a_button(app):
    table = solo_table(app, seed=4)
    while table.state.chooser != 0:
        pump(app, 0.1)
    offer = table.view.obs.offer
    press(app, table.view, f"Keep {offer[0]}")
    assert table.state.leads[0] == offer[0]


def test_end_turn_after_taking(app):
    table = playing_table(app)
    view = table.view
    loc = visitable(view)
    for key in location_keys(view, loc)[:2]:
        click(app, view.board.sprite(key).pos)
    pump(app, until=ready(table), timeout=10)
    assert table.state.turn == 0 and table.state.taken
    press(app, view, "End turn")
    assert last_action(table) == (0, str(R.EndTurn()))


# -- whole games --------------------------------------------------------------------------------


def test_a_full_game_with_one_scripted_human_and_bots_describes_every_event(app):
    table = solo_table(app, seed=8, players=3)
    view = table.view
    for _ in range(300):
        pump(app, until=ready(table), timeout=30)
        if table.state.is_over():
            break
        legal = table.legal_for_viewer()
        if view.obs.phase == R.PHASE_PLAY and view.obs.leads[0] and any(isinstance(a, R.Reconstruct) for a in legal):
            view.hint()
            view.reconstruct()
            continue
        takes = [a for a in legal if isinstance(a, R.Take)]
        table.act(takes[len(table.session.replay.actions) % len(takes)] if takes else legal[0])
    pump(app, until=lambda: table.results_shown, timeout=30)
    assert table.state.is_over()
    kinds = set()
    for event in table.state.events_for(0):
        text = view.describe(event)
        assert text and "_" not in text and "(" not in text[:1], (event, text)
        kinds.add(event.KIND)
    assert {"game_started", "refilled", "leads_drawn", "lead_chosen", "took", "reconstructed", "turn_ended",
            "end_triggered", "game_over"} <= kinds
    story = view.story()
    assert story and any("reconstruct" in line for line in story)
    app.draw()  # the results screen with draw_results_extra


def test_every_event_kind_has_words():
    from sleuth.games.case_connection.rules import EVENTS

    class Scene:
        seat_names = ["You", "Watson"]

    view = CaseTable.__new__(CaseTable)
    view.scene = Scene()
    from sleuth.games.case_connection.table import bundled_cards

    view.cards = bundled_cards()
    samples = [
        R.GameStarted(0), R.Refilled((), (), "setup"), R.Refilled((), (), "two locations held only one item"),
        R.LeadsDrawn(0, ("L01", "L02"), 2), R.LeadsDrawn(1, None, 3), R.LeadChosen(1, "L03", 1), R.NoLead(0),
        R.Took(0, 1, ("T01",), ("F",)), R.Exchanged(1, "W"), R.Reconstructed(0, "L01", 2, (), (), ("T01",)),
        R.BonusGained(0, "T05", "bonus_point", True), R.BonusGained(1, "T03", "universal", False),
        R.Kept(0, ("T01",), ("C",), ("T02",), ("F", "F")), R.TurnEnded(1), R.EndTriggered(0, 9),
        R.GameOver((0,), (9, 4), "done"),
    ]
    assert {type(e) for e in samples} == set(EVENTS)
    texts = [view.describe(e) for e in samples]
    assert all(texts)
    assert texts[0] == "You go first. Reach 9 points."
    assert texts[7] == "You visit Scotland Yard and take T01 and a Forensic proof."
    assert texts[-1] == "Game over: You win with 9 points."


def test_the_handoff_frame_shows_no_offer_and_no_workbench(app):
    seats = [SeatInfo("Ann", "human"), SeatInfo("Bob", "human")]
    table = start_game(app, SPEC, seats, {}, seed=5)
    spy = FrameSpy(table, "lead")
    pump(app)
    assert isinstance(app.stack.top, HandoffScene)
    shown = spy.frame()
    assert table.view.viewer is None
    assert not shown & set(table.state.offer)
    assert table.view.obs.offer is None
    assert not any(a.target in ("take", "tray") for a in table.view.board.drop_areas)
    assert not table.view.widgets.items


def test_hot_seat_never_shows_a_player_the_leads_someone_else_is_choosing(app):
    app.settings = app.settings.updated(animation_speed="fast")
    seats = [SeatInfo("Ann", "human"), SeatInfo("Bob", "human"), SeatInfo("Cat", "basic")]
    table = start_game(app, SPEC, seats, {}, seed=13)
    spy = FrameSpy(table, "lead")
    frames = 0
    layouts_seen = set()
    for _ in range(80):
        if table.state.is_over():
            break
        if isinstance(app.stack.top, HandoffScene):
            spy.frame()
            frames += 1
            app.stack.top.confirm()
        viewer = table.viewer
        for _ in range(2):
            shown = spy.frame()
            frames += 1
            offer = set(table.state.offer)
            if table.state.chooser != viewer:
                assert not shown & offer, "a player saw leads someone else is choosing from"
            pump(app, 0.05)
        legal = table.legal_for_viewer()
        if legal and table.session.pending() == viewer:
            if viewer is not None and table.view.obs.leads[viewer] and table.view.layout() is not None:
                table.view.hint()  # each player's own layout survives the other's turn
                if table.view.layout().cells:
                    layouts_seen.add(viewer)
            table.act(legal[len(table.session.replay.actions) % len(legal)])
        pump(app, 0.1)
    assert frames > 60


def test_each_players_layout_survives_the_others_turn_in_hot_seat(app):
    seats = [SeatInfo("Ann", "human"), SeatInfo("Bob", "human")]
    table = start_game(app, SPEC, seats, {}, seed=5)

    def settle():
        for _ in range(50):
            pump(app)
            if isinstance(app.stack.top, HandoffScene):
                app.stack.top.confirm()
                continue
            if table.session.pending() == table.viewer and table.legal_for_viewer():
                return

    settle()
    while not (table.state.phase == R.PHASE_PLAY and table.viewer == 0):
        table.act(table.legal_for_viewer()[0])
        settle()
    set_lead(table.state, 0, "L12")
    give(table.state, 0, ["T05", "T11", "T09", "T04", "T07"], "FCWWU")
    table.rebuild_view(animate=False)
    table.view.hint()
    ann = dict(table.view.layouts[0].cells), dict(table.view.layouts[0].edges)
    assert ann[0]
    for _ in range(2):  # Ann takes and ends; then Bob does
        table.act(next(a for a in table.legal_for_viewer() if isinstance(a, R.Take)))
        settle()
        if table.state.phase == R.PHASE_KEEP:
            break
        table.act(R.EndTurn())
        settle()
        if table.viewer == 1:
            assert table.view.layout() is table.view.layouts[1]
            assert not table.view.layout().cells
    assert table.viewer == 0
    assert (table.view.layouts[0].cells, table.view.layouts[0].edges) == ann


def test_two_quick_clicks_take_both_items_while_cards_still_slide(app):
    app.settings = app.settings.updated(animation_speed="normal")
    table = playing_table(app)
    view = table.view
    loc = visitable(view)
    first, second = location_keys(view, loc)[:2]
    before = actions(table)
    click(app, view.board.sprite(first).pos)
    assert not view.busy  # your own moves never hold up the next click
    click(app, view.board.sprite(second).pos)
    assert actions(table) == before + 1


def test_every_card_and_place_explains_itself(app):
    table = prepared(app)
    view = table.view
    view.hint()
    for sprite in view.board.sprites.sprites():
        assert sprite.tooltip, sprite.key
    from sleuth.games.case_connection.table.layout import DONE_ROW, LEAD_PANEL, MESSAGE, SUPPLY, TRAY

    places = [centre(view.loc_rect(0))[:1] + (view.loc_rect(0)[1] + 10,), (SUPPLY[0] + 150, SUPPLY[1] + 110),
              (LEAD_PANEL[0] + 300, LEAD_PANEL[1] + 90), (TRAY[0] + 330, TRAY[1] + 120), (DONE_ROW[0] + 300,
                                                                                          DONE_ROW[1] + 10),
              (MESSAGE[0] + 5, MESSAGE[1] + 80), view.cell_centre((-3, 3)), (990, 330)]
    for pos in places:
        assert view.tooltip(pos), pos
    edge = next(iter(view.layout().edges))
    assert view.tooltip(view.edge_centre(edge)).startswith("Connected")


def test_bot_turns_leave_the_human_with_live_buttons(app):
    app.settings = app.settings.updated(animation_speed="fast", bot_pace="fast")
    table = solo_table(app, seed=6, players=3)
    view = table.view
    for _ in range(8):
        settle(app, ready(table))
        if table.state.is_over():
            break
        legal = table.legal_for_viewer()
        labels = {getattr(w, "label", "") for w in view.widgets.items}
        assert "All moves (M)" in labels
        if R.EndTurn() in legal:
            assert "End turn" in labels
        if any(isinstance(a, R.Take) for a in legal):
            assert any(view.board.sprite(k).clickable for loc in range(4) for k in location_keys(view, loc))
        table.act(legal[0])


def test_another_players_reconstruction_is_shown_beside_their_area(app):
    table = playing_table(app)
    view = table.view
    view._animating = True
    view.board.speed = 1.0
    shown = R.Reconstructed(1, "L01", 2, (("T01", 0, -1), ("T02", 0, 1)), ((0, 0, 0, -1, "F"), (0, 0, 0, 1, "C")),
                            ("T01", "T02"))
    view._callout("L01 reconstructed: +2", 1, 0.0, shown)
    assert view.busy
    pump(app, 0.3)
    assert view.shown_layouts and view.shown_layouts[0][0] is shown and view.shown_layouts[0][2]
    assert view.callouts.items and view.callouts.items[0].text == "L01 reconstructed: +2"
    pump(app, 2.5)
    assert not view.shown_layouts and not view.callouts.items and not view.busy
