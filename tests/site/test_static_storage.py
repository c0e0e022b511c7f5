"""Collected stylesheets lose their comments and keep every rule (xuezhan.static_storage)."""

import re
from pathlib import Path

from xuezhan.static_storage import without_comments

CSS = Path(__file__).resolve().parents[2] / "static" / "css"


def rules(css: str) -> list[str]:
    return [r.strip() for r in re.sub(r"/\*.*?\*/", "", css, flags=re.S).split("}") if r.strip()]


def test_every_stylesheet_keeps_its_rules_without_comments():
    for sheet in CSS.glob("*.css"):
        css = sheet.read_text()
        lean = without_comments(css)
        assert "/*" not in lean and "*/" not in lean, sheet.name
        same = [" ".join(r.split()) for r in rules(css)]
        assert [" ".join(r.split()) for r in rules(lean)] == same
    table = (CSS / "table.css").read_text()
    assert len(without_comments(table)) < 0.9 * len(table)  # its comments are not shipped


def test_a_comment_across_lines_and_beside_a_rule_goes():
    assert without_comments("a { color: red; } /* one\ntwo */\n\nb { x: 1; }\n") == (
        "a { color: red; }\nb { x: 1; }\n"
    )
