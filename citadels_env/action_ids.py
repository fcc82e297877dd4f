"""The one check of an action id handed to an environment, shared by the AEC env and the Gymnasium wrapper.

Only exact integers in range are action ids: Python ints (not bool), numpy integer scalars and 0-d numpy integer
arrays (what `Discrete.sample()` and many libraries hand back). Anything else is refused with an error naming the
value and the valid range, before the environment changes: a negative id must not play an action counted from the
end of the table, nor a float or a string be truncated into some other action.
"""

from __future__ import annotations

import numpy as np

from .encoding import NUM_ACTIONS


def action_id(action: object, n: int = NUM_ACTIONS) -> int:
    """`action` as a plain int in [0, n): a ValueError if it is an integer out of range, a TypeError otherwise."""
    if type(action) is int:  # the common case, first and cheap
        if 0 <= action < n:
            return action
    elif _is_integer(action):
        action = int(action)
    else:
        shape = f" of shape {action.shape}" if isinstance(action, np.ndarray) else ""
        raise TypeError(f"an action id must be an integer from 0 to {n - 1} (int or numpy integer), got {action!r} "
                        f"({type(action).__name__}{shape})")
    if 0 <= action < n:
        return action
    raise ValueError(f"action id {action} is out of range: valid ids are 0 to {n - 1}")


def _is_integer(x: object) -> bool:
    """An exact integer other than a plain int: an int subclass but bool, a numpy integer, a 0-d integer array."""
    if isinstance(x, np.ndarray):
        return x.ndim == 0 and x.dtype.kind in "iu"
    return isinstance(x, np.integer) or (isinstance(x, int) and not isinstance(x, bool))
