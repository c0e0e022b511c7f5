"""Positions a step before a win, put on a running site's table for the browser tests of
the win moment (tests/e2e/test_win_moment.py).

``put_scene`` runs inside the site's own process environment (``manage.py shell``, see
``set_scene``): it replaces the state of the room's current round with the scene,
turned so that the person at the table sits where the scene's first hand is, and that
it is their turn. The page is then loaded again to show it."""

import json

from harness.site import Site

# Each scene: the hands in turn order from the person (the person, their 下家 on the
# right, 对家, 上家), the void suits in the same order, and the wall. No tile more than
# four times; the computers' hands are far from ready.
SCENES = {
    # The person holds a 清一色 that has just drawn its 5p: 自摸.
    "mine": {
        "hands": [
            "1p2p3p4p5p6p7p8p9p1p2p3p5p5p",
            "1m3m5m7m9m1s3s5s7s9s2m4m6m",
            "1m3m5m7m9m1s3s5s7s9s2s4s6s",
            "2m4m6m8m8m2s4s6s8s8s1m1s9m",
        ],
        "voids": "mppp",
        "wall": "4s6m3m7s8m9s2m5m6s4m7m3s1s5s9m8s2s6p7p8p9p4p",
    },
    # The person is to discard their 5p; the computer on their right waits on it.
    "theirs": {
        "hands": [
            "6m6m6m2p2p4p4p6p6p8p8p9m9m5p",
            "1m2m3m4m5m6m7m8m9m1p1p1p5p",
            "1s3s5s7s9s2s4s6s8s1m3m5m7m",
            "1s3s5s7s9s2s4s6s8s2m4m8m8m",
        ],
        "voids": "sssp",
        "wall": "3p7p3s7s5s1s9s3m7m2s4s6s8s5m3p7p9s",
    },
    # The same 5p won by the two computers after the person: 一炮多响.
    "several": {
        "hands": [
            "6m6m6m2p2p4p4p6p6p8p8p9m9m5p",
            "1m2m3m4m5m6m7m8m9m1p1p1p5p",
            "1s2s3s4s5s6s7s8s9s9p9p9p5p",
            "1s3s5s7s2s4s6s8s2m4m8m8m3m",
        ],
        "voids": "ssmp",
        "wall": "3p7p3s7s5s1s9s3m7m2s4s6s8s5m3p7p",
    },
}


def put_scene(room_code: str, scene: str) -> None:
    """In the site's process: the room's current round becomes ``scene``."""
    from games.models import Round, Seat
    from games.play import deadlines
    from games.rules.tiles import parse_tile
    from tests.rules.tables import table

    rnd = (
        Round.objects.select_related("room")
        .filter(room__code=room_code)
        .order_by("-number")
        .first()
    )
    person = Seat.objects.get(room=rnd.room, user__isnull=False).index
    given = SCENES[scene]
    hands, voids = [""] * 4, [""] * 4
    for offset in range(4):
        hands[(person + offset) % 4] = given["hands"][offset]
        voids[(person + offset) % 4] = given["voids"][offset]
    engine = table(hands, wall=given["wall"], voids="".join(voids), current=person, dealer=person)
    if scene == "mine":
        engine.drawn = parse_tile("5p")  # just drawn: it wins
    rnd.state = engine.to_json()
    rnd.version += 1
    rnd.cue, rnd.offer = None, None
    rnd.status = Round.Status.PLAYING
    deadlines.schedule(rnd, engine, new_decision=True)
    rnd.save()


def set_scene(site: Site, room_code: str, scene: str) -> None:
    """``put_scene`` on the site's database, from outside its processes."""
    site.manage(
        "shell",
        "-c",
        "from tests.e2e.win_scenes import put_scene; "
        f"put_scene({json.dumps(room_code)}, {json.dumps(scene)})",
    )
