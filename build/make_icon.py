"""Draw Sleuth's app icon with pygame and write it in the formats each system wants.

    python build/make_icon.py            # writes assets/icon.png, assets/icon.ico, assets/icon.icns

The icon is a paper card on green felt, seen through a brass magnifying glass, on a dark wood
tile: the same palette as the table (sleuth/ui/theme.py, copied here so this script does not
depend on the interface package). It is drawn once at 1024 px and smooth-scaled down, which
gives clean anti-aliased edges at every size.

- ``icon.png``  (256 px): the window/launcher icon (Linux ``.desktop`` entry, README).
- ``icon.ico``  (16-256 px, PNG-compressed entries): the Windows executable icon.
- ``icon.icns`` (16-1024 px, PNG entries): the macOS ``.app`` icon.

The generated files are committed, so a build needs no extra step; run this again only after
changing the drawing.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"

BASE = 1024
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: ICNS element types holding PNG data, by pixel size (Apple's "icp4".."ic10").
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
              (b"ic10", 1024))

WOOD_DARK = (60, 36, 20)
WOOD = (92, 58, 34)
FELT = (34, 82, 60)
FELT_LIGHT = (52, 110, 82)
PAPER = (244, 236, 216)
PAPER_DARK = (214, 200, 168)
INK = (38, 32, 28)
INK_SOFT = (96, 84, 72)
BRASS = (201, 162, 74)
BRASS_DARK = (140, 106, 40)
HIGHLIGHT = (255, 222, 120)
RED = (170, 60, 50)


def draw(size: int = BASE) -> pygame.Surface:
    """The icon at ``size`` pixels (drawn at 1024 and scaled)."""
    s = BASE / 256  # design units are a 256 grid
    surf = pygame.Surface((BASE, BASE), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))

    def r(x, y, w, h):
        return pygame.Rect(round(x * s), round(y * s), round(w * s), round(h * s))

    # the tile: dark wood with a felt inlay
    pygame.draw.rect(surf, WOOD_DARK, r(8, 8, 240, 240), border_radius=round(44 * s))
    pygame.draw.rect(surf, WOOD, r(8, 8, 240, 240), width=round(4 * s), border_radius=round(44 * s))
    pygame.draw.rect(surf, FELT, r(22, 22, 212, 212), border_radius=round(34 * s))
    pygame.draw.rect(surf, FELT_LIGHT, r(22, 22, 212, 212), width=round(3 * s), border_radius=round(34 * s))

    # a clue card, tilted, with a shadow
    card = pygame.Surface((round(104 * s), round(144 * s)), pygame.SRCALPHA)
    cw, ch = card.get_size()
    pygame.draw.rect(card, PAPER, (0, 0, cw, ch), border_radius=round(10 * s))
    pygame.draw.rect(card, PAPER_DARK, (0, 0, cw, ch), width=round(3 * s), border_radius=round(10 * s))
    inner = pygame.Rect(round(10 * s), round(10 * s), cw - round(20 * s), ch - round(20 * s))
    pygame.draw.rect(card, BRASS_DARK, inner, width=round(2 * s), border_radius=round(6 * s))
    # a red suit pip and a few "lines of evidence"
    pygame.draw.circle(card, RED, (round(30 * s), round(32 * s)), round(9 * s))
    for i, width in enumerate((62, 48, 56, 40)):
        y = round((62 + i * 16) * s)
        pygame.draw.line(card, INK_SOFT, (round(22 * s), y), (round((22 + width) * s), y), round(5 * s))
    shadow = pygame.Surface(card.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 90), (0, 0, cw, ch), border_radius=round(10 * s))
    for layer, offset in ((pygame.transform.rotate(shadow, 12), (7, 9)), (pygame.transform.rotate(card, 12), (0, 0))):
        rect = layer.get_rect(center=(round((104 + offset[0]) * s), round((116 + offset[1]) * s)))
        surf.blit(layer, rect)

    # the magnifying glass: handle, rim, lens tint, glint
    centre = (round(150 * s), round(132 * s))
    radius = round(54 * s)
    handle_from = (round(188 * s), round(170 * s))
    handle_to = (round(222 * s), round(206 * s))
    pygame.draw.line(surf, BRASS_DARK, handle_from, handle_to, round(26 * s))
    pygame.draw.circle(surf, BRASS_DARK, handle_to, round(13 * s))
    pygame.draw.line(surf, INK, (round(200 * s), round(182 * s)), handle_to, round(20 * s))
    pygame.draw.circle(surf, INK, handle_to, round(10 * s))
    lens = pygame.Surface((BASE, BASE), pygame.SRCALPHA)
    pygame.draw.circle(lens, (220, 236, 240, 70), centre, radius)
    surf.blit(lens, (0, 0))
    pygame.draw.circle(surf, BRASS, centre, radius + round(6 * s), width=round(14 * s))
    pygame.draw.circle(surf, BRASS_DARK, centre, radius + round(6 * s), width=round(3 * s))
    pygame.draw.circle(surf, HIGHLIGHT, centre, radius - round(6 * s), width=round(2 * s))
    glint = pygame.Rect(0, 0, round(28 * s), round(14 * s))
    glint.center = (round(128 * s), round(106 * s))
    pygame.draw.ellipse(surf, (255, 255, 255, 150), glint)

    if size != BASE:
        surf = pygame.transform.smoothscale(surf, (size, size))
    return surf


def png_bytes(surf: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surf, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """An .ico file with one PNG-compressed entry per size (Windows Vista and later read these)."""
    sizes = sorted(images)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    directory, blobs = b"", b""
    for size in sizes:
        data = images[size]
        dim = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        directory += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + directory + blobs


def icns_bytes(images: dict[int, bytes]) -> bytes:
    """An .icns file: the 'icns' header, then one (type, length, PNG data) element per size."""
    body = b"".join(kind + struct.pack(">I", 8 + len(images[size])) + images[size] for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(out: Path = ASSETS) -> int:
    out.mkdir(parents=True, exist_ok=True)
    big = draw(BASE)
    sizes = sorted(set(ICO_SIZES) | {size for _, size in ICNS_TYPES})
    images = {size: png_bytes(big if size == BASE else pygame.transform.smoothscale(big, (size, size)))
              for size in sizes}
    (out / "icon.png").write_bytes(images[256])
    (out / "icon.ico").write_bytes(ico_bytes({size: images[size] for size in ICO_SIZES}))
    (out / "icon.icns").write_bytes(icns_bytes(images))
    for name in ("icon.png", "icon.ico", "icon.icns"):
        print(f"wrote {out / name} ({(out / name).stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else ASSETS))
