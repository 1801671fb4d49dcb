"""Subcommands of `python -m bot`; each module has `add_arguments(parser)` and `run(args) -> int`."""
