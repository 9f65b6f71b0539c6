"""The command line, without Qt: a second front-end on the window's services, for people who
script and for support. Every command is a `Command`, listed in `entry.commands()`."""
