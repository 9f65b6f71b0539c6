"""Entry point for frozen builds (PyInstaller needs a script, not a console_scripts entry)."""

from concierge.app import main

raise SystemExit(main())
