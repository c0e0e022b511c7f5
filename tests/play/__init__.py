"""The write path of a move and its clock (games.play): moves, deadlines, steps,
offers, the SQL of a move."""
