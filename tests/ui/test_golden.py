"""Golden screenshots, compared with a tolerance (fonts and scaling may differ by a pixel).

Set SLEUTH_UPDATE_GOLDEN=1 to rewrite the images after an intended change, then look at them.
"""

import os
from pathlib import Path

import pygame
import pytest

from sleuth.core.registry import get
from sleuth.ui.driver import pump
from sleuth.ui.scenes.rules import RulesScene
from sleuth.ui.scenes.settings import SettingsScene
from sleuth.ui.scenes.title import TitleScene

GOLDEN = Path(__file__).parent / "golden"
TOLERANCE = 3.0  # mean absolute difference per channel, 0..255


def mean_difference(a: pygame.Surface, b: pygame.Surface) -> float:
    """Mean |a - b| over all pixels and channels, with pygame's blend modes (no numpy)."""
    a, b = a.convert(24), b.convert(24) if b.get_bitsize() != 24 else b
    first = a.copy()
    first.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    second = b.copy()
    second.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    first.blit(second, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    r, g, bl, *_ = pygame.transform.average_color(first)
    return (r + g + bl) / 3


def check_golden(app, name: str) -> None:
    app.draw()
    shot = app.window.copy()
    path = GOLDEN / f"{name}.png"
    if os.environ.get("SLEUTH_UPDATE_GOLDEN") == "1" or not path.exists():
        if os.environ.get("CI") and not path.exists():
            pytest.fail(f"golden image {path.name} is missing; run with SLEUTH_UPDATE_GOLDEN=1 and commit it")
        pygame.image.save(shot, str(path))
        return
    expected = pygame.image.load(str(path))
    assert expected.get_size() == shot.get_size()
    diff = mean_difference(shot, expected)
    assert diff <= TOLERANCE, f"{name} differs from its golden image by {diff:.2f} (> {TOLERANCE})"


def test_golden_settings(app):
    app.stack.push(SettingsScene(app))
    pump(app)
    check_golden(app, "settings")


def test_golden_title(app):
    app.stack.push(TitleScene(app))
    pump(app)
    check_golden(app, "title")


def test_golden_rules(app):
    app.stack.push(RulesScene(app, get("bakerstreet")))
    pump(app)
    check_golden(app, "rules-bakerstreet")


def test_difference_measure():
    pygame.init()
    a = pygame.Surface((10, 10))
    a.fill((100, 100, 100))
    b = pygame.Surface((10, 10))
    b.fill((110, 90, 100))
    assert mean_difference(a, b) == pytest.approx(20 / 3, abs=0.01)
    assert mean_difference(a, a.copy()) == 0
