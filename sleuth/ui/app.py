"""The app: one window, one loop, one stack of scenes.

The loop is: events, fixed-step updates (1/120 s from an accumulator, clamped after a stall so
the game never tries to catch up minutes at once), draw. Nothing in it blocks: bots think on a
worker thread, files are written by a background writer, animations are state advanced in
``update``.
"""

from __future__ import annotations

import os
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

import pygame

from sleuth.ui.canvas import Canvas, Rect, RenderCache
from sleuth.ui.scene import Scene, SceneStack
from sleuth.ui.theme import LOGICAL_H, LOGICAL_W, Palette, palette

STEP = 1 / 120
MAX_FRAME = 0.25
#: frames per second while something moves; nothing is drawn while nothing changes
ANIMATION_FPS = 60
#: while idle the loop sleeps until an event arrives or this long has passed (timers, bots)
IDLE_WAIT_MS = 30
#: seconds after a fullscreen switch before F11 may switch again (the new window can bring a
#: stray key up and down with it)
F11_PAUSE = 1.0
#: a held key repeats far quicker than this: an F11 down this long after the last F11 event is a
#: new press, though the window that got the last release was replaced (without a window manager
#: no focus event says so, and the next press was taken for a repeat: F11 needed two presses)
F11_REPEAT_GAP = 0.6
#: seconds the mouse rests before a tooltip shows, and before a card is shown large (a preview
#: that came as fast as a tooltip sprang up over the cards a player moved across)
TOOLTIP_DELAY = 0.45
CARD_PREVIEW_DELAY = 0.9
#: the widths a notice may wrap to, widest first: a screen takes the widest that covers nothing it
#: shows (the lesson's closing notice lay over the player's hand at 700)
TOAST_WIDTHS = (700, 520, 400, 320)
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


#: the largest window when the display's size is unknown (a headless run, an odd driver)
FALLBACK_MAX_WINDOW = (3840, 2160)
#: the smallest window the player may drag it to, or a settings file may ask for: three quarters of
#: the 1280x720 layout (at 640x400 the table's smallest words were 7 px and its card pictures grey)
MIN_WINDOW = (960, 540)


def fit_window(size: tuple[int, int]) -> tuple[int, int]:
    """The window size asked for, shrunk to fit the largest display (a settings file may hold
    anything): a window larger than the screen is unusable and costs gigabytes."""
    try:
        known = pygame.display.get_init() and pygame.display.get_driver() not in ("dummy", "offscreen")
        desktops = [d for d in pygame.display.get_desktop_sizes() if d[0] > 0 and d[1] > 0] if known else []
    except pygame.error:
        desktops = []
    limit = max(desktops, key=lambda d: d[0] * d[1]) if desktops else FALLBACK_MAX_WINDOW
    limit = (min(limit[0], FALLBACK_MAX_WINDOW[0] * 2), min(limit[1], FALLBACK_MAX_WINDOW[1] * 2))
    width, height = (int(v) for v in size)
    least = (min(MIN_WINDOW[0], limit[0]), min(MIN_WINDOW[1], limit[1]))  # a screen smaller still wins
    return (max(least[0], min(width, limit[0])), max(least[1], min(height, limit[1])))


class Toast(tuple):
    """A notice: ``(text, seconds left)`` as a pair, and the screen it belongs to (``owner``)."""

    def __new__(cls, text: str, seconds: float, owner: Scene | None = None) -> Toast:
        toast = super().__new__(cls, (text, seconds))
        toast.owner = owner
        return toast


