"""Hot seat: a handoff hides everything private until the named player confirms."""

import pygame

from sleuth.core.registry import get
from sleuth.core.replay import SeatInfo
from sleuth.ui.driver import click, pump, send
from sleuth.ui.scenes.handoff import SINCE_ROWS, HandoffScene
from sleuth.ui.scenes.table import start_game
from sleuth.ui.scenes.title import TitleScene


def record_views(table):
    seen = []
    original = table.view.sync

    def spy(obs, events, animate):
        seen.append(obs.seat)
        return original(obs, events, animate)

    table.view.sync = spy
    return seen


def test_two_humans_get_a_handoff_and_only_the_public_view_is_drawn_meanwhile(app):
    app.stack.push(TitleScene(app))
    spec = get("bakerstreet")
    table = start_game(app, spec, [SeatInfo("Ann", "human"), SeatInfo("Bob", "human")], {}, seed=4)
    seen = record_views(table)
    pump(app)
    handoff = app.stack.top
    assert isinstance(handoff, HandoffScene)
    first = handoff.seat
    assert table.viewer is None and table.view.obs.seat is None
    # frames drawn during the handoff: the view only ever received the public observation
    pump(app, 0.5, frames=5)
    assert set(seen) <= {None}
    assert all(e.visible_to(None) for e in table.view.obs.log)
    click(app, (640, 360))
    assert table.viewer == first and app.stack.top is table
    # play until the turn passes: the next human gets a handoff again
    while table.session.pending() == first:
        assert table.act(table.legal_for_viewer()[0]) is None
        pump(app)
    pump(app, until=lambda: isinstance(app.stack.top, HandoffScene), timeout=10)
    assert app.stack.top.seat == 1 - first
    assert table.viewer is None


def test_one_human_with_bots_gets_no_handoff(app):
    app.stack.push(TitleScene(app))
    table = start_game(app, get("purrrlock-holmes"), [SeatInfo("Ann", "human"), SeatInfo("Bot", "random"),
                                                      SeatInfo("Bot2", "random")], {}, seed=4)
    for _ in range(200):
        pump(app, 0.05)
        assert not isinstance(app.stack.top, HandoffScene)
        legal = table.legal_for_viewer()
        if legal and table.session.pending() == 0:
            table.act(legal[0])
        if table.state.is_over():
            break
    assert table.viewer == 0


def test_the_handoff_waits_for_a_click_or_key(app):
    app.stack.push(TitleScene(app))
    table = start_game(app, get("bakerstreet"), [SeatInfo("Ann", "human"), SeatInfo("Bob", "human")], {}, seed=9)
    pump(app)
    assert isinstance(app.stack.top, HandoffScene)
    pump(app, 2.0, frames=3)
    assert isinstance(app.stack.top, HandoffScene)
    app.stack.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert app.stack.top is table


def test_the_release_of_the_previous_players_click_does_not_dismiss_the_handoff(app):
    app.stack.push(TitleScene(app))
    table = start_game(app, get("bakerstreet"), [SeatInfo("Ann", "human"), SeatInfo("Bob", "human")], {}, seed=4)
    pump(app)
    handoff = app.stack.top
    assert isinstance(handoff, HandoffScene)
    pump(app, 0.5)
    app.stack.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(640, 360), button=1))  # a stray release
    assert app.stack.top is handoff and table.viewer is None
    click(app, (640, 360))  # a real click: press and release on the handoff screen
    assert app.stack.top is table


