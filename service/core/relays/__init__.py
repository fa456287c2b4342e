"""Table games as they happen, and new games from old positions.

- `live`: a relay of a game played at a table, one recording line at a time;
- `delay`: the spectator delay that holds back every public channel of a game;
- `fork`: a stored game forked at a version into a new live game with a new seed.
"""
