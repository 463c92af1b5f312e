"""Hidden information: hands, the deck's order, the Temples under the pile tops."""

import json
import random

from ludoteca.games.coatl import GAME
from ludoteca.games.coatl.actions import DrawProphecy, StopTaking
from ludoteca.games.coatl.names import PROPHECY_IDS, TEMPLE_IDS
from ludoteca.games.coatl.state import CoatlState

from .helpers import started


def dump(x: object) -> str:
    return json.dumps(x, sort_keys=True)


def midgame(seed: int, n: int = 3, steps: int = 80) -> CoatlState:
    s = GAME.new_game(n, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            break
        p = s.actors[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    assert isinstance(s, CoatlState)
    return s


def test_view_hides_other_hands_and_shows_own() -> None:
    s = started(3)
    v = s.view(1)
    assert v["players"][1]["hand"] == [PROPHECY_IDS[t] for t in s.players[1].hand]
    assert v["players"][1]["temples"] == [TEMPLE_IDS[t] for t in s.players[1].temples]
    for q in (0, 2):
        assert "hand" not in v["players"][q] and "temples" not in v["players"][q]
        assert v["players"][q]["hand_size"] == len(s.players[q].hand)
    assert "deck" not in v and v["deck_size"] == len(s.deck)
    spectator = s.view(None)
    assert all("hand" not in pl for pl in spectator["players"])


def test_changing_what_p_cannot_see_leaves_view_p_unchanged() -> None:
    """Property: other hands, deck order and the Temples under the tops are invisible to p."""
    for seed in range(15):
        s = midgame(seed)
        for p in range(s.num_players):
            before = dump(s.view(p))
            t = s.clone()
            # swap a card between another hand and the deck, reorder the deck and the piles
            other = (p + 1) % s.num_players
            if t.players[other].hand and t.deck:
                a = t.players[other].hand.pop()
                t.players[other].hand.append(t.deck.pop(0))
                t.players[other].hand.sort()
                t.deck.insert(0, a)
            t.deck.reverse()
            for pile in t.piles:
                if len(pile) > 2:
                    pile[0], pile[1] = pile[1], pile[0]
            if t.players[other].temples and len(t.piles[0]) > 1:
                x = t.players[other].temples.pop()
                t.players[other].temples.append(t.piles[0].pop(0))
                t.piles[0].insert(0, x)
            assert dump(t.view(p)) == before


def test_determinize_keeps_what_p_knows_and_redeals_the_rest() -> None:
    s = midgame(3, n=4)
    for p in range(4):
        d = s.determinize(p, random.Random(1))
        assert d.players[p].hand == s.players[p].hand
        assert d.players[p].temples == s.players[p].temples
        assert d.display == s.display and d.discard == s.discard
        for q in range(4):
            assert len(d.players[q].hand) == len(s.players[q].hand)
        assert [pile[-1] for pile in d.piles if pile] == [pile[-1] for pile in s.piles if pile]
        assert len(d.deck) == len(s.deck)
        d.check_invariants()


def test_a_deck_draw_is_told_only_to_the_drawer() -> None:
    s = started(3)
    s.players[0].hand = s.players[0].hand[:1]
    events = s.apply(0, DrawProphecy())
    s.apply(0, StopTaking())
    public = [e for e in events if e.kind == "drew_prophecy"]
    private = [e for e in events if e.kind == "drew_prophecy_own"]
    # the table (spectators too) learns that a card was drawn, never which one
    assert public and "prophecy" not in public[0].data and public[0].visible_to(None)
    assert private and private[0].to == frozenset({0}) and "prophecy" in private[0].data


def test_explanations_never_name_hidden_cards() -> None:
    s = started(2)
    from ludoteca.games.coatl.actions import AttachProphecy

    other = s.players[1].hand[0]
    msg = s.explain_illegal(0, AttachProphecy(0, other))
    assert "not in your hand" in msg or "not allowed" in msg
    assert str(s.players[1].hand) not in msg


def test_determinizations_can_always_be_played_on() -> None:
    """What the rules reveal about a hand holds in every re-deal: a Coatl closed with no card
    beside it proves a fitting Prophecy in hand; a Temple choice with no fitting pile top proves
    a fitting Temple in hand."""
    from ludoteca.games.coatl.assembly import closed_coatl
    from ludoteca.games.coatl.phases import Phase

    rng = random.Random(9)
    checked = 0
    for seed in range(40):
        s = GAME.new_game(2 + seed % 3, seed)
        while not s.is_over:
            p = s.actors[0]
            tight = s.phase == Phase.TEMPLE or (
                s.phase == Phase.ASSEMBLY and closed_coatl(s.players[p]) >= 0
            )
            if tight:
                for q in range(s.num_players):
                    for k in range(3):
                        d = s.determinize(q, random.Random(k))
                        assert d.legal_actions(p), (seed, q, k)
                        d.check_invariants()
                checked += 1
            s.apply(p, rng.choice(s.legal_actions(p)))
    assert checked > 20
