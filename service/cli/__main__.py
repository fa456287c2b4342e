"""`python -m service.cli`: the `frontier` command."""

from service.cli.main import main

raise SystemExit(main())