def test_the_handoff_tells_what_happened_since_the_players_last_turn(app):
    """Play-test: at a table of human, bot, human a bot's turn passed in half a second and the
    handoff covered it at once; only the casebook said what it did. The handoff now lists the
    moves since the named player's last turn, in the public words of the casebook; an Assist to
    them says "you" ("Alice tells Carol that their 2nd card" read as someone else's card)."""
    app.stack.push(TitleScene(app))
    spec = get("beyond-baker-street")
    seats = [SeatInfo("Ann", "human"), SeatInfo("Watson", "basic"), SeatInfo("Cy", "human")]
    table = start_game(app, spec, seats, {}, seed=3)
    seen = []
    for _ in range(8):
        pump(app, until=lambda: isinstance(app.stack.top, HandoffScene) or table.viewer_may_act(), timeout=30)
        top = app.stack.top
        if isinstance(top, HandoffScene):
            seen.append((top.name, list(top.since)))
            app.draw()  # the list draws inside the panel
            top.confirm()
            continue
        assert table.act(table.legal_for_viewer()[0], confirmed=True) is None
    first_turns = [since for _name, since in seen[:2]]
    assert first_turns[0] == []  # Ann has not moved yet: nothing to tell
    later = [since for _name, since in seen[2:]]
    assert later and all(since for since in later)
    assert any(line.startswith("Watson ") for since in later for line in since)
    for _name, since in seen:
        # public words, no one's eyes; an Assist to the named player is told to them (everyone heard it)
        assert all("your" not in line.lower().split() or " tells you that your " in line for line in since), since
        # one line a move, its own: routine after-effects never push a move off the list
        assert not any(" draws " in line or line.startswith("Holmes") for line in since), since


def test_the_summary_shows_whole_lines_and_says_where_the_earlier_ones_are(app):
    """Play-test: the summary kept its last six wrapped rows, so it began mid-sentence ("thread
    and a Forensic proof.") and dropped moves without a word."""
    app.stack.push(TitleScene(app))
    seats = [SeatInfo("Ann", "human"), SeatInfo("Watson", "basic"), SeatInfo("Cy", "human")]
    table = start_game(app, get("beyond-baker-street"), seats, {}, seed=3)
    long = "Watson visits Scotland Yard and takes a Cyber and Witness thread, a Forensic proof and a Witness proof."
    lines = [f"{n}: {long}" for n in range(1, 16)]
    handoff = HandoffScene(app, table, 0, "", lines)
    rows = handoff._since_rows(app.canvas)
    assert rows[0] == "Earlier: 4 more lines in the casebook (L)."
    assert " ".join(rows[1:]) == " ".join(lines[4:])  # the newest whole, from a line's first word
    # couch play-test at 5 seats: a turn's news ran to 26 lines and a single column of 10 lost a
    # right guess; a second column opens beside the first, no line split between them
    left, right = handoff._since_columns(app.canvas)
    assert len(left) <= SINCE_ROWS and len(right) <= SINCE_ROWS and right[0].split(":")[0].isdigit()
    drawn = []
    original = app.canvas.text
    app.canvas.text = lambda text, pos, *a, **k: drawn.append((text, pos)) or original(text, pos, *a, **k)
    handoff.draw(app.canvas)
    del app.canvas.text
    assert all(0 <= y <= 700 and 0 <= x <= 1280 for _, (x, y) in drawn)
    short = HandoffScene(app, table, 0, "", lines[:2])._since_rows(app.canvas)
    assert " ".join(short) == " ".join(lines[:2])


def test_purrrlocks_summary_tells_furriartys_step(app):
    """Play-test: the summary a player got at the start of a round had the others' moves but not
    Furriarty's step and the token it turned up (an after-effect of the last turn's end)."""
    from sleuth.games.purrrlock_holmes import rules as R

    app.stack.push(TitleScene(app))
    seats = [SeatInfo("Ann", "human"), SeatInfo("Watson", "basic"), SeatInfo("Cy", "human")]
    table = start_game(app, get("purrrlock-holmes"), seats, {}, seed=3)
    for _ in range(200):
        pump(app, until=lambda: isinstance(app.stack.top, HandoffScene) or table.viewer_may_act()
             or table.state.is_over(), timeout=30)
        if any(isinstance(e, R.FurriartyMoved) for e in table.state.log):
            break
        top = app.stack.top
        if isinstance(top, HandoffScene):
            top.confirm()
            continue
        legal = table.legal_for_viewer()
        action = next((a for a in legal if isinstance(a, (R.Investigate, R.EndTurn))), legal[0])
        assert table.act(action, confirmed=True) is None
    assert any(isinstance(e, R.FurriartyMoved) for e in table.state.log)
    pump(app, until=lambda: isinstance(app.stack.top, HandoffScene), timeout=30)
    assert any(line.startswith("Furriarty steps right") for line in app.stack.top.since), app.stack.top.since


