"""Game clocks in the running system: deadlines, and the keeper that records timeouts."""
