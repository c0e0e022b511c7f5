"""The rules page (/rules/), made from the engine's own tables so that it cannot drift
from the rules the tables are played by:

- ``patterns``: every pattern of ``scoring.PATTERN_FAN`` and every extra of
  ``scoring.EXTRA_KEYS``, each with an example hand that ``score_win`` scores;
- ``payments``: every payment reason, each with a short scene played by the engine
  itself and put into words by the settlement's own sentences;
- ``options``: every field of ``RoomOptions``, what each of its values does.

May import: games.rules, games.players (a timed-out move's default, played in a scene),
games.words, and games.rooms (the room form's own words for an option). Nothing imports
it but the URLs.
"""
