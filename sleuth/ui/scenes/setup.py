"""Setting up a game: seats (human or bot, with names), the game's options and a seed."""

from __future__ import annotations

import random

import pygame

from sleuth.core.names import clean_name
from sleuth.core.registry import GameSpec, OptionSpec
from sleuth.core.replay import SeatInfo
from sleuth.ui.canvas import Canvas
from sleuth.ui.scenes.common import MenuScene, draw_paper_panel
from sleuth.ui.theme import LOGICAL_W, Palette
from sleuth.ui.widgets import Button, Choice, TextField
from sleuth.ui.words import join_words, seat_kind_name

SEAT_KINDS = ("human", "basic", "expert")
#: a stronger bot some games have (Beyond Baker Street's searching Master), offered after Hard
EXTRA_KINDS = ("master",)


def seat_kinds_for(spec: GameSpec) -> tuple[str, ...]:
    """The seat choices of a game: human, Easy and Hard bot, and any stronger bot it has."""
    return SEAT_KINDS + tuple(kind for kind in EXTRA_KINDS if kind in spec.bots)
def first_bot_kind(spec: GameSpec) -> str:
    """The bots a game's first setup offers: partners of a team game are Hard bots (they carry a
    newcomer), opponents are Easy bots (a first game against Hard ones is lost before it is
    understood). After one game the setup remembers what the player chose."""
    return "expert" if spec.team else "basic"


#: the bots' default names: people of the stories who are no character card of any game (a seat
#: called Mrs Hudson playing the character Irene Adler reads as two people)
BOT_NAMES = ("Watson", "Mycroft", "Billy", "Violet", "Stamford")
MAX_SEED = 2**31 - 1
#: the first seat's name until the player types one: the one person at a table of bots is "You"
SOLO_NAME = "You"
NAME_LENGTH = 14  # characters a seat's name may have (it fits every table's name strip)
PANEL = (60, 60, 1160, 600)


