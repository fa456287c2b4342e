"""A game told step by step in plain text, from the engine's own sentences.

Each step is one line, "Step 7 — seat 2 (Ann): rolls a 4 and moves to 12; ...",
built from `engine.describe` for each of its events; the story closes with the
result. `frontier replay FILE` prints it; the gRPC replay stream sends one
step's line with each state.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engines.base import Engine, Event, Outcome, Seat
from engines.registry import UnknownGame, get_engine
from engines.wording import joined, seat_name
from replay.record import Header, Line, RulingLine, SeatLine, Trailer, UpgradeLine
from replay.table import ABANDON, RESIGN, RESUME, TIMEOUT, is_start_line
from replay.takebacks import GRANTED_BY_ORGANISER, TAKEBACK
from replay.unseen import NOTHING_UNSEEN, masked_events, unseen_by_version
from replay.verify import steps, verify


def people_names(names: Sequence[str], seats: int) -> list[str]:
    """One name per seat as people read it: a seat without a name is "seat N" (1-based)."""
    return [seat_name(seat, names) for seat in range(seats)]


def seat_label(seat: Seat, names: Sequence[str]) -> str:
    """ "seat 2 (Ann)", or "seat 2" when the seat has no name of its own."""
    plain = f"seat {seat + 1}"
    name = names[seat].strip() if 0 <= seat < len(names) else ""
    return f"{plain} ({name})" if name and name != plain else plain


def describe_step(
    engine: Engine, version: int, seat: Seat | None, events: Sequence[Event], names: Sequence[str]
) -> str:
    """One line for one step; version 1 is the setup, version v is step v - 1."""
    said = joined([engine.describe(event, names) for event in events]) or "nothing happens"
    if seat is None:
        return f"Setup — {said}"
    return f"Step {version - 1} — {seat_label(seat, names)}: {said}"


def describe_ruling(line: RulingLine, names: Sequence[str]) -> str:
    """A ruling: "Step 9 — seat 2 (Ann) resigns: out of the game, ranked last; the server plays its turns"."""
    step = f"Step {line.version - 1}"
    if line.ruling == RESIGN and line.seat is not None:
        return f"{step} — {seat_label(line.seat, names)} resigns: out of the game and ranked last"
    if line.ruling == TIMEOUT and line.seat is not None:
        used = line.clock.get("used_ms") if line.clock else None
        after = f" after {used / 1000:.1f} s" if isinstance(used, int) else ""
        return f"{step} — {seat_label(line.seat, names)} runs out of time{after} (the server's clock)"
    if line.ruling == ABANDON:
        return f"{step} — the organiser abandons the game: {line.reason}"
    if is_start_line(line):
        return f"{step} — play began: {line.reason} (the server's word)"
    if line.ruling == RESUME:
        stopped = line.clock.get("stopped_ms") if line.clock else None
        for_how_long = f" for {stopped / 1000:.1f} s" if isinstance(stopped, int) else ""
        return f"{step} — the clocks stopped{for_how_long} while no server kept them (the server's word)"
    if line.ruling == TAKEBACK and line.seat is not None and line.to_version is not None:
        return f"{step} — {describe_takeback(line, names)}"
    tiers = " > ".join(", ".join(seat_label(s, names) for s in tier) for tier in line.result or ())
    return f"{step} — the organiser adjudicates the game ({tiers}): {line.reason}"


def describe_upgrade(line: UpgradeLine) -> str:
    """ "Step 5 — the organiser moves the game to rules deadwood-1876/3 (from deadwood-1876/2)"."""
    return (
        f"Step {line.version - 1} — the {line.by} moves the game to rules {line.to_rules} "
        f"(from {line.from_rules}); everything before re-runs unchanged under them"
        + (", from the setup as they record it" if line.events else "")
    )


def describe_takeback(line: RulingLine, names: Sequence[str]) -> str:
    """ "seat 1 (Ann) takes back to step 4, with seat 2's consent (steps 5 to 6 undone)"."""
    assert line.seat is not None and line.to_version is not None
    to = "the setup" if line.to_version == 1 else f"step {line.to_version - 1}"
    first, last = line.to_version, line.version - 2
    undone = f"step {first} undone" if first == last else f"steps {first} to {last} undone"
    if line.granted_by == GRANTED_BY_ORGANISER:
        granted = "granted by the organiser"
    else:
        consents = [f"{seat_label(seat, names)}'s" for seat in line.granted_by or () if isinstance(seat, int)]
        granted = f"with {' and '.join(consents)} consent"
    return f"{seat_label(line.seat, names)} takes back to {to}, {granted} ({undone})"


def describe_seat(line: SeatLine, names: Sequence[str]) -> str:
    """A seat taken after creation: "Seat 2 taken by Ann (client seed given)"."""
    who = line.player.strip() or "a player who gave no name"
    seed = " (client seed given)" if line.client_seed is not None else ""
    if line.client_commitment is not None:  # format 4: the seed is revealed in the deal line
        seed = " (client seed committed)"
    return f"Seat {line.seat + 1} taken by {who}{seed}"


def describe_pause(seat: Seat | None, names: Sequence[str]) -> str:
    """A game stopped by a timeout under the pause policy, and what ends it."""
    whose = f"{seat_label(seat, names)}'s" if seat is not None else "a"
    return (
        f"paused after {whose} timeout: the organiser adjudicates or abandons it "
        "(frontier end-game --result or --abandon)"
    )


def describe_outcome(outcome: Outcome | None, names: Sequence[str]) -> str:
    """Who won, and the scores: "seat 1 (Ann) wins (reason). Scores: ..." """
    if outcome is None:
        return "not decided yet: the game is not over."
    winners = " and ".join(seat_label(s, names) for s in outcome.winners) or "nobody"
    verb = "share the win" if len(outcome.winners) > 1 else "wins"
    text = f"{winners} {verb}"
    if outcome.reason:
        text += f" ({outcome.reason})"
    if outcome.scores:
        scores = ", ".join(f"{seat_label(s, names)} {score}" for s, score in enumerate(outcome.scores))
        text += f". Scores: {scores}"
    return text + "."


def narrate(
    header: Header,
    entries: Sequence[Line],
    trailer: Trailer | None = None,
    names: Sequence[str] | None = None,
) -> Iterator[str]:
    """The whole story of a match log, one line per step, then the result.

    The log is verified first and told only as far as it agrees with the rules,
    so a tampered log ends with the line where it stopped agreeing. The seats
    are named by `names` when given, else by the log: the header's names and
    those its seat lines record for seats taken later. An item a line lists as
    nobody saw it (an expanded tabletop recording) is told as "(unseen)".
    """
    try:
        engine = get_engine(header.game)
    except UnknownGame as error:
        yield f"Cannot tell game {header.game_id}: {error.args[0]}"
        return
    checked = verify(header, entries, trailer)
    recorded = checked.players or header.players
    names = people_names(recorded if names is None else names, header.seats)
    yield f"{engine.title} — game {header.game_id}" + (f" [{header.tag}]" if header.tag else "")
    yield "Players: " + ", ".join(seat_label(s, names) for s in range(header.seats))
    problem = checked.problem
    sound_lines = len(entries) + 1 if problem is None else problem.line - 1
    if sound_lines >= 1:  # the header agrees, so the setup can be told
        final = None
        sound = entries[: sound_lines - 1]
        told = steps(header, sound)
        unseen = unseen_by_version(header, sound)

        def shown(version: int, events: Sequence[Event]) -> list[Event]:
            return masked_events(engine, events, unseen.get(version, NOTHING_UNSEEN).named)

        if not header.player_entropy:
            setup = next(told)
            final = setup.state
            yield describe_step(engine, setup.version, None, shown(1, setup.events), names)
        else:
            yield "Setup — the deal waits for every seat's client seed"
        paused_by: Seat | None = None  # the seat whose timeout paused the game, once one has
        for line in sound:
            if isinstance(line, SeatLine):
                yield describe_seat(line, names)
                continue
            step = next(told)
            final = step.state
            if isinstance(line, RulingLine):
                if step.table.paused and paused_by is None:
                    paused_by = line.seat
                yield describe_ruling(line, names)
                continue
            if isinstance(line, UpgradeLine):
                yield describe_upgrade(line)
                continue
            yield describe_step(engine, step.version, step.seat, shown(step.version, step.events), names)
        if sound_lines > len(entries) and (final is not None or checked.outcome is not None):
            if checked.outcome is None and paused_by is not None:
                yield "Result: " + describe_pause(paused_by, names) + "."
            else:
                yield "Result: " + describe_outcome(checked.outcome, names)
    if problem is not None:
        yield f"The log fails verification at {problem}"
