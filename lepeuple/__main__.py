"""Command line: python -m lepeuple {scenario,simulate,bench,arena,play} …"""

from .cli import main

raise SystemExit(main())
