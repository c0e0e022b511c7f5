"""The live table and its sockets (games.table)."""
