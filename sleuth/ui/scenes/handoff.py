"""Pass the screen: only the public table shows until the named player confirms.

The table below has already been switched to the public view (``observe(None)``) before this
scene appears, so nothing private to any seat is drawn while it is up.
"""

from __future__ import annotations

import pygame

from sleuth.ui.canvas import Canvas
from sleuth.ui.scene import Scene
from sleuth.ui.scenes.common import draw_paper_panel
from sleuth.ui.theme import LOGICAL_H, LOGICAL_W
from sleuth.ui.widgets import Button, Widgets, inside
from sleuth.ui.words import plural, says

#: a seat's number key (top row or keypad) to its seat: P then 2 calls the second seat's interrupt
SEAT_KEYS = {**{getattr(pygame, f"K_{n}"): n - 1 for n in range(1, 10)},
             **{getattr(pygame, f"K_KP{n}"): n - 1 for n in range(1, 10)}}

#: the line height of the "Since your last turn" lines, and how many lines a column may take: a
#: second column opens beside the first when one is not enough (at 5 seats a turn's news ran to
#: 26 lines, and a right guess and a Paws call fell off a single column of 10)
SINCE_LINE, SINCE_ROWS = 21, 12
SINCE_WIDTH = 480  # a column's text width
#: seconds after it appears before a click or key confirms the handoff: a click meant for a button
#: of the table that was there a moment before must not hand the screen over
ARMING = 0.5
#: the height the line offering P ("Paws before Ann plays? Press P, then 3 for Ben.") adds
OFFER_LINE = 26


