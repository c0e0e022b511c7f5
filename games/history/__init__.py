"""The read side of finished rounds: my rounds, a round's page with its settlement and
replay frames, the ranking, the export, the profile page's statistics (``profile``); it
rebuilds rounds from their stored events.

May import: everything below it (games.rules, games.words, games.models, games.play,
games.rooms, games.table for drawing a replay's board). Nothing imports it but the URLs,
the rule book's page, the management commands and games.apps (which hands ``profile`` to
accounts).
"""
