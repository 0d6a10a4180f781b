"""What the viewer may touch on the Bakerstreet table and what it does: which hand cards may be
dragged or clicked and which stacks take them, drops, clicks (a card, then a stack; a stack to
evaluate), cancelling a choice, and the buttons of the side panel (the bid control, Dispute, the
letter picker's tiles and the moves list).

``TableInput`` is mixed into ``BakerstreetTable`` (table/__init__.py) and works on its state
(``obs``, ``viewer``, ``selected``, ``bid_value``, ``widgets``, ``board``).
"""

from __future__ import annotations

import pygame

from sleuth.core.values import Action
from sleuth.games.bakerstreet import rules as R
from sleuth.games.bakerstreet.table.layout import BID_ROW_UP, GUIDE_H, LEFT_X, PANEL, PANEL_PAD, PANEL_SPLIT, TILE
from sleuth.games.bakerstreet.table.model import Token
from sleuth.games.bakerstreet.table.paint import longest_run_of, run_through
from sleuth.games.bakerstreet.table.panels import LetterTile
from sleuth.ui.board import CardSprite
from sleuth.ui.scenes.table import LOG_RECT
from sleuth.ui.widgets import Button, inside
from sleuth.ui.words import possessive
from sleuth.ui.zones import DropArea

#: the keys that move the bid by one, as its "-" and "+" buttons do
BID_KEYS = {pygame.K_MINUS: -1, pygame.K_KP_MINUS: -1, pygame.K_PLUS: 1, pygame.K_KP_PLUS: 1, pygame.K_EQUALS: 1}


