"""The command line's commands, one module each (the cards group with its subcommands):
pysolver/cli.py lists them, and imports a command's module only when the command is invoked,
listed (--help) or completed (issue 16: a run builds the one command it runs)."""
