"""How the game is said: the names of tiles, suits, seats, patterns and computer players,
and the sentences that explain a settlement's payments, in the player's language; the
picture of a tile (``tile_pictures``).

May import: games.rules and common.names. Never the database or anything above.
"""
