// Exploding Kittens: the pile, the discard, every player around the table, your hand.
import { h } from "../dom.js";
import { back, card, playerName, rest, zone } from "./common.js";

const COLOURS = {
  defuse: "#3c9d5d", exploding_kitten: "#222", nope: "#b3412e", attack: "#d9822b", targeted_attack: "#d9822b",
  triple_attack: "#d9822b", personal_attack: "#d9822b", skip: "#2e6fb7", super_skip: "#2e6fb7", reverse: "#2e6fb7",
  favor: "#8e44ad", shuffle: "#7f6a3a", draw_bottom: "#7f6a3a", see_future_3: "#c2185b", see_future_5: "#c2185b",
  alter_future_3: "#c2185b", alter_future_5: "#c2185b", swap_top_bottom: "#7f6a3a", bury: "#555",
};

function ekCard(ctx, key, opts = {}) {
  const name = ctx.w(`card.${key}`, {}, key);
  const colour = COLOURS[key] || (key.startsWith("cat_") ? "#b08d57" : "#666");
  const text = ctx.w(`card_text.${key}`, {}, "");
  const el = card(name, { cls: "ek", sub: text, title: text ? `${name}: ${text}` : name, ...opts });
  el.style.borderColor = colour;
  el.style.background = `linear-gradient(180deg, ${colour}22, #fff 60%)`;
  return el;
}

export function render(view, ctx) {
  const box = h("div", { class: "ek-table" });
  const n = view.players;
  // the players around the table
  box.append(h("ol", { class: "ek-players" }, Array.from({ length: n }, (_, i) => {
    const out = !view.alive[i];
    return h("li", { class: ["ek-player", i === view.current ? "current" : "", out ? "out" : "", i === ctx.seat ? "me" : ""].join(" ") },
      h("strong", {}, playerName(ctx, i)),
      h("span", {}, out ? ctx.w("ui.out") : `${view.hand_sizes[i]} ${ctx.w("ui.cards")}`),
      i === view.current && !out ? h("span", { class: "muted" }, `×${view.turns_owed}`) : null);
  })));
  const top = view.discard[view.discard.length - 1];
  box.append(h("div", { class: "row ek-middle" },
    h("div", { class: "zone" }, h("h3", {}, ctx.w("ui.pile")), back(view.pile_size),
      h("p", { class: "muted" }, `${view.pile_size} ${ctx.w("ui.cards")} · ${view.kittens_in_pile} ${ctx.w("ui.kittens")}`)),
    h("div", { class: "zone" }, h("h3", {}, ctx.w("ui.discard")), top ? ekCard(ctx, top) : h("div", { class: "card empty" }),
      h("p", { class: "muted" }, `${view.discard.length} ${ctx.w("ui.cards")}`)),
    view.limbo ? h("div", { class: "zone" }, h("h3", {}, ctx.w("ui.pending")), view.limbo === "hidden" ? back() : ekCard(ctx, view.limbo)) : null,
    h("div", { class: "zone" }, h("h3", {}, ctx.w("ui.direction")), h("span", { class: "big-arrow" }, view.direction > 0 ? "↻" : "↺"))));
  if (view.pending) {
    const p = view.pending;
    const what = p.card ? ctx.w(`card.${p.card}`, {}, p.card) : p.kind;
    box.append(h("p", { class: "ek-pending" }, `${ctx.w("ui.pending")}: ${playerName(ctx, p.player)} — ${what}`,
      p.target >= 0 ? ` → ${playerName(ctx, p.target)}` : "", p.nopes ? ` (Nope ×${p.nopes})` : ""));
  }
  if (view.known_pile?.length) {
    box.append(zone(ctx.w("ui.known"), view.known_pile.map(([pos, key]) => ekCard(ctx, key, { sub: `#${pos + 1}` }))));
  }
  if (view.hand) {
    box.append(zone(ctx.w("ui.hand"), view.hand.map((key) => {
      const name = ctx.w(`card.${key}`, {}, key);
      const usable = ctx.legal.some((a) => a.label.includes(name));
      return ekCard(ctx, key, { onclick: usable ? () => ctx.choose((_, label) => label.includes(name)) : undefined });
    })));
  }
  if (view.known_hands?.length) {
    box.append(h("p", { class: "muted" }, `${ctx.w("ui.known_hands")}: `,
      view.known_hands.map(([p, key]) => `${playerName(ctx, p)}: ${ctx.w(`card.${key}`, {}, key)}`).join(" · ")));
  }
  box.append(rest(view, ["game", "players", "seat", "actors", "current", "direction", "turns_owed", "turns", "alive", "hand_sizes", "discard", "pile_size", "kittens_in_pile", "pending", "limbo", "hand", "known_pile", "known_hands", "eliminated", "gone", "turns_by_seat", "attacked"]) || "");
  return box;
}
