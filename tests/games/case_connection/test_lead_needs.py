"""What the desk says a lead still needs: the message under the desk and the lead's checklist.

A play-tester was stuck on a lead with two icons on its right side (Cyber and Witness): the Cyber
thread was joined at the lead, and a thread showing Witness lay under it, touching it on a Cyber
seam with no proof. The desk kept saying "no card of that chain has a free Witness edge: extend it
from this card", and the checklist "Witness, right: not connected", while the one thing missing on
the desk was the proof on that Cyber seam. These tests build desks and check that the message
names the missing piece, and that whatever it says is true of the desk it is said about.

Also from that play-test: the results story that left a bonus point out of a score, and the
"Lead reconstructed" note that lay over the player's lead checklist."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from sleuth.ai.match import play_game
from sleuth.games.case_connection import rules as R
from sleuth.games.case_connection.cards import DX, DY, OPPOSITE, UNIVERSAL
from sleuth.games.case_connection.grid import LEAD_CELL
from sleuth.games.case_connection.table import bundled_cards
from sleuth.games.case_connection.table import verdict as V
from sleuth.games.case_connection.table.layout import DESK, DONE_ROW, LEAD_PANEL, MESSAGE, TRAY, in_grid
from sleuth.games.case_connection.table.verdict import edge_key, judge
from sleuth.ui.driver import pump
from tests.games.case_connection.test_desk import desk_table, put, put_proof, seam, token
from tests.games.case_connection.test_table import (
    SPEC,
    Drawn,
    assert_written_by_a_person,
    overlap,
    playing_table,
    within,
    words_view,
)

CARDS = bundled_cards()
# the play-tester's desk: lead L12 (Forensic on top; Cyber and Witness on the right), T03 (Cyber on
# its top, left and bottom) joined at the lead's right by a Universal proof, T02 (Cyber on top,
# Witness left and right) under T03 on a Cyber seam with no proof; held: a Forensic and a Witness proof
STUCK_CELLS = {(1, 0): "T03", (1, 1): "T02"}
STUCK_EDGES = {((0, 0), (1, 0)): "U"}
STUCK_HELD = {"F": 1, "W": 1, "C": 0, "U": 1}


def verdict_of(lead, cells, edges, held):
    return judge(CARDS, CARDS.lead(lead), cells, edges, list(cells.values()), held)


def words(why):
    return words_view()._why_words(why)


def test_a_thread_aside_on_a_seam_without_its_proof_is_named_as_the_missing_piece():
    """The play-tester's desk: the message names the Cyber seam under the chain's card, the proof
    it needs (Cyber or Universal, none spare) and what comes after, not "no free Witness edge"."""
    why = verdict_of("L12", STUCK_CELLS, STUCK_EDGES, STUCK_HELD).why
    assert why.kind == V.BRIDGE and why.then == V.EDGE
    assert why.cells == ((1, 1),) and why.edge == seam((1, 0), (1, 1))
    assert words(why) == (
        "this thread shows Witness for the Witness icon on the right of the lead, but no proof joins it to the "
        "chain: drop a Cyber or Universal proof between it and the card above it (you have none spare yet), "
        "then join a thread to its Witness edge")
    spare = dict(STUCK_HELD, C=1)
    assert "(you have none spare yet)" not in words(verdict_of("L12", STUCK_CELLS, STUCK_EDGES, spare).why)


def test_a_witness_connection_aside_is_joined_by_the_one_proof_the_message_names():
    """The Witness connection already lies beyond the thread aside: the message says that one
    Cyber proof finishes the Witness icon, and it does."""
    cells = {**STUCK_CELLS, (2, 1): "T09"}
    edges = {**STUCK_EDGES, ((1, 1), (2, 1)): "W"}
    why = verdict_of("L12", cells, edges, {"F": 1, "W": 1, "C": 1, "U": 1}).why
    assert why.kind == V.BRIDGE and why.then == V.MADE
    assert words(why).startswith("the Witness connection beyond this thread would satisfy the Witness icon on "
                                 "the right of the lead, but no proof joins this thread to the chain: drop a "
                                 "Cyber or Universal proof between it and the card above it")
    after = verdict_of("L12", cells, {**edges, why.edge: "C"}, {"F": 1, "W": 1, "C": 1, "U": 1}).why
    assert after.kind == V.NO_THREAD and after.side == 0  # only the Forensic icon on top is left


def test_a_chain_with_no_free_witness_edge_is_told_to_grow_from_a_free_edge():
    """Without the thread aside, the chain's only card shows no Witness: the message says so and
    where the chain can grow (a free Cyber edge of that card)."""
    why = verdict_of("L12", {(1, 0): "T03"}, STUCK_EDGES, STUCK_HELD).why
    assert why.kind == V.NEEDS_MORE and why.faces == "C" and why.cells == ((1, 0),)
    assert words(why).endswith("no card of that chain shows Witness on a free edge: join a thread showing Witness "
                               "to this card's Cyber edge, then another to its Witness edge")


def test_the_checklist_says_a_second_icon_needs_a_connection_along_the_chain(app, monkeypatch):
    """The play-tester's desk in the game: the message under the desk names the proof and the seam
    (ringed, the thread aside outlined), and the checklist no longer just says "not connected"."""
    table = desk_table(app, ["T03", "T02"], "FWU")
    view = table.view
    put(app, view, ("thread", "T03"), (1, 0))
    put_proof(app, view, token(view, "U"), (0, 0), (1, 0))
    put(app, view, ("thread", "T02"), (1, 1))
    fb = view.feedback()
    assert fb.focus == (((1, 1),), seam((1, 0), (1, 1)))
    checklist = {(side, code): text for side, code, _status, text in fb.icons}
    assert checklist[(1, "W")] == "Witness, right: needs a connection along the chain"
    assert checklist[(1, "C")] == "Cyber, right: connected directly"
    assert checklist[(0, "F")] == "Forensic, top: not connected"
    drawn = Drawn(monkeypatch)
    app.draw()
    assert checklist[(1, "W")] in [text for text, _rect in drawn.texts]  # drawn whole, not cut short
    message = " ".join(text for text, rect in drawn.texts if within(rect, MESSAGE))
    assert "drop a Cyber or Universal proof between it and the card above it" in message
    assert "then join a thread to its Witness edge." in message  # told whole: the box has room for it


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_second_icons_checklist_line_reads_whole(app, monkeypatch, players):
    """Verifier: a 4-point lead with two icons at the bottom (Witness joined directly) read
    "Forensic, bottom: needs a connection past the first thre...", cut short. Every line the
    checklist can say fits its panel, and that one is drawn whole at 2, 3 and 4 players."""
    from sleuth.games.case_connection.cards import SIDES
    from sleuth.games.case_connection.table.words import ICON_STATUS

    table = desk_table(app, ["T09"], "W", lead="L13", players=players)  # bottom: Witness, Forensic
    view = table.view
    put(app, view, ("thread", "T09"), (0, 1))
    put_proof(app, view, token(view, "W"), (0, 0), (0, 1))
    checklist = {(side, code): text for side, code, _status, text in view.feedback().icons}
    line = checklist[(2, "F")]
    assert line.startswith("Forensic, bottom: needs a connection")
    app.keep_painted_layers = False
    drawn = Drawn(monkeypatch)
    app.draw()
    x, y, w, h = LEAD_PANEL
    shown = [rect for text, rect in drawn.texts if text == line]
    assert shown, [text for text, rect in drawn.texts if within(rect, LEAD_PANEL)]  # not cut short
    assert all(within(rect, LEAD_PANEL) for rect in shown)
    room = w - 20 - 44  # as the panel sets it: after the icon and the mark
    for code in ("F", "W", "C"):
        for side in SIDES:
            for status in ICON_STATUS.values():
                text = f"{view.sym(code)}, {side}: {status}"
                assert app.canvas.text_size(text, 14)[0] <= room, text


# -- every message, true of the desk it is said about --------------------------------------------


def random_desk(rng):
    """A lead, mostly with threads that match it at its sides, and up to five more threads laid
    around them, touching, with proofs on most seams (mostly of a kind that joins, sometimes a
    Universal, now and then a wrong one)."""
    lead = rng.choice(CARDS.leads)
    pool = [t.id for t in CARDS.threads]
    rng.shuffle(pool)
    cells: dict = {}
    for side, icons in enumerate(lead.sides):
        fits = [t for t in pool if CARDS.thread(t).edges[OPPOSITE[side]] in icons]
        if icons and fits and rng.random() < 0.85:
            cells[(DX[side], DY[side])] = fits[0]
            pool.remove(fits[0])
    for tid in pool[:rng.randint(0, 5)]:
        spots = sorted({(c[0] + DX[d], c[1] + DY[d]) for c in [LEAD_CELL, *cells] for d in range(4)}
                       - set(cells) - {LEAD_CELL})
        cells[rng.choice([s for s in spots if in_grid(s)])] = tid
    edges: dict = {}
    for a in [LEAD_CELL, *cells]:
        for d in (1, 2):
            b = (a[0] + DX[d], a[1] + DY[d])
            if b not in cells and b != LEAD_CELL or rng.random() < 0.25:
                continue
            mine = lead.sides[d] if a == LEAD_CELL else (CARDS.thread(cells[a]).edges[d],)
            theirs = lead.sides[OPPOSITE[d]] if b == LEAD_CELL else (CARDS.thread(cells[b]).edges[OPPOSITE[d]],)
            common = [s for s in mine if s is not None and s in theirs]
            if common:
                edges[edge_key(a, b)] = UNIVERSAL if rng.random() < 0.15 else rng.choice(common)
            elif rng.random() < 0.02:
                edges[edge_key(a, b)] = rng.choice(CARDS.proof_kinds)
    held = Counter(edges.values())
    for code in CARDS.proof_kinds:
        held[code] += rng.choice((0, 0, 1))
    return lead, cells, edges, dict(held)


def shows(cells, cell, d):
    return CARDS.thread(cells[cell]).edges[d]


def open_cell(cells, cell):
    return cell not in cells and cell != LEAD_CELL and in_grid(cell)


def joined_cells(lead, cells, edges, held):
    return {(x, y) for _t, x, y in verdict_of(lead.id, cells, edges, held).placements}


def side_chain(lead, cells, edges, held, side):
    """The cards joined to the lead through the thread on this side of it."""
    proofs = verdict_of(lead.id, cells, edges, held).proofs
    links = [((x1, y1), (x2, y2)) for x1, y1, x2, y2, _code in proofs]
    chain = {(DX[side], DY[side])}
    grown = True
    while grown:
        more = {b for a, b in links if a in chain} | {a for a, b in links if b in chain}
        grown = bool(more - chain - {LEAD_CELL})
        chain |= more - {LEAD_CELL}
    return chain


def side_is_told(lead, cells, edges, held, side):
    """Whether the desk's message still speaks of this side of the lead."""
    why = verdict_of(lead.id, cells, edges, held).why
    return why is not None and why.side == side


