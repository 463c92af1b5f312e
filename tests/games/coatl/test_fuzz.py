"""Random games: every game ends, keeps the invariants, and its final turns are the rule's."""

import random

from ludoteca.games.coatl import GAME

DEFAULT_GAMES = 150  # --fuzz-games N for a deep run


def test_random_games_keep_invariants_and_end(fuzz_games: int | None) -> None:
    rng = random.Random(44)
    total = fuzz_games or DEFAULT_GAMES
    reasons = set()
    for i in range(total):
        n = 2 + i % 3
        opts = {"sacrifice_tokens": i % 4 != 3, "reduced_bodies": i % 5 == 0}
        s = GAME.new_game(n, 500 + i, opts)
        final_actions: dict[int, int] = {}
        end_seen = ""
        while not s.is_over:
            p = s.actors[0]
            ending = bool(s.end)
            a = rng.choice(s.legal_actions(p))
            before_left = s.actions_left
            s.apply(p, a)
            s.check_invariants()
            if ending:
                end_seen = s.end
                # count whole actions: actions_left went down, or the turn passed on
                if s.is_over or s.actors[0] != p or s.actions_left < before_left:
                    final_actions[p] = final_actions.get(p, 0) + 1
        r = s.result()
        reasons.add(r.reason)
        assert len(r.scores) == n and r.details["turns"] == s.turns
        if end_seen == "coatl":
            t = s.trigger
            want = {q: 2 for q in range(t + 1, n)} | {q: 1 for q in range(t)}
            assert final_actions == want, (i, t, final_actions)
    assert "third_coatl" in reasons
