"""Messages of the engine that a player reads, marked for translation without Django."""


def gettext_noop(message: str) -> str:
    """Marks a message for translation (``makemessages`` collects it) without importing
    Django: the web layer translates it for the player (``IllegalAction.message``, a
    preset's name, why a pick of 换三张 is refused)."""
    return message