def check_true(lead, cells, edges, held, why):
    """What the message for ``why`` claims, checked on the desk."""
    spare = Counter(held)
    spare.subtract(edges.values())
    joined = joined_cells(lead, cells, edges, held)
    if why.kind in (V.NO_PROOF_LEAD, V.NO_PROOF_CARD, V.BRIDGE):
        assert why.edge not in edges
        need = why.mine
        assert why.spare == (spare[need] > 0 or spare[UNIVERSAL] > 0)
    if why.kind == V.NO_THREAD:
        assert (DX[why.side], DY[why.side]) not in cells
    elif why.kind == V.FACES_LEAD:
        assert shows(cells, why.cells[0], OPPOSITE[why.side]) not in lead.sides[why.side]
    elif why.kind == V.NO_PROOF_LEAD:
        assert shows(cells, why.cells[0], OPPOSITE[why.side]) in lead.sides[why.side]
        assert side_is_told(lead, cells, edges, held, why.side)
    elif why.kind == V.NO_PROOF_CARD:  # that one proof gives the side the connection it lacks
        (a, b), code = why.edge, why.mine
        assert why.cells[0] not in joined and ({a, b} - {why.cells[0]}) <= joined
        d = next(d for d in range(4) if (a[0] + DX[d], a[1] + DY[d]) == b)
        assert shows(cells, a, d) == shows(cells, b, OPPOSITE[d]) == code
    elif why.kind == V.BRIDGE:
        near, far = why.cells[0], why.cells[-1]
        assert near not in joined
        with_proof = {**edges, why.edge: why.mine}
        more = {**held, why.mine: held.get(why.mine, 0) + 1}
        assert {near, far} <= joined_cells(lead, cells, with_proof, more)  # that proof joins them
        code = why.icons[0]
        if why.then == V.MADE:  # and that is all the side needed
            assert not side_is_told(lead, cells, with_proof, more, why.side)
        elif why.then == V.EDGE:
            assert any(shows(cells, far, d) == code and open_cell(cells, (far[0] + DX[d], far[1] + DY[d]))
                       for d in range(4))
    elif why.kind == V.FACES_CARD:
        a, b = why.edge
        d = next(d for d in range(4) if (a[0] + DX[d], a[1] + DY[d]) == b)
        ends = (shows(cells, a, d), shows(cells, b, OPPOSITE[d]))
        assert ends[0] != ends[1] and why.icons[0] in ends
    elif why.kind == V.NEEDS_MORE:
        code = why.icons[0]
        chain = side_chain(lead, cells, edges, held, why.side)
        assert set(why.cells) <= chain
        free = {(c, d) for c in chain for d in range(4) if shows(cells, c, d) is not None
                and open_cell(cells, (c[0] + DX[d], c[1] + DY[d]))}
        if why.mine:  # "join a thread to this card's Witness edge"
            assert any(c == why.cells[0] and shows(cells, c, d) == code for c, d in free)
        else:  # "no card of that chain shows Witness on a free edge"
            assert not any(shows(cells, c, d) == code for c, d in free)
            if why.faces:  # "join a thread showing Witness to this card's Cyber edge"
                assert any(c == why.cells[0] and shows(cells, c, d) == why.faces for c, d in free)
            else:  # "the cards of that chain have no free edge left"
                assert not free
    elif why.kind == V.WRONG_PROOF:
        assert edges[why.edge] == why.icons[0]


