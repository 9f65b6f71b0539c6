"""Entry point for frozen builds (PyInstaller needs a script, not a console_scripts entry).

The same entry as the installed `concierge`: `--version` and the commands work in the
frozen app too, and no command opens the window."""

from concierge.cli.entry import main

raise SystemExit(main())
