"""Draw the tile faces: static/tiles/<code>.svg for the 27 tiles, and static/tiles/back.svg.

    python tools/make_tiles.py

The art is made for this project and drawn from code, so the same program always writes the
same bytes (tests/words/test_tiles_display.py compares the committed files with `render_all()`).
Standard library only.

Every tile is a 60 × 80 portrait: an ivory face with a rounded border over a darker bottom
edge, so that a row of them looks like standing tiles. The faces are made to stay readable at
about 30 CSS pixels wide on a phone: few, large, high-contrast shapes, and no hairlines.

- 万 (m): the rank as a Chinese numeral in dark ink over a red 萬. Text, not outlines: with
  none of the listed fonts the browser's own serif draws it, and phones all have one for Chinese.
- 筒 (p): dots, each a coloured ring around a coloured centre, in the classic patterns.
- 条 (s): bamboo sticks with a joint across the middle, green with the usual red accents
  (the middle of 5 and 9, the top of 7), 8 as the classic M over W. 1 条 is the bird
  (幺鸡) that Sichuan players know it by: a green peacock facing left with a red crest and
  wing, a gold beak and legs, and three tail feathers fanned behind it, each with a blue
  and red eye; body, head and tail stay distinct shapes at 28 pixels wide.
- back.svg: the back of a tile, for the hidden hands of the other players.

The <title> of each file is its English name; the page gives every tile its accessible name
in the reader's language itself (games/words/display.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

WIDTH, HEIGHT = 60, 80
OUT_DIR = Path(__file__).resolve().parent.parent / "static" / "tiles"

FACE = "#fffaec"
EDGE = "#d6c7a1"
OUTLINE = "#8c7c5c"
INK = "#17223b"
RED = "#c22a2a"
GREEN = "#17733f"
BLUE = "#1d4f9a"
BACK = "#2c6b8f"
LEAF = "#3f9d4f"
GOLD = "#e3a21a"

SUITS = {"m": "Characters", "p": "Dots", "s": "Bamboo"}
NUMERALS = "一二三四五六七八九"
CJK_FONTS = "'Noto Serif CJK SC','Source Han Serif SC','Songti SC',SimSun,serif"


def num(value: float) -> str:
    """A number written short and always the same way: 12, 12.5, .25."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    if text.startswith("0."):
        text = text[1:]
    elif text.startswith("-0."):
        text = "-" + text[2:]
    return text if text not in ("", "-0") else "0"


def el(tag: str, text: str | None = None, **values: float | str) -> str:
    """One element; attribute names are written with a hyphen for each underscore."""
    parts = [tag]
    for key, value in values.items():
        shown = num(value) if isinstance(value, int | float) else value
        parts.append(f'{key.replace("_", "-")}="{shown}"')
    start = " ".join(parts)
    return f"<{start}/>" if text is None else f"<{start}>{text}</{tag}>"


def document(title: str, body: list[str]) -> str:
    head = el(
        "svg",
        "",
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {WIDTH} {HEIGHT}",
        width=WIDTH,
        height=HEIGHT,
    ).removesuffix("</svg>")
    return "\n".join([head, el("title", title), *body, "</svg>"]) + "\n"


def tile_body(face: str = FACE) -> list[str]:
    """The tile itself: the bottom edge first, then the face over all of it but the edge."""
    return [
        el("rect", x=1, y=1, width=58, height=78, rx=7, fill=EDGE, stroke=OUTLINE),
        el("rect", x=1.5, y=1.5, width=57, height=72.5, rx=6.5, fill=face),
    ]


# --- 万 -----------------------------------------------------------------------------------


def characters(rank: int) -> list[str]:
    font = {"font_family": CJK_FONTS, "text_anchor": "middle"}
    # The numeral gets a thin outline of its own colour: 一 and 二 stay bold when small.
    numeral = el(
        "text",
        NUMERALS[rank - 1],
        x=30,
        y=33,
        font_size=29,
        font_weight="bold",
        fill=INK,
        stroke=INK,
        stroke_width=0.7,
        **font,
    )
    return [numeral, el("text", "萬", x=30, y=67, font_size=30, fill=RED, **font)]


# --- 筒 -----------------------------------------------------------------------------------

B, G, R = BLUE, GREEN, RED

