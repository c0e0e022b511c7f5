"""The write path of a move and its clock: one move applied in one transaction (the
round held in memory or locked, engine, record, schedule, commit), the offer pause that
keeps claims secret, the deadlines (a pure function of the stored round), the steps of
due rounds, dealing a new round, the SQL composed once, and the broadcast after commit.

May import: games.rules, games.words, games.models, and common (the database's health).
Never games.rooms, games.table, games.history or the views: the timer loop hears of a
table's change through ``deadlines.wake_listeners``, which games.apps fills.
"""
