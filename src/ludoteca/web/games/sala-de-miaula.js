// Sala de Miaula: two rows of three places, life, deck, hand and Canil of each player.
import { h } from "../dom.js";
import { back, card, playerName, rest, zone } from "./common.js";

const ELEMENT_COLOURS = { agua: "#2e6fb7", ar: "#8fb8c9", terra: "#8a6d3b", fogo: "#d35400" };
// names and rules texts come from the server's words (card.<id>, card.<id>.text); a card a
// table brought in its options that the data files do not know is shown by its id
const fromId = (id) => id.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());
let words = null;
const cardName = (id) => (words ? words(`card.${id}`, {}, fromId(id)) : fromId(id));
const cardText = (id) => (words ? words(`card.${id}.text`, {}, "") : "");
const cardStats = (id) => (words ? words(`card.${id}.stats`, {}, "") : "");

function creature(ctx, c, seat, slot) {
  if (!c) {
    const can = ctx.legal.some((a) => a.action.slot === slot && seat === ctx.seat);
    return h("div", { class: `card empty place ${can ? "clickable" : ""}` }, h("small", {}, ctx.w("ui.empty")));
  }
  const targeted = ctx.legal.some((a) => a.action.target === slot && seat !== ctx.seat);
  const el = card(cardName(c.card), {
    cls: `creature ${c.status}`,
    title: [cardName(c.card), cardText(c.card), c.item ? `+ ${cardName(c.item)}: ${cardText(c.item)}` : ""].filter(Boolean).join("\n"),
    sub: [cardStats(c.card), ctx.w(`status.${c.status}`), c.item ? `+ ${cardName(c.item)}` : "", c.acted ? ctx.w("ui.acted") : ctx.w("ui.ready")].filter(Boolean).join(" · "),
    onclick: seat === ctx.seat
      ? ctx.legal.some((a) => a.action.slot === slot || (a.action.attackers || []).includes(slot)) ? () => ctx.choose((a) => a.slot === slot || (a.attackers || []).includes(slot)) : undefined
      : targeted ? () => ctx.choose((a) => a.target === slot && a.type !== "play_item") : undefined,
  });
  return el;
}

export function render(view, ctx) {
  words = ctx.w;
  const box = h("div", { class: "sala" });
  const terrain = h("span", { class: "terrain", style: `background:${ELEMENT_COLOURS[view.terrain_element] || "#999"}` },
    `${ctx.w("ui.terrain")}: ${ctx.w(`terrain.${view.terrain}`, {}, fromId(view.terrain || ""))}`);
  box.append(h("p", {}, terrain, " ", h("span", { class: "muted" }, `${ctx.w("ui.turn")} ${view.turn} · ${playerName(ctx, view.current)}`)));
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
    const sec = h("section", { class: `sala-player ${i === ctx.seat ? "me" : ""}` },
      h("h3", {}, playerName(ctx, i), " ", h("span", { class: "life" }, `♥ ${p.life}`),
        h("span", { class: "muted" }, ` · ${ctx.w("ui.deck")} ${p.deck_count} · ${ctx.w("ui.hand")} ${p.hand_count}`)));
    sec.append(h("div", { class: "row field" }, p.field.map((c, slot) => creature(ctx, c, i, slot))));
    if (p.hand) {
      sec.append(zone(ctx.w("ui.hand"), p.hand.map((id) => {
        const can = ctx.legal.some((a) => a.action.card === id);
        return card(cardName(id), { cls: "hand", sub: cardText(id), title: `${cardName(id)}\n${cardText(id)}`, onclick: can ? () => ctx.choose((a) => a.card === id) : undefined });
      })));
    } else if (p.hand_count) {
      sec.append(zone(ctx.t("hand"), Array.from({ length: p.hand_count }, () => back())));
    }
    if (p.canil?.length) sec.append(h("p", { class: "muted" }, `${ctx.w("ui.canil")}: ${p.canil.map(cardName).join(", ")}`));
    box.append(sec);
  }
  box.append(rest(view, ["seat", "turn", "current", "terrain", "terrain_element", "played_creature", "played_other", "actions_spent", "players", "over"]) || "");
  return box;
}