class TableInput:
    """Pointer, keys and buttons turned into actions."""

    def _interactivity(self) -> None:
        may = self._may_play()
        me = self.viewer
        for key, sprite in self.board.by_key.items():
            if key[0] != "det":
                continue
            tok = self._token_by_id(key[1])
            mine = me is not None and tok is not None and any(tok is k for k in self.model.hands[me])
            sprite.draggable = mine and may
            sprite.clickable = mine and may
            sprite.selected = self.selected == key[1]

    def _may_play(self) -> bool:
        return any(isinstance(a, R.Play) for a in self.legal())

    def _refresh_drop_areas(self) -> None:
        self.board.drop_areas = [DropArea(self.stack_rect(i), ("stack", i), f"Stack {i + 1}")
                                 for i in range(self.model.stacks)]

    # -- input ------------------------------------------------------------------------------
    def legal(self) -> list[Action]:
        return self.scene.legal_for_viewer() if not self.busy else []

    def may_choose(self) -> bool:
        """The viewer is offered a stack to evaluate now (not while a lesson's note is read)."""
        return any(isinstance(a, R.Choose) for a in self.legal())

    def _hand_token(self, tid: int) -> Token | None:
        me = self.viewer
        if me is None:
            return None
        return next((k for k in self.model.hands[me] if k.id == tid), None)

    def _play_for(self, tid: int, stack: int) -> R.Play | None:
        tok = self._hand_token(tid)
        if tok is None or tok.value is None:
            return None
        return R.Play(tok.value, tok.symbol or "none", stack)

    def _targets_for(self, sprite: CardSprite) -> set:
        legal = set(self.legal())
        targets = set()
        for i in range(self.model.stacks):
            action = self._play_for(sprite.key[1], i) if sprite.key[0] == "det" else None
            if action is not None and action in legal:
                targets.add(("stack", i))
        return targets

    def _on_drop(self, sprite: CardSprite, target) -> str | None:
        if not (isinstance(target, tuple) and target[0] == "stack" and sprite.key[0] == "det"):
            return "Drop the card next to an evidence stack."
        action = self._play_for(sprite.key[1], target[1])
        if action is None:
            return "Only a card from your own hand can be played."
        if action not in self.legal():
            return "You cannot play a card now."
        return self.scene.act(action)

    def _on_click(self, sprite: CardSprite) -> None:
        if sprite.key[0] == "det" and self._hand_token(sprite.key[1]) is not None:
            self.selected = None if self.selected == sprite.key[1] else sprite.key[1]
            self._interactivity()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self.cursor_key(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.cursor = None  # the mouse is in use: the keyboard's cursor steps aside
        if self._enter_bids(event):
            return True
        if self.widgets.handle(event):
            return True
        if self.board.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in BID_KEYS and self._bid_key(BID_KEYS[event.key]):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            stack = next((i for i in range(self.model.stacks) if inside(self.stack_rect(i), event.pos)), None)
            legal = self.legal()
            if stack is not None and R.Choose(stack) in legal:
                self.scene.act(R.Choose(stack))
                return True
            if stack is not None and self.selected is not None:
                action = self._play_for(self.selected, stack)
                if action is not None and action in legal:
                    self.scene.act(action)
                    return True
            if self.selected is not None:
                self.selected = None
                self._interactivity()
                return True
        return False

    def _enter_bids(self, event: pygame.event.Event) -> bool:
        """With no button ringed, Enter bids the amount shown, as the quick amounts, - and + set
        it. Only a focus the player sees takes Enter from the bid (``Widgets.shown_focus``): after a
        click on "15", Enter had pressed "15" again and bid nothing (competitive play-test)."""
        if event.type != pygame.KEYDOWN or event.key not in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return False
        if self.widgets.shown_focus() is not None:
            return False  # the ringed button takes it
        if self.bid_value is None or not any(isinstance(a, R.Bid) for a in self.legal()):
            return False
        self._bid()
        return True

    def half_made(self) -> bool:
        return super().half_made() or self.selected is not None

    def cancel(self) -> None:
        super().cancel()
        self.selected = None
        self._interactivity()

    def show_hinted(self, action) -> None:
        """The coach's bid is set in the amount, so the ringed button reads and bids it."""
        if isinstance(action, R.Bid) and self.bid_value is not None:
            self.bid_value = action.amount
            self._rebuild_widgets()

    # -- buttons ----------------------------------------------------------------------------
    def _rebuild_widgets(self) -> None:
        self.widgets.rebuild(self._add_widgets)

    def _add_widgets(self) -> None:
        obs = self.obs
        if obs is None:
            return
        legal = self.legal()
        if not legal:
            return
        x, y, w, h = PANEL
        bids = [a for a in legal if isinstance(a, R.Bid)]
        if bids:
            lo, hi = min(a.amount for a in bids), max(a.amount for a in bids)
            if self.bid_value is None:
                self.bid_value = self._suggested_bid(lo, hi)
            self.bid_value = max(lo, min(hi, self.bid_value))
            by = y + h - BID_ROW_UP
            self.widgets.add(Button((LEFT_X, by, 46, 46), label="-", size=30, enabled=self.bid_value > lo,
                                    on_click=lambda: self._nudge(-1), tooltip="One less"))
            self.widgets.add(Button((LEFT_X + 140, by, 46, 46), label="+", size=30, enabled=self.bid_value < hi,
                                    on_click=lambda: self._nudge(1), tooltip="One more"))
            quick = sorted({lo, min(hi, lo + 1), min(hi, lo + 2), min(hi, lo + 4)} if obs.bids else
                           {lo} | {max(lo, min(hi, v)) for v in (self._suggested_bid(lo, hi) - 3,
                                                                 self._suggested_bid(lo, hi),
                                                                 self._suggested_bid(lo, hi) + 3)})
            step = (PANEL_SPLIT + 8) / 4
            for i, value in enumerate(quick[:4]):
                self.widgets.add(Button((LEFT_X + i * step, by + 54, step - 8, 38), label=str(value), size=19,
                                        on_click=lambda v=value: self._set_bid(v),
                                        tooltip=f"Set the bid to {value}" + (" (the least you may bid)"
                                                                             if value == lo else "")))
            self.widgets.add(Button((LEFT_X, by + 100, PANEL_SPLIT, 46), label=f"Bid {self.bid_value}", size=24,
                                    primary=True, on_click=self._bid,
                                    tooltip="Say how high the six hand cards (yours and your opponent's) total"))
        if R.Dispute() in legal:
            last = obs.bids[-1]
            canvas = self.scene.app.canvas
            label = f"Dispute {possessive(self.name(last[0]))} {last[1]}"
            if canvas.text_size(label, 21, True)[0] > PANEL_SPLIT - 20:  # a long name: the amount matters more
                label = f"Dispute the bid of {last[1]}"
            dy = y + h - PANEL_PAD - GUIDE_H - 12 - 46  # above the turn's guide
            self.widgets.add(Button((LEFT_X, dy, PANEL_SPLIT, 46), label=label, size=21, primary=True,
                                    on_click=lambda: self.scene.act(R.Dispute()),
                                    tooltip=f"Claim the six hand cards total less than {last[1]}. Both hands are "
                                            "shown; the winner chooses a stack to evaluate."))
        takes = [a for a in legal if isinstance(a, R.Take)]
        if obs.phase == R.TAKE and obs.looking is not None and takes:
            self._letter_tiles(legal)
        self.widgets.add(Button((x + w - PANEL_PAD - 136, y + 10, 136, 30), label="All moves (M)", size=15,
                                on_click=self.scene.show_moves, tooltip="Every move you may make, as a list"))
        self._hide_under_drawer()

    def _hide_under_drawer(self) -> None:
        """Buttons the open move-log drawer covers cannot be reached (the scene takes the clicks
        there): they are hidden, so neither the pointer nor Tab finds them, until it closes. The
        bid control, Dispute and the letter picker lie left of the drawer and stay in reach."""
        drawer = LOG_RECT[0] if getattr(self.scene, "log_open", False) else None
        for widget in self.widgets.items:
            widget.visible = drawer is None or widget.rect[0] + widget.rect[2] <= drawer

    def _suggested_bid(self, lo: int, hi: int) -> int:
        """The viewer's own hand plus the opponent's expected three (2.5 each), within the legal range."""
        obs = self.obs
        own = sum(v for v, _ in obs.hand or ())
        guess = round(own + 2.5 * obs.hand_sizes[1 - self.bottom])
        return max(lo, min(hi, guess if not obs.bids else lo))

    def _bid_key(self, delta: int) -> bool:
        """- and + (the keypad's too, and = for + without Shift) move the bid as its buttons do."""
        amounts = [a.amount for a in self.legal() if isinstance(a, R.Bid)]
        if not amounts or self.bid_value is None:
            return False
        if min(amounts) <= self.bid_value + delta <= max(amounts):
            self._nudge(delta)
            self.scene.app.sound.play("click")
        return True

    def _nudge(self, delta: int) -> None:
        self.bid_value = (self.bid_value or 0) + delta
        self._rebuild_widgets()

    def _set_bid(self, value: int) -> None:
        self.bid_value = value
        self._rebuild_widgets()

    def _bid(self) -> None:
        if self.bid_value is not None:
            self.scene.act(R.Bid(self.bid_value))

    def _letter_tiles(self, legal: list[Action]) -> None:
        obs = self.obs
        letters = obs.looking or ()
        mine = set(obs.letters or ())
        x, y, w, h = PANEL
        per_row = 4
        tw, th = TILE
        for i, letter in enumerate(letters):
            col, row = i % per_row, i // per_row
            rect = (LEFT_X + col * (tw + 10), y + 102 + row * (th + 10), tw, th)
            allowed = R.Take(letter) in legal
            if allowed:
                run, _ = longest_run_of(sorted(mine | {letter}), obs.alphabet)
                row_of = run_through(letter, sorted(mine), obs.alphabet)  # the run this letter makes
                note = "WINS" if run >= obs.run_to_win else f"{row_of} in a row" if row_of > 1 else "on its own"
                tip = (f"Take {letter}: " + (f"it makes {row_of} letters in a row" if row_of > 1 else
                                             "it touches none of your letters") +
                       f"; your longest run would be {run} (you need {obs.run_to_win} in a row).")
            else:
                note = "yours already"
                tip = f"You already hold {letter}: a player may hold each letter only once."
            take = R.Take(letter)
            self.widgets.add(LetterTile(rect, letter, note, lambda a=take: self.scene.act(a), allowed, tip))
