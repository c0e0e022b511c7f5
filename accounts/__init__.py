"""Sign-up, log-in and account keeping: the user names players can tell apart
(``usernames``), the limits on log-ins and sign-ups (``login_limits``) and on keeping an
account (``keeping_limits``), the reset, sessions and deletion (``keeping``), the
confirmed address (``email_address``), the known browsers (``devices``), the sockets that
end with their session (``socket_sessions``).

May import: common. Never games, challenge or xuezhan: what it needs of the game (the
profile's statistics, a link's share title, the rooms of an account being deleted) games
hands in through ``hooks``, filled by ``games.apps``.
"""