def test_the_banner_shows_no_buttons_under_the_handoff_screen(app):
    """The banner's buttons showed through the handoff dimmed, and a click on one only confirmed
    the handoff: none are drawn while it is up, and they return for the player at the screen."""
    app.stack.push(TitleScene(app))
    table = start_game(app, get("bakerstreet"), [SeatInfo("Ann", "human"), SeatInfo("Bob", "human")], {}, seed=4)
    pump(app)
    assert isinstance(app.stack.top, HandoffScene)
    assert table.handing_off and table.banner_tabs() == []
    pump(app, 0.5)  # the banner draws with no buttons; the handoff takes clicks after a moment
    click(app, (640, 360))
    assert not table.handing_off
    assert [tab.label for tab in table.banner_tabs()][0] == "Casebook (L)"


def test_tab_reaches_the_banners_buttons_after_the_tables_own(app):
    """Keyboard play-test: Tab cycled the table's buttons only; the banner's (Hint, Casebook)
    took their letter keys alone. Tab now goes on to them, Enter presses one, and Tab past the
    last comes back to the table's buttons; a click takes the focus back to the mouse."""
    from sleuth.ui.driver import send

    def key(k, mod=0):
        send(app, pygame.KEYDOWN, key=k, mod=mod, unicode="")

    app.stack.push(TitleScene(app))
    table = start_game(app, get("bakerstreet"), [SeatInfo("Ann", "human"), SeatInfo("Bot", "basic")], {}, seed=4)
    pump(app, until=lambda: table.viewer_may_act() and not table.view.busy, timeout=30)
    banner = [tab.label for tab in reversed(table.banner_tabs()) if tab.available]
    assert "Casebook (L)" in banner
    seen = []
    for _ in range(30):
        key(pygame.K_TAB)
        seen.append(table.banner_focus)
        if seen[-1] == banner[-1]:
            break
    assert seen[-len(banner):] == banner and seen[0] is None  # the table's buttons came first
    key(pygame.K_TAB)
    assert table.banner_focus is None  # back to the table's own
    key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert table.banner_focus == banner[-1]
    app.draw()
    key(pygame.K_RETURN)
    assert table.log_open  # Enter pressed "Casebook (L)"
    click(app, (640, 400))
    assert table.banner_focus is None


def test_an_assist_to_the_named_player_is_told_to_them_on_the_handoff(app):
    """Couch play-test: Carol's handoff read "Alice tells Carol that their 1st, 2nd and 4th cards
    are 2s"; written to Carol it says "Alice tells you that your ...". The table's own lines keep
    the names (both players may be looking)."""
    from sleuth.games.beyond_baker_street import rules as R

    app.stack.push(TitleScene(app))
    seats = [SeatInfo("Ann", "human"), SeatInfo("Watson", "basic"), SeatInfo("Cy", "human")]
    table = start_game(app, get("beyond-baker-street"), seats, {}, seed=3)
    pump(app, until=lambda: isinstance(app.stack.top, HandoffScene), timeout=30)
    app.stack.top.confirm()
    assert table.viewer == 0
    assist = next(a for a in table.legal_for_viewer() if isinstance(a, R.Assist) and a.target == 2)
    assert table.act(assist, confirmed=True) is None
    told = [line for line in table.since_last_turn(2) if line.startswith("Ann tells")]
    assert told and told[0].startswith("Ann tells you that your "), told
    assert any(line.startswith("Ann tells Cy that their ") for line in table.log_lines)


def test_purrrlocks_summary_tells_the_decks_answers_for_a_new_investigation(app):
    """Couch play-test: the summary never listed "From the deck, for Ann's new Investigation:
    Toad 10 is a Dead End", the two answers a solved case's new card comes with."""
    from sleuth.games.purrrlock_holmes import rules as R

    app.stack.push(TitleScene(app))
    seats = [SeatInfo("Ann", "human"), SeatInfo("Watson", "basic"), SeatInfo("Cy", "human")]
    table = start_game(app, get("purrrlock-holmes"), seats, {}, seed=3)
    pump(app, until=lambda: isinstance(app.stack.top, HandoffScene), timeout=30)
    app.stack.top.confirm()
    state = table.state
    card = state.investigation[0]
    right = R.Guess(state.cards.card_suspect[card], state.cards.card_hour[card], False)
    assert table.act(right, confirmed=True) is None
    assert any(isinstance(e, R.Investigated) and e.seeding for e in table.state.log)
    told = table.since_last_turn(2)
    assert any(line.startswith("From the deck, for Ann's new Investigation") for line in told), told


