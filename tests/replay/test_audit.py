"""The audit report: the findings of verify() for a record, rendered as Markdown."""

from __future__ import annotations

from dataclasses import replace

from replay.audit import build_report
from replay.verify import verify
from tests.replay.helpers import Record, edit_entry, first_index, forged_roll, reseal, simulated, tabletop


def report_of(record: Record) -> str:
    return build_report(*record, verify(*record)).to_markdown()


def test_a_passing_audit_names_the_game_players_seed_and_result() -> None:
    header, entries, trailer = record = simulated(seats=3)
    report = build_report(*record, verify(*record))
    assert report.ok and report.problem is None
    assert report.commands == report.commands_verified == len(entries)
    assert report.draws_rederived == report.draws_recorded > 0
    markdown = report.to_markdown()
    assert markdown.startswith("# Audit of Toy Race game `game-1`\n")
    assert "Verdict: **PASSED**" in markdown
    assert "| Players | seat 1 (Player 1), seat 2 (Player 2), seat 3 (Player 3) |" in markdown
    assert f"| Seed commitment | `{header.seed_commitment}` |" in markdown
    assert "| Seed | revealed; matches the commitment |" in markdown
    assert (
        f"| Random draws | {report.draws_recorded} of {report.draws_recorded} re-derived from the seed |"
        in markdown
    )
    assert f"| Commands | {len(entries)} of {len(entries)} re-run through the rules |" in markdown
    assert trailer.outcome is not None
    winner = trailer.outcome["ranking"][0][0]
    assert f"| Result | seat {winner + 1} (Player {winner + 1}) wins" in markdown
    assert markdown.endswith("## First problem\n\nNone found.\n")


def test_a_failed_audit_names_the_first_problem() -> None:
    honest = simulated()
    i = first_index(honest[1], lambda e: e.command["kind"] == "roll")
    forged = forged_roll(honest, b"table-seed", i, honest[1][i].draws[0]["value"] % 6 + 1)
    markdown = report_of(forged)
    assert "Verdict: **FAILED**" in markdown
    assert f"- Line: {i + 2}\n- Version: {i + 2}\n- Code: `DRAW_DIFFERS`\n" in markdown
    assert "| Result | Not established: the log was rejected. |" in markdown
    assert f"| Commands | {i} of {len(forged[1])} re-run through the rules |" in markdown


def test_a_wrong_seed_is_reported_as_not_matching() -> None:
    header, entries, trailer = simulated()
    markdown = report_of(reseal(header, entries, replace(trailer, seed="00ff")))
    assert "| Seed | revealed; **does not match** the commitment |" in markdown
    assert "`SEED_MISMATCH`" in markdown


def test_a_tabletop_audit_says_the_outcomes_were_observed() -> None:
    record = tabletop(simulated())
    markdown = report_of(record)
    assert "Verdict: **PASSED**" in markdown
    assert "| Seed commitment | — |" in markdown
    assert "| Seed | none (a tabletop log: outcomes as observed at the table) |" in markdown
    assert "recorded; each checked as possible |" in markdown


def test_an_unfinished_game_and_a_pipe_in_a_name_render_safely() -> None:
    header, entries, trailer = simulated(max_steps=3)
    record = reseal(replace(header, players=("A|B", "C")), entries, trailer)
    markdown = report_of(record)
    assert "| Players | seat 1 (A\\|B), seat 2 (C) |" in markdown
    assert "| Seed | not revealed yet |" in markdown
    assert "| Status | in_progress |" in markdown
    assert "| Result | not decided yet: the game is not over. |" in markdown
    broken = report_of((header, edit_entry(entries, 1, seat=5), trailer))
    assert "`BROKEN_CHAIN`" in broken


def row(markdown: str, name: str) -> str:
    """The value of one row of the report's table."""
    (line,) = [line for line in markdown.splitlines() if line.startswith(f"| {name} | ")]
    return line.removeprefix(f"| {name} | ").removesuffix(" |")


def test_the_report_names_the_table_options_rules_version_and_generator() -> None:
    header, _, _ = record = simulated()
    markdown = report_of(record)
    assert header.options and header.rules_version and header.rng
    options = row(markdown, "Table options")
    for key in header.options:
        assert f"{key} = " in options
    assert row(markdown, "Rules version") == f"`{header.rules_version}`"
    assert row(markdown, "Random generator") == f"`{header.rng}`"


def test_a_format_1_report_says_the_rules_version_was_not_recorded() -> None:
    markdown = report_of(simulated(format_version=1))
    assert row(markdown, "Rules version") == "not recorded (format 1 log)"
    assert row(markdown, "Random generator") == "not recorded (format 1 log)"


def test_the_report_says_whether_the_game_was_live_imported_or_at_the_table() -> None:
    record = simulated()
    assert row(report_of(record), "Played").startswith("not established: the log commits to a seed")
    assert row(report_of(tabletop(record)), "Played").startswith("at the table: a tabletop log")
    live_here = build_report(*record, verify(*record), imported=False).to_markdown()
    assert row(live_here, "Played").startswith("live on this server")
    imported = build_report(*record, verify(*record), imported=True).to_markdown()
    assert row(imported, "Played").startswith("imported") and "chose its seed" in row(imported, "Played")
    table = tabletop(record)
    imported_table = build_report(*table, verify(*table), imported=True).to_markdown()
    assert row(imported_table, "Played").startswith("imported: a tabletop log")


def test_the_signature_status_is_reported_only_where_it_is_known() -> None:
    record = simulated()
    assert "| Signature |" not in report_of(record)
    signed = build_report(*record, verify(*record), signature="signed with key `k1`").to_markdown()
    assert row(signed, "Signature") == "signed with key `k1`"


def test_names_given_later_replace_the_header_and_blank_ones_read_seat_n() -> None:
    header, entries, trailer = record = simulated(seats=3)
    later = build_report(*record, verify(*record), names=["Ann", "  ", "Cy"]).to_markdown()
    assert row(later, "Players") == "seat 1 (Ann), seat 2, seat 3 (Cy)"
    blank = reseal(replace(header, players=("", "Bob", "")), entries, trailer)
    assert row(report_of(blank), "Players") == "seat 1, seat 2 (Bob), seat 3"
    assert "(Player" not in later