@pytest.mark.parametrize("seed", range(3))
def test_every_message_about_a_lead_is_true_of_the_desk_it_is_said_about(app, seed):
    """Random desks of every lead, two icons on a side among them: whatever the message says is
    missing is missing, the proof it names joins what it says, and it fits the message box whole."""
    rng = random.Random(seed)
    view = words_view()
    kinds = Counter()
    for _ in range(700):
        lead, cells, edges, held = random_desk(rng)
        why = verdict_of(lead.id, cells, edges, held).why
        if why is None:
            continue
        kinds[why.kind] += 1
        check_true(lead, cells, edges, held, why)
        text = view._why_words(why)
        assert_written_by_a_person(text)
        assert len(app.canvas.wrap("Not yet: " + text, 15, MESSAGE[2] - 30)) <= 4, text  # with room to spare
    assert kinds[V.BRIDGE] and kinds[V.NEEDS_MORE] and kinds[V.NO_PROOF_CARD], kinds


# -- the results story: every point of every score ------------------------------------------------

STORY_NAMES = ["You", "Watson", "Mrs Hudson", "Inspector Lestrade"]


def story_points(story, name):
    """The points the story gives the seat called ``name``: its leads' points and its bonus points,
    read from whichever form the story took (a line per reconstruction, a line per player, or the
    shortest one)."""
    total = 0
    for line in story:
        # "Round 3: you reconstruct": a seat named You is "you" after the round's colon
        one = re.fullmatch(rf"Round \d+: (?i:{name[0]}){name[1:]} reconstructs? a (\d+)-point lead"
                           r"(?: \(bonus: (.*)\))?\.", line)
        if one:
            total += int(one[1]) + sum(int(n) for n in re.findall(r"\+(\d+) points?", one[2] or ""))
        per_player = re.fullmatch(rf"{name} reconstructs? \d+ leads?: ([\d, and]+) points, in rounds? [\d, and]+"
                                  r"(?:, and gains? (\d+) bonus points?)?\.", line)
        shortest = re.fullmatch(rf"{name}: \d+ leads? of ([\d, and]+) points(?: and (\d+) bonus points?)?\.", line)
        for found in (per_player, shortest):
            if found:
                total += sum(int(n) for n in re.findall(r"\d+", found[1])) + int(found[2] or 0)
    return total


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_story_accounts_for_every_point_of_every_score(app, monkeypatch, players):
    """The results read "You reconstruct 2 leads: 4 and 3 points" beside a score of 8: the bonus
    point was not told. In bot games of every size, each form of the story (a line per
    reconstruction, a line per player, the shortest) gives each seat exactly its final score."""
    with_bonus = 0  # games where someone has a Bonus Point token
    for seed in range(40):
        if seed >= 6 and with_bonus >= 2:
            break
        last = {}
        record = play_game(SPEC, ("basic",) * players, {}, seed=seed, budget_s=0.02,
                           on_action=lambda state, _seat, _action, last=last: last.update(state=state))
        assert record.error is None
        state = last["state"]
        view = words_view(state.observe(0), viewer=0)
        view.scene.seat_names = STORY_NAMES[:players]
        view.scene.app = app
        forms = {"as it fits": view.story()}
        for form, told in (("per player", lambda line: re.match(r"Round \d+: .* reconstructs? a ", line)),
                           ("shortest", lambda line: re.match(r"(Round \d+: )?.* reconstructs? ", line))):
            monkeypatch.setattr(type(view), "_story_fits", lambda _self, lines, told=told: not any(
                told(line) for line in lines))
            forms[form] = view.story()
            monkeypatch.undo()
        for form, story in forms.items():
            for seat in range(players):
                assert story_points(story, STORY_NAMES[seat]) == state.score(seat), (form, seat, story)
            for line in story:
                assert_written_by_a_person(line, names=STORY_NAMES[:players])
        with_bonus += any(state.bonus_tokens)
    assert with_bonus >= 2


