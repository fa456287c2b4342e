"""The organiser token must be too long to guess: a weak one stops the server at start-up.

The rule: at least 32 characters of printable ASCII with no spaces, at least 10 of them different.
32 random hex digits carry 128 bits, and every other alphabet carries more per character;
`python -c 'import secrets; print(secrets.token_urlsafe(32))'` or `openssl rand -hex 32` make one.
No length rule can tell a random token from a long phrase, so the rule is a floor, not a proof:
failures are rate-limited besides (service/core/rate_limit.py).
"""

from __future__ import annotations

import string

from service.config import ConfigError

MIN_LENGTH = 32
MIN_DISTINCT = 10
ALLOWED = frozenset(string.ascii_letters + string.digits + string.punctuation)
HOW = "make one with `python -c 'import secrets; print(secrets.token_urlsafe(32))'`"


def check_organiser_token(token: str | None) -> None:
    """Raise ConfigError unless `token` (when set) follows the rule above."""
    if token is None:
        return
    if not set(token) <= ALLOWED:
        raise ConfigError(
            f"the organiser token may hold only printable ASCII characters without spaces: {HOW}"
        )
    if len(token) < MIN_LENGTH or len(set(token)) < MIN_DISTINCT:
        raise ConfigError(
            f"the organiser token is too weak to hold off guessing: it needs at least {MIN_LENGTH} "
            f"characters, {MIN_DISTINCT} of them different (this one has {len(token)}, "
            f"{len(set(token))} different); {HOW}"
        )