class App:
    """What every scene may reach: window, settings, sound, user files and the scene stack."""

    def __init__(self, headless: bool = False, size: tuple[int, int] | None = None,
                 bot_process: bool | None = None) -> None:
        from sleuth.store.paths import UserPaths
        from sleuth.store.settings import load_settings

        self.paths = UserPaths.default()
        self.settings, self.settings_warning = load_settings(self.paths)
        self.headless = headless
        pygame.init()
        pygame.display.set_caption("Sleuth")
        self._set_icon()
        self.cache = RenderCache()
        self.stack = SceneStack()
        self.io = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sleuth-io")
        self.running = True
        self.mouse_pos: tuple[float, float] = (0.0, 0.0)
        self._pointer_hand = False  # the pointer shows a hand (``show_pointer``)
        self.hover_time = 0.0
        self.tooltips_quiet = False
        self.toasts: list[Toast] = []
        #: what the last drawn frame showed (see ``frame_key``); None forces the next draw
        self._shown_key: object = None
        self.frames_drawn = 0
        #: tables keep their painted layer between frames (``staticlayer.py``); a test that spies
        #: on every text drawn turns it off so that each frame paints everything
        self.keep_painted_layers = True
        self._was_animating = False
        self._accumulator = 0.0
        self._last_time: float | None = None
        self._f11_held = False  # F11 switches fullscreen once per press, not per key repeat
        self._f11_at = -F11_PAUSE  # when F11 last switched (monotonic seconds)
        self._f11_seen = -F11_PAUSE  # when an F11 key event last came
        self._windowed_size = fit_window(size or tuple(getattr(self.settings, "window_size", None) or (1280, 720)))
        self.window = self._open_window(bool(self.settings.fullscreen) and not headless)
        self.canvas = Canvas(self.window, self.cache)
        from sleuth.ui.sound import SoundBank

        self.sound = SoundBank(volume=self.settings.volume, muted=self.settings.muted)
        from sleuth.store.stats import StatsStore

        #: one statistics store for the app's life, so its warnings reach the player
        self.stats = StatsStore(self.paths)
        from sleuth.store.health import check_user_files

        self._problems: list[str] = []  # what is wrong with the player's files, said together
        self.report_problems(([self.settings_warning] if self.settings_warning else []) + check_user_files(self.paths))
        self._write_problems: set[str] = set()  # each kind of write failure is said once per run
        self.background(self._check_stats)
        #: where bots think: one worker process for the app (its frames never wait for a bot);
        #: headless runs (tests, tools) let each game use a thread unless asked otherwise
        self.bot_runner = None
        if (not headless if bot_process is None else bot_process):
            from sleuth.ai.runner import ProcessRunner

            self.bot_runner = ProcessRunner()

    def _check_stats(self) -> None:
        warning = self.stats.check()
        if warning:
            self.report_problems([warning])

    # -- window -----------------------------------------------------------------------------
    @staticmethod
    def _set_icon() -> None:
        """The project's own icon on the window and task bar (before the window opens)."""
        from sleuth.resources import asset

        try:
            pygame.display.set_icon(pygame.image.load(str(asset("icon.png"))))
        except (pygame.error, FileNotFoundError, OSError):
            pass  # an icon is a nicety; never a reason not to start

    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        surface = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
        try:
            with warnings.catch_warnings():
                # pygame-ce 2.5 warns that a Window of the display module is for its sizes only,
                # which is all it is used for here
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_WINDOW
        except (AttributeError, pygame.error):
            pass  # a pygame-ce without it, or a display with no windows: no limit, as before
        return surface

    def set_fullscreen(self, on: bool) -> None:
        if not on:
            self.window = self._open_window(False)
        else:
            self._windowed_size = self.window.get_size()
            self.window = self._open_window(True)
        self.canvas = Canvas(self.window, self.cache)
        self.cache.clear()
        self.invalidate()

    def resized(self, size: tuple[int, int]) -> None:
        self.window = pygame.display.get_surface() or pygame.display.set_mode(size, pygame.RESIZABLE)
        self._windowed_size = self.window.get_size()
        self.canvas = Canvas(self.window, self.cache)
        self.cache.clear()
        self.invalidate()

    @property
    def palette(self) -> Palette:
        return palette(bool(self.settings.colourblind))

    # -- settings ---------------------------------------------------------------------------
    def update_settings(self, **changes) -> None:
        from dataclasses import replace

        from sleuth.store.settings import save_settings

        old = self.settings
        self.settings = replace(old, **changes)
        if "fullscreen" in changes and changes["fullscreen"] != old.fullscreen and not self.headless:
            self.set_fullscreen(bool(changes["fullscreen"]))
        if "colourblind" in changes:
            self.cache.clear()
        self.sound.set_volume(self.settings.volume, self.settings.muted)
        self.background(lambda s=self.settings: save_settings(self.paths, s))

    # -- helpers for scenes -----------------------------------------------------------------
    def background(self, job: Callable[[], object]) -> None:
        """Run file I/O off the loop (one writer thread keeps writes in order); a failure is shown."""

        def guarded() -> None:
            try:
                job()
            except Exception as exc:  # noqa: BLE001 - reported to the player, never lost silently
                kind = f"{type(exc).__name__}:{getattr(exc, 'errno', '')}"
                if kind not in self._write_problems:  # said once, not after every move
                    self._write_problems.add(kind)
                    where = getattr(exc, "filename", None)
                    reason = getattr(exc, "strerror", None) or str(exc)
                    self.toast(f"Could not write your files{f' ({where})' if where else ''}: {reason}.", 8.0)

        self.io.submit(guarded)

    def report_problems(self, problems: Sequence[str]) -> None:
        """Problems with the player's files (settings, saves, statistics) in one notice on every
        screen, each new one joining those still shown: one notice after another had taken half
        a minute with three damaged files, and that a saved game was lost came last, after the
        player had started another."""
        shown = " ".join(self._problems)
        still = bool(self._problems) and any(t.owner is None and t[0] == shown for t in self.toasts)
        kept = self._problems if still else []
        problems = [p for p in problems if p and p not in kept]
        if not problems:
            return
        self.toasts = [t for t in self.toasts if not (t.owner is None and t[0] == shown)]
        self._problems = kept + problems
        self.toasts.insert(0, Toast(" ".join(self._problems), min(24.0, 6.0 + 4.0 * len(self._problems)), None))

    def toast(self, text: str, seconds: float = 3.0) -> None:
        """Show a notice for ``seconds``. It belongs to the screen on top (none at start-up): a
        newer notice of the same screen replaces it (four bad files clicked showed the first
        file's reason for 18 seconds more), and it goes when its screen is left or covered by
        another (a refused seed stayed up on the table the setup opened)."""
        owner = self.stack.top if self.stack.scenes else None
        if owner is not None:
            self.toasts = [toast for toast in self.toasts if toast.owner is not owner]
        self.toasts.append(Toast(text, seconds, owner))

    def _toast_stands(self, toast: Toast) -> bool:
        """A notice stays while its screen is up: on the stack, under overlays at most."""
        owner = toast.owner
        if owner is None:
            return True
        scenes = self.stack.scenes
        if owner not in scenes:
            return False
        return not any(scene.opaque for scene in scenes[scenes.index(owner) + 1:])

    def quit(self) -> None:
        self.running = False

    # -- the loop ---------------------------------------------------------------------------
    def show_pointer(self, hand: bool) -> None:
        """The system's hand pointer over what takes a click or a drag, the arrow elsewhere (the
        pointer never changed shape: nothing on the table looked as if it could be picked up).
        Set only when it changes; a display without cursors (the dummy driver) keeps none."""
        if hand == self._pointer_hand:
            return
        self._pointer_hand = hand
        try:
            pygame.mouse.set_cursor(pygame.SYSTEM_CURSOR_HAND if hand else pygame.SYSTEM_CURSOR_ARROW)
        except pygame.error:
            pass

    def logical_event(self, event: pygame.event.Event) -> pygame.event.Event:
        """Mouse events with positions in logical coordinates (what scenes read)."""
        if event.type in MOUSE_EVENTS:
            attrs = dict(event.dict)
            attrs["pos"] = self.canvas.to_logical(event.pos)
            if "rel" in attrs:
                attrs["rel"] = (attrs["rel"][0] / self.canvas.scale, attrs["rel"][1] / self.canvas.scale)
            return pygame.event.Event(event.type, attrs)
        return event

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            self.resized((event.w, event.h))
            return
        if event.type == pygame.WINDOWFOCUSGAINED:
            self._f11_held = False  # a new window: the old one may have taken F11's release
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key == pygame.K_F11:
            # once per press: a held key repeats its KEYDOWN; and every switch makes a new window,
            # around which the system may send the key up and down again (one press switched on
            # and off without end), so a second switch waits a moment
            now = time.monotonic()
            if now - self._f11_seen > F11_REPEAT_GAP:
                self._f11_held = False  # no repeat comes this late: the release went to the old window
            self._f11_seen = now
            if event.type == pygame.KEYDOWN and not self._f11_held and now - self._f11_at >= F11_PAUSE:
                self._f11_at = now
                self.update_settings(fullscreen=not self.settings.fullscreen)
            self._f11_held = event.type == pygame.KEYDOWN
            return
        event = self.logical_event(event)
        if event.type == pygame.MOUSEMOTION:
            self.mouse_pos = event.pos
            self.hover_time = 0.0
            self.tooltips_quiet = False
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            # a click, a drop or a key is a move: its tooltip goes, and none comes back until the
            # pointer moves again (it would cover what the move just changed)
            self.hover_time = 0.0
            self.tooltips_quiet = True
        self.stack.handle(event)
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            self.show_pointer(self.stack.pointable(self.mouse_pos))

    def _shown_toast(self) -> int | None:
        """Which notice is on screen: the first that belongs to the screen on top (or to none). A
        screen's notice waits, unseen, while a menu or a question lies over it: the table's notice
        had shown at full brightness over the pause menu and over the question it repeated."""
        top = self.stack.top if self.stack.scenes else None
        return next((i for i, toast in enumerate(self.toasts) if toast.owner is None or toast.owner is top), None)

    def step(self, dt: float) -> None:
        self.stack.update(dt)
        self.hover_time += dt
        if self.toasts and not all(self._toast_stands(toast) for toast in self.toasts):
            self.toasts = [toast for toast in self.toasts if self._toast_stands(toast)]
        shown = self._shown_toast()
        if shown is not None:
            toast = self.toasts[shown]
            text, left = toast
            left -= dt
            self.toasts[shown] = Toast(text, left, toast.owner)
            if left <= 0:
                self.toasts.pop(shown)

    def draw(self) -> None:
        pal = self.palette
        if self.stack.covers_screen():  # every opaque scene paints the whole logical screen
            self._fill_margins(pal.wood_dark)
        else:
            self.window.fill(pal.wood_dark)
        toast = self._place_toast()  # before the scenes: a table may draw itself once to see its words
        self.stack.draw(self.canvas)
        self._draw_tooltip()
        self._draw_toast(toast)
        self.frames_drawn += 1

    def _fill_margins(self, colour) -> None:
        """Only the bars around the logical screen (a window of another shape): what the scenes
        paint would cover the rest, and a full fill costs as much as blitting a whole frame."""
        c = self.canvas
        inner = c.rect((0, 0, LOGICAL_W, LOGICAL_H))
        width, height = self.window.get_size()
        for bar in ((0, 0, width, inner.top), (0, inner.bottom, width, height - inner.bottom),
                    (0, inner.top, inner.left, inner.height), (inner.right, inner.top, width - inner.right, inner.height)):
            if bar[2] > 0 and bar[3] > 0:
                self.window.fill(colour, bar)

    def invalidate(self) -> None:
        """Draw the next frame whatever the frame key says (a window resize, a new palette)."""
        self._shown_key = None

    def frame_key(self) -> tuple:
        """Everything that decides the picture apart from input and animation: the scenes and
        what each shows, the toast, whether a tooltip shows, the window and palette."""
        shown = self._shown_toast()
        toast = self.toasts[shown][0] if shown is not None else None
        tip = None
        if self._tooltip_due():
            card = self._preview_card()
            text = self.stack.tooltip(self.mouse_pos)
            tip = (text, card.key) if card is not None else text
        return (self.stack.frame_key(), toast, tip, self.window.get_size(), bool(self.settings.colourblind))

    def frame(self, now: float, events: list) -> bool:
        """One turn of the loop at time ``now`` with these input events: handle them, advance the
        fixed steps, and draw only if something changed. Returns whether a frame was drawn."""
        if self._last_time is None:
            self._last_time = now
        self._accumulator += min(max(0.0, now - self._last_time), MAX_FRAME)
        self._last_time = now
        for event in events:
            self.dispatch(event)
        while self._accumulator >= STEP:
            self.step(STEP)
            self._accumulator -= STEP
        key = self.frame_key()
        animating = self.stack.animating()
        # one more frame once the motion stops: the end of an animation (and the buttons a table
        # offers when it is still) must be drawn too
        was_animating, self._was_animating = self._was_animating, animating
        if events or animating or was_animating or key != self._shown_key:
            self.draw()
            self._shown_key = key
            return True
        return False

    def _tooltip_due(self) -> bool:
        return self.hover_time >= TOOLTIP_DELAY and not self.tooltips_quiet

    def _preview_card(self):
        """The card under the pointer shown large, once the pointer has rested on it long enough."""
        if self.hover_time < CARD_PREVIEW_DELAY:
            return None
        return self.stack.tooltip_card(self.mouse_pos)

    def _draw_tooltip(self) -> None:
        if not self._tooltip_due():
            return
        text = self.stack.tooltip(self.mouse_pos)
        card = self._preview_card()
        if card is not None:
            from sleuth.ui.scenes.zoom import draw_card_preview

            view = getattr(self.stack.top, "view", None)
            avoid = [tuple(r) for r in view.reading_areas()] if view is not None else []
            draw_card_preview(self.canvas, self.palette, card, text or "", self.mouse_pos, avoid)
            return
        if not text:
            return
        c, pal = self.canvas, self.palette
        lines = c.wrap(text, 17, 320)
        w = min(340, max(c.text_size(line, 17)[0] for line in lines) + 20)
        h = len(lines) * 20 + 12
        x, y = self._tooltip_spot(w, h)
        c.shadow((x, y, w, h), radius=6, spread=4, alpha=80, offset=(2, 3))
        c.box((x, y, w, h), pal.paper, radius=6)
        c.box((x, y, w, h), pal.brass_dark, radius=6, width=1)
        for i, line in enumerate(lines):
            c.text(line, (x + 10, y + 7 + i * 20), 17, pal.ink)

    def _tooltip_spot(self, w: float, h: float) -> tuple[float, float]:
        """Where a tooltip of ``w`` x ``h`` goes: below and right of the pointer, else the first
        spot around the pointer or beside the button under it that covers none of the screen's
        other buttons (the settings' tip over the "Purrrlock notes" choice lay on Done); with none
        clear, the one that covers fewest."""
        mx, my = self.mouse_pos
        widgets = getattr(getattr(self.stack.top, "widgets", None), "items", []) if self.stack.scenes else []

        def under(r) -> bool:
            return r[0] <= mx <= r[0] + r[2] and r[1] <= my <= r[1] + r[3]

        others = [widget.rect for widget in widgets if not under(widget.rect)]
        pointed = next((widget.rect for widget in widgets if under(widget.rect)), None)
        wanted = [(mx + 16, my + 18), (mx + 16, my - h - 8)]
        if pointed is not None:
            px, py, pw, ph = pointed
            wanted += [(px + pw + 8, py + ph / 2 - h / 2), (px - w - 8, py + ph / 2 - h / 2)]
        wanted += [(mx - w - 8, my + 18), (mx - w - 8, my - h - 8)]
        best = None
        for x, y in wanted:
            x, y = max(4, min(x, LOGICAL_W - w - 4)), max(4, min(y, LOGICAL_H - h - 4))
            covered = sum(x < r[0] + r[2] and r[0] < x + w and y < r[1] + r[3] and r[1] < y + h for r in others)
            if pointed is not None and x < pointed[0] + pointed[2] and pointed[0] < x + w and \
                    y < pointed[1] + pointed[3] and pointed[1] < y + h and (x, y) != wanted[0]:
                covered += 0.5  # beside the button pointed at, not on it, unless it is the usual spot
            if covered == 0:
                return x, y
            if best is None or covered < best[0]:
                best = (covered, (x, y))
        return best[1]

    def _place_toast(self) -> tuple[list[str], Rect] | None:
        """The notice's lines and box: wrapped to the widest of ``TOAST_WIDTHS`` that the screen
        on top (``toast_place``) can lay over nothing it shows, else at the foot of the screen."""
        shown = self._shown_toast()
        if shown is None:
            return None
        c = self.canvas
        text = self.toasts[shown][0]
        cached = getattr(self, "_toast_shapes", None)
        if cached is None or cached[0] != (text, c.scale):  # wrapped once per notice, not every frame
            shapes = []
            for width in TOAST_WIDTHS:
                lines = [c.fit(line, 19, width) for line in c.wrap(text, 19, width)]  # a long path has no space
                shapes.append((lines, (max(c.text_size(line, 19)[0] for line in lines) + 36, len(lines) * 24 + 16)))
            self._toast_shapes = cached = ((text, c.scale), shapes)
        shapes = cached[1]
        lines, (w, h) = shapes[0]
        x, y = (LOGICAL_W - w) / 2, LOGICAL_H - h - 18
        place = getattr(self.stack.top, "toast_place", None) if self.stack.scenes else None
        if place is not None:
            index, (x, y) = place([size for _, size in shapes], c)
            lines, (w, h) = shapes[index]
        return lines, (x, y, w, h)

    def _draw_toast(self, toast: tuple[list[str], Rect] | None) -> None:
        if toast is None:
            return
        c, pal = self.canvas, self.palette
        lines, (x, y, w, h) = toast
        c.alpha_box((x, y, w, h), pal.panel, 235, radius=10)
        c.box((x, y, w, h), pal.brass, radius=10, width=1.5)
        for i, line in enumerate(lines):
            c.text(line, (x + w / 2, y + 9 + i * 24), 19, pal.text_light, "midtop")

    def run(self, first: Scene, seconds: float | None = None) -> None:
        """The loop: input, fixed steps, and a frame only when something changed. While something
        moves it runs at 60 frames a second; otherwise it sleeps until an event arrives or 30 ms
        pass (enough for timers, toasts and a bot's answer), so an idle window costs next to
        nothing. ``seconds`` ends it after that long (``sleuth bench idle``)."""
        self.stack.push(first)
        self.run_loop(seconds)
        self.shutdown()

    def run_loop(self, seconds: float | None = None) -> None:
        clock = pygame.time.Clock()
        start = time.perf_counter()
        #: measuring hook (build/build.py --measure): stop after the first frame, print when it was drawn
        exit_after_first_frame = os.environ.get("SLEUTH_EXIT_AFTER_FIRST_FRAME") == "1"
        waited: list = []
        while self.running and self.stack.top is not None:
            now = time.perf_counter()
            if seconds is not None and now - start >= seconds:
                break
            events = waited + pygame.event.get()
            waited = []
            if self.frame(now, events):
                pygame.display.flip()
                if exit_after_first_frame:
                    print(f"sleuth: first frame drawn at unix time {time.time():.4f}", flush=True)
                    self.running = False
            if events or self.stack.animating():
                clock.tick(ANIMATION_FPS)
            else:
                event = pygame.event.wait(IDLE_WAIT_MS)
                if event.type != pygame.NOEVENT:
                    waited.append(event)

    def shutdown(self) -> None:
        for scene in list(self.stack.scenes):
            scene.on_exit()
        self.stack.scenes.clear()
        if not self.headless and not self.settings.fullscreen and self.window.get_size() != tuple(
                self.settings.window_size):
            self.update_settings(window_size=tuple(self.window.get_size()))
        self.io.shutdown(wait=True)
        if self.bot_runner is not None:
            self.bot_runner.close()
        self.sound.close()  # before pygame.quit(): quitting as an effect ended could hang for ever
        pygame.quit()


def run_app(first: Callable[[App], Scene] | None = None) -> int:
    """Open the window and play (``first`` makes the first scene; the title by default). Problems
    that stop the start are shown, never a bare traceback."""
    from sleuth.store.instance import ALREADY_OPEN, InstanceLock
    from sleuth.store.paths import UserPaths
    from sleuth.ui.startup import check_start, show_problem

    problem = check_start()
    if problem is not None:
        show_problem(problem)
        return 1
    lock = InstanceLock(UserPaths.default())  # one copy at a time on the player's files
    if not lock.acquire():
        show_problem(ALREADY_OPEN)
        return 1
    try:
        app = App()
        from sleuth.ui.scenes.title import TitleScene

        try:
            app.run(first(app) if first is not None else TitleScene(app))
        except Exception as exc:  # noqa: BLE001 - the last line of defence: report, keep the save, explain
            from sleuth.ui.crash import handle_crash

            handle_crash(app, exc)
            return 1
        return 0
    finally:
        lock.release()


if __name__ == "__main__":
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.exit(run_app())
