"""Small helpers for move-log wording shared by the game tables."""

from __future__ import annotations

_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}


def says(name: str, verb: str) -> str:
    """``Watson plays`` but ``You play``: a seat may be named You (the default human name)."""
    if name.lower() == "you":
        if verb in _IRREGULAR:
            verb = _IRREGULAR[verb]
        elif verb.endswith(("shes", "ches", "sses", "xes", "zes")):
            verb = verb[:-2]
        elif verb.endswith("ies") and len(verb) > 4:
            verb = verb[:-3] + "y"
        elif verb.endswith("s"):
            verb = verb[:-1]
    return f"{name} {verb}"


def possessive(name: str) -> str:
    """``Watson's`` but ``your`` (for a seat named You)."""
    if name.lower() == "you":
        return "your"
    return f"{name}'" if name.endswith("s") else f"{name}'s"
