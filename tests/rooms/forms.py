"""The new-room form's fields as a browser posts them, with some changed."""

from games.rooms.forms import RoomForm


def form_data(**changes):
    data = {name: field.initial for name, field in RoomForm().fields.items()}
    data = {k: ("on" if v is True else v) for k, v in data.items() if v is not False}
    data.update(changes)
    return data
