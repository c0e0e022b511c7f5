"""The reads and writes of every move, in SQL written out once.

A move on a round this process holds (games.play.live) reads the room with its seats
and writes the round only where it is still what the process holds; any other locks the
room's current round (with the room) and reads the seats (with their players' names).
Built by the ORM, these queries cost about 0.9 ms of a move's CPU, almost all of it
compiling the queryset to SQL again each time; run from SQL compiled here once, they
cost about 0.2 ms and give the same model instances, related objects attached as
``select_related`` would (tests/play/test_move_sql.py checks that they equal the ORM's
answer).
"""

from functools import cache
from typing import NamedTuple

from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

from games.models import Event, Room, Round, Seat
from games.play import live


def _columns(model, alias: str) -> tuple[list[str], str]:
    fields = [f.attname for f in model._meta.concrete_fields]
    columns = ", ".join(f'{alias}."{f.column}"' for f in model._meta.concrete_fields)
    return fields, columns


@cache
def _round_sql(lock: bool) -> tuple[list[str], list[str], str]:
    round_fields, round_columns = _columns(Round, "r")
    room_fields, room_columns = _columns(Room, "m")
    sql = (
        f"SELECT {round_columns}, {room_columns} FROM {Round._meta.db_table} r "
        f"JOIN {Room._meta.db_table} m ON m.id = r.room_id "
        f"WHERE r.room_id = %s ORDER BY r.number DESC LIMIT 1"
    )
    if lock and connection.features.has_select_for_update_of:
        sql += " FOR UPDATE OF r"
    elif lock and connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    # SQLite has no row locks: its transactions take the write lock at BEGIN IMMEDIATE.
    return round_fields, room_fields, sql


def current_round_locked(room_id: int) -> Round | None:
    """The room's latest round with its room, its row locked until the transaction ends."""
    round_fields, room_fields, sql = _round_sql(lock=True)
    with connection.cursor() as cursor:
        cursor.execute(sql, [room_id])
        row = cursor.fetchone()
    if row is None:
        return None
    db = connection.alias
    rnd = Round.from_db(db, round_fields, _converted(Round, round_fields, row[: len(round_fields)]))
    rnd.room = Room.from_db(
        db, room_fields, _converted(Room, room_fields, row[len(round_fields) :])
    )
    return rnd


def seats_with_names(room_id: int) -> list[Seat]:
    """The room's seats by index, each person's user attached (with the name only)."""
    return room_with_seats(room_id)[1]


@cache
def _room_and_seats_sql() -> tuple[list[str], list[str], str]:
    seat_fields, seat_columns = _columns(Seat, "s")
    room_fields, room_columns = _columns(Room, "m")
    users = get_user_model()._meta.db_table
    sql = (
        f'SELECT {seat_columns}, u."username", {room_columns} FROM {Seat._meta.db_table} s '
        f"JOIN {Room._meta.db_table} m ON m.id = s.room_id "
        f"LEFT JOIN {users} u ON u.id = s.user_id "
        f'WHERE s.room_id = %s ORDER BY s."index"'
    )
    return seat_fields, room_fields, sql


def room_with_seats(room_id: int) -> tuple[Room, list[Seat]]:
    """The room and its seats by index (each person's user with the name only), in one
    query: the read of a move on a round this process holds (games.play.live)."""
    seat_fields, room_fields, sql = _room_and_seats_sql()
    with connection.cursor() as cursor:
        cursor.execute(sql, [room_id])
        rows = cursor.fetchall()
    db = connection.alias
    user_model = get_user_model()
    room = None
    seats = []
    width = len(seat_fields)
    for row in rows:
        if room is None:
            room = Room.from_db(db, room_fields, _converted(Room, room_fields, row[width + 1 :]))
        seat = Seat.from_db(db, seat_fields, _converted(Seat, seat_fields, row[:width]))
        if seat.user_id is not None:
            seat.user = user_model.from_db(db, ["id", "username"], [seat.user_id, row[width]])
        seats.append(seat)
    return room, seats


@cache
def _converters(model, fields: tuple) -> list:
    """What the ORM does to each column's raw value (SQLite's text dates, JSON…)."""
    ops = connection.ops
    out = []
    for name in fields:
        field = next(f for f in model._meta.concrete_fields if f.attname == name)
        expression = field.get_col(model._meta.db_table)
        converters = ops.get_db_converters(expression) + expression.get_db_converters(connection)
        out.append((expression, converters))
    return out


def _converted(model, fields: list[str], values) -> list:
    result = []
    for value, (expression, converters) in zip(
        values, _converters(model, tuple(fields)), strict=True
    ):
        for convert in converters:
            value = convert(value, expression, connection)
        result.append(value)
    return result


@cache
def _insert_events_sql() -> str:
    columns = ", ".join(
        f'"{c}"' for c in ("round_id", "number", "version", "kind", "seat", "data", "created_at")
    )
    return f"INSERT INTO {Event._meta.db_table} ({columns}) VALUES (%s, %s, %s, %s, %s, %s, %s)"


class NewEvent(NamedTuple):
    """An event to append: what an ``Event`` row holds before it is stored, without
    building a model instance (each one costs its init signals) for every event of
    every move."""

    round_id: int
    number: int
    version: int
    kind: str
    seat: int | None
    data: dict


def insert_events(events: list) -> None:
    """Append the events (``NewEvent``s or unsaved ``Event``s, numbered by the caller) to
    the log. Their ids are not read back: a caller that needs them (payments point at
    their event) asks ``event_ids``."""
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    data_field = Event._meta.get_field("data")
    params = [
        (
            e.round_id,
            e.number,
            e.version,
            e.kind,
            e.seat,
            data_field.get_db_prep_save(e.data, connection),
            now,
        )
        for e in events
    ]
    with connection.cursor() as cursor:
        cursor.executemany(_insert_events_sql(), params)


def event_ids(round_id: int, numbers: list[int]) -> dict[int, int]:
    """number → id of the round's events with those numbers."""
    rows = Event.objects.filter(round_id=round_id, number__in=numbers).values_list("number", "id")
    return dict(rows)


@cache
def _update_round_sql(fields: tuple[str, ...], checked: bool) -> str:
    columns = ", ".join(f'"{Round._meta.get_field(name).column}" = %s' for name in fields)
    sql = f"UPDATE {Round._meta.db_table} SET {columns} WHERE id = %s"
    if checked:
        # Null-safe equality (SQLite ≥ 3.39 and PostgreSQL alike): a deadline may be NULL.
        sql += " AND " + " AND ".join(
            f'"{Round._meta.get_field(name).column}" IS NOT DISTINCT FROM %s'
            for name in live.Marks._fields
        )
    return sql


def save_round(rnd: Round, fields: list[str], expected: "live.Marks | None" = None) -> None:
    """``rnd.save(update_fields=fields)``, without building the UPDATE each time. With
    ``expected``, only where the stored round still holds those marks: else it raises
    ``live.Moved`` (the caller's transaction is then rolled back)."""
    params = [_prepared(name, getattr(rnd, name)) for name in fields]
    params.append(rnd.pk)
    if expected is not None:
        params += [
            _prepared(name, value) for name, value in zip(live.Marks._fields, expected, strict=True)
        ]
    with connection.cursor() as cursor:
        cursor.execute(_update_round_sql(tuple(fields), expected is not None), params)
        if expected is not None and cursor.rowcount != 1:
            raise live.Moved(rnd.pk)


def _prepared(name: str, value):
    return Round._meta.get_field(name).get_db_prep_save(value, connection)
