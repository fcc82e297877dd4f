"""citadels-env: the card game Citadels (2016 edition) as a rules engine and a reinforcement-learning environment."""

__version__ = "0.1.0"
