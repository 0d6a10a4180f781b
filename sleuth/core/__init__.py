"""Game-agnostic, pure pieces every engine, bot and table stands on.

Nothing here imports pygame or pymunk.
"""

from sleuth.core.engine import GameState, Observation, Outcome
from sleuth.core.errors import IllegalAction, SleuthError
from sleuth.core.values import Action, Event, Value, ValueCodec

__all__ = [
    "Action",
    "Event",
    "GameState",
    "IllegalAction",
    "Observation",
    "Outcome",
    "SleuthError",
    "Value",
    "ValueCodec",
]