# -- another player's reconstruction: its note covers nothing of yours ------------------------------


def test_another_players_lead_reconstructed_note_covers_nothing_of_yours(app):
    """The "Lead reconstructed: +3" note lay over the player's lead checklist while a bot's
    reconstruction was shown. In a game of four, for each other player, the note (as it rises)
    stays off the desk, its message, the checklist, the tray and the row of completed leads; the
    layout shown beside their area stays off the desk, its message and the checklist."""
    table = playing_table(app, players=4)
    view = table.view
    view._animating = True
    view.board.speed = 1.0
    mine = [LEAD_PANEL, DESK, MESSAGE, DONE_ROW]
    for seat in (1, 2, 3):
        shown = R.Reconstructed(seat, "L01", 2, (("T01", 0, -1), ("T02", 0, 1)),
                                ((0, 0, 0, -1, "F"), (0, 0, 0, 1, "C")), ("T01", "T02"))
        view._callout("Lead reconstructed: +2", seat, 0.0, shown)
        pump(app, 0.3)
        (note,) = [item for item in view.callouts.items if item.active]
        w = app.canvas.text_size(note.text, note.size, True)[0] + 18
        h = note.size + 10
        x, y = note.pos
        rect = (x - w / 2, y - h / 2 - 10, w, h + 10 + 8)  # its whole rise, and its pointer
        for area in (*mine, TRAY):
            assert not overlap(rect, area), (seat, area)
        for area in (LEAD_PANEL, DESK, MESSAGE):
            assert not overlap(view.shown_layouts[0][1], area), (seat, area)
        pump(app, 2.5)
        assert not view.callouts.items and not view.busy
