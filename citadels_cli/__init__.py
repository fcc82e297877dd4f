"""The `citadels` command line: the top layer, above the environment, the agents and training. `main.py` parses the
arguments, checks every option before any work starts and dispatches to the commands in `games.py` (game, replay,
fuzz, play) and `bots.py` (eval, agents, train); `errors.py` turns a failure into one line on stderr (exit 2 for a bad
option, 1 for a runtime error, 130 for Ctrl-C; `--debug` adds the traceback).

    citadels --help
    python -m citadels_cli --help
"""
