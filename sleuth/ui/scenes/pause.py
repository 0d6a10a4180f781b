"""The pause menu: resume, the rules, settings, save and quit to the title."""

from __future__ import annotations

from sleuth.ui.canvas import Canvas
from sleuth.ui.scenes.common import MenuScene, draw_paper_panel
from sleuth.ui.theme import LOGICAL_H, LOGICAL_W, Palette
from sleuth.ui.widgets import Button


class PauseScene(MenuScene):
    opaque = False

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        cx = LOGICAL_W / 2 - 140
        items = [
            ("Resume", self.back, True, "Back to the table (Esc)"),
            ("Rules", self.rules, False, "How to play, in short"),
            ("Settings", self.settings, False, "Speed, sound, colours, warnings"),
            ("Save and quit to title", self.quit_to_title, False,
             "The game is saved after every move; Continue on its card on the title resumes it"),
        ]
        if getattr(table, "tutorial", None) is not None and table.scripted:
            items[-1] = ("Leave the lesson", self.quit_to_title, False,
                         "Learn to play, on the game's card, starts again at this step")
        elif getattr(table, "tutorial", None) is not None:  # the lesson is over: its free game
            items[-1] = ("Quit to title", self.quit_to_title, False,
                         "The lesson is finished; this practice game is not saved")
        elif table.state.is_over():  # nothing left to save (newcomer: "Save and quit" on a finished game)
            items[-1] = ("Quit to title", self.quit_to_title, False,
                         "The game is over and kept in the statistics, with its replay")
        give_up = getattr(getattr(table, "view", None), "give_up", None)
        offer = give_up() if give_up is not None and getattr(table, "tutorial", None) is None and \
            not table.state.is_over() else None
        if offer is not None:  # a game that can no longer be won
            items.insert(-1, (offer[0], self.give_up, False, f"{offer[1]} End the game now, as a loss."))
        self.rows = len(items)  # the panel grows with them ("Give up the case" made five)
        for i, (label, action, primary, tip) in enumerate(items):
            self.widgets.add(Button((cx, 250 + i * 60, 280, 46), label=label, on_click=action, primary=primary,
                                    tooltip=tip))
        # Resume wears the ring from the start, as a dialog's safe answer: Enter resumes (Enter
        # presses only a focus that shows)
        self.widgets.focus = 0
        self.widgets.keyboard = True

    def back(self) -> None:
        """Resume (Esc): at a shared screen, through the handoff the pause called for."""
        self.app.stack.pop()
        self.table.resume_after_pause()

    def give_up(self) -> None:
        """Back to the table (through its handoff at a shared screen), which asks first."""
        self.back()
        self.table.give_up()

    def rules(self) -> None:
        from sleuth.ui.scenes.rules import RulesScene

        self.app.stack.push(RulesScene(self.app, self.table.spec))

    def settings(self) -> None:
        from sleuth.ui.scenes.settings import SettingsScene

        self.app.stack.push(SettingsScene(self.app))

    def quit_to_title(self) -> None:
        """Back to the title; when the game's last save failed, ask first: it would be lost."""
        from sleuth.ui.session import AutosaveWriter

        session = getattr(self.table, "session", None)
        writer = session.autosave if session is not None else None
        problem = writer.settle() if isinstance(writer, AutosaveWriter) and not session.state.is_over() else None
        if problem:
            from sleuth.ui.scenes.dialogs import ConfirmScene

            self.app.stack.push(ConfirmScene(
                self.app, f"Your game could not be saved: {problem}. If you quit now, it is lost. "
                "Quit to the title anyway?", self._quit, yes="Quit and lose it", no="Keep playing"))
            return
        self._quit()

    def _quit(self) -> None:
        from sleuth.ui.scenes.title import TitleScene

        self.app.toasts.clear()  # a table's notice ("You have finished the guided game...") stays with it
        self.app.stack.reset(TitleScene(self.app))

    def draw(self, canvas: Canvas) -> None:
        pal = self.app.palette
        canvas.alpha_box((0, 0, LOGICAL_W, LOGICAL_H), pal.shadow, 170)
        self.draw_content(canvas, pal)
        self.widgets.draw(canvas, pal)

    def draw_content(self, canvas: Canvas, pal: Palette) -> None:
        draw_paper_panel(canvas, pal, (LOGICAL_W / 2 - 200, 150, 400, 140 + 60 * self.rows), "Paused")
