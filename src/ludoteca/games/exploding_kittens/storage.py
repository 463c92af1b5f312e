"""The state's JSON, in words: card keys, phase names, seat lists instead of bitmasks.

Off the hot path (playouts copy states with ``clone``), so it can afford to read well. The
in-memory state keeps its flat integers; this module is the only place that translates them.
What each field holds is in docs/rules/exploding-kittens.md ("State JSON").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .cards import CODE, KEYS, NK
from .phases import ALTER, NO_PEND, PEND_FIVE, PEND_PAIR, PEND_TRIPLE, PHASE_NAMES, PHASE_OF, WINDOW

if TYPE_CHECKING:
    from .state import EKState

COMBOS: dict[int, str] = {PEND_PAIR: "pair", PEND_TRIPLE: "triple", PEND_FIVE: "five"}
COMBO_CODE: dict[str, int] = {name: code for code, name in COMBOS.items()}


def seats_of(mask: int, n: int) -> list[int]:
    return [q for q in range(n) if mask >> q & 1]


def pending_json(st: EKState) -> dict[str, Any] | None:
    """The card or combo on its way (None: nothing): the same words the views show."""
    pend = st.pend
    if pend < 0:
        return None
    return {
        "kind": "play" if pend < PEND_PAIR else COMBOS[pend],
        "player": st.cur,
        "card": KEYS[st.pcard] if st.pcard >= 0 else None,
        "wilds": st.pwilds,
        "picks": [KEYS[c] for c in st.picks],
        "target": st.ptarget,
        "name": KEYS[st.pname] if st.pname >= 0 else None,
        "nopes": st.nopes,
    }


def state_json(st: EKState) -> dict[str, Any]:
    return {
        "game": "exploding-kittens",
        "players": st.num_players,
        "options": st.options.model_dump(mode="json"),
        "rng": st.rng.to_json(),
        **tables_json(st),
    }


def tables_json(st: EKState) -> dict[str, Any]:
    """Everything but the players, options and generator: what the plain int and list
    attributes say (legacy.py hands it version 2's attributes, read from their old JSON)."""
    n = st.num_players
    limbo: dict[str, Any] | None = None
    if st.limbo >= 0:
        known: str | list[int] = "everyone" if st.lmask == -1 else seats_of(st.lmask, n)
        limbo = {"card": KEYS[st.limbo], "known_by": known}
    return {
        "phase": PHASE_NAMES[st.phase],
        "actors": list(st._actors),
        "current": st.cur,
        "direction": st.dir,
        "turns_owed": st.owed,
        "attacked": st.attacked,
        "turns": st.turns,
        "turns_by_seat": list(st.tturns),
        "alive": list(st.alive),
        "eliminated": list(st.out),
        "hands": [{KEYS[c]: k for c, k in enumerate(h) if k} for h in st.hands],
        # from the top (the next card drawn) down; known_by: the seats that know that slot
        "pile": [
            {"card": KEYS[st.pile[i]], "known_by": seats_of(st.pk[i], n)}
            for i in range(len(st.pile) - 1, -1, -1)
        ],
        "discard": [KEYS[c] for c in st.discard],
        "gone": [[KEYS[c] for c in g] for g in st.gone],
        # per observer, in the order learnt: the cards they know another seat holds
        "known_hands": [[{"seat": x >> 5, "card": KEYS[x & 31]} for x in k] for k in st.hk],
        "pending": pending_json(st),
        "window": (
            {
                "answered": seats_of(st.answered, n),
                "asked_nope": seats_of(st.wants, n),
            }
            if st.phase == WINDOW
            else None
        ),
        "alter": {"count": st.ak, "placed": st.ai} if st.phase == ALTER else None,
        "limbo": limbo,
    }


def _seat(x: Any, n: int) -> int:
    if type(x) is not int or not 0 <= x < n:
        raise ValueError(f"not a seat of a {n}-player game: {x!r}")
    return x


def _mask(seats: Any, n: int) -> int:
    m = 0
    for q in seats:
        m |= 1 << _seat(q, n)
    return m


def _card(key: Any) -> int:
    if not isinstance(key, str) or key not in CODE:
        raise ValueError(f"not a card: {key!r}")
    return CODE[key]


def _int(x: Any) -> int:
    if type(x) is not int:
        raise ValueError(f"not an integer: {x!r}")
    return x


def _per_seat(d: Mapping[str, Any], key: str, n: int) -> list[Any]:
    v = list(d[key])
    if len(v) != n:
        raise ValueError(f"{key} must have one entry per seat, not {len(v)}")
    return v


def load_state(st: EKState, d: Mapping[str, Any]) -> None:
    """Fill a fresh state (players, options and rng already set) from its JSON. Raises
    KeyError, TypeError or ValueError on anything it cannot read; the caller words the error."""
    n = st.num_players
    st.phase = PHASE_OF[d["phase"]]
    st._actors = tuple(_seat(q, n) for q in d["actors"])
    st.cur = _seat(d["current"], n)
    st.dir = _int(d["direction"])
    if st.dir not in (1, -1):
        raise ValueError(f"direction is 1 or -1, not {st.dir}")
    st.owed = _int(d["turns_owed"])
    st.attacked = bool(d["attacked"])
    st.turns = _int(d["turns"])
    st.tturns = [_int(x) for x in _per_seat(d, "turns_by_seat", n)]
    st.alive = [bool(x) for x in _per_seat(d, "alive", n)]
    st.alive_t = tuple(p for p in range(n) if st.alive[p])
    st.out = [_seat(q, n) for q in d["eliminated"]]
    hands = []
    for held in _per_seat(d, "hands", n):
        h = [0] * NK
        for key, k in dict(held).items():
            h[_card(key)] = _int(k)
        hands.append(h)
    st.hands = hands
    st.hn = [sum(h) for h in hands]
    top_first = list(d["pile"])
    st.pile = [_card(x["card"]) for x in reversed(top_first)]
    st.pk = [_mask(x["known_by"], n) for x in reversed(top_first)]
    st.discard = [_card(k) for k in d["discard"]]
    st.gone = [[_card(k) for k in g] for g in _per_seat(d, "gone", n)]
    st.hk = [
        [_seat(x["seat"], n) * 32 + _card(x["card"]) for x in k]
        for k in _per_seat(d, "known_hands", n)
    ]
    pend = d["pending"]
    if pend is None:
        st.pend = NO_PEND
    else:
        kind = pend["kind"]
        card = -1 if pend["card"] is None else _card(pend["card"])
        st.pend = card if kind == "play" else COMBO_CODE[kind]
        if st.pend < 0:
            raise ValueError("a pending play names its card")
        st.pcard = card
        st.pwilds = _int(pend["wilds"])
        st.picks = [_card(k) for k in pend["picks"]]
        st.ptarget = -1 if pend["target"] == -1 else _seat(pend["target"], n)
        st.pname = -1 if pend["name"] is None else _card(pend["name"])
        st.nopes = _int(pend["nopes"])
    window = d["window"]
    if window is not None:
        st.answered = _mask(window["answered"], n)
        st.wants = _mask(window["asked_nope"], n)
    alter = d["alter"]
    if alter is not None:
        st.ak = _int(alter["count"])
        st.ai = _int(alter["placed"])
    limbo = d["limbo"]
    if limbo is not None:
        st.limbo = _card(limbo["card"])
        known = limbo["known_by"]
        st.lmask = -1 if known == "everyone" else _mask(known, n)