def test_ctrl_z_at_the_couch_says_why_nothing_is_taken_back(app):
    """Couch play-test: Ctrl+Z did nothing and said nothing with two people at the table."""
    from sleuth.ui.driver import send

    app.stack.push(TitleScene(app))
    table = start_game(app, get("bakerstreet"), [SeatInfo("Ann", "human"), SeatInfo("Bob", "human")], {}, seed=4)
    pump(app)
    app.stack.top.confirm()
    app.toasts.clear()
    send(app, pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="")
    assert app.toasts and "more than one person" in app.toasts[0][0]
    assert table.session.replay.actions == []


def test_the_first_handoff_says_so_far_not_since_your_last_turn(app):
    """Verification play-test: the first handoff of a game said "Since your last turn" to a
    player who had not had one."""
    app.stack.push(TitleScene(app))
    seats = [SeatInfo("Ann", "human"), SeatInfo("Watson", "basic"), SeatInfo("Cy", "human")]
    table = start_game(app, get("case-connection"), seats, {}, seed=3)
    headings = []
    for _ in range(12):
        pump(app, until=lambda: isinstance(app.stack.top, HandoffScene) or table.viewer_may_act(), timeout=30)
        top = app.stack.top
        if isinstance(top, HandoffScene):
            headings.append((top.seat, top.heading))
            # the banner under it tells a move, not a bare "Watson's turn ends."
            assert table._flash is None or not table._flash[0].endswith("turn ends."), table._flash
            top.confirm()
            continue
        assert table.act(table.legal_for_viewer()[0], confirmed=True) is None
    firsts = {}
    for seat, heading in headings:
        firsts.setdefault(seat, heading)
    assert set(firsts.values()) == {"So far"}
    assert any(heading == "Since your last turn" for _, heading in headings)


