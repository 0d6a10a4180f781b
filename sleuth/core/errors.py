"""Errors with a reason a person can read."""


class SleuthError(Exception):
    """Base of every error Sleuth raises on purpose."""


class IllegalAction(SleuthError):
    """An action the rules do not allow now. The state is unchanged when this is raised."""

    def __init__(self, reason: str, action: object = None, seat: int | None = None) -> None:
        self.reason = reason
        self.action = action
        self.seat = seat
        where = f"seat {seat}: " if seat is not None else ""
        what = f"{action}: " if action is not None else ""
        super().__init__(f"{where}{what}{reason}")


class ParseError(SleuthError):
    """A text form of an action or event that does not parse."""


class ReplayError(SleuthError):
    """A save file that cannot be read or no longer replays."""
