"""The ground floor of the site: what every app may use and what imports none of them.

``counters`` (requests counted in the cache before they are let in) and ``limits`` (the
machinery of a limit: a request's admission, sockets counted per person, the close codes),
``text`` (what a name may hold: the rules of text shared by accounts and games), ``health``
(does the database, does the channel layer answer), ``drain`` (a web process's drain:
its state, which the table's sockets read) and ``hooks`` (an app on top of games fills
games' lists of hooks once each).

May import: Django and the libraries. Never accounts, games, challenge or xuezhan: they
import it, and what of theirs it needs is handed in (``drain.install``).
"""
