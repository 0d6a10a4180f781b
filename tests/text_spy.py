"""Record the words a screen draws: every text (or paragraph) passed to the canvas, in order."""

from __future__ import annotations

from sleuth.ui.canvas import Canvas


def record_texts(monkeypatch, method: str = "text") -> list[str]:
    """From now on, every string ``Canvas.<method>`` draws ("text" or "paragraph") is appended to
    the list returned (the test's ``monkeypatch`` undoes the spy at its end)."""
    drawn: list[str] = []
    original = getattr(Canvas, method)

    def spy(self, text, *args, **kwargs):
        drawn.append(text)
        return original(self, text, *args, **kwargs)

    monkeypatch.setattr(Canvas, method, spy)
    return drawn
