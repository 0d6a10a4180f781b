import pygame

from sleuth.ui.scene import Scene, SceneStack


class Probe(Scene):
    def __init__(self, name, uses=False, modal=True, opaque=True, log=None):
        super().__init__(app=None)
        self.name, self.uses, self.modal, self.opaque = name, uses, modal, opaque
        self.log = log if log is not None else []

    def handle(self, event):
        self.log.append(("handle", self.name))
        return self.uses

    def draw(self, canvas):
        self.log.append(("draw", self.name))

    def on_enter(self):
        self.log.append(("enter", self.name))

    def on_exit(self):
        self.log.append(("exit", self.name))


def test_push_pop_replace_call_enter_and_exit():
    log = []
    stack = SceneStack()
    a, b, c = Probe("a", log=log), Probe("b", log=log), Probe("c", log=log)
    stack.push(a)
    stack.push(b)
    stack.replace(c)
    assert stack.top is c
    stack.pop()
    assert stack.top is a
    assert log == [("enter", "a"), ("enter", "b"), ("exit", "b"), ("enter", "c"), ("exit", "c"), ("enter", "a")]


def test_top_scene_gets_events_first_and_unused_events_fall_through_non_modal_scenes():
    log = []
    stack = SceneStack()
    stack.push(Probe("table", uses=True, log=log))
    stack.push(Probe("tooltip", uses=False, modal=False, log=log))
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)
    log.clear()
    assert stack.handle(event) is True
    assert log == [("handle", "tooltip"), ("handle", "table")]


def test_modal_scene_stops_events():
    log = []
    stack = SceneStack()
    stack.push(Probe("table", uses=True, log=log))
    stack.push(Probe("menu", uses=False, modal=True, log=log))
    log.clear()
    assert stack.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)) is False
    assert log == [("handle", "menu")]


def test_overlays_draw_over_the_last_opaque_scene_only():
    log = []
    stack = SceneStack()
    stack.push(Probe("title", log=log))
    stack.push(Probe("table", log=log))
    stack.push(Probe("pause", opaque=False, log=log))
    log.clear()
    stack.draw(canvas=None)
    assert log == [("draw", "table"), ("draw", "pause")]


def test_a_notice_belongs_to_its_screen(app):
    """Play-test: "A seed is a number" stayed up on the table the setup opened, a replay's error
    followed the player to the title, and four bad files clicked showed the first file's reason
    long after. A notice goes with its screen, and a newer one of the same screen replaces it."""
    from sleuth.ui.scenes.dialogs import ConfirmScene

    app.toast("Some settings were reset.")  # before any screen: shown wherever the player goes
    setup, table = Scene(app), Scene(app)
    app.stack.push(setup)
    app.toast("first file: not a replay")
    app.toast("second file: not a replay")
    assert [text for text, _ in app.toasts] == ["Some settings were reset.", "second file: not a replay"]
    app.stack.push(ConfirmScene(app, "Replace it?", lambda: None))  # an overlay: the notice stays
    app.step(0.01)
    assert [text for text, _ in app.toasts][-1] == "second file: not a replay"
    app.stack.pop()
    app.stack.push(table)  # another screen over it: its notices go
    app.step(0.01)
    assert [text for text, _ in app.toasts] == ["Some settings were reset."]
    app.toast("Bad move.")
    app.stack.pop()  # the screen left: its notices go
    app.step(0.01)
    assert [text for text, _ in app.toasts] == ["Some settings were reset."]


def test_a_notice_with_a_long_path_stays_on_the_screen(app, monkeypatch):
    """Play-test: "Replay saved as /tmp/.../WWWW..." ran off the window's right edge (a path has
    no space to wrap at)."""
    from sleuth.ui.theme import LOGICAL_W

    app.stack.push(Scene(app))
    app.toast("Replay saved as " + "W" * 200 + ".json in /tmp/somewhere")
    boxes = []
    original = app.canvas.alpha_box
    monkeypatch.setattr(app.canvas, "alpha_box", lambda rect, *a, **k: (boxes.append(rect), original(rect, *a, **k)))
    app.draw()
    x, _y, w, _h = boxes[-1]
    assert x >= 0 and x + w <= LOGICAL_W
