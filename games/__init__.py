"""The game: the engine (``rules``), how it is said (``words``), the stored rooms and
rounds (``models``), the write path of a move (``play``), rooms (``rooms``), the live
table (``table``), finished rounds (``history``) and the rules page (``rulebook``), each
layer importing only those below it (docs/architecture.md, checked by
tests/architecture/test_import_graph.py).

May import: accounts (its users, the sockets of a session, its hooks) and common. Never
challenge or xuezhan.
"""
