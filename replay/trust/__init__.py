"""Signed checkpoints and inclusion proofs: what binds a game's record to the server that kept it."""