class SetupScene(MenuScene):
    title = "New game"

    def __init__(self, app, spec: GameSpec, seats: list[SeatInfo] | None = None,
                 options: dict | None = None) -> None:
        super().__init__(app)
        self.spec = spec
        names = list(app.settings.player_names)
        remembered_seats, remembered_options = self._remembered()
        # a newcomer alone against bots is "You" on the table ("You eliminate Clue 1", "You win"),
        # not "Player 1" in the third person beside "Your turn"
        start = seats or remembered_seats or [SeatInfo(names[0] if names else SOLO_NAME, "human")] + [
            SeatInfo(BOT_NAMES[i], first_bot_kind(spec)) for i in range(spec.min_players - 1)
        ]
        self.kinds = seat_kinds_for(spec)
        self.seat_kinds = [s.kind if s.kind in self.kinds else "expert" for s in start]
        self.seat_names = [self._drawn_name(s.name, f"Player {i + 1}") for i, s in enumerate(start)]
        self.options = dict(spec.resolve_options(options if options is not None else remembered_options))
        self._default_names()  # a remembered couch game's "Player 1" alone at a table of bots is "You"
        self.seed_text = ""
        self.error = ""
        self._build()

    @property
    def players(self) -> int:
        return len(self.seat_kinds)

    def _remembered(self) -> tuple[list[SeatInfo], dict]:
        """The seats and options of the last game of this title (empty when there is none, or when
        they no longer suit it: another player count, an option this version does not have)."""
        setup = self.app.settings.game_setups.get(self.spec.id)
        if not setup:
            return [], {}
        seats = [SeatInfo(seat["name"] or f"Player {i + 1}", seat["kind"]) for i, seat in enumerate(setup["seats"])]
        if not self.spec.min_players <= len(seats) <= self.spec.max_players:
            seats = []
        try:
            options = dict(self.spec.resolve_options(dict(setup["options"])))
        except ValueError:
            options = {}
        return seats, options

    def _remember(self, seats: list[SeatInfo], options: dict) -> None:
        setups = dict(self.app.settings.game_setups)
        setups[self.spec.id] = {"seats": [{"name": s.name, "kind": s.kind} for s in seats],
                                "options": {k: v for k, v in options.items()}}
        self.app.update_settings(game_setups=setups)

    def _build(self) -> None:
        """The widgets for the seats and options as they are now. The focus stays on the control
        it was on: a new player count rebuilds the screen, and the ring had gone from "Players"
        (the next arrow only brought it back, and Tab began again at the top)."""
        self.widgets.rebuild(self._add_widgets)

    def _add_widgets(self) -> None:
        spec = self.spec
        px, py = PANEL[0], PANEL[1]
        counts = list(range(spec.min_players, spec.max_players + 1))
        if len(counts) > 1:
            self.widgets.add(Choice((px + 30, py + 80, 260, 40), label="Players", options=counts,
                                    index=counts.index(self.players), on_change=self._set_players,
                                    tooltip=f"{spec.name} is for {spec.min_players}-{spec.max_players} players"))
        seat_options = {opt.seat: opt for opt in spec.options if opt.seat is not None}
        for seat in range(self.players):
            y = py + 160 + seat * 50
            self.widgets.add(TextField((px + 30, y, 230, 40), label=f"{seat + 1}", value=self.seat_names[seat],
                                       max_len=NAME_LENGTH, allowed=self._drawable,
                                       on_change=lambda v, s=seat: self._set_name(s, v),
                                       on_refuse=self._name_refused,
                                       tooltip="Type this player's name"))
            self.widgets.add(Choice((px + 270, y, 170, 40), options=self.kinds,
                                    labels=tuple(seat_kind_name(kind) for kind in self.kinds),
                                    index=self.kinds.index(self.seat_kinds[seat]), size=18,
                                    on_change=lambda v, s=seat: self._set_kind(s, v),
                                    tooltip="Human: someone at this screen. Easy bot: a careful beginner. "
                                            "Hard bot: strong and quick." + (" Master bot: searches ahead, up to 1.5 s "
                                                                            "a move."
                                                                            if "master" in self.kinds else "")))
            option = seat_options.get(seat + 1)
            if option is not None and self._shown(option):
                self._option_widget(option, (px + 450, y, 270, 40))
        oy = py + 160
        for option in spec.options:
            if option.seat is None and self._shown(option):
                self._option_widget(option, (px + 740, oy, 390, 40))
                oy += 50
        self._about_top = oy + 66  # under the seed: what the option pointed at does
        # "Deal number", not "Seed": a newcomer met "Seed: random" as a programmer's word
        self.widgets.add(TextField((px + 740, oy + 10, 390, 40), label="Deal number", value=self.seed_text,
                                   placeholder="random", max_len=10, allowed=str.isdigit,
                                   on_change=self._set_seed,
                                   on_refuse=lambda text: self.app.toast("A deal number is digits only."
                                                                         if not text.isdigit() else
                                                                         "A deal number has 10 digits at most."),
                                   tooltip="Leave blank for a fresh deal; the same number deals the same cards "
                                           "again, to replay a deal or to play the one a friend played"))
        self.widgets.add(Button((px + 30, py + PANEL[3] - 70, 160, 48), label="Back", on_click=self.back))
        if self._offer_lesson():
            self.widgets.add(Button((px + 210, py + PANEL[3] - 70, 380, 48),
                                    label="New to this game? Learn to play", size=17,
                                    on_click=self.learn,
                                    tooltip=f"A guided first game of {spec.name} on the real table, about five "
                                            "minutes; you can leave it at any step"))
        # Start last: Tab goes left to right along the foot (Back, the lesson, Start)
        self.widgets.add(Button((px + PANEL[2] - 250, py + PANEL[3] - 70, 220, 48), label="Start", primary=True,
                                on_click=self.start, tooltip="Start the game (Enter)"))

    def _offer_lesson(self) -> bool:
        """The first time a game is chosen (no setup remembered for it) and its lesson was never
        finished, the setup offers the guided first game."""
        from sleuth.data.tutorials import has_tutorial

        if not has_tutorial(self.spec.id) or self.spec.id in self.app.settings.game_setups:
            return False
        record = self._title_learning().get(self.spec.id)
        return record is None or not record.tutorial_done

    def _title_learning(self) -> dict:
        from sleuth.ui.scenes.title import TitleScene

        for scene in self.app.stack.scenes:
            if isinstance(scene, TitleScene):
                return scene.learning
        return {}

    def learn(self) -> None:
        """Leave the setup for the game's guided first game (resumed where it was left)."""
        from sleuth.ui.scenes.title import open_tutorial

        record = self._title_learning().get(self.spec.id)
        self.app.stack.pop()
        open_tutorial(self.app, self.spec.id, record)

    def _shown(self, option) -> bool:
        """Whether an option matters now. An option may depend on another one: ``shown_when`` =
        (that option's key, the values it needs), e.g. a seat's character only while characters
        are on. One that does not matter is not shown, and starts the game at its default."""
        needs = option.shown_when
        if not needs:
            return True
        key, values = needs
        return self.options.get(key) in values

    @staticmethod
    def _option_tip(option, value) -> str:
        """The option's help; an option with a line per choice (``choice_help``: what a seat's
        character does) describes the choice it shows."""
        helps = option.choice_help
        if helps and value in option.choices:
            return helps[option.choices.index(value)]
        return option.help or option.label

    def _option_widget(self, option, rect) -> None:
        choice = Choice(rect, label="" if option.seat else option.label, options=option.choices,
                        labels=option.labels, size=17)
        choice.set_value(self.options.get(option.key, option.default))
        choice.tooltip = self._option_tip(option, choice.value)

        def changed(value, option=option, choice=choice) -> None:
            choice.tooltip = self._option_tip(option, value)
            self._set_option(option.key, value)

        choice.on_change = changed
        choice.option_key = option.key
        self.widgets.add(choice)

    def _set_players(self, count: int) -> None:
        self.error = ""  # a complaint about the seats as they were goes with them
        bots = [kind for kind in self.seat_kinds if kind != "human"]
        while len(self.seat_kinds) < count:
            # a new seat is a bot like the table's others: one Hard bot joining three Easy ones
            # made a beginner's table suddenly uneven
            self.seat_kinds.append(bots[-1] if bots else first_bot_kind(self.spec))
            self.seat_names.append(BOT_NAMES[len(self.seat_names) % len(BOT_NAMES)])
        del self.seat_kinds[count:]
        del self.seat_names[count:]
        self._build()

    def _set_name(self, seat: int, value: str) -> None:
        self.seat_names[seat] = value
        self.error = ""  # a complaint about the names goes once one is changed

    def _drawable(self, char: str) -> bool:
        """A character a name may hold: printable, and drawn by Sleuth's typefaces."""
        return char.isprintable() and self.app.cache.has_glyph(char)

    def _drawn_name(self, name: str, fallback: str) -> str:
        """A remembered name without the characters Sleuth's typefaces cannot draw (one written into
        settings.json by hand, "Zoë 🕵️ Holmes", showed an empty box where typing it is refused)."""
        return clean_name("".join(ch for ch in clean_name(name) if self._drawable(ch)), fallback)

    def _name_refused(self, text: str) -> None:
        """Why a typed character did not go into a name (nothing was said, and a Chinese name
        showed as empty boxes on the table)."""
        if all(self._drawable(ch) for ch in text):
            self.app.toast(f"A name has {NAME_LENGTH} characters at most.")
        else:
            self.app.toast("Sleuth's typeface cannot draw that character: names use Latin, Greek or Cyrillic letters, digits and "
                           "punctuation.")

    def _set_kind(self, seat: int, kind: str) -> None:
        """A seat's kind; a seat still under its default name takes the default of its new kind
        (a bot left as "Player 1" read "Player 1 (Hard bot) wins")."""
        self.seat_kinds[seat] = kind
        self.error = ""
        name = self.seat_names[seat].strip()
        if kind != "human" and name in ("", f"Player {seat + 1}"):
            taken = set(self.seat_names)
            name = next((n for n in BOT_NAMES if n not in taken), BOT_NAMES[seat % len(BOT_NAMES)])
        elif kind != "human" and name == SOLO_NAME:
            taken = set(self.seat_names)
            name = next((n for n in BOT_NAMES if n not in taken), BOT_NAMES[seat % len(BOT_NAMES)])
        elif kind == "human" and name in BOT_NAMES:
            name = f"Player {seat + 1}"
        if name != self.seat_names[seat]:
            self._rename(seat, name)
        self._default_names()

    def _default_names(self) -> None:
        """A person under a default name is "You" alone at a table of bots and "Player N" at the
        couch: one made "Player 1" for a couch game stayed so when the other seat went back to a
        bot ("Your turn, Player 1")."""
        people = [seat for seat, kind in enumerate(self.seat_kinds) if kind == "human"]
        for seat in people:
            name = self.seat_names[seat].strip()
            if len(people) == 1 and name in ("", f"Player {seat + 1}"):
                self._rename(seat, SOLO_NAME)
            elif len(people) > 1 and name == SOLO_NAME:
                self._rename(seat, f"Player {seat + 1}")

    def _rename(self, seat: int, name: str) -> None:
        self.seat_names[seat] = name
        field = next((w for w in self.widgets.items if isinstance(w, TextField) and w.label == f"{seat + 1}"), None)
        if field is not None:
            field.value = name

    @staticmethod
    def _table_name(seat: int, name: str) -> str:
        """A typed name as the table writes it: cleaned, and starting with a capital. "ada" had read
        "ada tells Watson..." in one line and "Ada's Investigation" in the next, where a sentence
        began with it."""
        name = clean_name(name, f"Player {seat + 1}")
        first = name[0].upper()
        return first + name[1:] if len(first) == 1 else name

    def _name_clash(self) -> str:
        """Two seats under one name, said for people ("Seats 1 and 3 are both called Ann: give
        one of them another name."); else "". The second had become "Ann'" without a word, and
        the banner read "Ann''s turn"."""
        seen: dict[str, int] = {}
        for seat, name in enumerate(self.seat_names):
            name = self._table_name(seat, name)
            if name in seen:
                return f"Seats {seen[name] + 1} and {seat + 1} are both called {name}: give one of them another name."
            seen[name] = seat
        return ""

    def _set_option(self, key: str, value) -> None:
        self.options[key] = value
        self.error = ""  # a complaint about the old choice goes with it
        if any(option.shown_when and option.shown_when[0] == key for option in self.spec.options):
            focused = self.widgets.focus is not None
            self._build()  # the options that depend on this one appear or go; the focus stays on this one
            if focused:
                live = [w for w in self.widgets.items if w.visible]
                self.widgets.focus = next((i for i, w in enumerate(live) if getattr(w, "option_key", "") == key),
                                          None)

    def _set_seed(self, text: str) -> None:
        self.seed_text = text

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:  # the rules, as on the table
            from sleuth.ui.scenes.rules import RulesScene

            self.app.stack.push(RulesScene(self.app, self.spec))
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            field = self.widgets.focused_text()
            if field is not None:
                self._finish_field(field)
                return True
            if self.widgets.shown_focus() is None:
                # nothing in hand (a click's unringed focus is nothing): Enter starts the game, as
                # the Start button's tooltip says
                self.start()
                return True
        return super().handle(event)

    def _finish_field(self, field: TextField) -> None:
        """Enter in a text field ends its editing: a name hands the keys to the next seat's name,
        the last name and the seed let go of them. (Enter in a name had started the game at once,
        before the player had made seat 3 human.)"""
        live = self.widgets._live()
        names = [w for w in live if isinstance(w, TextField) and w.label.isdigit()]
        later = names[names.index(field) + 1:] if field in names else []
        if later:
            self.widgets.focus = live.index(later[0])
            self.widgets.keyboard = True
        else:
            self.widgets.focus = None

    def seats(self) -> list[SeatInfo]:
        """The seats as the table gets them: every name set and unique; "You" only for the one
        person at a table of bots (at the couch "Pass to You" would name nobody)."""
        names = []
        humans = sum(kind == "human" for kind in self.seat_kinds)
        for seat, name in enumerate(self.seat_names):
            name = self._table_name(seat, name)
            if humans > 1 and name == SOLO_NAME:
                name = f"Player {seat + 1}"
            while name in names:
                name += "'"
            names.append(name)
        return [SeatInfo(n, k) for n, k in zip(names, self.seat_kinds, strict=True)]

    def start(self, replace_confirmed: bool = False) -> None:
        from sleuth.store.saves import clear_autosave, has_autosave
        from sleuth.ui.scenes.table import start_game

        clash = self._name_clash()
        if clash:
            self.error = clash
            return

        if not replace_confirmed and has_autosave(self.app.paths, self.spec.id):
            from sleuth.ui.scenes.dialogs import ConfirmScene

            words = self._suspended_words()
            self.app.stack.push(ConfirmScene(
                self.app, f"Your game of {self.spec.name} in progress{f' ({words})' if words else ''} will be "
                          "ended and replaced by the new one.",
                lambda: self.start(replace_confirmed=True), yes="Start the new game", no="Keep it"))
            return
        if replace_confirmed:
            clear_autosave(self.app.paths, self.spec.id)
        seed = int(self.seed_text) % MAX_SEED if self.seed_text else random.SystemRandom().randrange(MAX_SEED)
        seats = self.seats()
        humans = tuple(s.name for s in seats if s.is_human)
        if humans:
            self.app.update_settings(player_names=humans[:5])
        self._remember(seats, self.options)
        options = dict(self.options)
        for option in self.spec.options:  # a seat option of a seat not in play goes back to its default,
            if option.seat is not None and option.seat > self.players or not self._shown(option):
                options[option.key] = option.default  # and so does an option that does not matter now
        clash = self._clash(options)
        if clash:
            self.error = clash
            return
        try:
            start_game(self.app, self.spec, seats, options, seed, replace_top=True)
        except ValueError as exc:
            self.error = str(exc)

    def _clash(self, options: dict) -> str:
        """Two seats picked what only one may have (``OptionSpec.exclusive``), said for people:
        "Seats 1 and 3 both play Inspector Martin: pick another character for one of them."; else ""."""
        taken: dict[tuple[str, object], list[OptionSpec]] = {}
        for option in self.spec.options:
            if option.exclusive and option.seat is not None and option.seat <= self.players and \
                    self._shown(option) and options.get(option.key, option.default) != option.default:
                taken.setdefault((option.exclusive, options[option.key]), []).append(option)
        for (word, value), picked in taken.items():
            if len(picked) > 1:
                seats = join_words([str(o.seat) for o in picked])
                name = picked[0].name_of(value)
                if len(picked) == 2:
                    return f"Seats {seats} both play {name}: pick another {word} for one of them."
                return f"Seats {seats} all play {name}: pick another {word} for all but one."
        return ""

    def _suspended_words(self) -> str:
        """How the title describes this game's suspended game (``vs a Hard bot, round 4``)."""
        from sleuth.ui.scenes.title import TitleScene

        for scene in self.app.stack.scenes:
            if isinstance(scene, TitleScene) and self.spec.id in scene.suspended:
                return scene.suspended[self.spec.id].words
        return ""

    def _about(self):
        """The game option (or the seed) whose words the column shows: the one under the pointer,
        else the one the keyboard is on, else the first (a newcomer met "Setup: Sleuth's balance
        rule" and "Seed: random" with nothing to say what they were)."""
        columns = (PANEL[0] + 740, PANEL[0] + 450)  # the game options, and the seats' (a character's ability)
        column = [w for w in self.widgets.items if w.visible and w.rect[0] in columns and w.tooltip]
        if not column:
            return None
        live = self.widgets._live()
        focused = live[self.widgets.focus] if self.widgets.focus is not None and self.widgets.focus < len(live) \
            else None
        return next((w for w in column if w.hovered), None) or (focused if focused in column else column[0])

    def tooltip(self, pos):
        """No hover text over the game options: the column under them says it already (the
        tooltip repeated it word for word over the seed)."""
        widget = self.widgets.at(pos)
        if widget is not None and getattr(self, "_about_top", None) is not None and widget is self._about():
            return None
        return super().tooltip(pos)

    def _draw_about(self, canvas: Canvas, pal: Palette) -> None:
        widget = self._about()
        top = getattr(self, "_about_top", None)
        bottom = PANEL[1] + PANEL[3] - 100
        if widget is None or top is None or bottom - top < 50:
            return
        rect = (PANEL[0] + 740, top, 390, bottom - top)
        words = widget.tooltip if widget.tooltip.endswith((".", "!", "?")) else widget.tooltip + "."
        canvas.paragraph(words, rect, 15, pal.ink_soft)

    def draw_content(self, canvas: Canvas, pal: Palette) -> None:
        px, py = PANEL[0], PANEL[1]
        draw_paper_panel(canvas, pal, PANEL, f"New game: {self.spec.name}")
        canvas.text("Players and seats", (px + 30, py + 154), 19, pal.ink_soft, "bottomleft", bold=True)
        if any(opt.seat and self._shown(opt) for opt in self.spec.options):
            canvas.text("Seat options", (px + 450, py + 154), 19, pal.ink_soft, "bottomleft", bold=True)
        canvas.text("Game options", (px + 740, py + 154), 19, pal.ink_soft, "bottomleft", bold=True)
        self._draw_about(canvas, pal)
        if self.error:
            canvas.text(self.error, (LOGICAL_W / 2, py + PANEL[3] - 90), 18, pal.bad, "center")
