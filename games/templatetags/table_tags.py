"""Small helpers for the table templates."""

from django import template

from games import display

register = template.Library()


@register.filter
def suit_name(letter: str) -> str:
    return display.suit_name(letter)


@register.filter
def get_item(mapping, key):
    return mapping.get(key) if mapping else None


@register.filter
def count_range(number: int):
    """``{% for _ in n|count_range %}``: repeat something n times (tile backs)."""
    return range(number or 0)
