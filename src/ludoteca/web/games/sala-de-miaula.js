// Sala de Miaula: two rows of three numbered places, life, deck, hand and Canil of each player.
// Moves are picked on the board: a card of the hand, then a place or a creature; one or more
// of your creatures, then what they attack (a creature or the opponent's life); a creature,
// then the Canil or the Oficina; a creature's ability or item, then its target.
import { h, svg } from "../dom.js";
import { t } from "../i18n.js";
import { back, numbered, playerName, rest, spot, zone } from "./common.js";

const ELEMENT_CLASS = { agua: "el-agua", ar: "el-ar", terra: "el-terra", fogo: "el-fogo" };
const NONE = 3; // the place number of "no target" (and of the opponent's life in an attack)

// names and rules texts come from the server's words (card.<id>, card.<id>.text); a card a
// table brought in its options that the data files do not know is shown by its id
const fromId = (id) => String(id).replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());

// whose place an effect's target is: the card data says it (card.<id>.aim: "own" = an ally, or
// your own life for "no target"; "enemy"); for "any", or a card the words do not know, the
// side that holds a creature in that place, the enemy's first
function targetKey(view, seat, t, aim) {
  if (t === NONE) return aim === "own" ? "own-life" : null;
  if (aim === "own") return `own:${t}`;
  if (aim === "enemy") return `enemy:${t}`;
  const enemy = view.players[1 - seat]?.field?.[t];
  return enemy ? `enemy:${t}` : `own:${t}`;
}

