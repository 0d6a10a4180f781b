"""The coach on every table, and "why?" on every bot move.

The coach (``Hint`` in the banner, or H) asks the game's expert bot what it would play in the
viewer's seat, from the viewer's observation only, in the bots' worker. The answer is shown on
the table: the card and its target glow, joined by an arrow, and a note placed where it covers
no card or button says why in one to three sentences (the bot's own reasons, worded by the
game's table) and what the runner-up was. The note goes away after any move, on Esc, or when
the hint is asked again.

"Why?" shows the reasons a bot gave when it chose its move, as kept with the move, filtered for
whoever looks at the screen (secret facts only once the game is over).
"""

from __future__ import annotations

import pygame

from sleuth.ui.canvas import Canvas, Rect
from sleuth.ui.scene import Scene
from sleuth.ui.scenes.common import draw_paper_panel
from sleuth.ui.spatial import overlaps
from sleuth.ui.theme import LOGICAL_H, LOGICAL_W
from sleuth.ui.widgets import Button, Widgets
from sleuth.ui.words import you_inside

#: the note's widths, widest first: the one whose best spot covers least is taken (``best_note_spot``)
NOTE_WIDTHS = (400, 340, 290)
NOTE_TEXT = 16
NOTE_LINE = 21
#: the words' first line under the note's top: the heading and "Got it" share the row above
NOTE_TOP = 44
#: the note keeps this far from the window's edges and from what it must not cover
MARGIN = 12


#: the size of the cells the free-space search counts in (logical px)
CELL = 8
#: one cell of something to click or drop on weighs as much as this many cells of text
HARD_WEIGHT = 1_000_000
#: one cell of a place to drop a card on weighs this many cells of text: covered in part, it still
#: takes the card elsewhere, so a note with no clear room covers it before any button
FIRM_WEIGHT = 30


