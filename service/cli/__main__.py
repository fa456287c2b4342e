"""`python -m service.cli`: the `frontier` command."""

from service.cli.entry import main

raise SystemExit(main())