def test_a_pause_at_the_couch_hides_the_players_view_and_resume_hands_the_screen_back(app):
    """Couch play-test: Esc in mid-turn laid the pause menu over Ann's hand, notes and the others'
    clue cards, readable, and Resume went straight back to her. A pause is where people step
    away: the view goes public under the menu, and Resume asks Ann to confirm she is back."""
    from sleuth.ui.scenes.pause import PauseScene

    app.stack.push(TitleScene(app))
    spec = get("purrrlock-holmes")
    seats = [SeatInfo("Ann", "human"), SeatInfo("Bot", "basic"), SeatInfo("Ben", "human")]
    table = start_game(app, spec, seats, {}, seed=4)
    pump(app, until=lambda: isinstance(app.stack.top, HandoffScene), timeout=10)
    app.stack.top.confirm()
    assert table.viewer == 0
    pump(app)
    send(app, pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    assert isinstance(app.stack.top, PauseScene)
    assert table.viewer is None and table.view.obs.seat is None
    assert table.banner_tabs() == []  # "Casebook (L)" showed over the pause and did nothing
    send(app, pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")  # Resume
    handoff = app.stack.top
    assert isinstance(handoff, HandoffScene) and handoff.seat == 0 and handoff.reason == "Back from the pause."
    assert table.viewer is None
    # said in ink, not in the red of a refusal: nothing went wrong
    colours = {}
    original = app.canvas.text

    def spy(text, pos, size, colour, *args, **kw):
        colours[text] = tuple(colour)
        return original(text, pos, size, colour, *args, **kw)

    app.canvas.text = spy
    app.keep_painted_layers = False
    app.draw()
    del app.canvas.text
    assert colours["Back from the pause."] == tuple(app.palette.ink) != tuple(app.palette.bad)
    handoff.confirm()
    assert table.viewer == 0 and app.stack.top is table


def test_the_rules_at_the_couch_hand_the_screen_back_as_a_pause_does(app):
    """Couch play-test (4-5 seats): F1 in mid-turn, then Back, went straight back to Dee's hand and
    notes, where Esc, Rules, Back asked Dee to confirm she was at the screen."""
    from sleuth.ui.scenes.rules import RulesScene

    app.stack.push(TitleScene(app))
    seats = [SeatInfo("Ann", "human"), SeatInfo("Bot", "basic"), SeatInfo("Ben", "human")]
    table = start_game(app, get("purrrlock-holmes"), seats, {}, seed=4)
    pump(app, until=lambda: isinstance(app.stack.top, HandoffScene), timeout=10)
    app.stack.top.confirm()
    assert table.viewer == 0
    send(app, pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="")
    assert isinstance(app.stack.top, RulesScene) and table.viewer is None
    send(app, pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    handoff = app.stack.top
    assert isinstance(handoff, HandoffScene) and handoff.seat == 0 and handoff.reason == "Back from the rules."
    handoff.confirm()
    assert table.viewer == 0 and app.stack.top is table


def test_the_rules_alone_against_bots_go_straight_back(app):
    from sleuth.ui.scenes.rules import RulesScene

    app.stack.push(TitleScene(app))
    table = start_game(app, get("purrrlock-holmes"), [SeatInfo("Ann", "human"), SeatInfo("Bot", "basic")], {}, 4)
    pump(app, until=lambda: table.viewer_may_act(), timeout=10)
    send(app, pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="")
    assert isinstance(app.stack.top, RulesScene) and table.viewer == 0
    send(app, pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    assert app.stack.top is table and table.viewer == 0


def test_a_pause_during_a_paws_hands_the_screen_back_to_the_caller(app):
    from sleuth.ui.scenes.pause import PauseScene

    app.stack.push(TitleScene(app))
    spec = get("purrrlock-holmes")
    seats = [SeatInfo("Ann", "human"), SeatInfo("Ben", "human")]
    table = start_game(app, spec, seats, {}, seed=4)
    pump(app, until=lambda: isinstance(app.stack.top, HandoffScene), timeout=10)
    first = app.stack.top.seat
    app.stack.top.confirm()
    pump(app)
    caller = 1 - first
    assert table.call_interrupt(caller)
    app.stack.top.confirm()
    assert table.viewer == caller
    table.pause()
    assert isinstance(app.stack.top, PauseScene) and table.viewer is None
    app.stack.top.back()
    assert isinstance(app.stack.top, HandoffScene) and app.stack.top.seat == caller
    app.stack.top.confirm()
    assert table.viewer == caller and table.interrupt is not None


def test_a_pause_with_one_person_at_the_table_keeps_their_view(app):
    from sleuth.ui.scenes.pause import PauseScene

    spec = get("purrrlock-holmes")
    table = start_game(app, spec, [SeatInfo("Ann", "human"), SeatInfo("Bot", "basic")], {}, seed=4)
    pump(app)
    table.pause()
    assert isinstance(app.stack.top, PauseScene) and table.viewer == 0
    app.stack.top.back()
    assert app.stack.top is table and table.viewer == 0


def test_f1_on_a_pass_to_screen_opens_the_rules_and_back_returns_to_it(app):
    """Couch play-test: F1 did nothing on a "Pass to NAME" screen (Esc, then Rules, worked). The
    rules hide nothing private, so F1 opens them there too; Back returns to the same handoff,
    with the table still in the public view."""
    from sleuth.ui.scenes.rules import RulesScene

    app.stack.push(TitleScene(app))
    table = start_game(app, get("bakerstreet"), [SeatInfo("Ann", "human"), SeatInfo("Bob", "human")], {}, seed=9)
    pump(app)
    handoff = app.stack.top
    assert isinstance(handoff, HandoffScene)
    app.stack.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and rules.spec.id == "bakerstreet"
    rules.back()
    assert app.stack.top is handoff and table.viewer is None


def test_a_click_on_the_dimmed_table_around_the_handoff_does_not_hand_the_screen_over(app):
    """Couch play-test: a click meant for the table's "Why?" button, made as "Pass to Ben"
    appeared, landed on the dimmed banner and handed the screen over at once, showing Ben's view
    to Ann. Only a click on the card itself (after a moment) or Enter confirms."""
    from sleuth.ui.scenes.handoff import ARMING

    app.stack.push(TitleScene(app))
    table = start_game(app, get("bakerstreet"), [SeatInfo("Ann", "human"), SeatInfo("Bob", "human")], {}, seed=4)
    pump(app)
    handoff = app.stack.top
    assert isinstance(handoff, HandoffScene)
    click(app, (1100, 20))  # the banner's buttons, at once
    assert app.stack.top is handoff
    pump(app, ARMING + 0.1)
    click(app, (1100, 20))  # and later: still outside the card
    assert app.stack.top is handoff
    x, y, w, h = handoff.panel_rect(app.canvas)
    click(app, (x + w / 2, y + h - 30))
    assert app.stack.top is table and table.viewer == handoff.seat


def test_beyond_baker_streets_summary_tells_holmess_steps_over_the_impossibles_limit(app):
    """Couch play-test: with the Impossible over its limit Holmes moved a step on each of two
    eliminations, and "Since your last turn" listed only the two cards."""
    from sleuth.games.beyond_baker_street import rules as R

    app.stack.push(TitleScene(app))
    table = start_game(app, get("beyond-baker-street"), [SeatInfo("Ann", "human"), SeatInfo("Ben", "human")],
                       {"case": 1}, seed=5)
    pump(app)
    state = table.state
    moved = 0
    for _ in range(8):  # eliminate until Holmes has moved for the Impossible, ending on Ann's move
        seat = state.turn
        before = len(state.log)
        table.session.apply(seat, R.Eliminate(0))
        moved += sum(isinstance(e, R.HolmesMoved) and e.why == "impossible" for e in state.log[before:])
        if moved and seat == 0:
            break
    assert moved
    lines = table.since_last_turn(1)
    assert any("The Impossible is over its limit: Holmes moves 1 step closer" in line for line in lines), lines


def test_a_seat_named_you_reads_your_turn_in_the_banner_at_the_couch(app):
    """Found while fixing the replay's "You's eyes": the couch's banner wrote "You's turn" for a
    seat named You (the default human name) while the screen waited for them."""
    app.stack.push(TitleScene(app))
    first = get("bakerstreet").create(2, {}, 4).pending_seats()[0]
    seats = [SeatInfo("Bob", "human"), SeatInfo("Bob", "human")]
    seats[first] = SeatInfo("You", "human")
    table = start_game(app, get("bakerstreet"), seats, {}, seed=4)
    pump(app)
    assert isinstance(app.stack.top, HandoffScene) and table.viewer is None
    assert table.session.pending() == first
    assert table.banner_text() == "Your turn"


def test_beyond_baker_streets_summary_tells_the_holmes_step_an_assist_costs(app):
    """Verifier: "Watson tells Ann that their 2nd card is a Witness." came with no word of the
    step it cost, where the banner had said "The Assist moves Holmes 1 step closer"."""
    from sleuth.games.beyond_baker_street import rules as R

    app.stack.push(TitleScene(app))
    table = start_game(app, get("beyond-baker-street"), [SeatInfo("Ann", "human"), SeatInfo("Ben", "human")],
                       {"case": 1}, seed=5)
    pump(app)
    seat = table.state.turn
    assist = next(a for a in table.state.legal_actions(seat) if isinstance(a, R.Assist))
    table.session.apply(seat, assist)
    lines = table.since_last_turn(1 - seat)
    assert any(line.startswith("The Assist moves Holmes 1 step closer") for line in lines), lines


def test_who_calls_paws_names_nobody_until_the_keys_ring_a_name(app):
    """The "Who calls Paws?" screen had its first name in focus, unringed: Enter picked that
    player unseen, and the first Tab went straight to the second name. Enter now picks nobody
    until a name wears the ring, and the first Tab rings the first name."""
    from types import SimpleNamespace

    from sleuth.ui.driver import key
    from sleuth.ui.scenes.handoff import InterruptChooserScene

    called = []
    table = SimpleNamespace(view=SimpleNamespace(interrupt_label=lambda: "Paws!"), seat_names=["Ann", "Cid", "Dee"],
                            interrupt_keys=lambda seats: "1 for Ann or 3 for Dee",
                            call_interrupt=lambda seat: called.append(seat) or True)
    app.stack.push(TitleScene(app))
    chooser = InterruptChooserScene(app, table, [0, 2], back_to=1)
    app.stack.push(chooser)
    key(app, pygame.K_RETURN)
    assert app.stack.top is chooser and called == []
    key(app, pygame.K_TAB)
    assert chooser.widgets.shown_focus().label == "Ann"
    key(app, pygame.K_RETURN)
    assert called == [0] and app.stack.top is not chooser
