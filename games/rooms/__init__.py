"""Before and between rounds: creating rooms, taking and leaving seats, computer players,
ready, auto-play and watching switches, the lobby's lists, idle rooms, the room form
and the pages of the lobby and of a new room; the limit on rooms waiting for players
(``room_limits``) and the seats of an account being deleted (``deleted_accounts``).

May import: games.rules, games.words, games.models, games.play, accounts and common.
Never games.table or games.history (the room's pages that show a table are games.table's).
"""
