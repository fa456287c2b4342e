"""Games played at a real table: the recording format and its expansion into a match log.

A recording (`seeds/RECORDING.md`) holds only what the table saw: one line per
command, the cards as drawn, the dice as printed. `expand` runs it through the
engine and writes the full, hash-chained tabletop match log (format 2).
"""
