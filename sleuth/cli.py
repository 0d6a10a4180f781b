"""The ``sleuth`` command: no arguments opens the app; subcommands for matches, speed and checks."""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Sequence
from pathlib import Path

# before anything imports pygame: its banner must not open the output (``--json`` is only JSON)
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from sleuth import __version__


def _parse_options(pairs: Sequence[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise argparse.ArgumentTypeError(f"--option expects KEY=VALUE, got {pair!r}")
        options[key.strip()] = value.strip()
    return options


#: the most games one match may ask for (a week of CPU for the slowest bots; more is a typo)
MAX_GAMES = 10_000_000
MAX_JOBS = 256


class _Parser(argparse.ArgumentParser):
    """argparse, with every refusal as one line on stderr and exit code 2."""

    def error(self, message: str):  # type: ignore[override]
        self.exit(2, f"{self.prog}: {message}\n")


def _whole(lo: int, hi: int):
    """An argparse type: a whole number from ``lo`` to ``hi``, else a one-line refusal."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expects a whole number, got {text!r}") from None
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"must be from {lo:,} to {hi:,}, got {value:,}")
        return value

    return parse


def _amount(lo: float, hi: float):
    """An argparse type: a finite number above ``lo`` and at most ``hi``."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expects a number, got {text!r}") from None
        if not (math.isfinite(value) and lo < value <= hi):
            raise argparse.ArgumentTypeError(f"must be more than {lo:g} and at most {hi:g}, got {text}")
        return value

    return parse


def build_parser() -> argparse.ArgumentParser:
    from sleuth.core.registry import game_ids

    parser = _Parser(
        prog="sleuth",
        description="Sleuth: four detective deduction card games. Run with no arguments to play.",
    )
    parser.add_argument("--version", action="version", version=f"sleuth {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    match = sub.add_parser("match", help="play seeded bot games and report win rates")
    match.add_argument("game", choices=game_ids(), metavar="GAME", help=f"one of: {', '.join(game_ids())}")
    match.add_argument("--players", "-p", type=_whole(1, 99),
                       help="number of players (default: the game's minimum)")
    match.add_argument("--seats", help="comma-separated bot kinds per seat, e.g. expert,basic (default: all expert)")
    match.add_argument("--games", "-g", type=_whole(1, MAX_GAMES), default=100,
                       help="number of games (default 100)")
    match.add_argument("--seed", type=_whole(0, 2**63 - 1), default=0,
                       help="seed of game 0; game k uses seed+k (default 0)")
    match.add_argument("--jobs", "-j", type=_whole(1, MAX_JOBS), default=1,
                       help="worker processes (default 1)")
    match.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE", help="game option")
    match.add_argument("--rotate", action="store_true", help="rotate seat kinds each game (seats swapped)")
    match.add_argument("--budget-ms", type=_amount(0, 600_000), default=100.0,
                       help="bot thinking budget per decision")
    match.add_argument("--json", action="store_true", help="print one JSON object on stdout")

    bench = sub.add_parser("bench", help="engine speed (random playouts, clone) or 'ui' frame time")
    bench.add_argument("game", metavar="GAME",
                       help=f"one of: {', '.join(game_ids())}; ui (frame time); idle (CPU of a resting app); "
                            "stutter (longest frame while bots think); memory (peak of the app and its bot worker)")
    bench.add_argument("--seconds", type=_amount(0, 3600), default=3.0, help="time to spend (default 3)")
    bench.add_argument("--players", type=_whole(1, 99), help="player count (default: the game's maximum)")
    bench.add_argument("--frames", type=_whole(1, 1_000_000), default=240,
                       help="frames to draw per moment for 'ui' (default 240)")
    bench.add_argument("--thread", action="store_true", help="'stutter': bots on a thread (the old way)")
    bench.add_argument("--json", action="store_true", help="print one JSON object on stdout")

    validate = sub.add_parser("validate", help="check card data files (all bundled data by default)")
    validate.add_argument("files", nargs="*", metavar="FILE", help="YAML files to check")

    sub.add_parser("selftest", help="headless check that every scene and game runs (used by the executable)")

    replay = sub.add_parser("replay", help="watch a saved game (a save or replay file) on its table")
    replay.add_argument("file", metavar="FILE", help="a replay or save file (JSON)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return _dispatch(parser, args)
    except BrokenPipeError:  # `sleuth match ... --json | head`: the reader left; no traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _dispatch(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.command is None:
        return _run_app()
    if args.command == "match":
        return _cmd_match(parser, args)
    if args.command == "bench":
        return _cmd_bench(parser, args)
    if args.command == "validate":
        return _cmd_validate(args.files)
    if args.command == "replay":
        return _cmd_replay(args.file)
    if args.command == "selftest":
        from sleuth.selftest import run_selftest

        return run_selftest()
    parser.error(f"unknown command {args.command}")
    return 2


def _run_app() -> int:
    from sleuth.ui.app import run_app

    return run_app()


def _cmd_match(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from sleuth.ai.match import run_match
    from sleuth.core.registry import get

    spec = get(args.game)
    players = args.players if args.players is not None else spec.min_players
    if not spec.min_players <= players <= spec.max_players:
        parser.error(f"{spec.name} is for {spec.player_range} players, not {players}")
    if args.seats:
        kinds = [k.strip() for k in args.seats.split(",") if k.strip()]
        if len(kinds) == 1:
            kinds = kinds * players
    else:
        kinds = [spec.default_bot] * players
    if len(kinds) != players:
        parser.error(f"--seats names {len(kinds)} seats but --players is {players}")
    unknown = [k for k in kinds if k not in spec.bots]
    if unknown:
        parser.error(f"{spec.id} has no bot {unknown[0]!r}; bots: {', '.join(spec.bots)}")
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        options = spec.resolve_options(_parse_options(args.option))
    except (argparse.ArgumentTypeError, ValueError) as exc:
        parser.error(str(exc))
    result = run_match(
        spec.id,
        players,
        kinds,
        args.games,
        seed=args.seed,
        options=options,
        jobs=args.jobs,
        rotate=args.rotate,
        budget_s=args.budget_ms / 1000,
        progress=sys.stderr.isatty(),
    )
    summary = result.summary()
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        _print_summary(summary)
    return 1 if summary["errors"] else 0


def _print_summary(s: dict) -> None:
    print(f"{s['game']}: {s['games']} games, {s['players']} players, seats {','.join(s['seats'])}, seed {s['seed']}")
    if s["options"]:
        print("options: " + ", ".join(f"{k}={v}" for k, v in s["options"].items()))
    if "team_win_rate" in s:
        lo, hi = s["team_win_ci95"]
        print(f"team win rate: {s['team_win_rate']:.1%} (95% CI {lo:.1%}-{hi:.1%})")
    for seat, (rate, (lo, hi), score) in enumerate(
        zip(s["win_rate_by_seat"], s["win_ci95_by_seat"], s["mean_score_by_seat"], strict=True)
    ):
        print(f"  seat {seat} ({s['seats'][seat]}): wins {rate:.1%} ({lo:.1%}-{hi:.1%}), mean score {score:.2f}")
    if s["rotate"]:
        for kind, rate in s["win_rate_by_kind"].items():
            lo, hi = s["win_ci95_by_kind"][kind]
            print(f"  {kind}: wins {rate:.1%} of its seat-games ({lo:.1%}-{hi:.1%})")
    print(f"mean actions per game: {s['mean_actions']:.1f}")
    for key, value in s["mean_stats"].items():
        print(f"mean {key}: {value:.2f}")
    for kind, t in s["decision_ms"].items():
        print(f"decision ms ({kind}): mean {t['mean']:.2f}, p95 {t['p95']:.2f}, max {t['max']:.2f}")
    for reason, count in list(s["reasons"].items())[:6]:
        print(f"  {count:6d} x {reason}")
    if s["errors"]:
        print(f"{len(s['errors'])} games crashed (seeds: {', '.join(str(e['seed']) for e in s['errors'])})")


def _cmd_bench(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.game == "ui":
        from sleuth.ui.bench import bench_ui

        result = bench_ui(frames=args.frames)
    elif args.game == "idle":
        from sleuth.ui.bench import bench_idle

        result = bench_idle(seconds=args.seconds)
    elif args.game == "memory":
        from sleuth.ui.bench import bench_memory

        result = bench_memory()
    elif args.game == "stutter":
        from sleuth.ui.bench import bench_stutter

        result = bench_stutter(seconds_per_game=args.seconds, bot_process=not args.thread)
    else:
        from sleuth.ai.bench import bench_engine
        from sleuth.core.registry import UnknownGame, get

        try:
            spec = get(args.game)
        except UnknownGame as exc:
            parser.error(str(exc))
        if args.players is not None and not spec.min_players <= args.players <= spec.max_players:
            parser.error(f"{spec.name} is for {spec.player_range} players, not {args.players}")
        result = bench_engine(spec.id, args.seconds, args.players)
        if spec.bench_extra is not None:
            result.update(spec.bench_extra(args.seconds))
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        for key, value in result.items():
            print(f"{key}: {value:,.2f}" if isinstance(value, float) else f"{key}: {value}")
    return 0


def _cmd_replay(file: str) -> int:
    """Open the app on a recorded game; a file that is not one is refused in one line."""
    from sleuth.core import replay as rp
    from sleuth.core.errors import ReplayError
    from sleuth.core.review import Review

    try:
        if not Path(file).is_file() or Path(file).stat().st_size > 20_000_000:
            raise ReplayError("it is not a replay file (not a file, or far too large)")
        replay, _ = rp.from_json(Path(file).read_bytes().decode("utf-8", errors="replace"))
        review = Review(replay)
    except (ReplayError, OSError) as exc:
        print(f"sleuth replay: {file}: {exc}", file=sys.stderr)
        return 2
    from sleuth.ui.app import run_app
    from sleuth.ui.scenes.replay import ReplayScene

    return run_app(lambda app: ReplayScene(app, review, file_name=Path(file).stem))


def _cmd_validate(files: Sequence[str]) -> int:
    from sleuth.data.validate import validate_files

    messages = validate_files([Path(f) for f in files] if files else None)
    for message in messages:
        print(message, file=sys.stderr)
    if messages:
        return 2
    print("all card data and tutorials are valid")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.exit(main())
