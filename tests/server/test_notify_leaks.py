"""Issue 21, item 5: a "your turn" notification carries no hidden information, as a property:
for many random positions of every game, the push payload and the email built for a seat that
owes a decision hold no string that only another seat's view holds (a card in another hand, a
secret choice) (server/notify/payload.py, mail.py)."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludoteca.engine import GameState, get_game
from ludoteca.engine.registry import game_ids
from ludoteca.server.config import Settings
from ludoteca.server.notify.mail import compose
from ludoteca.server.notify.models import MailChoiceRow
from ludoteca.server.notify.payload import push_payload
from ludoteca.server.notify.store import Waiting
from ludoteca.server.turn_hook import deciders

TABLE = "T4bleX"
SHORTEST = 4  # shorter strings ("a", "no") would be found in any sentence by chance


def strings(view: Any) -> set[str]:
    """Every string in a view (values, not keys: the keys are the view's public shape)."""
    out: set[str] = set()
    stack = [view]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            out.add(v)
        elif isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list | tuple):
            stack.extend(v)
    return out


def hidden_from(state: GameState, seat: int) -> set[str]:
    """What other seats' views hold that this seat's view and the public view do not."""
    known = strings(state.view(seat)) | strings(state.view(None))
    others = set().union(*(strings(state.view(q)) for q in range(state.num_players) if q != seat))
    return {s for s in others - known if len(s) >= SHORTEST}


def random_position(game_id: str, seed: int, steps: int) -> GameState:
    game = get_game(game_id)
    rng = random.Random(seed)
    state = game.new_game(rng.randint(game.min_players, game.max_players), seed)
    for _ in range(steps):
        if state.is_over:
            break
        p = rng.choice(state.actors)
        state.apply(p, rng.choice(state.legal_actions(p)))
    return state


def sent_for(game_id: str, seat: int, lang: str) -> str:
    """Everything a person gets for that seat: the push payload, the email's every line."""
    game = get_game(game_id)
    payload = json.dumps(push_payload(game, TABLE), ensure_ascii=False)
    choice = MailChoiceRow(
        account_id="acc",
        address="someone@example.org",
        enabled=True,
        lang=lang,
        unsubscribe_key="k" * 32,
    )
    waiting = [Waiting(TABLE, seat, game_id, datetime(2026, 12, 2, tzinfo=UTC))]
    mail = compose(choice, waiting, Settings(database_url="sqlite://", public_url="https://x.org"))
    return payload + "\n" + mail.as_string()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game_id=st.sampled_from(sorted(game_ids())),
    seed=st.integers(0, 2**31),
    steps=st.integers(0, 120),
    lang=st.sampled_from(["pt-BR", "en"]),
)
def test_no_notification_holds_what_another_seat_hides(
    game_id: str, seed: int, steps: int, lang: str
) -> None:
    state = random_position(game_id, seed, steps)
    for seat in state.actors:
        hidden = hidden_from(state, seat)
        text = sent_for(game_id, seat, lang)
        leaked = sorted(h for h in hidden if h in text)
        assert leaked == [], f"{game_id} seat {seat}: {leaked}"


def test_the_property_can_see_a_leak() -> None:
    """The check finds another seat's hidden strings when they are there (it is no blind
    check): positions where another seat hides something exist, and a text holding one is
    caught."""
    found = 0
    for game_id in sorted(game_ids()):
        for seed in range(5):
            state = random_position(game_id, seed, 10)
            for seat in state.actors:
                hidden = hidden_from(state, seat)
                if hidden:
                    found += 1
                    leak = sent_for(game_id, seat, "en") + next(iter(hidden))
                    assert any(h in leak for h in hidden)
    assert found > 0


def test_only_the_seats_that_owe_a_turn_are_told() -> None:
    """Who owes a turn (the notifier, the waiting list and on_turn): human seats among the
    actors, none during a reaction window."""

    class Seat:
        def __init__(self, kind: str) -> None:
            self.kind = kind

    class Table:
        status = "running"

        def __init__(self, state: GameState, kinds: list[str]) -> None:
            self.state = state
            self.seats = [Seat(k) for k in kinds]

    state = random_position("nine-domains", 1, 0)
    humans = Table(state, ["human"] * state.num_players)
    assert deciders(humans) == tuple(state.actors)  # type: ignore[arg-type]
    ais = Table(state, ["ai"] * state.num_players)
    assert deciders(ais) == ()  # type: ignore[arg-type]
