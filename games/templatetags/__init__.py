"""The template tags of games: ``mahjong`` (tiles' names and pictures), ``settlement`` and
``hand_words`` put the words of games.words into templates; ``table_tags`` draws the
table's pieces (games.table.tiles).

May import: games.words (and games.rules); ``table_tags`` also games.table.
"""
