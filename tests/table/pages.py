"""A table's page in a test: the page a person is served, a part of it by its id, and a
round put in the database as the engine has it."""

import re

from django.utils import translation

from games.models import Round
from games.play.snapshot import load_snapshot
from games.rules.round import Round as EngineRound
from games.table.parts import render_table


def put(room, engine: EngineRound, **fields) -> Round:
    Round.objects.filter(room=room).update(state=engine.to_json(), **fields)
    return Round.objects.get(room=room)


def page(room, user) -> str:
    with translation.override("zh-hans"):
        return render_table(load_snapshot(room.pk), user=user, csrf="x").full()


def part(html: str, part_id: str) -> str:
    found = re.search(rf'<(\w+) id="{part_id}"[^>]*>.*?</\1>', html, re.S)
    assert found, part_id
    return found.group(0)
