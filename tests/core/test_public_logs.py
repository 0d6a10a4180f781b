"""Every game's public view (handoff screens) hears of each hidden event without its secret."""

import pytest

from sleuth.core.registry import get
from tests.contract import check_public_log_is_redacted, random_playout


@pytest.mark.parametrize("game_id, players, options", [
    ("beyond-baker-street", 3, {"characters": "random"}),
    ("bakerstreet", 2, {}),
    ("purrrlock-holmes", 3, {}),
    ("case-connection", 3, {}),
])
def test_public_logs_carry_a_redacted_copy_of_every_hidden_event(game_id, players, options):
    spec = get(game_id)
    for seed in range(6):
        state, _ = random_playout(spec, players, seed, options, check_every=1000)
        check_public_log_is_redacted(state)
