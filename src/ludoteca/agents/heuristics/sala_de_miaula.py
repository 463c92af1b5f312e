"""A rule-based Sala de Miaula player: reads only its view and its legal actions.

One decision at a time, in this order of preference: hit the opponent's life when the way is
clear; change the terrain when it sweeps more enemy cats than own; put the best creature down;
equip an item; cast a spell that pays off now; defeat enemies with the smallest group of
attackers that is enough (an attack that defeats nothing does nothing); use abilities; send a
fainted cat to the Canil only to make room; otherwise end the turn. It never sends a healthy
cat away, so a defender stays on the table.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, SeatHandle
from ...games.sala_de_miaula.cards import CardSpec
from ..base import Agent

OPPOSITE = {"agua": "fogo", "fogo": "agua", "ar": "terra", "terra": "ar"}
LIFE = 3
NO_TARGET = 3


class HeuristicAgent(Agent):
    name = "heuristic"

    def __init__(self, seed: int = 0, aggression: float = 1.0) -> None:
        super().__init__(seed)
        self.aggression = float(aggression)
        self._pool: dict[str, Any] | None = None
        self._source: dict[str, Any] | None = None  # the view's definitions _pool was read from
        self._terrains: dict[str, Any] = {}

    # -- reading the view ---------------------------------------------------------------------
    def _cards(self, handle: SeatHandle, v: dict[str, Any]) -> dict[str, Any]:
        """The match's own card definitions (custom numbers included), from the view; read
        again only when the view's definitions are another object (another match)."""
        src = v["cards"]
        if src is not self._source:
            self._pool = {cid: CardSpec.model_validate(d) for cid, d in src.items()}
            self._source = src
            game: Any = handle.game
            self._terrains = game.terrain_pool()
        assert self._pool is not None
        return self._pool

    def _atk(self, c: dict[str, Any], terrain_el: str) -> int:
        cards = self._pool or {}
        spec = cards[c["card"]]
        v: int = spec.attack + (cards[c["item"]].attack if c.get("item") else 0)
        return v + (1 if spec.element == terrain_el else 0)

    def _life(self, c: dict[str, Any]) -> int:
        cards = self._pool or {}
        v: int = cards[c["card"]].life + (cards[c["item"]].life if c.get("item") else 0)
        return v

    def _reduce(self, c: dict[str, Any]) -> int:
        cards = self._pool or {}
        out = 0
        for k in (c["card"], c.get("item")):
            if k and cards[k].passive == "reduce":
                out += int(cards[k].passive_params.get("amount", 0))
        return out

    def _value(self, c: dict[str, Any], terrain_el: str) -> float:
        spec = (self._pool or {})[c["card"]]
        bonus = 1.5 if spec.ability else 0.0
        return self._atk(c, terrain_el) + self._life(c) + bonus

    def _needed(self, c: dict[str, Any]) -> int:
        """Damage needed to defeat c (or to spend its Sete Vidas)."""
        return self._life(c) + self._reduce(c)

    def _kill_value(self, c: dict[str, Any], terrain_el: str) -> float:
        """What defeating c is worth; burning an unused Sete Vidas is worth half."""
        spec = (self._pool or {})[c["card"]]
        half = spec.passive == "lives" and not c.get("lives_used")
        return self._value(c, terrain_el) * (0.5 if half else 1.0)

    # -- choosing -----------------------------------------------------------------------------
    def act(self, handle: SeatHandle) -> Action:
        legal = handle.legal_actions()
        if len(legal) == 1:
            return legal[0]
        v = handle.view()
        cards = self._cards(handle, v)
        me, them = v["players"][handle.player], v["players"][1 - handle.player]
        tel = v["terrain_element"]
        by_type: dict[str, list[Any]] = {}
        for a in legal:
            by_type.setdefault(a.TYPE, []).append(a)
        end = by_type["end_turn"][0]

        # 1. the way to the opponent's life is clear
        life_hits = [a for a in by_type.get("attack", []) if getattr(a, "target", 0) == LIFE]
        if life_hits:
            return max(life_hits, key=lambda a: self._atk(me["field"][a.attackers[0]], tel))

        # 2. terrain spells that sweep more of them than of us
        best_terrain, best_gain = None, 0.5
        for a in by_type.get("play_spell", []):
            spec = cards[a.card]
            if spec.effect != "terrain":
                continue
            el = self._terrains[spec.params["terrain"]].element
            bad = OPPOSITE[el]
            gain = sum(
                self._value(c, tel) for c in them["field"] if c and cards[c["card"]].element == bad
            )
            gain -= sum(
                self._value(c, tel) for c in me["field"] if c and cards[c["card"]].element == bad
            )
            gain -= 2 * sum(
                1 for h in me["hand"] if cards[h].type == "creature" and cards[h].element == bad
            )
            gain += 2 * sum(
                1
                for h in me["hand"]
                if cards[h].type == "creature" and cards[h].element == OPPOSITE[tel]
            )
            if gain > best_gain:
                best_terrain, best_gain = a, gain
        if best_terrain is not None:
            return best_terrain

        # 3. the best creature into a free place
        plays = by_type.get("play_creature", [])
        if plays:
            return max(plays, key=lambda a: self._value({"card": a.card}, tel))

        # 4. spells that pay off now
        spell = self._good_spell(by_type.get("play_spell", []), me, them, tel)
        if spell is not None:
            return spell

        # 5. an item on the creature that uses it best
        items = by_type.get("play_item", [])
        free_hands = [
            a for a in items if me["field"][a.slot] and not me["field"][a.slot].get("item")
        ]
        if free_hands:
            return max(
                free_hands,
                key=lambda a: self._value(me["field"][a.slot], tel) + self.rng.random() * 0.1,
            )

        # 6. defeat enemies with as little as possible
        kill = self._best_kill(by_type.get("attack", []), me, them, tel)
        if kill is not None:
            return kill

        # 7. abilities and item actions
        for kind in ("use_ability", "use_item"):
            choice = self._good_ability(by_type.get(kind, []), kind, me, them, tel)
            if choice is not None:
                return choice

        # 8. make room: a fainted cat leaves when a creature waits in the hand
        if any(cards[h].type == "creature" for h in me["hand"]) and not v["played_creature"]:
            for a in by_type.get("go_to_canil", []):
                c = me["field"][a.slot]
                if c["status"] == "fainted":
                    return a
        # 9. the Oficina, when an item waits in the Canil
        if any(cards[x].type == "item" for x in me["canil"]):
            for a in by_type.get("go_to_oficina", []):
                c = me["field"][a.slot]
                if not c.get("item"):
                    return a
        # 10. chip damage is wasted (damage never builds up), so the turn ends
        return end

    def _good_spell(
        self, spells: list[Any], me: dict[str, Any], them: dict[str, Any], tel: str
    ) -> Action | None:
        cards = self._pool or {}
        best, score = None, 0.0
        for a in spells:
            spec = cards[a.card]
            t = a.target
            e = spec.effect
            target = them["field"][t] if t < 3 else None
            s = 0.0
            if e == "damage" and target and spec.params["amount"] >= self._needed(target):
                s = self._value(target, tel)
            elif e == "scare" and target:
                s = self._value(target, tel) * 0.8
            elif e == "status" and target and target["status"] == "healthy":
                s = self._atk(target, tel) * (1.2 if spec.params["status"] == "fainted" else 0.7)
            elif e == "heal" and me["life"] <= 15 - spec.params["amount"]:
                s = spec.params["amount"]
            elif e == "draw" and me["deck_count"] > 6:
                s = 2.5
            elif e == "cure_all":
                s = sum(3 for c in me["field"] if c and c["status"] != "healthy")
            elif e == "damage_all":
                s = sum(
                    self._value(c, tel)
                    for c in them["field"]
                    if c and spec.params["amount"] >= self._needed(c)
                )
            if s > score:
                best, score = a, s
        return best

    def _best_kill(
        self, attacks: list[Any], me: dict[str, Any], them: dict[str, Any], tel: str
    ) -> Action | None:
        best, score = None, 0.0
        for a in attacks:
            t = a.target
            target = them["field"][t]
            dmg = sum(self._atk(me["field"][i], tel) for i in a.attackers)
            if dmg < self._needed(target):
                continue
            # fewest attackers, then least wasted damage
            s = (
                self._kill_value(target, tel) * 10
                - 8 * len(a.attackers)
                - (dmg - self._needed(target))
            )
            if s > score:
                best, score = a, s
        return best

    def _good_ability(
        self, uses: list[Any], kind: str, me: dict[str, Any], them: dict[str, Any], tel: str
    ) -> Action | None:
        cards = self._pool or {}
        best, score = None, 0.0
        for a in uses:
            c = me["field"][a.slot]
            src = cards[c["card"]] if kind == "use_ability" else cards[c["item"]]
            t = a.target
            e = src.effect
            target = them["field"][t] if t < 3 else None
            s = 0.0
            if e == "status" and target and target["status"] != "fainted":
                if src.params["status"] == "fainted" or target["status"] == "healthy":
                    s = self._atk(target, tel)
            elif e == "scare" and target:
                s = self._value(target, tel) * 0.7
            elif e == "damage" and target:
                s = (
                    self._value(target, tel)
                    if src.params["amount"] >= self._needed(target)
                    else 0.5
                )
            elif e == "hammer" and target:
                s = (3.0 if target.get("item") else 0.5) + (
                    self._value(target, tel) if src.params["amount"] >= self._needed(target) else 0
                )
            elif e == "damage_all":
                s = 0.5 + sum(
                    self._value(x, tel)
                    for x in them["field"]
                    if x and src.params["amount"] >= self._needed(x)
                )
            elif e == "purr":
                if t < 3:
                    s = 3.0
                elif me["life"] <= 13:
                    s = 1.5
            elif e == "heal" and me["life"] <= 13:
                s = 1.5
            elif e in ("revive", "spring"):
                s = 2.0
            elif e == "draw" and me["deck_count"] > 6:
                s = 1.0
            if s > score:
                best, score = a, s
        return best
