"""Write docs/cli.md from the `frontier` parser: `python -m tools.cli_reference` (`--check` to compare).

The reference is made from the parser that runs, so it lists every command and option with the
help text the command itself prints; a test fails when the file is older than the parser.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from service.cli.main import build_parser

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "cli.md"
WIDTH = 100  # usage lines wrap here, whatever the terminal that regenerates the file

INTRO = """# The `frontier` command

Every command and option, made from the parser itself (`python -m tools.cli_reference` rewrites this
file; a test fails when it is out of date). `frontier COMMAND --help` prints the same;
`frontier --version` prints the installed version. Commands that talk to a server take
`--server HOST:PORT`; without it, every one of them uses `$FRONTIER_SERVER`, else `localhost:50051`
(`frontier serve`'s default port); `audit FILE` trusts a server's key only when `--server` is given.
Tokens come from `--token` or `$FRONTIER_TOKEN`. Output is text for people; `--json` gives scripts
JSON (numbers as JSON numbers, seats counted from 0 as in the API) on every command whose answer a
script reads. Progress bars are drawn on standard error only when it is a terminal. Exit status: 0
done, 1 the server refused (the gRPC status and message are printed; a server not reached prints
"is `frontier serve` running on HOST:PORT?", or, when one side speaks TLS and the other does
not or does not trust its certificate, which of `--tls-ca`/`--tls` to give or leave out), 2 bad
settings, a file that could not be read, or (`import`, `audit`) a server not reached, 130 stopped
by Ctrl-C: one line is printed, `interrupted`, or `interrupted: to continue, run ...` with the
command that resumes (`tournament round --bots`, `relay`).

## Numbers people read

The API and the match log count seats from 0 and a game's positions by version (the setup is
version 1, each line after it one more). What a person reads numbers them one way everywhere:
`frontier`'s text and messages, `watch`, the `replay` narrative, the web viewer, and the server's
refusals (a takeback's "step 3 drew at random", an adjudication's "got 2,3=4"):

- **seats from 1**: "seat 2", with the seat's name where the answer carries it ("seat 2 (Ann)");
  options that take a seat (`claim`, `reveal` and `reissue --seat`, `end-game --result`, `replay --seat`) take
  it so too;
- **steps as the narrative and the viewer number them**: version v is **step v - 1**, and version 1 is
  the setup (step 0). Options that take a step say so (`takeback ask --to-step`, `watch --from-step`).

Three things keep the API's numbers, named as such: `--json` output (seats 0-based, `version`
fields), options that take an API version (`fork --at`, `prove VERSION`, `watch --from-version`; the
answer adds the step: "at step 3 (version 4)"), and what points into a match log file (an audit's
"line 12 (version 11)", `relay`'s lines), which the reader checks against the file's `version` field.
"""


def render() -> str:
    parts = [INTRO]
    parser = build_parser()
    for name, command in _subcommands(parser):
        parts.extend(_command(f"frontier {name}", command, help_of(parser, name)))
    return "\n".join(parts)


def help_of(parser: argparse.ArgumentParser, name: str) -> str:
    for action in parser._actions:  # argparse keeps sub-command help only on its choices action
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                if choice.dest == name:
                    return choice.help or ""
    return ""


def _subcommands(parser: argparse.ArgumentParser) -> list[tuple[str, argparse.ArgumentParser]]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return list(action.choices.items())
    return []


def _command(title: str, parser: argparse.ArgumentParser, summary: str) -> list[str]:
    parser.prog = title
    parser.formatter_class = lambda prog: argparse.HelpFormatter(prog, width=WIDTH)
    lines = [f"## `{title}`", "", summary, "", "```", parser.format_usage().strip(), "```", ""]
    rows = [action for action in parser._actions if action.help != argparse.SUPPRESS]
    rows = [a for a in rows if not isinstance(a, (argparse._HelpAction, argparse._SubParsersAction))]
    if rows:
        lines += ["| argument | what |", "| --- | --- |"]
        for action in rows:
            name = ", ".join(action.option_strings) or action.metavar or action.dest
            what = (action.help or "").replace("|", "\\|") % {"default": action.default}
            lines.append(f"| `{name}` | {what} |")
        lines.append("")
    for name, sub in _subcommands(parser):
        lines.extend(_command(f"{title} {name}", sub, help_of(parser, name)))
    return lines


def main(argv: list[str] | None = None) -> int:
    check = "--check" in (argv if argv is not None else sys.argv[1:])
    text = render()
    if check:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if current != text:
            print(f"{OUT} is out of date: run python -m tools.cli_reference", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
