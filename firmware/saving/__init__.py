"""Saving and getting games back: the atomic writes and the journal, reading saves at power-up, the archive of previous games, imports."""
