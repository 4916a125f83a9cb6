"""Command line: python -m lepeuple {scenario,simulate,bench,arena,play} …"""

from .tools.cli import main

raise SystemExit(main())
