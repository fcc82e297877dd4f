"""The `citadels` command line: the top layer, above the environment, the agents and training. `main.py` parses the
arguments and dispatches to the commands in `games.py` (game, replay, fuzz, play) and `bots.py` (eval, agents, train).

    citadels --help
    python -m citadels_cli --help
"""
