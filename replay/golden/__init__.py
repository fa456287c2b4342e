"""The rules' regression net: a golden corpus of committed games and rules fuzzing.

- `replay.golden.corpus`: games generated once by bots with fixed seeds and kept in `seeds/golden/`, recording
  per step the command, every seat's number of legal commands and the state hash. Replaying them names
  the first difference, so a rule change is made deliberately (`python -m replay.golden --write` regenerates).
- `replay.golden.fuzz`: random and adversarial playouts that look for dead ends, games without end, crashes
  and views that fail to encode; a failure is written out as a match log (`replay.golden.failure_log`).
"""
