"""How the game is said (games.words): tiles, labels, a settlement in words and numbers."""
