"""The live table: what one change of a table looks like to each of its viewers.

``snapshot`` loads a table once per change (shared by every viewer in the process),
``parts`` renders it, piece by piece, as one viewer may see it, and ``screen`` keeps what
a viewer's browser already shows so that only the parts that changed are sent.
"""
