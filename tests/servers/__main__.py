"""Which binaries the test servers would use: `python -m tests.servers [--missing]`.

`--missing` prints the name of each server without a binary (`postgres`, `redis`), one a line, for
`scripts/provide-test-servers`; the exit status is 1 when any is missing.
"""

from __future__ import annotations

import argparse
import sys

from tests.servers.binaries import Binary, find_postgres, find_redis, source


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.servers", description=__doc__)
    parser.add_argument("--missing", action="store_true", help="print only the servers without a binary")
    args = parser.parse_args()
    try:
        found: dict[str, Binary | None] = {"postgres": find_postgres(), "redis": find_redis()}
    except ValueError as error:
        parser.error(str(error))
    for name, binary in found.items():
        if args.missing:
            if binary is None:
                print(name)
        else:
            where = "missing" if binary is None else f"{binary.path} ({binary.origin})"
            print(f"{name}: {where}")
    if not args.missing:
        print(f"source: {source()}")
    return 1 if None in found.values() else 0


if __name__ == "__main__":
    sys.exit(main())
