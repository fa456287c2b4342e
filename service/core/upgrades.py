"""Moving a game in progress to its engine's newest rules version (`UpgradeRules`, the organiser).

Allowed only when the game's history so far re-runs line for line under the newest rules
(replay/rerun.py), from its setup as the newer rules record it (the version pair's setup
migration, engines/migrations.py), so nothing already played changes; the upgrade line then
records both versions and the migration's events in the chain, salted and covered by the signed
checkpoint like any line, and the audit re-derives the migration and re-runs every line after it
under the new rules (replay/verify.py).
"""

from __future__ import annotations

from engines.codec import encode
from replay.reasons import Reason
from replay.record import UpgradeLine, line_salt
from replay.rerun import UNCHANGED, rerun, shorten
from replay.setup_migration import upgrade_events
from service.core.errors import PermissionDenied, RuleBroken
from service.core.games import Games
from service.core.ledger_lines import Batch
from service.core.records import FINISHED, GameRecord


def upgrade_rules(app: Games, game_id: str) -> tuple[GameRecord, UpgradeLine]:
    """Append the upgrade line of `game_id` to its engine's newest rules; the caller checked that
    the organiser asks. Refused (FAILED_PRECONDITION) for a game that cannot or need not move."""
    with app.lock_for(game_id):
        record = app.get(game_id)
        target = record.engine.rules_version
        _check_movable(record, target)
        history = list(app.lines(game_id))
        verdict = rerun(record.header, history, None, target)
        if verdict.status != UNCHANGED:
            assert verdict.problem is not None
            where = verdict.problem
            command = f", {verdict.first.spelled()}" if verdict.first is not None else ""
            raise RuleBroken(
                Reason.RULES_DIVERGE,
                f"the game's history does not re-run under {target}: it diverges at version {where.version} "
                f"(line {where.line}{command}): {where.code}: {shorten(where.reason)}",
                rule="UPGRADE",
            )
        version = record.game_version + 1
        # What the new rules record at the setup that the game's own did not (engines/migrations.py).
        migration = upgrade_events(
            record.engine, record.state, record.header.options, record.rules_version, target
        )
        line = UpgradeLine(
            version=version,
            from_rules=record.rules_version,
            to_rules=target,
            prev=record.head,
            salt=line_salt(record.seed, record.header.game_id, version),
            format_version=record.header.format_version,
            events=tuple(encode(event) for event in migration),
        ).sealed()
        batch = Batch(record)  # watchers see its migration, if any, with the next line
        batch.add(line, at=app.now())
        return app.append(batch, "the game changed while upgrading it; try again"), line


def _check_movable(record: GameRecord, target: str) -> None:
    """Only a game played here, in progress, dealt, without a clock or takebacks, under older rules."""
    if record.imported:
        raise PermissionDenied(Reason.IMPORTED_GAME, "an imported game is a record; its rules cannot change")
    if record.status == FINISHED or record.outcome is not None:
        raise _refused(
            Reason.GAME_OVER, "the game is over: a finished record keeps the rules it was played under"
        )
    if not record.dealt:
        raise _refused(Reason.NOT_DEALT, "the game is not dealt yet: upgrade it once every seat is taken")
    if record.header.format_version < 2:
        raise _refused(
            Reason.FORMAT_TOO_OLD, "a format 1 log names no rules version; it cannot record an upgrade"
        )
    if record.header.clock is not None or record.header.takeback_policy is not None:
        raise _refused(
            Reason.NOT_UPGRADABLE, "a game with a clock or takebacks keeps the rules it started under"
        )
    if record.rules_version == target:
        raise _refused(
            Reason.ALREADY_NEWEST, f"the game is played under {target}, its engine's newest rules already"
        )


def _refused(reason: Reason, message: str) -> RuleBroken:
    return RuleBroken(reason, message, rule="UPGRADE")
