// Sala de Miaula: two rows of three numbered places, life, deck, hand and Canil of each player.
// Moves are picked on the board: a card of the hand, then a place or a creature; one or more
// of your creatures, then what they attack (a creature or the opponent's life); a creature,
// then the Canil or the Oficina; a creature's ability or item, then its target.
import { h } from "../dom.js";
import { back, card, numbered, playerName, rest, spot, zone } from "./common.js";

const ELEMENT_CLASS = { agua: "el-agua", ar: "el-ar", terra: "el-terra", fogo: "el-fogo" };
const NONE = 3; // the place number of "no target" (and of the opponent's life in an attack)

// names and rules texts come from the server's words (card.<id>, card.<id>.text); a card a
// table brought in its options that the data files do not know is shown by its id
const fromId = (id) => String(id).replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());

// an effect's target is an enemy place, except Purr-like effects that aim at an ally: the
// place that holds a creature on the enemy side is the enemy's, else the ally's
function targetKey(view, seat, t) {
  if (t === NONE) return null;
  const enemy = view.players[1 - seat]?.field?.[t];
  return enemy ? `enemy:${t}` : `own:${t}`;
}

/** The board components a move is made of (see select.js). */
export function picks(a, view, seat) {
  const tk = (t) => (view && seat !== null ? targetKey(view, seat, t) : `enemy:${t}`);
  const opt = (k) => (k ? [k] : []);
  switch (a.type) {
    case "play_creature": return [`hand:${a.card}`];
    case "play_item": return [`hand:${a.card}`, `own:${a.slot}`];
    case "play_spell": return [`hand:${a.card}`, ...opt(tk(a.target))];
    case "attack": return [...a.attackers.map((s) => `own:${s}`), a.target === NONE ? "life" : `enemy:${a.target}`];
    case "use_ability": return [`ability:${a.slot}`, ...opt(tk(a.target))];
    case "use_item": return [`item:${a.slot}`, ...opt(tk(a.target))];
    case "go_to_canil": return [`own:${a.slot}`, "canil"];
    case "go_to_oficina": return [`own:${a.slot}`, "oficina"];
    case "end_turn": return ["end_turn"];
    default: return null;
  }
}

export function keyLabel(k, view, ctx) {
  const [kind, r] = k.split(":");
  const w = ctx.w;
  if (kind === "hand") return w(`card.${r}`, {}, fromId(r));
  const side = kind === "enemy" ? 1 - ctx.seat : ctx.seat;
  if (kind === "own" || kind === "enemy" || kind === "ability" || kind === "item") {
    const c = view.players[side]?.field?.[Number(r)];
    const what = c ? w(`card.${c.card}`, {}, fromId(c.card)) : w("ui.empty");
    return `${what} (${Number(r) + 1})`;
  }
  if (kind === "life") return `♥ ${view.players[1 - ctx.seat]?.life ?? ""}`;
  if (kind === "canil") return w("ui.canil");
  if (kind === "oficina") return "Oficina";
  return undefined;
}

function creature(ctx, view, c, seat, slot) {
  const mine = seat === ctx.seat;
  const side = mine ? "own" : "enemy";
  const place = `${slot + 1}`;
  if (!c) {
    return h("div", { class: "place-box", "data-key": `place-${seat}-${slot}` },
      h("span", { class: "place-no" }, place),
      spot(`${side}:${slot}`, `${ctx.w("ui.empty")} (${place})`, { cls: "card empty place" }, h("small", {}, ctx.w("ui.empty"))));
  }
  const name = ctx.w(`card.${c.card}`, {}, fromId(c.card));
  const text = ctx.w(`card.${c.card}.text`, {}, "");
  const item = c.item ? ctx.w(`card.${c.item}`, {}, fromId(c.item)) : "";
  const badges = [
    c.status && c.status !== "healthy" ? h("span", { class: `badge st-${c.status}` }, ctx.w(`status.${c.status}`)) : null,
    c.oficina ? h("span", { class: "badge" }, ctx.w("ui.oficina")) : null,
    c.item ? h("span", { class: "badge item" }, `+ ${item}`) : null,
    h("span", { class: "badge soft" }, c.acted ? ctx.w("ui.acted") : ctx.w("ui.ready")),
  ];
  const title = [`${name} (${place})`, text, c.item ? `+ ${item}: ${ctx.w(`card.${c.item}.text`, {}, "")}` : "", ctx.w(`status.${c.status}`)].filter(Boolean).join("\n");
  const body = h("button", { type: "button", class: `card creature ${c.status}`, "data-pick": `${side}:${slot}`, "data-key": `cr-${seat}-${slot}-${c.card}`, title, "aria-label": title },
    h("span", { class: "big" }, name),
    h("small", {}, ctx.w(`card.${c.card}.stats`, {}, "")),
    h("span", { class: "badges" }, badges));
  const extra = mine ? [
    spot(`ability:${slot}`, `✦ ${name}`, { cls: "small-spot", title: `${name}: ${text}` }, "✦"),
    c.item ? spot(`item:${slot}`, `+ ${item}`, { cls: "small-spot" }, "+") : null,
  ] : [];
  return h("div", { class: "place-box", "data-key": `place-${seat}-${slot}` }, h("span", { class: "place-no" }, place), body, h("div", { class: "row" }, extra));
}