# (x, y, radius, colour) of every dot, by rank.
DOTS: dict[int, list[tuple[float, float, float, str]]] = {
    2: [(30, 21, 11, G), (30, 55, 11, B)],
    3: [(17, 17, 9.5, B), (30, 38, 9.5, R), (43, 59, 9.5, G)],
    4: [(18, 23, 10, B), (42, 23, 10, G), (18, 53, 10, G), (42, 53, 10, B)],
    5: [(16, 16, 9, B), (44, 16, 9, G), (30, 38, 9, R), (16, 60, 9, G), (44, 60, 9, B)],
    6: [(19, 14, 8.5, G), (41, 14, 8.5, G)] + [(x, y, 8.5, R) for y in (41, 61) for x in (19, 41)],
    7: [(15, 12, 7, G), (30, 20, 7, G), (45, 28, 7, G)]
    + [(x, y, 8, R) for y in (46, 64) for x in (19, 41)],
    8: [(x, y, 7.5, B) for y in (13, 30, 47, 64) for x in (19, 41)],
    9: [(x, y, 7.8, c) for y, c in ((15, B), (38, R), (61, G)) for x in (14, 30, 46)],
}


def dot(x: float, y: float, r: float, colour: str) -> list[str]:
    """A ring (a wide stroke) around an ivory gap around a centre; r is the outer radius."""
    ring = r * 0.2
    return [
        el("circle", cx=x, cy=y, r=r - ring, fill=FACE, stroke=colour, stroke_width=ring * 2),
        el("circle", cx=x, cy=y, r=r * 0.4, fill=colour),
    ]


def dots(rank: int) -> list[str]:
    if rank == 1:
        # The one big dot: a green rim, a ring of blue beads, a red centre.
        return [
            el("circle", cx=30, cy=38, r=22, fill=GREEN),
            el("circle", cx=30, cy=38, r=18.5, fill=FACE),
            el(
                "circle",
                cx=30,
                cy=38,
                r=15,
                fill="none",
                stroke=BLUE,
                stroke_width=4,
                stroke_dasharray="3 2.9",
            ),
            el("circle", cx=30, cy=38, r=10, fill=RED),
            el("circle", cx=30, cy=38, r=4, fill=FACE),
        ]
    out: list[str] = []
    for x, y, r, colour in DOTS[rank]:
        out += dot(x, y, r, colour)
    return out


# --- 条 -----------------------------------------------------------------------------------

# Every stick as (x, y) of its centre, its colour and its tilt in degrees, by rank, with the
# width and height of that rank's sticks.
Stick = tuple[float, float, str, float]
STICKS: dict[int, tuple[float, float, list[Stick]]] = {
    2: (10, 30, [(30, 21, G, 0), (30, 55, G, 0)]),
    3: (10, 30, [(30, 21, G, 0), (18, 55, G, 0), (42, 55, G, 0)]),
    4: (10, 30, [(x, y, G, 0) for y in (21, 55) for x in (18, 42)]),
    5: (9, 30, [(14, 21, G, 0), (46, 21, G, 0), (30, 38, R, 0), (14, 55, G, 0), (46, 55, G, 0)]),
    6: (9, 30, [(x, y, G, 0) for y in (21, 55) for x in (15, 30, 45)]),
    7: (8.5, 20, [(30, 14, R, 0)] + [(x, y, G, 0) for y in (38, 61) for x in (15, 30, 45)]),
    # The classic M over W: the two middle sticks of each row lean together.
    8: (
        7,
        30,
        [
            (x, y, G, tilt * lean)
            for y, lean in ((21, 1), (55, -1))
            for x, tilt in ((11, 0), (23.5, -18), (36.5, 18), (49, 0))
        ],
    ),
    9: (8.5, 20, [(x, y, R if x == 30 else G, 0) for y in (15, 38, 61) for x in (15, 30, 45)]),
}


def stick(
    x: float,
    y: float,
    width: float,
    height: float,
    colour: str,
    joints: tuple[float, ...] = (0,),
    tilt: float = 0,
) -> list[str]:
    """A rounded stick with an ivory joint at each height in `joints` (from its centre)."""
    left, top = x - width / 2, y - height / 2
    cuts = "".join(f"M{num(left)} {num(y + j)}h{num(width)}" for j in joints)
    # A dark line down the middle, like the grain of the cane.
    grain = f"M{num(x)} {num(top + width * 0.45)}V{num(top + height - width * 0.45)}"
    shapes = [
        el("rect", x=left, y=top, width=width, height=height, rx=width / 2, fill=colour),
        el("path", d=grain, stroke="#000", stroke_opacity=".25", stroke_width=max(1, width * 0.12)),
        el("path", d=cuts, stroke=FACE, stroke_width=max(1.6, width * 0.16)),
    ]
    if not tilt:
        return shapes
    turn = el("g", "", transform=f"rotate({num(tilt)} {num(x)} {num(y)})").removesuffix("</g>")
    return [turn, *shapes, "</g>"]


# The tail of the bird of 1 条: three feathers fanned out behind it, each from the rump to
# its tip, with an eye near the tip as on a peacock's.
RUMP = (36, 47)
FEATHERS = [(43, 10), (52, 20), (55, 35)]


