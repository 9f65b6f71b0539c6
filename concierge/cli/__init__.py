"""The command line: `concierge trips`, `export`, `import` and `context`, without Qt.

A second front-end on the same services as the window, for people who script and for
support. Every command is a `Command` (see `command`), found by name in `entry.COMMANDS`.
"""
