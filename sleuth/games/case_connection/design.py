"""Design checks for the card data, by solver and by simulation (docs/case-connection.md).

    python -m sleuth.games.case_connection.design [--games N] [--players P] [--seats K,K,...]

prints: every lead's reconstructability from the full deck (with and without universal tokens)
and the fewest threads it needs; then, over seeded bot games, per lead how often it was picked
when offered, how often completed, the turns it took and the points per turn; the share of points
from bonus tokens; universal tokens used; the game length; and the turn-order table: the win rate
by place in the turn order (the first player is random, so seat numbers do not show it) with
where an advantage would come from: who ends the game, wins on the final turn the rulebook gives
the earlier players, ties, the first pick of a replenished board, the first lead.

``--option setup=rulebook`` plays the rulebook's setup without Sleuth's balance rule.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter, defaultdict

from sleuth.ai.match import play_game
from sleuth.ai.stats import wilson
from sleuth.core.registry import get
from sleuth.games.case_connection.cards import load_cards
from sleuth.games.case_connection.grid import solve
from sleuth.games.case_connection.rules import (
    CaseState,
    Exchanged,
    LeadChosen,
    LeadsDrawn,
    Reconstructed,
    Refilled,
    Took,
    TurnEnded,
)


def reconstructability() -> list[str]:
    cards = load_cards()
    every = [t.id for t in cards.threads]
    lines = ["lead  points  icons  deck-only  fewest-threads  solve-ms"]
    for lead in cards.leads:
        start = time.perf_counter()
        plain = solve(cards, lead, every, {"F": 13, "W": 13, "C": 13, "U": 0})
        ms = (time.perf_counter() - start) * 1000
        fewest = len(plain[0]) if plain else "-"
        lines.append(f"{lead.id}   {lead.points:>4}  {lead.icon_count:>5}  {'yes' if plain else 'NO':>9}  "
                     f"{fewest!s:>14}  {ms:8.2f}")
    return lines


def simulate(players: int, seats: list[str], games: int, seed: int, options: dict) -> list[str]:
    spec = get("case-connection")
    cards = load_cards()
    finals = []

    def grab(state, seat, action):
        if state.is_over():
            finals.append(state)

    offered: Counter[str] = Counter()
    picked: Counter[str] = Counter()
    completed: Counter[str] = Counter()
    turns_to: defaultdict[str, list[int]] = defaultdict(list)
    points_total = bonus_points = 0
    universal_used = exchanges = 0
    rounds = []
    for g in range(games):
        kinds = seats[g % players:] + seats[: g % players]
        record = play_game(spec, kinds, options, seed + g, on_action=grab)
        if record.error:
            raise RuntimeError(record.error)
        state = finals[-1]
        held: dict[int, tuple[str, int]] = {}
        turn_count = [0] * players
        for e in state.log:
            if isinstance(e, LeadsDrawn) and e.leads is not None:
                offered.update(e.leads)
            elif isinstance(e, LeadChosen):
                picked[e.lead] += 1
                held[e.seat] = (e.lead, turn_count[e.seat])
            elif isinstance(e, TurnEnded):
                turn_count[e.seat] += 1
            elif isinstance(e, Reconstructed):
                completed[e.lead] += 1
                turns_to[e.lead].append(turn_count[e.seat] - held[e.seat][1] + 1)
                universal_used += sum(1 for p in e.proofs if p[4] == "U")
            elif isinstance(e, Exchanged):
                exchanges += 1
        points_total += sum(state.score(s) for s in range(players))
        bonus_points += sum(state.bonus_tokens)
        rounds.append(state.turns / players)
    lines = [f"{games} games, {players} players, seats {','.join(seats)}, options {options or 'rules'}"]
    lines.append("lead  points  offered  picked-when-offered  completed  turns-held  points/turn")
    for lead in cards.leads:
        o, p, c = offered[lead.id], picked[lead.id], completed[lead.id]
        t = sum(turns_to[lead.id]) / len(turns_to[lead.id]) if turns_to[lead.id] else 0.0
        rate = f"{p / o:6.1%}" if o else "   -  "
        lines.append(f"{lead.id}   {lead.points:>4}  {o:>7}  {rate:>19}  {c:>9}  {t:10.2f}  "
                     f"{(lead.points / t if t else 0):11.2f}")
    lines.append(f"bonus tokens: {bonus_points / max(1, points_total):.1%} of all points scored")
    lines.append(f"universal tokens placed in reconstructions: {universal_used / games:.2f} a game; "
                 f"exchanges {exchanges / games:.2f} a game")
    rounds.sort()
    lines.append(f"rounds (turns per player): mean {sum(rounds) / len(rounds):.2f}, "
                 f"median {rounds[len(rounds) // 2]:.1f}, min {rounds[0]:.1f}, max {rounds[-1]:.1f}")
    lines.append("")
    lines.extend(turn_order_lines(finals))
    return lines


def turn_order_lines(finals: list[CaseState]) -> list[str]:
    """The table by place in the turn order (1 = the first player), over finished games.

    Columns: wins (Wilson 95%); how often that place ended the game by reaching 9 and how often
    it then won; its mean final score; turns it played; the points of the lead it kept at setup
    and its own turns to the first reconstruction; its share of the first takes from a board just
    replenished. Below: wins taken on the final turn the rulebook gives the earlier players (a
    later player reached 9, an earlier one won) and ties at the top score."""
    games = len(finals)
    players = finals[0].players
    wins = [0.0] * players
    ended = [0] * players
    ended_won = [0.0] * players
    score = [0.0] * players
    turns = [0] * players
    first_lead = [0] * players
    first_done: list[list[int]] = [[] for _ in range(players)]
    fresh = [0] * players
    extra_turn_wins = tie_games = tie_first = 0.0
    for state in finals:
        out = state.outcome()
        share = 1 / len(out.winners)
        order = [state.turn_order(seat) - 1 for seat in range(players)]
        for w in out.winners:
            wins[order[w]] += share
        trigger = state.end_trigger
        if trigger is not None:
            ended[order[trigger]] += 1
            if trigger in out.winners:
                ended_won[order[trigger]] += share
            extra_turn_wins += sum(share for w in out.winners if order[w] < order[trigger])
        scores = [state.score(seat) for seat in range(players)]
        if scores.count(max(scores)) > 1:
            tie_games += 1
            tie_first += sum(share for w in out.winners if order[w] == 0)
        for seat in range(players):
            score[order[seat]] += scores[seat]
        own = [0] * players
        picked = [False] * players
        reconstructed = [False] * players
        after_refill = False
        for e in state.log:
            if isinstance(e, LeadChosen) and not picked[e.seat]:
                picked[e.seat] = True
                first_lead[order[e.seat]] += state.cards.lead(e.lead).points
            elif isinstance(e, TurnEnded):
                own[e.seat] += 1
            elif isinstance(e, Reconstructed) and not reconstructed[e.seat]:
                reconstructed[e.seat] = True
                first_done[order[e.seat]].append(own[e.seat] + 1)
            elif isinstance(e, Refilled) and e.reason != "setup":
                after_refill = True
            elif isinstance(e, Took) and after_refill:
                fresh[order[e.seat]] += 1
                after_refill = False
        for seat in range(players):
            turns[order[seat]] += own[seat]
    fresh_total = max(1, sum(fresh))
    lines = ["turn order | wins (95%) | ended the game | won when ending it | mean score | turns played | "
             "first lead points | own turns to first reconstruction | first take after a refill"]
    for k in range(players):
        lo, hi = wilson(wins[k], games)
        done = first_done[k]
        lines.append(
            f"{k + 1} | {wins[k] / games:.1%} ({lo:.1%}-{hi:.1%}) | {ended[k] / games:.1%} | "
            f"{ended_won[k] / max(1, ended[k]):.1%} | {score[k] / games:.2f} | {turns[k] / games:.2f} | "
            f"{first_lead[k] / games:.2f} | {sum(done) / max(1, len(done)):.2f} | {fresh[k] / fresh_total:.1%}")
    lines.append(f"won on the final turn after a later player reached 9: {extra_turn_wins / games:.1%} of games")
    lines.append(f"top score tied: {tie_games / games:.1%} of games; turn order 1 won "
                 f"{tie_first / max(1, tie_games):.1%} of those")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seats", default="basic")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--no-sim", action="store_true", help="only the solver checks")
    args = parser.parse_args(argv)
    print("\n".join(reconstructability()))
    if args.no_sim:
        return 0
    seats = [k.strip() for k in args.seats.split(",")]
    if len(seats) == 1:
        seats = seats * args.players
    options = dict(item.split("=", 1) for item in args.option)
    print()
    print("\n".join(simulate(args.players, seats, args.games, args.seed, options)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


def bench_solver(seconds: float) -> dict[str, float]:
    """Solver speed on random hands with the memo bypassed (``sleuth bench case-connection``)."""
    import random

    from sleuth.games.case_connection.grid import solve_keys, thread_keys

    cards = load_cards()
    rng = random.Random(1)
    times: list[float] = []
    found = 0
    deadline = time.perf_counter() + max(0.2, seconds * 0.3)
    search = solve_keys.__wrapped__
    while time.perf_counter() < deadline:
        lead = rng.choice(cards.leads)
        threads = thread_keys(cards, rng.sample([t.id for t in cards.threads], rng.randint(4, 16)))
        counts = tuple(rng.randint(0, 4) for _ in cards.proof_kinds[:-1]) + (rng.randint(0, 2),)
        start = time.perf_counter()
        if search(lead.sides, threads, cards.symbols, counts) is not None:
            found += 1
        times.append((time.perf_counter() - start) * 1e6)
    times.sort()
    return {
        "solver_hands": float(len(times)),
        "solver_solvable_share": found / len(times),
        "solver_us_mean": sum(times) / len(times),
        "solver_us_p95": times[int(0.95 * (len(times) - 1))],
        "solver_us_max": times[-1],
    }
