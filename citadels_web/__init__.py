"""Browser play for citadels-env: `citadels serve` starts a local server with rooms, bots, a move timer, hints and
replays (docs/WEB.md). Above `agents` in the layers: it plays the core through the bots and the text module."""
