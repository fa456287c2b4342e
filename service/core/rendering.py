"""The gate's renderings: what a viewer the gate has named gets of a game.

The visibility gate (`service.core.visibility`) decides who is looking; these renderings make
what that viewer gets: events, views, commands, log lines, trailers, state hashes and proof
lines. They are the only place in the service that calls an engine's `view` or `redact`, and
each rule of what is hidden is written here once. `Gate` inherits them, so every channel
renders through the gate it asked (a test may install a gate that renders differently); a page
drawn from a log the reader already holds, with no application behind it, uses `Rendering`
itself.

A viewer is None (everything), a seat, or SPECTATOR, as `Sight.viewer`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.base import Engine, Event, Seat
from engines.codec import encode
from replay.record import state_hash
from service.core.records import decode_events

__all__ = ["Rendering"]


class Rendering:
    """What a viewer gets of a game: overridden together, never asked around."""

    def whole(self, viewer: Seat | None) -> bool:
        """Whether `viewer` gets everything: the stored events as they are, every hash, whole proof lines.

        The state hash and a trailer's hash cover every hidden value, unsalted: a guess of the
        whole hidden state could be confirmed against them, so only this viewer gets them.
        """
        return viewer is None

    def events(self, engine: Engine, events: Sequence[Event], viewer: Seat | None) -> list[Event]:
        """The events as `viewer` may see them; an event with nothing hidden from it is handed back as is."""
        return [engine.redact(event, viewer) for event in events]

    def view_of(self, engine: Engine, state: Any, viewer: Seat | None) -> dict[str, Any]:
        """The game's state as `viewer` may see it."""
        shown = engine.view(state, viewer)
        assert isinstance(shown, dict)
        return shown

    def state_hash(self, view: dict[str, Any], viewer: Seat | None, format_version: int) -> str:
        """The hash of the whole `view`, for the viewer that gets everything; "" for anyone else."""
        return state_hash(view, format_version) if self.whole(viewer) else ""

    def command(self, command: Any, seat: Seat | None, viewer: Seat | None) -> Any:
        """A seat's command as `viewer` may see it: another seat's command may name its hidden cards."""
        return command if self.whole(viewer) or viewer == seat else None

    def log_line(
        self, engine: Engine, game: str, data: dict[str, Any], viewer: Seat | None, *, is_header: bool
    ) -> dict[str, Any]:
        """A stored line with events (the header, a deal line, an entry) as an exported log shows it."""
        if self.whole(viewer):
            return data
        events = [encode(e) for e in self.events(engine, decode_events(game, data["events"]), viewer)]
        shown = {**data, "events": events, "draws": [], "redacted_for": viewer}
        if not is_header:
            shown["command"] = self.command(data["command"], data["seat"], viewer)
        if "salt" in shown:
            # Without the salt the line's hash commits to its hidden values with a 256-bit
            # secret, so no guess of what was stripped can be confirmed by re-sealing.
            shown["salt"] = None
        return shown

    def plain_line(self, data: dict[str, Any], viewer: Seat | None) -> dict[str, Any]:
        """A seat line, ruling or upgrade as an exported log shows it: nothing but its salt is secret."""
        return data if self.whole(viewer) else {**data, "salt": None, "redacted_for": viewer}

    def trailer(self, data: dict[str, Any], viewer: Seat | None) -> dict[str, Any]:
        """A trailer as an exported log shows it.

        Its state hash and hash go as `whole` says; the seed goes too: a seat of a finished
        duplicate-deal table sees its own view, and the seed would deal it the other tables'
        games (tournaments.secrecy).
        """
        if self.whole(viewer):
            return data
        return {**data, "state_hash": "", "hash": "", "seed": None, "redacted_for": viewer}
