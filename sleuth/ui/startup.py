"""What the app checks before it opens, and how it tells a player something is wrong.

A broken data file or a machine without a display must never end in a bare traceback: the
message goes in a small window where one can be opened, otherwise to stderr.
"""

from __future__ import annotations

import os
import sys

import pygame


def check_start() -> str | None:
    """None when the app can start; otherwise a message for the player."""
    from sleuth.core.errors import SleuthError
    from sleuth.data.validate import validate_files

    try:
        problems = validate_files()
    except (SleuthError, OSError) as exc:
        problems = [str(exc)]
    if problems:
        return "Sleuth's card data is damaged, so the games cannot start:\n\n" + "\n".join(problems)
    if not display_available():
        return "Sleuth needs a display to open its window, and none was found (no screen, or DISPLAY is not set)."
    return None


def display_available() -> bool:
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return True
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return False
    try:
        pygame.display.init()
        return True
    except pygame.error:
        return False


def show_problem(message: str) -> None:
    """A window with the message and an OK button; stderr when no window can be opened."""
    print(message, file=sys.stderr)
    if not display_available() or os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return
    try:
        pygame.init()
        screen = pygame.display.set_mode((760, 420))
        pygame.display.set_caption("Sleuth cannot start")
        from sleuth.resources import font_file

        path = font_file("ui", False)
        font = pygame.font.Font(str(path) if path else None, 20)
        lines: list[str] = []
        for paragraph in message.split("\n"):
            words, line = paragraph.split(" "), ""
            for word in words:
                trial = f"{line} {word}".strip()
                if font.size(trial)[0] > 700 and line:
                    lines.append(line)
                    line = word
                else:
                    line = trial
            lines.append(line)
        clock = pygame.time.Clock()
        while True:
            for event in pygame.event.get():
                if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                    pygame.quit()
                    return
            screen.fill((40, 30, 24))
            for i, line in enumerate(lines[:14]):
                if font.size(line)[0] > 0:  # a blank line, or one of invisible characters, cannot be drawn
                    screen.blit(font.render(line, True, (240, 232, 214)), (30, 30 + i * 26))
            screen.blit(font.render("Click or press a key to close.", True, (201, 162, 74)), (30, 380))
            pygame.display.flip()
            clock.tick(30)
    except pygame.error:
        return


def crash_report(exc: BaseException) -> str:
    """What the player reads when Sleuth stops before its window could report it: plain words and
    what the error said, never its class name ("RuntimeError: ..."); the traceback went to stderr."""
    said = " ".join(str(exc).split())
    return "Sorry: Sleuth ran into an unexpected error and had to close." + (
        f"\n\nWhat went wrong, for a bug report: {said}" if said else "")
