"""Clubs (亲友圈, issue 47): a standing group of friends with members and admins, its own
tables of fixed rules always waiting, and a running points ledger per week or month.

Points only: no transfers between members, nothing bought or sold. A club sits on top of
``games`` as ``challenge`` does: it opens rooms through ``games.rooms.seating`` and reads
rounds and their ledger, and ``games`` never imports it; ``games`` learns who may sit at a
club's table only through the hook ``games.rooms.seating.seat_guards``, which
``clubs.apps`` fills."""
