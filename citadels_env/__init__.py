"""citadels-env: the card game Citadels (2016 edition) as a rules engine and a reinforcement-learning environment."""

__version__ = "0.1.0"


def __getattr__(name: str):
    """`citadels_env.env`, `citadels_env.raw_env` and `citadels_env.citadels_v0` load the environment (numpy,
    gymnasium, pettingzoo) on first use, so that the rules core imports without them."""
    if name in ("env", "raw_env"):
        from . import aec

        return getattr(aec, name)
    if name == "citadels_v0":
        import importlib

        return importlib.import_module(".citadels_v0", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
