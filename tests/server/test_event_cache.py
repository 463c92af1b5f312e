"""The cache of event sentences hands each viewer exactly what describing the event afresh
would: never a sentence made for another viewer, in every game."""

from __future__ import annotations

import json
import random

import pytest

import ludoteca
from ludoteca.server import payloads


@pytest.mark.parametrize("game_id", [g.id for g in ludoteca.list_games()])
def test_cached_event_sentences_equal_fresh_ones_for_every_viewer(game_id: str) -> None:
    game = ludoteca.get_game(game_id)
    rng = random.Random(7)
    payloads._EVENTS.clear()
    for g in range(6):
        n_players = game.min_players + g % (game.max_players - game.min_players + 1)
        state = game.new_game(n_players, 100 + g)
        viewers: list[int | None] = [None, *range(n_players)]
        number = 0
        for _ in range(300):
            if not state.actors:
                break
            p = rng.choice(state.actors)
            events = state.apply(p, rng.choice(state.legal_actions(p)))
            # every viewer in turn, so a sentence cached for one would be served to the next
            for e in events:
                number += 1
                for lang in ("pt-BR", "en"):
                    for v in rng.sample(viewers, len(viewers)):
                        if not e.visible_to(v):
                            continue
                        cached = json.loads(payloads.event_text(game, number, e, lang, v))
                        assert cached == payloads.event_json(game, number, e, lang, v)