export function render(view, ctx) {
  const box = h("div", { class: "sala" });
  const terrainName = ctx.w(`terrain.${view.terrain}`, {}, fromId(view.terrain || ""));
  box.append(h("p", {}, h("span", { class: `terrain ${ELEMENT_CLASS[view.terrain_element] || ""}` },
    `${ctx.w("ui.terrain")}: ${terrainName}`),
  " ", h("span", { class: "muted" }, `${ctx.w("ui.turn")} ${view.turn} · ${playerName(ctx, view.current)}`)));
  if (view.current === ctx.seat) {
    box.append(h("p", { class: "muted" }, ctx.w("ui.played", {
      creature: view.played_creature ? ctx.w("ui.yes") : ctx.w("ui.no"),
      other: view.played_other ? ctx.w("ui.yes") : ctx.w("ui.no"),
      actions: view.actions_spent,
    })));
  }
  // the opponent on top, you below
  const order = ctx.seat === null ? [0, 1] : [1 - ctx.seat, ctx.seat];
  for (const i of order) {
    const p = view.players[i];
    const mine = i === ctx.seat;
    const life = mine || ctx.seat === null
      ? h("span", { class: "life" }, `♥ ${p.life}`)
      : h("button", { type: "button", class: "life spot", "data-pick": "life", "data-key": "enemy-life", "aria-label": `${ctx.w("ui.life")} ${playerName(ctx, i)}: ${p.life}` }, `♥ ${p.life}`);
    const sec = h("section", { class: `sala-player ${mine ? "me" : ""}`, "data-key": `player-${i}` },
      h("h3", {}, playerName(ctx, i), " ", life,
        h("span", { class: "muted" }, ` · ${ctx.w("ui.deck")} ${p.deck_count} · ${ctx.w("ui.hand")} ${p.hand_count}`)));
    sec.append(h("div", { class: "row field" }, p.field.map((c, slot) => creature(ctx, view, c, i, slot))));
    if (mine) {
      sec.append(h("div", { class: "row" },
        spot("canil", `${ctx.w("ui.canil")} (${p.canil?.length || 0})`, { cls: "zone-spot" }),
        spot("oficina", "Oficina", { cls: "zone-spot" })));
    }
    if (p.hand) {
      const keys = numbered(p.hand);
      sec.append(zone(ctx.w("ui.hand"), p.hand.map((id, k) => {
        const name = ctx.w(`card.${id}`, {}, fromId(id));
        const text = ctx.w(`card.${id}.text`, {}, "");
        return card(name, { cls: "hand", sub: text, title: `${name}\n${text}`, pick: `hand:${id}`, key: `hand-${keys[k]}` });
      })));
    } else if (p.hand_count) {
      sec.append(zone(ctx.t("hand"), Array.from({ length: p.hand_count }, (_, k) => h("span", { "data-key": `back-${k}` }, back()))));
    }
    if (p.canil?.length) sec.append(h("p", { class: "muted" }, `${ctx.w("ui.canil")}: ${p.canil.map((id) => ctx.w(`card.${id}`, {}, fromId(id))).join(", ")}`));
    box.append(sec);
  }
  box.append(rest(view, ["seat", "turn", "current", "terrain", "terrain_element", "played_creature", "played_other", "actions_spent", "players", "over"]) || "");
  return box;
}
