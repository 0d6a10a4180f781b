"""Small hand-made cards and states for the Case Connection tests."""

from __future__ import annotations

from dataclasses import replace

from sleuth.games.case_connection.cards import CaseCards, Lead, Thread, load_cards
from sleuth.games.case_connection.rules import PHASE_PLAY, CaseState

NAMES = (("F", "forensic"), ("W", "witness"), ("C", "cyber"))


def thread(tid: str, pattern: str, bonus: str | None = None) -> Thread:
    """``pattern`` gives the edges top, right, bottom, left as F/W/C or '-' for none."""
    return Thread(tid, tuple(None if c == "-" else c for c in pattern), bonus)


def lead(lid: str, top: str = "", right: str = "", bottom: str = "", left: str = "", points: int = 3) -> Lead:
    return Lead(lid, points, (tuple(top), tuple(right), tuple(bottom), tuple(left)))


def mini_cards(threads: list[Thread], leads: list[Lead]) -> CaseCards:
    real = load_cards()
    return CaseCards(
        symbols=("F", "W", "C"),
        names=NAMES,
        leads=tuple(leads),
        threads=tuple(threads),
        locations=real.locations,
        proofs_each=real.proofs_each,
        universal=real.universal,
        bonus_point_tokens=real.bonus_point_tokens,
        target_points=real.target_points,
    )


def with_bonuses(cards: CaseCards, bonuses: dict[str, str | None]) -> CaseCards:
    """``cards`` with some threads' bonus icons changed (thread id -> bonus kind or None): a rule
    about bonuses is tested on the threads that show it best, whatever the card file gives them."""
    return replace(cards, threads=tuple(replace(t, bonus=bonuses.get(t.id, t.bonus)) for t in cards.threads),
                   lead_by_id={}, thread_by_id={})


def proofs(text: str = "") -> dict[str, int]:
    """'FFW' -> {'F': 2, 'W': 1, 'C': 0, 'U': 0}."""
    return {k: text.count(k) for k in "FWCU"}


def play_state(players: int = 2, seed: int = 1, cards: CaseCards | None = None) -> CaseState:
    """A real game past setup (every seat picked its first offered lead), in the play phase."""
    state = CaseState(cards or load_cards(), players, seed)
    while state.phase != PHASE_PLAY:
        seat = state.pending_seats()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state


def give(state: CaseState, seat: int, threads: list[str] = (), proof_text: str = "") -> None:
    """Move items from wherever they are (deck, locations, pile) into ``seat``'s play area."""
    for tid in threads:
        if tid in state.thread_deck:
            state.thread_deck.remove(tid)
        else:
            for spaces in state.loc_threads:
                if tid in spaces:
                    spaces[spaces.index(tid)] = None
                    break
            else:
                for other in state.hand_threads:
                    if tid in other:
                        other.remove(tid)
        state.hand_threads[seat].append(tid)
    state.hand_threads[seat].sort()
    kinds = state.cards.proof_kinds
    for code in proof_text:
        i = kinds.index(code)
        if code == "U":
            state.universal_supply -= 1
        elif state.pile[i] > 0:
            state.pile[i] -= 1
        else:
            for spaces in state.loc_proofs:
                if code in spaces:
                    spaces[spaces.index(code)] = None
                    break
        state.hand_proofs[seat][i] += 1
    state.check_invariants()


def set_lead(state: CaseState, seat: int, lead_id: str) -> None:
    """Swap ``seat``'s lead for ``lead_id`` (taken out of wherever it is)."""
    if lead_id in state.lead_deck:
        state.lead_deck.remove(lead_id)
    for s in range(state.players):
        if state.leads[s] == lead_id:
            state.leads[s] = None
    if state.leads[seat] is not None:
        state.lead_deck.append(state.leads[seat])
    state.leads[seat] = lead_id
    for s in range(state.players):
        if state.leads[s] is None and s != seat:
            state.leads[s] = state.lead_deck.pop(0)
    state.check_invariants()


def drain(state: CaseState, loc: int, keep: int = 1) -> None:
    """Leave only the first ``keep`` items at ``loc`` (the rest back in the thread deck and the pile)."""
    items = [("t", i) for i, t in enumerate(state.loc_threads[loc]) if t is not None]
    items += [("p", i) for i, p in enumerate(state.loc_proofs[loc]) if p is not None]
    for kind, i in items[keep:]:
        if kind == "t":
            state.thread_deck.append(state.loc_threads[loc][i])
            state.loc_threads[loc][i] = None
        else:
            state.pile[state.cards.symbols.index(state.loc_proofs[loc][i])] += 1
            state.loc_proofs[loc][i] = None
