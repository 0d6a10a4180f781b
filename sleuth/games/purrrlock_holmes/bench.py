"""The deduction benchmark shown by ``sleuth bench purrrlock-holmes``.

For each of the 60 possible hidden cards: how many investigated cards the expert's question rule
(the most expected information, one card at a time, free choice among all 60 cards, only its own
answers) needs before a single candidate is left, i.e. before it can name both details. A second
figure restricts it to 2 of 4 random cards per turn, as in play (``..._from_hands``: 20 deals per
hidden card, seeded).

The best possible is computed, not quoted. A question policy is a binary tree whose leaves are the
60 cards, and its mean is the total leaf depth / 60. Whatever the first question, it splits the
cards 24 leads / 36 dead ends (every card is a lead for itself, the 11 other cards of its suspect
and the 12 cards of the other suspects within one hour). A binary tree with n leaves has total leaf
depth at least ``n*k + 2*(n - 2**k)`` (k = floor(log2 n)), so any policy needs at least
60 + bound(24) + bound(36) = 360 in total, a mean of 6.000, and a worst case of at least
1 + ceil(log2 36) = 7. ``optimal_tree`` searches (depth first, memoised) for a policy that meets
that bound exactly, which proves it is the optimum.
"""

from __future__ import annotations

import random
import time
from functools import cache

from .bots import best_question, split_entropy
from .cards import PurrrlockCards, bundled_cards


def path_bound(n: int) -> int:
    """The least total leaf depth of a binary tree with n leaves."""
    if n <= 1:
        return 0
    k = n.bit_length() - 1
    return n * k + 2 * (n - (1 << k))


def expert_questions(cards: PurrrlockCards, hidden: int) -> int:
    """Questions the expert's rule asks before one candidate is left, when ``hidden`` is the card."""
    mask = cards.all_mask
    asked = 0
    allowed = range(cards.card_count)
    while mask.bit_count() > 1:
        card = best_question(cards, mask, allowed)
        asked += 1
        if cards.is_lead(card, hidden):
            mask &= cards.lead_mask[card]
        else:
            mask &= ~cards.lead_mask[card]
    return asked


def expert_questions_from_hands(cards: PurrrlockCards, hidden: int, rng: random.Random) -> int:
    """The same count when, as in play, the expert can only ask 2 of 4 cards dealt at random (from
    the other 59) each turn, by the most joint information; it uses only its own answers."""
    mask = cards.all_mask
    asked = 0
    while mask.bit_count() > 1:
        others = [c for c in range(cards.card_count) if c != hidden]
        hand = rng.sample(others, 4)
        pair = max(
            ((a, b) for i, a in enumerate(hand) for b in hand[i + 1:]),
            key=lambda p: (split_entropy(cards, mask, p), -p[0], -p[1]),
        )
        pair = sorted(pair, key=lambda c: -split_entropy(cards, mask, (c,)))
        for card in pair:
            if mask.bit_count() <= 1:
                break
            asked += 1
            mask &= cards.lead_mask[card] if cards.is_lead(card, hidden) else ~cards.lead_mask[card]
    return asked


def optimal_tree(cards: PurrrlockCards, deadline: float) -> dict[int, int] | None:
    """Leaf depths (card -> questions) of a policy meeting the lower bound, or None if the search
    finds none (or runs past ``deadline``)."""
    leads = cards.lead_mask
    splits_cache: dict[int, list[int]] = {}

    def splits(mask: int) -> list[int]:
        out = splits_cache.get(mask)
        if out is None:
            seen = set()
            out = []
            for card in range(cards.card_count):
                part = mask & leads[card]
                if part and part != mask and part not in seen and (mask ^ part) not in seen:
                    seen.add(part)
                    out.append(part)
            splits_cache[mask] = out
        return out

    @cache
    def solve(mask: int) -> tuple | None:
        n = mask.bit_count()
        if n == 1:
            return ()
        if time.perf_counter() > deadline:
            return None
        need = path_bound(n) - n
        options = []
        for part in splits(mask):
            a = part.bit_count()
            if path_bound(a) + path_bound(n - a) == need:
                options.append(part)
        for part in options:
            left = solve(part)
            if left is None:
                continue
            right = solve(mask ^ part)
            if right is None:
                continue
            return (part, left, right)
        return None

    # the first question is never tight for 60 cards (24/36 is the only split there is), so it is
    # tried over every card; below it every subtree must meet its own bound
    tree = None
    for part in splits(cards.all_mask):
        left = solve(part)
        right = solve(cards.all_mask ^ part) if left is not None else None
        if left is not None and right is not None:
            tree = (part, left, right)
            break
    if tree is None:
        return None
    depths: dict[int, int] = {}

    def walk(mask: int, node: tuple, depth: int) -> None:
        if not node:
            depths[only(mask)] = depth
            return
        part, left, right = node
        walk(part, left, depth + 1)
        walk(mask ^ part, right, depth + 1)

    walk(cards.all_mask, tree, 0)
    return depths


def only(mask: int) -> int:
    return mask.bit_length() - 1


def deduction_benchmark(seconds: float = 20.0) -> dict[str, object]:
    cards = bundled_cards()
    counts = [expert_questions(cards, hidden) for hidden in range(cards.card_count)]
    rng = random.Random(2026)
    dealt = [expert_questions_from_hands(cards, hidden, rng) for _ in range(20) for hidden in range(cards.card_count)]
    first_split = cards.lead_mask[0].bit_count()
    n = cards.card_count
    bound_total = n + path_bound(first_split) + path_bound(n - first_split)
    start = time.perf_counter()
    depths = optimal_tree(cards, start + seconds)
    result: dict[str, object] = {
        "deduction_expert_mean": sum(counts) / len(counts),
        "deduction_expert_worst": max(counts),
        "deduction_expert_from_hands_mean": sum(dealt) / len(dealt),
        "deduction_expert_from_hands_worst": max(dealt),
        "deduction_lower_bound_mean": bound_total / n,
        "deduction_lower_bound_worst": 1 + (n - first_split - 1).bit_length(),
    }
    if depths is not None:
        result["deduction_best_mean"] = sum(depths.values()) / n
        result["deduction_best_worst"] = max(depths.values())
        result["deduction_best_search_s"] = time.perf_counter() - start
    else:
        result["deduction_best"] = "not found within the time limit; the lower bound stands"
    return result
