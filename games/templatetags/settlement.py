"""Markup for a settlement's sentences (games.words.settlement_sentences)."""

from django import template
from django.utils.html import format_html, format_html_join

register = template.Library()


@register.filter
def segments(line) -> str:
    """A sentence of ``(text, explanation)`` segments as HTML: each term an ``<abbr>``
    whose title is its explanation. It takes focus when tapped or clicked (tabindex -1:
    not a stop for the Tab key, the glossary is there for the keyboard), and
    settlement.css shows the explanation of the focused term, so it works on a phone
    without any script."""
    return format_html_join("", "{}", ((_one(text, explanation),) for text, explanation in line))


def _one(text: str, explanation: str) -> str:
    if not explanation:
        return format_html("{}", text)
    return format_html('<abbr class="term" tabindex="-1" title="{}">{}</abbr>', explanation, text)