/** The board components a move is made of (see select.js). */
export function picks(a, view, seat, w) {
  const aimOf = (id) => (id && w ? w(`card.${id}.aim`, {}, "") : "");
  const tk = (t, id) => (view && seat !== null ? targetKey(view, seat, t, aimOf(id)) : `enemy:${t}`);
  const opt = (k) => (k ? [k] : []);
  const mine = (slot) => (view && seat !== null ? view.players[seat]?.field?.[slot] : null);
  switch (a.type) {
    case "play_creature": return [`hand:${a.card}`];
    case "play_item": return [`hand:${a.card}`, `own:${a.slot}`];
    case "play_spell": return [`hand:${a.card}`, ...opt(tk(a.target, a.card))];
    case "attack": return [...a.attackers.map((s) => `own:${s}`), a.target === NONE ? "life" : `enemy:${a.target}`];
    case "use_ability": return [`ability:${a.slot}`, ...opt(tk(a.target, mine(a.slot)?.card))];
    case "use_item": return [`item:${a.slot}`, ...opt(tk(a.target, mine(a.slot)?.item))];
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
  if (kind === "own-life") return `♥ ${view.players[ctx.seat]?.life ?? ""} (${w("ui.you")})`;
  if (kind === "canil") return w("ui.canil");
  if (kind === "oficina") return w("ui.workshop");
  return undefined;
}

// each element has a colour and a shape: water a drop, air three gusts, earth a mountain,
// fire a flame (so that it reads without colour too)
const ELEMENT_SHAPE = {
  agua: "M8 1 C11 6 14 8 14 11 A6 6 0 0 1 2 11 C2 8 5 6 8 1 Z",
  ar: "M1 5 H10 A2.5 2.5 0 1 0 7.5 2.5 M1 9 H13 A2.5 2.5 0 1 1 10.5 11.5 M1 13 H7",
  terra: "M1 14 L6 5 L9 9 L11 6 L15 14 Z",
  fogo: "M8 1 C10 5 14 7 13 11 C12 15 4 15 3 11 C2 8 5 7 6 4 C7 6 8 6 8 1 Z",
};

function elementIcon(ctx, e, size = 16) {
  if (!e || !ELEMENT_SHAPE[e]) return null;
  const name = ctx.w(`element.${e}`, {}, e);
  const stroke = e === "ar";
  return svg("svg", { class: "el-icon", viewBox: "0 0 16 16", width: size, height: size, role: "img", "aria-label": name },
    svg("title", {}, name), svg("path", { d: ELEMENT_SHAPE[e], class: stroke ? `el-line-${e}` : `el-fill-${e}` }));
}

// attack in a diamond, life in a heart, each with its number, and the element's shape between
// them (the card's accessible name says all three in words)
function stats(ctx, id, icon) {
  const atk = ctx.w(`card.${id}.atk`, {}, "");
  const life = ctx.w(`card.${id}.life`, {}, "");
  if (atk === "" || life === "") return null;
  const num = (x, y, v) => svg("text", { x, y, class: "stat-num" }, v);
  return h("span", { class: "stats", "aria-hidden": "true" },
    svg("svg", { class: "stat atk", viewBox: "0 0 24 24", width: 24, height: 24 }, svg("path", { d: "M12 1 L23 12 L12 23 L1 12 Z" }), num(12, 16.5, atk)),
    icon,
    svg("svg", { class: "stat life", viewBox: "0 0 24 24", width: 24, height: 24 }, svg("path", { d: "M12 22 C4 16 1 12 1 8 A5.5 5.5 0 0 1 12 5 A5.5 5.5 0 0 1 23 8 C23 12 20 16 12 22 Z" }), num(12, 15.5, life)));
}

const typeOf = (ctx, id) => ctx.w(`card.${id}.type`, {}, "");
// the rules text without what the drawing already shows (a creature's element, attack and life: the first three parts)
function bodyText(ctx, id) {
  const text = ctx.w(`card.${id}.text`, {}, "");
  return typeOf(ctx, id) === "creature" ? text.split(" · ").slice(3).join(" · ") : text;
}

/** A card drawn: a band in its element's (or its type's) colour with the name, its type, its
 * text, and a creature's attack, element and life. The element's shape sits with the numbers
 * rather than in the band, which leaves the name the band's whole width (so that the longest
 * word of a name fits a small card whole); a card without numbers keeps it in the band. */
export function face(ctx, id, { extra = [], small = false } = {}) {
  const name = ctx.w(`card.${id}`, {}, fromId(id));
  const type = typeOf(ctx, id);
  const el = ctx.w(`card.${id}.element`, {}, "");
  const text = bodyText(ctx, id);
  const icon = elementIcon(ctx, el, 16);
  const numbers = stats(ctx, id, icon);
  return [
    h("span", { class: `sala-band ${ELEMENT_CLASS[el] || `ty-${type}`}` }, numbers ? null : icon, h("span", { class: "sala-name" }, name)),
    type && !small ? h("small", { class: "sala-type" }, t(`type_${type}`)) : null,
    text && !small ? h("small", { class: "sala-text" }, text) : null,
    extra,
    numbers,
  ];
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
  const potion = c.item && ctx.w(`card.${c.item}.passive`, {}, "") === "potion";
  const courage = [c.card, c.item].some((x) => x && ctx.w(`card.${x}.passive`, {}, "") === "courage");
  const status = c.status && c.status !== "healthy" ? ctx.w(`status.${c.status}`) : "";
  const badges = [
    status ? h("span", { class: `badge st-${c.status}` }, c.status === "sick" ? "✚ " : c.status === "fainted" ? "z " : "", status) : null,
    potion ? h("span", { class: "badge st-potion", title: t("salaPotion") }, "⚗ ", ctx.w(`card.${c.item}`, {}, "")) : null,
    courage ? h("span", { class: "badge st-courage", title: t("salaCourage") }, "♛") : null,
    c.oficina ? h("span", { class: "badge" }, ctx.w("ui.oficina")) : null,
    h("span", { class: "badge soft" }, c.acted ? ctx.w("ui.acted") : ctx.w("ui.ready")),
  ];
  const held = c.item && !potion ? h("span", { class: "held" }, "+ ", item) : null;
  const title = [`${name} (${place})`, text, status,
    c.item ? `${t("salaHolds", { item })}: ${ctx.w(`card.${c.item}.text`, {}, "")}` : "",
    potion ? t("salaPotion") : "", courage ? t("salaCourage") : "",
    c.acted ? ctx.w("ui.acted") : ctx.w("ui.ready")].filter(Boolean).join("\n");
  const body = h("button", { type: "button", class: `card creature ${c.status}`, "data-pick": `${side}:${slot}`, "data-key": `cr-${seat}-${slot}-${c.card}`, "data-help": [`card.${c.card}`, c.item ? `card.${c.item}` : "", c.status && c.status !== "healthy" ? `status.${c.status}` : ""].filter(Boolean).join(" "), title, "aria-label": title },
    face(ctx, c.card, { small: true, extra: [h("span", { class: "badges" }, badges), held] }));
  const extra = mine ? [
    spot(`ability:${slot}`, `✦ ${name}`, { cls: "small-spot", title: `${name}: ${text}`, help: `icon.ability card.${c.card}` }, "✦"),
    c.item ? spot(`item:${slot}`, `+ ${item}`, { cls: "small-spot", title: `${item}: ${ctx.w(`card.${c.item}.text`, {}, "")}`, help: `icon.item card.${c.item}` }, "+") : null,
  ] : [];
  return h("div", { class: "place-box", "data-key": `place-${seat}-${slot}` }, h("span", { class: "place-no" }, place), body, h("div", { class: "row" }, extra));
}

/** A player's Canil (kennel), its cards drawn small with their whole names, newest last; on
 * your side the Canil and the Oficina (workshop) are the places a creature of yours can be
 * sent to. */
function kennel(ctx, p, seat, mine, oficina) {
  const pile = p.canil || [];
  const title = `${ctx.w("ui.canil")} (${pile.length})`;
  const keys = numbered(pile);
  const cards = pile.map((id, k) => {
    const name = ctx.w(`card.${id}`, {}, fromId(id));
    const text = ctx.w(`card.${id}.text`, {}, "");
    const label = [name, text].filter(Boolean).join("\n");
    return h("div", { class: "card kennel-card", role: "img", "aria-label": label, title: label, "data-key": `canil-${seat}-${keys[k]}`, "data-help": `card.${id}` }, face(ctx, id, { small: true }));
  });
  const head = mine
    ? spot("canil", title, { cls: "zone-spot", title: `${title}: ${ctx.w("ui.canil_help")}` })
    : h("h4", { class: "kennel-title" }, title);
  const workshop = mine && oficina ? spot("oficina", ctx.w("ui.workshop"), { cls: "zone-spot" }) : null;
  return h("div", { class: "kennel", "data-key": `kennel-${seat}` },
    h("div", { class: "row" }, head, workshop),
    cards.length ? h("div", { class: "row kennel-cards" }, cards) : null);
}

export function render(view, ctx) {
  const box = h("div", { class: "sala" });
  const terrainName = ctx.w(`terrain.${view.terrain}`, {}, fromId(view.terrain || ""));
  const terrainEl = view.terrain_element ? ctx.w(`element.${view.terrain_element}`, {}, view.terrain_element) : "";
  box.append(h("p", {}, h("span", { class: `terrain ${ELEMENT_CLASS[view.terrain_element] || ""}`, title: [terrainName, terrainEl].filter(Boolean).join(" · "), "data-help": `terrain.${view.terrain}`, tabindex: "0" },
    elementIcon(ctx, view.terrain_element, 16), ` ${ctx.w("ui.terrain")}: ${terrainName}`),
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
    const lifeLabel = `${ctx.w("ui.life")} ${playerName(ctx, i)}: ${p.life}`;
    const life = ctx.seat === null
      ? h("span", { class: "life" }, `♥ ${p.life}`)
      : h("button", { type: "button", class: "life spot", "data-pick": mine ? "own-life" : "life", "data-key": mine ? "own-life" : "enemy-life", title: lifeLabel, "aria-label": lifeLabel }, `♥ ${p.life}`);
    const sec = h("section", { class: `sala-player ${mine ? "me" : ""}`, "data-key": `player-${i}` },
      h("h3", {}, playerName(ctx, i), " ", life,
        h("span", { class: "muted" }, ` · ${ctx.w("ui.deck")} ${p.deck_count} · ${ctx.w("ui.hand")} ${p.hand_count}`)));
    sec.append(h("div", { class: "row field" }, p.field.map((c, slot) => creature(ctx, view, c, i, slot))));
    sec.append(kennel(ctx, p, i, mine, view.oficina));
    if (p.hand) {
      const keys = numbered(p.hand);
      sec.append(zone(ctx.w("ui.hand"), p.hand.map((id, k) => {
        const name = ctx.w(`card.${id}`, {}, fromId(id));
        const text = ctx.w(`card.${id}.text`, {}, "");
        const title = `${name}\n${text}`;
        return h("button", { type: "button", class: "card hand", "data-pick": `hand:${id}`, "data-key": `hand-${keys[k]}`, "data-help": `card.${id}`, title, "aria-label": title }, face(ctx, id));
      })));
    } else if (p.hand_count) {
      sec.append(zone(ctx.t("hand"), Array.from({ length: p.hand_count }, (_, k) => h("span", { "data-key": `back-${k}` }, back()))));
    }
    box.append(sec);
  }
  box.append(rest(view, ["seat", "turn", "current", "terrain", "terrain_element", "played_creature", "played_other", "actions_spent", "oficina", "players", "over"]) || "");
  return box;
}
