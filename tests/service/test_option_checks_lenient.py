"""DW-RND-2 over a real server: `option_checks="lenient"` only replays the logs of the rules versions
that played it. A new table naming it, at any rules version, or a tournament's, is refused naming
the option and stores nothing; a game of deadwood-1876/2 (lenient by its version) still audits, and
its log claiming the newest rules and naming it is refused at its header (BAD_OPTIONS). An upgrade
the table's options make impossible names the option (BAD_OPTIONS), not an engine error."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from uuid import uuid4

import grpc

from engines.deadwood import ENGINE
from replay.forgeries import reseal
from replay.logfile import read_text, write_lines
from replay.rerun import rerun
from service.cli.tournaments import TournamentClient
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2, tournaments_pb2
from service.server import Running
from tests.conftest import ORGANISER
from tests.service.helpers import failure
from tests.service.test_cli import frontier
from tests.service.test_rules_upgrade import create_older, export, upgrade


def _create(organiser: Client, rules_version: str = "") -> None:
    request = frontier_pb2.CreateGameRequest(
        game="deadwood-1876", seats=8, players=[f"p{i}" for i in range(8)], rules_version=rules_version
    )
    request.options.update({"option_checks": "lenient", "main_rounds": 3})
    organiser.call("CreateGame", request)


def _listed(organiser: Client) -> int:
    return len(organiser.call("ListGames", frontier_pb2.ListGamesRequest(game="deadwood-1876")).games)


def test_DW_RND_2_a_new_table_naming_lenient_is_refused_naming_the_option(
    server: Running, organiser: Client
) -> None:
    for version in ("", "deadwood-1876/3", "deadwood-1876/2"):
        refused = failure(lambda v=version: _create(organiser, v))  # type: ignore[misc]
        assert (refused.code, refused.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "BAD_OPTION"), version
        assert "option_checks='lenient'" in refused.message and "new table" in refused.message
        assert refused.metadata.get("field") == "options"
    assert _listed(organiser) == 0, "a refused table stores nothing"
    with TournamentClient(f"127.0.0.1:{server.port}", token=ORGANISER) as tournaments:
        request = tournaments_pb2.CreateTournamentRequest(
            name="Lenient Cup",
            game="deadwood-1876",
            format="swiss",
            players=["a", "b"],
            table_size=2,
            rounds=1,
        )
        request.options.update({"option_checks": "lenient"})
        refused = failure(lambda: tournaments.tcall("CreateTournament", request))
    assert (refused.code, refused.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "BAD_OPTION")
    assert "option_checks='lenient'" in refused.message


def test_DW_RND_2_lenient_is_read_from_an_older_versions_log_only(organiser: Client) -> None:
    game = create_older(organiser, "deadwood-1876", "deadwood-1876/2")
    content = export(organiser, game.game_id)
    header, lines, trailer = read_text(content)
    assert "option_checks" not in header.options  # lenient by its version's defaults
    report = organiser.call("Audit", frontier_pb2.AuditRequest(game_id=game.game_id))
    assert report.ok, report.problems
    options = {**header.options, "option_checks": "lenient"}
    # another game (so the store does not answer first), re-sealed as a forger would
    claimed_header = replace(
        header, game_id=str(uuid4()), rules_version=ENGINE.rules_version, options=options
    )
    claimed = "\n".join(write_lines(*reseal(claimed_header, lines, trailer)))
    refused = failure(lambda: organiser.call("ImportLog", frontier_pb2.ImportLogRequest(content=claimed)))
    assert (refused.code, refused.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "LOG_REJECTED")
    assert (refused.metadata["code"], refused.metadata["line"]) == ("BAD_OPTIONS", "1")
    assert "option_checks='lenient'" in refused.message and "deadwood-1876/4" in refused.message, refused


def test_DW_RND_2_an_upgrade_refused_by_a_table_option_names_it_not_an_engine_error(
    organiser: Client, tmp_path: Path
) -> None:
    request = frontier_pb2.CreateGameRequest(
        game="deadwood-1876", seats=8, players=[f"p{i}" for i in range(8)], rules_version="deadwood-1876/2"
    )
    request.options.update({"main_rounds": 3})  # version 2 cut it to the 2 centre safes of 8 seats
    created = organiser.call("CreateGame", request)
    refused = failure(lambda: upgrade(organiser, created.game_id))
    assert (refused.code, refused.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "RULES_DIVERGE")
    assert "BAD_OPTIONS" in refused.message and "ENGINE_ERROR" not in refused.message
    assert "main_rounds=3" in refused.message, refused.message
    content = export(organiser, created.game_id)
    header, lines, trailer = read_text(content)
    verdict = rerun(header, lines, trailer)
    assert verdict.problem is not None and verdict.problem.code == "BAD_OPTIONS"
    assert "option main_rounds=3 needs 3 centre safes" in verdict.problem.reason
    log = tmp_path / "eight-seats.jsonl"
    log.write_text(content, encoding="utf-8")
    checked = frontier("rules", "check", str(log))  # what an organiser reads
    assert "BAD_OPTIONS" in checked.stdout and "main_rounds=3" in checked.stdout, checked.stdout