class HandoffScene(Scene):
    opaque = False
    modal = True

    def __init__(self, app, table, seat: int, reason: str = "", since: list[str] | None = None,
                 heading: str = "Since your last turn") -> None:
        super().__init__(app)
        #: the summary's heading ("So far" for a player who has not moved yet)
        self.heading = heading
        #: what the table saw since this player's last move, in public words (``since_last_turn``)
        self.since = list(since or [])
        self.table = table
        self.seat = seat
        self.name = table.seat_names[seat]
        #: why the screen changes hands now, when it is not simply the next turn ("Ann calls Paws!")
        self.reason = reason
        #: a click confirms only if it was pressed on this screen, so the release of the previous
        #: player's click (or double click) can never dismiss it by accident
        self.armed = False
        self.age = 0.0

    def update(self, dt: float) -> None:
        self.age += dt

    def confirm(self) -> None:
        self.app.stack.remove(self)
        self.table.set_viewer(self.seat)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.table.pause()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            # the rules, as at the table: they show nothing private (F1 had done nothing here)
            from sleuth.ui.scenes.rules import RulesScene

            self.app.stack.push(RulesScene(self.app, self.table.spec))
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_p and self.table.interrupt_seats():
            # P as at the table: another player acts out of turn (Paws "at any moment"), asked
            # over the public table this screen already shows; "Nobody" hands it back to the
            # player it waited for. ("Who calls Paws?" taught "press P, then 3 for Ben", and
            # on "Pass to Ann" P then 3 had done nothing.)
            self.app.stack.remove(self)
            self.table.ask_who_interrupts(back_to=self.seat)
            return True
        # a click on the card itself, pressed and let go there: one on the dimmed table around it was
        # a click meant for the table's button the screen had just covered (couch play-test: the
        # "Why?" button, clicked as the handoff appeared, showed Ben's view to Ann)
        button = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1
        on_card = button and inside(self.panel_rect(self.app.canvas), event.pos)  # (not on every motion)
        if event.type == pygame.MOUSEBUTTONDOWN and button:
            self.armed = self.age >= ARMING and on_card
        elif (event.type == pygame.MOUSEBUTTONUP and self.armed and on_card) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)
            and self.age >= ARMING
        ):
            self.confirm()
        return True

    def panel_rect(self, canvas: Canvas) -> tuple[float, float, float, float]:
        """The handoff's card: taller with the "Since your last turn" lines, wider with two columns."""
        return self._card(canvas)[2]

    def _card(self, canvas: Canvas) -> tuple[list[list[str]], str, tuple[float, float, float, float]]:
        """The summary's columns, the line offering P, and the card they make."""
        columns = self._since_columns(canvas)
        offer = self.interrupt_offer()
        longest = max((len(column) for column in columns), default=0)
        extra = (54 + longest * SINCE_LINE if longest else 0) + (OFFER_LINE if offer else 0)
        width = 600 if len(columns) < 2 else 2 * SINCE_WIDTH + 160
        return columns, offer, (LOGICAL_W / 2 - width / 2, LOGICAL_H / 2 - 130 - extra / 2, width, 260 + extra)

    def draw(self, canvas: Canvas) -> None:
        pal = self.app.palette
        canvas.alpha_box((0, 0, LOGICAL_W, LOGICAL_H), pal.shadow, 200)
        columns, offer, rect = self._card(canvas)
        longest = max((len(column) for column in columns), default=0)
        width = rect[2]
        draw_paper_panel(canvas, pal, rect)
        if offer:
            canvas.text(canvas.fit(offer, 16, width - 80), (LOGICAL_W / 2, rect[1] + 244), 16, pal.ink_soft,
                        "center")
        if longest:
            top = rect[1] + 250 + (OFFER_LINE if offer else 0)
            canvas.line((rect[0] + 40, top), (rect[0] + rect[2] - 40, top), pal.brass_dark, 1)
            canvas.text(self.heading, (rect[0] + 60, top + 12), 17, pal.brass_dark, bold=True)
            for c, column in enumerate(columns):
                for i, row in enumerate(column):
                    canvas.text(row, (rect[0] + 60 + c * (SINCE_WIDTH + 40), top + 38 + i * SINCE_LINE), 16,
                                pal.ink_soft)
        title, size = f"Pass to {self.name}", 44
        while size > 26 and canvas.text_size(title, size, True, serif=True)[0] > 560:
            size -= 2  # a long name ("WWWWWWWWWWWWWW") ran out of the card at both sides
        canvas.text(canvas.fit(title, size, 560, True, serif=True), (LOGICAL_W / 2, rect[1] + 54), size,
                    pal.ink, "center", bold=True, serif=True)
        words = "Everyone else, look away. Only the public table is shown until " \
                f"{self.name} is at the screen."
        if self.reason:
            canvas.text(self.reason, (LOGICAL_W / 2, rect[1] + 100), 22, pal.ink, "center", bold=True)
        canvas.paragraph(words, (LOGICAL_W / 2 - 240, rect[1] + (124 if self.reason else 110), 480, 60), 19,
                         pal.ink_soft, align="center")
        canvas.text(canvas.fit(f"{self.name}: click or press Enter when ready", 20, 560, True),
                    (LOGICAL_W / 2, rect[1] + 210), 20, pal.brass_dark, "center", bold=True)

    def interrupt_offer(self) -> str:
        """The line that offers P to the other players while a move out of turn is legal (Paws
        "at any moment": each seat that has not called it and has an Investigation): ``Paws
        before Ann plays? Press P, then 3 for Ben.``; empty when nobody may."""
        seats = self.table.interrupt_seats()
        if not seats:
            return ""
        label = self.table.view.interrupt_label().rstrip("!")
        plays = says(self.name, "plays", start=False)
        return f"{label} before {plays}? Press P, then {self.table.interrupt_keys(seats)}."

    def _since_rows(self, canvas: Canvas) -> list[str]:
        """Every row of the summary in order (both columns)."""
        return [row for column in self._since_columns(canvas) for row in column]

    def _since_columns(self, canvas: Canvas) -> list[list[str]]:
        """The lines since the player's last move, wrapped to a column, each whole (a row cut from
        the top began mid-sentence), in one column or, when they need more rows, two (the older
        on the left; no line split between them); the oldest give way to a row that says how many
        lines more the casebook holds."""
        kept: list[list[str]] = []
        used = 0
        room = 2 * SINCE_ROWS
        for index in range(len(self.since) - 1, -1, -1):
            rows = canvas.wrap(self.since[index], 16, SINCE_WIDTH)
            earlier = index > 0  # a row must be left to say that earlier lines are in the casebook
            if used + len(rows) + earlier > room:
                kept.append([f"Earlier: {plural(index + 1, 'more line')} in the casebook (L)."])
                break
            kept.append(rows)
            used += len(rows)
        groups = kept[::-1]
        total = sum(len(rows) for rows in groups)
        if total <= SINCE_ROWS:
            return [[row for rows in groups for row in rows]] if groups else []
        left: list[str] = []
        while groups and len(left) + len(groups[0]) <= min(SINCE_ROWS, (total + 1) // 2 + 1):
            left.extend(groups.pop(0))
        return [left, [row for rows in groups for row in rows]]


class InterruptChooserScene(Scene):
    """"Who calls Paws?": the one interrupt button of a shared screen asks who acts, over the
    public table (the table switched to ``observe(None)`` before this scene appears), so the
    player who calls never looks at a table showing their own secret card. A name hands the
    screen to that player; "Nobody" hands it back to whoever was at it."""

    opaque = False
    modal = True

    def __init__(self, app, table, seats: list[int], back_to: int | None) -> None:
        super().__init__(app)
        self.table = table
        self.seats = list(seats)
        self.back_to = back_to
        self.label = table.view.interrupt_label().rstrip("!")
        n = len(self.seats)
        self.rect = (LOGICAL_W / 2 - 300, LOGICAL_H / 2 - 140, 600, 280)
        x, y, w, h = self.rect
        width = min(220.0, (w - 60 - 12 * (n - 1)) / max(1, n))
        x0 = LOGICAL_W / 2 - (n * width + 12 * (n - 1)) / 2
        buttons = [Button((x0 + i * (width + 12), y + 140, width, 44), label=table.seat_names[s], primary=True,
                          size=18, on_click=lambda s=s: self.choose(s),
                          tooltip=f"{table.seat_names[s]} calls {self.label} (key: {s + 1})")
                   for i, s in enumerate(self.seats)]
        back = table.seat_names[back_to] if back_to is not None else "the game"
        buttons.append(Button((LOGICAL_W / 2 - 130, y + h - 64, 260, 40), label=f"Nobody, back to {back}",
                              size=16, on_click=self.nobody))
        # no default focus: an unringed one took no Enter and made the first Tab skip the first name
        self.widgets = Widgets(buttons)

    def choose(self, seat: int) -> None:
        self.app.stack.remove(self)
        if not self.table.call_interrupt(seat):  # the game moved on meanwhile: back to the screen's player
            self.nobody_after_all()

    def nobody_after_all(self) -> None:
        if self.back_to is not None:
            self.table.handoff(self.back_to, f"Back to {self.table.seat_names[self.back_to]}.")

    def nobody(self) -> None:
        self.app.stack.remove(self)
        self.nobody_after_all()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.nobody()
            return True
        if event.type == pygame.KEYDOWN and SEAT_KEYS.get(event.key) in self.seats:
            self.choose(SEAT_KEYS[event.key])
            return True
        self.widgets.handle(event)
        return True

    def draw(self, canvas: Canvas) -> None:
        pal = self.app.palette
        canvas.alpha_box((0, 0, LOGICAL_W, LOGICAL_H), pal.shadow, 200)
        x, y, w, h = self.rect
        draw_paper_panel(canvas, pal, self.rect)
        canvas.text(f"Who calls {self.label}?", (LOGICAL_W / 2, y + 50), 36, pal.ink, "center", bold=True,
                    serif=True)
        canvas.paragraph("Only the public table is shown. Next time, without looking: press P, then "
                         f"{self.table.interrupt_keys(self.seats)}.",
                         (x + 50, y + 80, w - 100, 50), 17, pal.ink_soft, align="center")
        self.widgets.draw(canvas, pal)

    def tooltip(self, pos):
        return self.widgets.tooltip(pos)
