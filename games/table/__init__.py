"""The live table: what one change of a table looks like to each of its viewers, and the
sockets that carry it.

``games.play.snapshot`` holds a table once per change (shared by every viewer in the
process), ``parts`` renders it, piece by piece, as one viewer may see it, and ``screen``
keeps what a viewer's browser already shows so that only the parts that changed are
sent. ``consumers`` are the table's and the lobby's sockets, ``commands`` the messages
they accept; ``phrases`` and ``watchers`` are the table's talk and audience;
``phrase_limits`` and ``socket_limits`` how many phrases and sockets one person may use.

May import: games.rules, games.words, games.models, games.play, games.rooms, accounts (the
sockets of a session) and common. Never games.history, nor the timer loop (games.driver),
which imports the table.
"""
