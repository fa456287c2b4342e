"""Webhooks: signed HTTP deliveries (the Standard Webhooks specification) of what happened in games.

An organiser registers endpoints (`registry.py`); a follower turns the store's notification log
into deliveries owed to each endpoint, rendered for a spectator by the gate (`payloads.py`), and
stores them (`application.py`) before one worker thread sends them (`worker.py`, `sending.py`).
"""
