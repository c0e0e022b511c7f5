"""RULES.md section 2: the table shows sha256(seed) as a commitment; the wall is keyed by
the secret seed itself, so the commitment cannot deal the round; rounds dealt before
with the old shuffle (keyed by the hash) still re-deal and verify."""

import hashlib
import random
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.history import replay
from games.models import Round
from games.play.moves import apply_action
from games.play.steps import run_bots
from games.players.computer import choose_action
from games.rooms.seating import add_bot, create_room, set_ready
from games.rules.options import RoomOptions
from games.rules.round import (
    SHUFFLE_KEYED_BY_HASH,
    SHUFFLE_KEYED_BY_SEED,
    action_to_dict,
    shuffled_wall,
)
from games.rules.round import Round as EngineRound
from games.rules.tiles import full_set

pytestmark = pytest.mark.django_db


def test_the_commitment_does_not_deal_the_round():
    seed = "0f" * 16
    shown = hashlib.sha256(seed.encode()).hexdigest()
    wall = shuffled_wall(seed)
    # Whatever one tries with what the table shows, it is not the wall.
    for guess in (shown, seed):
        tiles = full_set()
        random.Random(guess).shuffle(tiles)
        assert tiles != wall
    assert shuffled_wall(seed, SHUFFLE_KEYED_BY_HASH) != wall
    assert sorted(wall) == full_set() and shuffled_wall(seed) == wall


def _bot_room():
    owner = User.objects.create_user("dealer", password="x-long-password-1")
    room = create_room(owner=owner, name="t", options={})
    for index in (1, 2, 3):
        add_bot(room=room, user=owner, index=index, level="easy")
    return owner, room


def test_a_new_round_is_dealt_by_the_secret_seed_and_redeals_from_it():
    owner, room = _bot_room()
    rnd = set_ready(room=room, user=owner)
    assert rnd.shuffle == SHUFFLE_KEYED_BY_SEED
    dealt = EngineRound.deal(
        rnd.seed, rnd.dealer, RoomOptions.from_dict(room.options), shuffle=rnd.shuffle
    )
    assert dealt.to_json() == rnd.state  # version 0: the deal itself
    started = rnd.events.get(kind="round_started").data
    assert started["shuffle"] == SHUFFLE_KEYED_BY_SEED
    assert started["seed_sha256"] == hashlib.sha256(rnd.seed.encode()).hexdigest()


def test_the_table_shows_the_commitment_and_never_the_seed():
    owner, room = _bot_room()
    rnd = set_ready(room=room, user=owner)
    client = Client()
    client.force_login(owner)
    html = client.get(f"/t/{room.code}/").content.decode()
    assert rnd.seed_hash in html and rnd.seed not in html
    # Details on demand: behind a closed ⓘ, not a 64-character line under the table.
    assert re.search(r'<details id="commitment" class="commitment"><summary[^>]*>ⓘ</summary>', html)


def test_a_round_dealt_with_the_old_shuffle_still_verifies():
    owner, room = _bot_room()
    rnd = set_ready(room=room, user=owner)
    # Deal it again as the site did before: the wall keyed by the seed's hash.
    old = EngineRound.deal(
        rnd.seed, rnd.dealer, RoomOptions.from_dict(room.options), shuffle=SHUFFLE_KEYED_BY_HASH
    )
    Round.objects.filter(pk=rnd.pk).update(shuffle=SHUFFLE_KEYED_BY_HASH, state=old.to_json())
    rng = random.Random(4)
    while True:
        rnd = Round.objects.select_related("room").get(pk=rnd.pk)
        engine = EngineRound.from_json(rnd.state)
        if engine.phase == "ended":
            break
        seat = engine.waiting_on()[0]
        if seat == 0:
            apply_action(
                round_id=rnd.pk,
                user=owner,
                expected_version=rnd.version,
                action=action_to_dict(choose_action(engine, 0, "easy", rng)),
            )
        else:
            run_bots(round_id=rnd.pk, limit=1)
    assert replay.check(rnd).ok
    assert not replay.check(
        Round(
            pk=rnd.pk,
            room=rnd.room,
            seed=rnd.seed,
            dealer=rnd.dealer,
            shuffle=SHUFFLE_KEYED_BY_SEED,
            state=rnd.state,
            version=rnd.version,
        )
    ).ok
