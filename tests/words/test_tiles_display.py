"""The tile pictures (static/tiles, drawn by tools/make_tiles.py) and the tiles' names."""

import importlib.util
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.conf import settings
from django.template import Context, Template
from django.utils import translation

from games.words import display

ROOT = Path(settings.BASE_DIR)
TILES_DIR = ROOT / "static" / "tiles"
SVG = "{http://www.w3.org/2000/svg}"
CODES = [f"{rank}{suit}" for suit in "mps" for rank in range(1, 10)]
FILES = [f"{code}.svg" for code in CODES] + ["back.svg"]
ZH_NAMES = json.loads((ROOT / "tools" / "tile_names_zh.json").read_text(encoding="utf-8"))
MALFORMED = ["", "5", "0m", "10m", "5z", "5M", "m5", " 5m", "5m ", "５m", None, 5, "back"]


def _generator():
    spec = importlib.util.spec_from_file_location("make_tiles", ROOT / "tools" / "make_tiles.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- the pictures ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", FILES)
def test_every_tile_picture_is_a_small_titled_portrait_svg(name):
    path = TILES_DIR / name
    assert path.is_file(), f"missing {path}; run python tools/make_tiles.py"
    data = path.read_bytes()
    assert len(data) < 3000
    root = ET.fromstring(data)
    assert root.tag == f"{SVG}svg"
    x, y, width, height = map(float, root.attrib["viewBox"].split())
    assert (x, y) == (0, 0) and height > width
    title = root.find(f"{SVG}title")
    assert title is not None and title.text
    # Self-contained: nothing fetched, nothing run.
    text = data.decode()
    for banned in ("<script", "href", "url(", "@import", "@font-face", "<image"):
        assert banned not in text


def test_the_titles_are_the_english_names():
    with translation.override("en"):
        for code in CODES:
            root = ET.parse(TILES_DIR / f"{code}.svg").getroot()
            assert root.find(f"{SVG}title").text == display.tile_name(code)


def test_the_committed_pictures_are_what_the_generator_draws():
    rendered = _generator().render_all()
    assert sorted(rendered) == sorted(FILES)
    committed = sorted(path.name for path in TILES_DIR.glob("*.svg"))
    assert committed == sorted(FILES)
    for name, data in rendered.items():
        assert (TILES_DIR / name).read_bytes() == data, f"{name} is stale: run tools/make_tiles.py"


def test_one_bamboo_is_the_bird_sichuan_players_expect():
    """幺鸡: not a stick (the only rectangles are the tile's own face and edge) but a bird
    in several colours: a gold beak and legs, a red crest and wing, a green body and tail,
    blue eyes on the tail feathers."""
    root = ET.parse(TILES_DIR / "1s.svg").getroot()
    assert len(root.findall(f"{SVG}rect")) == 2
    colours = {shape.get(key) for shape in root.iter() for key in ("fill", "stroke")}
    generator = _generator()
    assert {generator.GOLD, generator.RED, generator.GREEN, generator.BLUE} <= colours
    eyes = [c for c in root.findall(f"{SVG}circle") if c.get("fill") == generator.BLUE]
    assert len(eyes) == 3


def test_the_generator_is_deterministic():
    generator = _generator()
    assert generator.render_all() == generator.render_all()
    with pytest.raises(ValueError):
        generator.render("5z")


# --- the names ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "name"),
    [("5m", "5 Characters"), ("3p", "3 Dots"), ("7s", "7 Bamboo"), ("1m", "1 Characters")],
)
def test_tile_names_in_english(code, name):
    with translation.override("en"):
        assert display.tile_name(code) == name


def test_suit_names_in_english():
    with translation.override("en"):
        assert [display.suit_name(s) for s in "mps"] == ["Characters", "Dots", "Bamboo"]


def test_the_chinese_names_list_every_english_name():
    msgids = set(display.TILE_NAMES.values()) | set(display.SUIT_NAMES.values())
    assert set(ZH_NAMES) == msgids
    assert ZH_NAMES["5 Characters"] == "五万"
    assert ZH_NAMES["3 Dots"] == "三筒"
    assert ZH_NAMES["7 Bamboo"] == "七条"


def test_tile_and_suit_names_in_chinese():
    with translation.override("zh-hans"):
        assert display.tile_name("5m") == "五万"
        assert display.tile_name("3p") == "三筒"
        assert display.tile_name("7s") == "七条"
        for code in CODES:
            assert display.tile_name(code) == ZH_NAMES[display.TILE_NAMES[code]]
        assert [display.suit_name(s) for s in "mps"] == ["万", "筒", "条"]


@pytest.mark.parametrize("code", MALFORMED)
def test_a_malformed_code_is_refused(code):
    with pytest.raises(ValueError):
        display.tile_name(code)
    if code is not None:
        with pytest.raises(ValueError):
            display.tile_image(code)


@pytest.mark.parametrize("letter", ["", "z", "M", "mp", None, "5m"])
def test_a_malformed_suit_is_refused(letter):
    with pytest.raises(ValueError):
        display.suit_name(letter)


def test_tile_images():
    assert display.tile_image("5m") == "tiles/5m.svg"
    assert display.tile_image(None) == "tiles/back.svg"
    for code in CODES:
        assert (TILES_DIR / display.tile_image(code).removeprefix("tiles/")).is_file()


# --- the template tags ----------------------------------------------------------------------


def render(source, **context):
    return Template("{% load mahjong %}" + source).render(Context(context))


def test_tile_src_is_the_static_url():
    assert render("{% tile_src '5m' %}") == "/static/tiles/5m.svg"
    assert render("{% tile_src code %}", code=None) == "/static/tiles/back.svg"
    assert render("{% tile_src %}") == "/static/tiles/back.svg"


def test_tile_src_follows_static_url(settings):
    settings.STATIC_URL = "/assets/"
    assert render("{% tile_src code %}", code="7s") == "/assets/tiles/7s.svg"


def test_tile_img_is_decorative_by_default():
    html = render("{% tile_img code %}", code="3p")
    assert html == (
        '<img src="/static/tiles/3p.svg" alt="" class="tile-img" width="60" height="80">'
    )


def test_tile_img_with_a_label_for_a_picture_that_stands_alone():
    with translation.override("en"):
        html = render("{% tile_img code label=code|tile_name %}", code="5m")
    assert 'alt="5 Characters"' in html and 'src="/static/tiles/5m.svg"' in html
    # The label is escaped like any other text.
    assert 'alt="&lt;b&gt;"' in render("{% tile_img None label=label %}", label="<b>")


def test_tile_name_and_suit_name_filters():
    with translation.override("en"):
        assert render("{{ code|tile_name }} {{ 's'|suit_name }}", code="9s") == "9 Bamboo Bamboo"


def test_a_malformed_code_in_a_template_is_an_error():
    with pytest.raises(ValueError):
        render("{% tile_src '0m' %}")