def _integral(ax: float, ay: float, cols: int, rows: int, weighted: list[tuple[Rect, int]]) -> list[list[int]]:
    """A summed-area table of the cells' weights: any spot's total in four lookups."""
    grid = [[0] * cols for _ in range(rows)]
    for (x, y, w, h), weight in weighted:
        c0, c1 = max(0, int((x - ax) // CELL)), min(cols, int(-(-(x + w - ax) // CELL)))
        r0, r1 = max(0, int((y - ay) // CELL)), min(rows, int(-(-(y + h - ay) // CELL)))
        for r in range(r0, r1):
            row = grid[r]
            for c in range(c0, c1):
                row[c] += weight
    table = [[0] * (cols + 1) for _ in range(rows + 1)]
    for r in range(rows):
        running = 0
        above, here, row = table[r], table[r + 1], grid[r]
        for c in range(cols):
            running += row[c]
            here[c + 1] = above[c + 1] + running
    return table


def free_spot(size: tuple[float, float], hard: list[Rect], area: Rect, soft: list[Rect] = (),
              near: tuple[float, float] | None = None, step: int = 2) -> tuple[Rect, bool]:
    """``spot_covering`` without the count: the spot and whether it is clear of ``hard``."""
    spot, covered = spot_covering(size, hard, area, soft, near, step)
    return spot, covered < HARD_WEIGHT


def best_note_spot(sizes: list[tuple[float, float]], hard: list[Rect], area: Rect, soft: list[Rect] = (),
                   near: tuple[float, float] | None = None, firm: list[Rect] = ()) -> tuple[int, Rect, bool]:
    """Of a note's shapes (widest first), the one whose best spot covers the least: nothing to
    click above all, then as little of ``firm`` (places to drop on) and of what can be read; the
    wider shape on a tie. Returns (index of the shape, spot, whether it is clear of ``hard``)."""
    table = weights_table(hard, area, soft, firm)
    tried = [(spot_covering(size, hard, area, soft, near, firm=firm, table=table), index)
             for index, size in enumerate(sizes)]
    (spot, covered), index = min(tried, key=lambda t: (t[0][1] >= HARD_WEIGHT, t[0][1], t[1]))
    return index, spot, covered < HARD_WEIGHT


def first_clear_spot(sizes: list[tuple[float, float]], hard: list[Rect], area: Rect, soft: list[Rect] = (),
                     near: tuple[float, float] | None = None, firm: list[Rect] = ()) -> tuple[int, Rect, bool]:
    """``best_note_spot`` for a notice, widest shape first and stopping at the first that covers
    nothing at all (each shape's search costs a few milliseconds; a notice mostly finds room in
    its first). Returns (index of the shape, spot, whether it is clear of ``hard``)."""
    tried = []
    table = weights_table(hard, area, soft, firm)
    for index, size in enumerate(sizes):
        spot, covered = spot_covering(size, hard, area, soft, near, firm=firm, table=table)
        if covered == 0:
            return index, spot, True
        tried.append(((covered >= HARD_WEIGHT, covered, index), spot))
    (blocked, _, index), spot = min(tried, key=lambda t: t[0])
    return index, spot, not blocked


def weights_table(hard: list[Rect], area: Rect, soft: list[Rect] = (), firm: list[Rect] = ()) -> list[list[int]]:
    """The summed-area table ``spot_covering`` searches, built once for every shape tried."""
    ax, ay, aw, ah = area
    cols, rows = int(aw // CELL), int(ah // CELL)
    grown = [(r[0] - MARGIN, r[1] - MARGIN, r[2] + 2 * MARGIN, r[3] + 2 * MARGIN) for r in hard]
    return _integral(ax, ay, cols, rows, [(r, HARD_WEIGHT) for r in grown] + [(r, FIRM_WEIGHT) for r in firm]
                     + [(r, 1) for r in soft])


def spot_covering(size: tuple[float, float], hard: list[Rect], area: Rect, soft: list[Rect] = (),
                  near: tuple[float, float] | None = None, step: int = 2, firm: list[Rect] = (),
                  table: list[list[int]] | None = None) -> tuple[Rect, int]:
    """Where a note of ``size`` covers the least inside ``area``: above all none of ``hard`` (what
    can be clicked, dragged or dropped on, kept ``MARGIN`` away), then as little of ``soft`` (what
    can be read); among equal spots, the one nearest ``near`` (or the area's top right).

    Counted on a grid of ``CELL``-pixel cells with a summed-area table, so the whole table is
    searched in a few milliseconds (``step`` cells between the spots tried). Returns the spot and
    how much it covers (cells of ``soft``, ``HARD_WEIGHT`` for each cell of ``hard``)."""
    w, h = size
    ax, ay, aw, ah = area
    cols, rows = int(aw // CELL), int(ah // CELL)
    wc, hc = int(-(-w // CELL)), int(-(-h // CELL))
    if table is None:
        table = weights_table(hard, area, soft, firm)
    target = near if near is not None else (ax + aw, ay)
    best, best_key = (ax + aw - w, ay, w, h), None
    for r in range(0, max(1, rows - hc + 1), step):
        top, bottom = table[r], table[min(rows, r + hc)]
        for c in range(0, max(1, cols - wc + 1), step):
            c1 = min(cols, c + wc)
            covered = bottom[c1] - top[c1] - bottom[c] + top[c]
            x, y = ax + c * CELL, ay + r * CELL
            distance = ((x + w / 2 - target[0]) ** 2 + (y + h / 2 - target[1]) ** 2) ** 0.5
            key = (covered, distance)
            if best_key is None or key < best_key:
                best, best_key = (x, y, w, h), key
    return best, best_key[0] if best_key is not None else HARD_WEIGHT


def note_room(scene, canvas: Canvas, near_rects: list[Rect]) -> tuple[list[Rect], list[Rect], list[Rect], Rect,
                                                                    tuple[float, float] | None]:
    """What a note over ``scene``'s table weighs (the coach's hint and a lesson's note alike):
    (what can be clicked or dragged, the places to drop on, what can be read, the area under
    the banner, the centre of ``near_rects`` that the note should stay near)."""
    from sleuth.ui.layoutcheck import occupied, touchable

    hard, soft = occupied(scene, canvas)
    hard, firm = split_drop_areas(scene, hard)
    # cards and what is read as marks (a notes grid, the tracks) weigh as places to drop on do:
    # a note with no clear room lies over words before it lies over them (the hint sat on the
    # lead being built, on the notes grid a guess is picked in, on a player's letters)
    view = getattr(scene, "view", None)
    firm = firm + touchable(scene)[1] + ([tuple(rect) for rect in view.reading_areas()] if view is not None else [])
    firm += frame_edges(scene)  # a note lies in a panel or beside it, not across its edge
    # the player's own work weighs as a button does (the hint had lain over the lead being built
    # on Case Connection's desk, with the others' panels free to cover)
    hard = hard + ([tuple(rect) for rect in view.keep_clear()] if view is not None else [])
    near = None
    if near_rects:
        near = (sum(r[0] + r[2] / 2 for r in near_rects) / len(near_rects),
                sum(r[1] + r[3] / 2 for r in near_rects) / len(near_rects))
    top = scene.table_top()
    right = LOGICAL_W
    if getattr(scene, "log_open", False) and not getattr(scene, "watching", False):
        from sleuth.ui.scenes.table import LOG_RECT

        right = LOG_RECT[0]  # the casebook drawer lies over the table: a note under it was hidden
    area = (MARGIN, top + MARGIN, right - 2 * MARGIN, LOGICAL_H - top - 2 * MARGIN)
    return hard, firm, soft, area, near


def drop_rects(scene) -> list[Rect]:
    """The places on ``scene``'s table a card may be dropped on."""
    board = getattr(getattr(scene, "view", None), "board", None)
    return [tuple(area.rect) for area in getattr(board, "drop_areas", ())]


#: how far either side of a panel's edge a note lying across it counts as covering the edge
EDGE = 6


def frame_edges(scene) -> list[Rect]:
    """The edges of the panels drawn on ``scene``'s table (``TableView.frames``), as thin strips:
    a note over one weighs as over a place to drop on, so it lies wholly in or out of the panel
    (Bakerstreet's notice had stood across the side panel's left edge)."""
    strips: list[Rect] = []
    view = getattr(scene, "view", None)
    for x, y, w, h in (view.frames() if view is not None else ()):
        strips += [(x - EDGE, y - EDGE, 2 * EDGE, h + 2 * EDGE), (x + w - EDGE, y - EDGE, 2 * EDGE, h + 2 * EDGE),
                   (x - EDGE, y - EDGE, w + 2 * EDGE, 2 * EDGE), (x - EDGE, y + h - EDGE, w + 2 * EDGE, 2 * EDGE)]
    return strips


def split_drop_areas(scene, hard: list[Rect]) -> tuple[list[Rect], list[Rect]]:
    """``hard`` (what can be clicked, dragged or dropped on) as (buttons and cards, the places to
    drop on): a note that finds no clear room covers part of a drop place before any button."""
    drops = set(drop_rects(scene))
    return [r for r in hard if tuple(r) not in drops], [r for r in hard if tuple(r) in drops]


#: the shortest arrow drawn between two marks' glows (closer, the two glows say it alone)
ARROW_MIN = 30


def _edge_point(inside_point: tuple[float, float], toward: tuple[float, float], rect: Rect) -> tuple[float, float]:
    """Where the segment from ``inside_point`` (in ``rect``) toward ``toward`` leaves ``rect``."""
    x, y, w, h = rect
    dx, dy = toward[0] - inside_point[0], toward[1] - inside_point[1]
    t = 1.0
    if dx:
        t = min(t, ((x + w if dx > 0 else x) - inside_point[0]) / dx)
    if dy:
        t = min(t, ((y + h if dy > 0 else y) - inside_point[1]) / dy)
    t = max(0.0, t)
    return (inside_point[0] + dx * t, inside_point[1] + dy * t)


def button_rects(scene) -> tuple[Rect, ...]:
    """Where the scene's and its table's visible buttons are now."""
    return tuple(tuple(w.rect) for owner in (scene, getattr(scene, "view", None))
                 for w in getattr(getattr(owner, "widgets", None), "items", ()) if w.visible)


def buttons_between(scene, marks: list[Rect]) -> list[Rect]:
    """The scene's buttons other than the marks: an arrow between the marks must not cross one."""
    return [r for r in button_rects(scene) if not any(overlaps(r, m) for m in marks)]



def _crosses(a, b, rects: list[Rect]) -> bool:
    """Whether the segment a-b passes over any of ``rects`` (sampled every few pixels)."""
    length = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    steps = max(1, int(length // 4))
    for i in range(steps + 1):
        x, y = a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps
        if any(r[0] + 2 < x < r[0] + r[2] - 2 and r[1] + 2 < y < r[1] + r[3] - 2 for r in rects):
            return True
    return False


#: a mark smaller than this (a bid amount's button) gets its glow and no arrowhead
SMALL_MARK = (64, 48)


def draw_marks(canvas: Canvas, pal, marks: list[Rect], arrow: bool = True, avoid: list[Rect] = ()) -> None:
    """Glow around what the move uses (the card, then its target) and, unless ``arrow`` is
    False (marks that are all pointed at, not moved: an Assist's cards), an arrow between them;
    none where it would cross a button in ``avoid`` (the arrowhead lay on a bid's amount)."""
    for index, (x, y, w, h) in enumerate(marks):
        canvas.alpha_box((x - 6, y - 6, w + 12, h + 12), pal.highlight, 70 if index == 0 else 50, radius=10)
        canvas.box((x - 5, y - 5, w + 10, h + 10), pal.highlight, radius=9, width=3)
    if len(marks) >= 2 and arrow:
        (x0, y0, w0, h0), (x1, y1, w1, h1) = marks[0], marks[1]
        centre_a, centre_b = (x0 + w0 / 2, y0 + h0 / 2), (x1 + w1 / 2, y1 + h1 / 2)
        # from the first mark's glow to the second's, not centre to centre: the arrowhead lay on
        # the very button or token the player had to click, and the line over its label
        a = _edge_point(centre_a, centre_b, (x0 - 6, y0 - 6, w0 + 12, h0 + 12))
        b = _edge_point(centre_b, centre_a, (x1 - 6, y1 - 6, w1 + 12, h1 + 12))
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = (dx * dx + dy * dy) ** 0.5
        if length < ARROW_MIN or dx * (centre_b[0] - centre_a[0]) + dy * (centre_b[1] - centre_a[1]) <= 0:
            return  # the glows touch or overlap: they say it, an arrowhead between them lay on a label
        if _crosses(a, b, list(avoid)):
            return  # the two glows say it without drawing over another button
        if w1 < SMALL_MARK[0] and h1 < SMALL_MARK[1]:
            return  # a small button: the arrowhead hid its label ("11" on a bid amount); its glow says it
        canvas.line(a, b, pal.highlight, 4)
        ux, uy = dx / length, dy / length
        tip = (b[0] - ux * 6, b[1] - uy * 6)
        canvas.polygon([tip, (tip[0] - ux * 18 - uy * 10, tip[1] - uy * 18 + ux * 10),
                        (tip[0] - ux * 18 + uy * 10, tip[1] - uy * 18 - ux * 10)], pal.highlight)


class Coach:
    """The hint of one table: asked, waited for, shown, and cleared after the next move."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.asked_at: int | None = None  # log length the pending question is about
        self.shown_at: int | None = None  # log length the shown hint is about
        self._context: object = None  # the view's own side of the position it is about (hint_context)
        self.lines: list[str] = []
        self.marks: list[Rect] = []
        self.note: Rect | None = None
        self._placed_for: tuple = ()  # the buttons the note was placed clear of
        self._half_before = False  # a choice was already half made when the hint appeared
        self.action = None  # the move the hint shows
        #: the note covers nothing that can be clicked (False only on a table with no room for it)
        self.note_clear = True
        #: the note shows only its first sentences (the whole did not fit clear of the table)
        self.shortened = False
        #: the player asked for the whole note with "More"
        self.expanded = False
        self.widgets = Widgets()

    @property
    def offered(self) -> bool:
        """The table has a Hint at all: the coach is on, the game has an expert, a person plays and
        the game runs (greyed while nobody at the screen may move: ``available``)."""
        scene = self.scene
        return (scene.coach_allowed and scene.app.settings.coach and "expert" in scene.spec.bots
                and bool(scene.session.human_seats) and not scene.watching and not scene.state.is_over())

    @property
    def available(self) -> bool:
        """A Hint may be asked now: it is offered and the viewer may act."""
        scene = self.scene
        return self.offered and scene.viewer is not None and scene.interrupt is None and bool(scene.legal_for_viewer())

    @property
    def waiting(self) -> bool:
        return self.asked_at is not None

    @property
    def showing(self) -> bool:
        return self.shown_at is not None

    def ask(self) -> None:
        """H or the Hint button: ask the expert (again), from the viewer's observation only."""
        scene = self.scene
        if not self.available:
            if not scene.app.settings.coach:
                scene.app.toast("The coach is off (Settings).")
            return
        if self.showing:
            self.clear()
            return
        scene.view.finish_animations()
        if scene.session.ask_hint(scene.viewer):
            self.asked_at = len(scene.state.log)
            scene.app.invalidate()

    def clear(self) -> None:
        self._lower()
        self.asked_at = self.shown_at = None
        self.lines, self.marks, self.note = [], [], None
        self.shortened = self.expanded = False
        self.widgets.clear()
        self.scene.session.drop_hint()
        self.scene.app.invalidate()

    def update(self) -> None:
        scene = self.scene
        length = len(scene.state.log)
        if (self.asked_at is not None and self.asked_at != length) or (
                self.shown_at is not None and (self.shown_at != length or
                                               scene.view.hint_context() != self._context)):
            self.clear()  # a move was made: the hint is about a position that is gone
            return
        if self.showing and self.action is not None and not scene.view.busy:
            # the move's places follow the table: half of it made (a first card on the stand), the
            # arrow runs from what is left to do, not from an empty slot
            marks = [tuple(m) for m in scene.view.action_marks(self.action)]
            if marks != self.marks:
                self.marks = marks
                scene.app.invalidate()
        if self.showing and self._controls() != self._placed_for:
            # buttons came or went under the note (an Assist's choices opened, a button appeared):
            # it moves to where it covers none of them
            self._place()
            scene.app.invalidate()
        if self.asked_at is None:
            return
        decision = scene.session.poll_hint()
        if decision is None:
            if not scene.session.hint_pending:
                self.asked_at = None  # the answer came for an older position: nothing to show
            return
        self.asked_at = None
        self.show(decision)

    def show(self, decision) -> None:
        scene = self.scene
        view = scene.view
        explanation = decision.explanation
        if explanation is not None:
            lines = view.explain(explanation.shown_to(scene.viewer, scene.state.is_over()), coach=True)
        else:
            lines = [f"Try this: {view.describe_action(decision.action)}."]
        self.lines = [you_inside(line) for line in lines]  # a seat named You is "you" mid-sentence
        view.show_hinted(decision.action)
        self.expanded = False
        self.marks = [tuple(m) for m in view.action_marks(decision.action)]
        self.action = decision.action
        under = getattr(scene, "under_drawer", None)
        if under is not None and any(under((x + w / 2, y + h / 2)) for x, y, w, h in self.marks):
            scene.toggle_log()  # the hint points at a place the open casebook hid: it closes for it
        self._raise()
        self.shown_at = len(scene.state.log)
        self._context = view.hint_context()
        # a choice already half made when the hint came (a picked guess, a selected card) is the
        # player's context, not a new choice: the note does not step aside for it
        self._half_before = scene.view.half_made()
        self._place()
        scene.app.sound.play("click")
        game_id, stats = scene.spec.id, scene.app.stats
        scene.app.background(lambda: stats.add_hint(game_id))
        scene.app.invalidate()

    #: how far the hinted card lifts off the table (logical px)
    LIFT = 5  # (10 lay over the location names and headings just above a card)

    def _raise(self) -> None:
        """The card the hint moves lifts off the table (the first mark, when it is a card)."""
        self.lifted = None
        if not self.marks:
            return
        x, y, w, h = self.marks[0]
        sprite = self.scene.view.board.sprite_at((x + w / 2, y + h / 2))
        if sprite is not None and not sprite.hidden and sprite.lift == 0:
            sprite.lift = self.LIFT
            self.lifted = sprite

    def _lower(self) -> None:
        sprite = getattr(self, "lifted", None)
        if sprite is not None:
            sprite.lift = 0.0
        self.lifted = None

    def _shapes(self, canvas: Canvas, lines: list[str]) -> list[tuple[tuple[float, float], list[str]]]:
        """The note's shapes for ``lines``, one per width of ``NOTE_WIDTHS``: (size, wrapped lines)."""
        shapes = []
        for width in NOTE_WIDTHS:
            wrapped = [line for text in lines for line in canvas.wrap(text, NOTE_TEXT, width - 32)]
            shapes.append(((width, NOTE_TOP + len(wrapped) * NOTE_LINE + 14), wrapped))
        return shapes

    def _place(self) -> None:
        """Put the note near the marks in the shape and spot that cover least: no button, mark or
        place to drop a card on above all (the hint so often asks for a drag onto one: Beyond Baker
        Street's note lay over the Impossible or a lead), then the fewest cards and words, the wider
        shape on a tie. Where the whole note finds no such room, its first sentences do, with
        "More" for the rest (``expanded``); where not even the first does, or the player asked for
        it all, the spot that covers least (the note is then an overlay the player called up,
        gone with Esc or the move)."""
        canvas = self.scene.app.canvas
        hard, firm, soft, area, near = note_room(self.scene, canvas, list(self.marks))
        self._placed_for = self._controls()
        drops = drop_rects(self.scene)
        strict = hard + list(self.marks) + drops
        dropped_on = set(drops)
        others = [r for r in firm if tuple(r) not in dropped_on]
        chosen = None
        for keep in ([] if self.expanded else range(len(self.lines), 0, -1)):
            shapes = self._shapes(canvas, self.lines[:keep])
            index, spot, clear = best_note_spot([shape[0] for shape in shapes], strict, area, soft, near, others)
            if clear:
                chosen = (shapes[index][1], spot, True, keep < len(self.lines))
                break
        if chosen is None:
            shapes = self._shapes(canvas, self.lines)
            index, spot, clear = best_note_spot([shape[0] for shape in shapes], hard + list(self.marks), area, soft,
                                                near, firm)
            chosen = (shapes[index][1], spot, clear, False)
        self._wrapped, self.note, self.note_clear, self.shortened = chosen
        x, y, w, h = self.note
        self.widgets.clear()
        # "Got it" on the heading's row, not a row of its own under the words: 36 px less of
        # note, which on Beyond Baker Street's table had lain over the lead cards
        self.widgets.add(Button((x + w - 108, y + 8, 92, 30), label="Got it", size=15,
                                on_click=self.clear, tooltip="Close the hint (Esc)"))
        if self.shortened or self.expanded:
            more = "Show the rest of the hint (it may cover part of the table)"
            self.widgets.add(Button((x + w - 184, y + 8, 68, 30), label="Less" if self.expanded else "More", size=15,
                                    on_click=self._more,
                                    tooltip="Show only the hint's first words" if self.expanded else more))

    def _more(self) -> None:
        """"More" shows the whole hint, "Less" its first sentences again, clear of the table."""
        self.expanded = not self.expanded
        self._place()
        self.scene.app.invalidate()

    def _stepped_aside(self) -> bool:
        """A card is held, or a choice was begun after the hint appeared: the note gives way."""
        view = self.scene.view
        return view.board.held is not None or (view.half_made() and not self._half_before)

    def _controls(self) -> tuple:
        """Where the table's buttons are now (the note was placed clear of them; cards that
        move are not counted, or the note would chase every animation)."""
        return (button_rects(self.scene), getattr(self.scene, "log_open", False))

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.showing or self._stepped_aside():
            return False  # while a card is dragged or a choice is open the note steps aside for it
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.clear()
            return True
        if self.widgets.handle(event):
            return True
        # the note is paper on the table: a click on it goes no further
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.note is not None and \
            self.note[0] <= event.pos[0] <= self.note[0] + self.note[2] and \
            self.note[1] <= event.pos[1] <= self.note[1] + self.note[3]

    def draw(self, canvas: Canvas) -> None:
        pal = self.scene.app.palette
        if self.waiting:
            return  # the banner says "Asking the expert..."
        if not self.showing or self.note is None:
            return
        view = self.scene.view
        if self.action is not None and view.half_made() and not view.half_made_toward(self.action):
            return  # another move begun: the hint's glow and arrow go with its note (they had stayed)
        draw_marks(canvas, pal, self.marks, self.action is None or view.marks_move(self.action),
                   buttons_between(self.scene, self.marks))
        if self._stepped_aside():
            return  # the note steps aside while a card is dragged or a choice is open (the marks stay)
        x, y, w, h = self.note
        canvas.mark_overlay(self.note)
        draw_paper_panel(canvas, pal, self.note)
        canvas.text("Hint", (x + 16, y + 10), 20, pal.brass_dark, bold=True, serif=True)
        for i, line in enumerate(self._wrapped):
            canvas.text(line, (x + 16, y + NOTE_TOP + i * NOTE_LINE), NOTE_TEXT, pal.ink)
        self.widgets.draw(canvas, pal)


class WhyScene(Scene):
    """Why a bot made its move, in its own reasons, over the table (Esc or a click closes it)."""

    opaque = False
    modal = True

    def __init__(self, app, table, move_line: str, explanation) -> None:
        super().__init__(app)
        self.table = table
        self.move_line = move_line
        shown = explanation.shown_to(table.viewer, table.state.is_over())
        # every game's reasons pass here: a seat named You reads "you" mid-sentence
        self.lines = [you_inside(line) for line in table.view.explain(shown, coach=False)]
        self.who = table.seat_names[explanation.seat]
        cx = LOGICAL_W / 2
        self.rect = (cx - 330, 0, 660, 0)
        self.widgets = Widgets()
        self._layout()

    def _layout(self) -> None:
        canvas = self.app.canvas
        self.wrapped = [line for text in self.lines for line in canvas.wrap(text, 18, 600)]
        self.heading = canvas.wrap(self.move_line, 17, 600)[:3]
        height = 84 + len(self.heading) * 22 + 14 + len(self.wrapped) * 25 + 70
        x = LOGICAL_W / 2 - 330
        y = max(50, (LOGICAL_H - height) / 2)
        self.rect = (x, y, 660, height)
        self.widgets.clear()
        self.widgets.add(Button((LOGICAL_W / 2 - 70, y + height - 56, 140, 40), label="Close", primary=True,
                                on_click=self.close))
        self.widgets.focus = 0

    def close(self) -> None:
        self.app.stack.remove(self)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_w, pygame.K_RETURN):
            self.close()
            return True
        self.widgets.handle(event)
        return True

    def draw(self, canvas: Canvas) -> None:
        pal = self.app.palette
        canvas.alpha_box((0, 0, LOGICAL_W, LOGICAL_H), pal.shadow, 120)
        draw_paper_panel(canvas, pal, self.rect)
        x, y, w, _ = self.rect
        canvas.text(f"Why {self.who} did that", (x + w / 2, y + 16), 28, pal.ink, "midtop", bold=True, serif=True)
        ty = y + 62
        for line in self.heading:
            canvas.text(line, (x + 30, ty), 17, pal.ink_soft)
            ty += 22
        ty += 14
        for line in self.wrapped:
            canvas.text(line, (x + 30, ty), 18, pal.ink)
            ty += 25
        self.widgets.draw(canvas, pal)

    def tooltip(self, pos):
        return self.widgets.tooltip(pos)
