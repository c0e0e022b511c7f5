"""The read side: my rounds, a round's page and replay, the ranking (games.history)."""
