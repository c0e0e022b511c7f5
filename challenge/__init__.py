"""Playing the same deals as others and comparing (每日挑战, 同牌对局): the day's deal
(``days``), sets of deals among friends (``friends``), the sealed one-person tables they
are played at (``tables``) and the results beside 大师's par (``standings``).

It builds on ``games`` (rooms, rounds, the write path of moves in ``games.play``) and
Django's users; ``games`` never imports it: the fixed deals reach the tables through the hook
``games.play.dealing.fixed_deal_sources``, which ``apps`` fills at start.
"""