def feather(tip: tuple[float, float], width: float = 6.5) -> list[str]:
    """A leaf from RUMP to `tip`, `width` across, with a blue eye ringing a red centre."""
    (bx, by), (tx, ty) = RUMP, tip
    length = ((tx - bx) ** 2 + (ty - by) ** 2) ** 0.5
    # Half the width across the feather's middle, to either side.
    nx, ny = (by - ty) / length * width, (tx - bx) / length * width
    mx, my = (bx + tx) / 2, (by + ty) / 2
    leaf = (
        f"M{num(bx)} {num(by)}Q{num(mx + nx)} {num(my + ny)} {num(tx)} {num(ty)}"
        f"Q{num(mx - nx)} {num(my - ny)} {num(bx)} {num(by)}Z"
    )
    ex, ey = bx + (tx - bx) * 0.84, by + (ty - by) * 0.84
    return [
        el("path", d=leaf, fill=LEAF),
        el("circle", cx=ex, cy=ey, r=3.8, fill=BLUE, stroke=FACE, stroke_width=1),
        el("circle", cx=ex, cy=ey, r=1.7, fill=RED),
    ]


def bird() -> list[str]:
    """幺鸡, the bird that 1 条 is in Sichuan: a green peacock facing left, standing, its
    tail fanned behind it, a red crest and wing, a gold beak and legs."""
    out: list[str] = []
    for tip in FEATHERS:
        out += feather(tip)
    return out + [
        # Legs and feet, under the body.
        el(
            "path",
            d="M27 54L25 68M34 54L35 68M20 68h8M31 68h8",
            stroke=GOLD,
            stroke_width=2.4,
            stroke_linecap="round",
            fill="none",
        ),
        # The body, tilted so that the breast rises to the neck, and the neck.
        el("ellipse", cx=30, cy=47, rx=14, ry=9.5, fill=GREEN, transform="rotate(30 30 47)"),
        el("path", d="M19.5 31L24 42", stroke=GREEN, stroke_width=9, stroke_linecap="round"),
        # The wing: red, with an ivory line along it.
        el("ellipse", cx=33, cy=47, rx=9, ry=5, fill=RED, transform="rotate(25 33 47)"),
        el("path", d="M27 44.5Q33 47 39 52", stroke=FACE, stroke_width=1.2, fill="none"),
        # The head: a red crest, a gold beak pointing left, an eye.
        el("path", d="M15 25L13 16L18 21.5L20.5 14L22 23Z", fill=RED),
        el("circle", cx=19, cy=29, r=7, fill=GREEN),
        el("path", d="M13 27L4.5 30.5L13 33Z", fill=GOLD),
        el("circle", cx=17, cy=28, r=2.3, fill=FACE),
        el("circle", cx=16.6, cy=28, r=1.2, fill=INK),
    ]


def sticks(rank: int) -> list[str]:
    if rank == 1:
        return bird()
    width, height, placed = STICKS[rank]
    out: list[str] = []
    for x, y, colour, tilt in placed:
        out += stick(x, y, width, height, colour, tilt=tilt)
    return out


# --- the set ------------------------------------------------------------------------------


def back() -> list[str]:
    return [
        *tile_body(face=BACK),
        el(
            "rect",
            x=6,
            y=6,
            width=48,
            height=63,
            rx=4,
            fill="none",
            stroke=FACE,
            stroke_opacity=".55",
            stroke_width=1.5,
        ),
        el("path", d="M30 24L42 37.5L30 51L18 37.5Z", fill=FACE, fill_opacity=".3"),
    ]


def tile_codes() -> list[str]:
    """The 27 codes, 1m … 9m, 1p … 9p, 1s … 9s."""
    return [f"{rank}{suit}" for suit in SUITS for rank in range(1, 10)]


def render(code: str | None) -> str:
    """The SVG text of one tile (None: the back)."""
    if code is None:
        return document("Back of a tile", back())
    if len(code) != 2 or code[0] not in "123456789" or code[1] not in SUITS:
        raise ValueError(f"not a tile code: {code!r}")
    rank, suit = int(code[0]), code[1]
    draw = {"m": characters, "p": dots, "s": sticks}[suit]
    return document(f"{rank} {SUITS[suit]}", tile_body() + draw(rank))


def render_all() -> dict[str, bytes]:
    """File name → contents, for the 27 tiles and the back."""
    files = {f"{code}.svg": render(code).encode() for code in tile_codes()}
    files["back.svg"] = render(None).encode()
    return files


def main(out_dir: Path = OUT_DIR) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    files = render_all()
    for name, data in files.items():
        (out_dir / name).write_bytes(data)
    print(f"wrote {len(files)} files to {out_dir}", file=sys.stderr)


if __name__ == "__main__":
    main()
