// Exploding Kittens: the pile, the discard, every player around the table, your hand.
// Moves are picked on the board: a card of the hand (then a player, or a card to name), the
// pile to draw, the cats of a combo then Confirm, the place a defused kitten goes back to.
import { h } from "../dom.js";
import { back, card, numbered, playerName, rest, spot, zone } from "./common.js";

// Until the readable format lands (shape-ek), actions name cards by their place in
// data/cards.toml; the view already uses the keys. Only to read old-shaped actions.
const LEGACY_ORDER = ["defuse", "exploding_kitten", "nope", "attack", "targeted_attack", "triple_attack", "skip", "super_skip", "reverse", "favor", "shuffle", "draw_bottom", "see_future_3", "see_future_5", "alter_future_3", "alter_future_5", "swap_top_bottom", "bury", "personal_attack", "cat_black", "cat_white", "cat_grey", "cat_tabby", "cat_red", "cat_wild"];
const key = (c) => (typeof c === "number" ? LEGACY_ORDER[c] : c);

const KIND_CLASS = {
  defuse: "k-defuse", exploding_kitten: "k-bomb", nope: "k-nope", attack: "k-attack", targeted_attack: "k-attack",
  triple_attack: "k-attack", personal_attack: "k-attack", skip: "k-skip", super_skip: "k-skip", reverse: "k-skip",
  favor: "k-favor", shuffle: "k-deck", draw_bottom: "k-deck", see_future_3: "k-future", see_future_5: "k-future",
  alter_future_3: "k-future", alter_future_5: "k-future", swap_top_bottom: "k-deck", bury: "k-deck",
};
// glyphs every system font has (no emoji: many machines draw them as boxes)
const ICON = {
  defuse: "✂", exploding_kitten: "☢", nope: "✖", attack: "⚔", targeted_attack: "◎", triple_attack: "⚔³", personal_attack: "⚔↺",
  skip: "»", super_skip: "»»", reverse: "⇄", favor: "♥", shuffle: "≈", draw_bottom: "↧", see_future_3: "◉³", see_future_5: "◉⁵",
  alter_future_3: "✎³", alter_future_5: "✎⁵", swap_top_bottom: "⇅", bury: "▼",
};

/** The board components a move is made of (see select.js). */
export function picks(a) {
  const c = key(a.card);
  switch (a.type) {
    case "draw": return ["pile"];
    case "play": return [`hand:${c}`];
    case "pair":
    case "triple":
    case "five_same": {
      const n = { pair: 2, triple: 3, five_same: 5 }[a.type];
      const w = a.wilds || 0;
      return { keys: [...Array(n - w).fill(`hand:${c}`), ...Array(w).fill("hand:cat_wild")], confirm: true };
    }
    case "five_start": return ["five"];
    case "five_pick": return [`hand:${c}`];
    case "give": return [`hand:${c}`];
    case "target": return [`player:${a.player}`];
    case "name": return [`name:${c}`];
    case "take": return [`discard:${c}`];
    case "alter_pick": return [`future:${c}`];
    case "defuse": return [`defuse:${a.position}`];
    case "bury_at": return [`bury_at:${a.position}`];
    case "pass": return ["pass"];
    case "nope": return ["nope"];
    default: return null;
  }
}

/** What the bar asks for when a decision is not an ordinary turn. */
export function hint(view, legal, t) {
  const types = new Set(legal.map((a) => a.action.type));
  for (const k of ["target", "name", "give", "take", "alter_pick", "five_pick", "defuse"]) {
    if (types.has(k)) return t(`hint_${k}`);
  }
  return null;
}

export function keyLabel(k, view, ctx) {
  const [kind, rest_] = [k.split(":")[0], k.split(":").slice(1).join(":")];
  if (kind === "hand" || kind === "name" || kind === "discard" || kind === "future") return ctx.w(`card.${rest_}`, {}, rest_);
  if (kind === "player") return ctx.names?.[Number(rest_)] ?? rest_;
  if (kind === "defuse" || kind === "bury_at") return `${ctx.t("defuseAt")} ${Number(rest_) + 1}`;
  if (kind === "pile") return ctx.w("ui.pile");
  return undefined;
}

/** The reaction window the view says is open: which card, played by which seat. */
export function reacting(view) {
  if (view.phase !== "window" || !view.pending) return null;
  return { about: { card: view.pending.card, seat: view.pending.player } };
}

function ekCard(ctx, k, opts = {}) {
  const name = ctx.w(`card.${k}`, {}, k);
  const text = ctx.w(`card_text.${k}`, {}, "");
  const cls = KIND_CLASS[k] || (k.startsWith("cat_") ? `k-cat ${k}` : "");
  return card(`${ICON[k] || "✿"} ${name}`, { cls: `ek ${cls} ${opts.cls || ""}`, sub: opts.sub ?? text, title: text ? `${name}: ${text}` : name, pick: opts.pick, key: opts.key });
}

function timer(ctx) {
  if (!ctx.window) return null;
  return h("div", { class: "timer on-card", role: "timer", "aria-label": ctx.t("windowWaiting") }, h("span", { class: "timer-fill", "data-timer": "window" }),
    h("span", { class: "timer-text" }, ctx.window.seconds_left === null ? "" : h("span", { "data-timer-s": "window" }, `${Math.ceil(ctx.window.seconds_left)} s`)));
}

// where a card goes back into the pile (a defused kitten, a buried card), counted from 1
function defusePicker(ctx, view, type = "defuse") {
  const positions = ctx.legal.filter((a) => a.action.type === type).map((a) => a.action.position).sort((x, y) => x - y);
  if (!positions.length) return null;
  const top = positions[0];
  const bottom = positions[positions.length - 1];
  const help = ctx.t(type === "defuse" ? "defuseHelp" : "buryHelp", { n: bottom + 1 });
  const rnd = positions[Math.floor(Math.random() * positions.length)];
  const place = h("button", { type: "button", class: "primary", "data-pick": `${type}:${positions[Math.min(1, positions.length - 1)]}`, "data-key": "defuse-at", id: "defuse-at" }, ctx.t("defusePlace"));
  const select = h("select", { id: "defuse-pos", "aria-label": help, onchange: (e) => { place.dataset.pick = `${type}:${e.target.value}`; } },
    positions.map((p, i) => h("option", { value: p, selected: i === Math.min(1, positions.length - 1), "data-pick": `${type}:${p}` }, String(p + 1))));
  return h("div", { class: "defuse-picker", "data-key": "defuse-picker", role: "group", "aria-label": help },
    h("p", {}, help),
    h("div", { class: "row" },
      spot(`${type}:${top}`, ctx.t("defuseTop"), { key: "defuse-top" }),
      h("label", { class: "inline" }, h("span", {}, ctx.t("defuseAt")), select), place,
      spot(`${type}:${bottom}`, ctx.t("defuseBottom"), { key: "defuse-bottom" }),
      spot(`${type}:${rnd}`, ctx.t("defuseRandom"), { key: "defuse-random" })));
}

export function render(view, ctx) {
  const box = h("div", { class: "ek-table" });
  const n = view.players;
  // the players around the table: targets of an attack, a favor, a combo
  box.append(h("ol", { class: "ek-players" }, Array.from({ length: n }, (_, i) => {
    const out = !view.alive[i];
    return h("li", { "data-key": `player-${i}` }, h("button", {
      type: "button", class: ["ek-player", `seat-c${i % 10}`, i === view.current ? "current" : "", out ? "out" : "", i === ctx.seat ? "me" : ""].join(" "),
      "data-pick": `player:${i}`, "data-key": `pl-${i}`,
    },
    h("strong", {}, playerName(ctx, i)),
    h("span", {}, out ? ctx.w("ui.out") : ctx.t("cards", { n: view.hand_sizes[i] })),
    i === view.current && !out ? h("span", { class: "muted" }, `×${view.turns_owed}`) : null));
  })));
  const top = view.discard[view.discard.length - 1];
  const pileLabel = `${ctx.w("ui.pile")}: ${ctx.t("cards", { n: view.pile_size })}`;
  box.append(h("div", { class: "row ek-middle" },
    h("div", { class: "zone", "data-key": "pile-zone" }, h("h3", {}, ctx.w("ui.pile")),
      h("button", { type: "button", class: "card back pile", "data-pick": "pile", "data-key": "pile", "aria-label": pileLabel, title: pileLabel }, h("span", { class: "count" }, view.pile_size)),
      h("p", { class: "muted" }, ctx.t("kittens", { n: view.kittens_in_pile }))),
    h("div", { class: "zone", "data-key": "discard-zone" }, h("h3", {}, ctx.w("ui.discard")), top ? ekCard(ctx, top, { key: `discard-top-${view.discard.length}` }) : h("div", { class: "card empty" }),
      h("p", { class: "muted" }, ctx.t("cards", { n: view.discard.length }))),
    view.limbo ? h("div", { class: "zone", "data-key": "limbo" }, h("h3", {}, ctx.w("ui.pending")), view.limbo === "hidden" ? back() : ekCard(ctx, view.limbo)) : null,
    h("div", { class: "zone" }, h("h3", {}, ctx.w("ui.direction")), h("span", { class: "big-arrow", role: "img", "aria-label": view.direction > 0 ? ctx.w("ui.clockwise") : ctx.w("ui.counter") }, view.direction > 0 ? "↻" : "↺"))));
  if (view.pending) {
    const p = view.pending;
    const what = p.card ? ekCard(ctx, p.card, { key: `pending-${p.card}-${p.player}`, sub: "" }) : h("strong", {}, p.kind);
    box.append(h("div", { class: `ek-pending ${ctx.window ? "reacting" : ""}`, "data-key": "pending" },
      what,
      h("div", {},
        h("p", {}, `${playerName(ctx, p.player)}`, p.target >= 0 ? ` → ${playerName(ctx, p.target)}` : "", p.nopes ? ` (✖ ${ctx.w("card.nope")} ×${p.nopes})` : ""),
        timer(ctx))));
  }
  if (ctx.legal.some((a) => a.action.type === "defuse")) box.append(defusePicker(ctx, view) || "");
  if (ctx.legal.some((a) => a.action.type === "bury_at")) box.append(defusePicker(ctx, view, "bury_at") || "");
  if (ctx.legal.some((a) => a.action.type === "take")) {
    const seen = [...new Set(view.discard)];
    box.append(zone(ctx.w("ui.discard"), seen.map((k) => ekCard(ctx, k, { pick: `discard:${k}`, key: `take-${k}`, sub: "" }))));
  }
  if (view.known_pile?.length) {
    const alter = ctx.legal.some((a) => a.action.type === "alter_pick");
    box.append(zone(ctx.t("future"), view.known_pile.map(([pos, k]) => ekCard(ctx, k, { sub: `${pos + 1}`, pick: alter ? `future:${k}` : undefined, key: `future-${pos}-${k}` }))));
  }
  if (view.hand) {
    const keys = numbered(view.hand);
    box.append(zone(ctx.w("ui.hand"), view.hand.map((k, i) => ekCard(ctx, k, { pick: `hand:${k}`, key: `hand-${keys[i]}` }))));
  }
  if (view.known_hands?.length) {
    box.append(h("p", { class: "muted" }, `${ctx.w("ui.known_hands")}: `,
      view.known_hands.map(([p, k]) => `${playerName(ctx, p)}: ${ctx.w(`card.${k}`, {}, k)}`).join(" · ")));
  }
  box.append(rest(view, ["game", "players", "seat", "actors", "current", "direction", "turns_owed", "turns", "alive", "hand_sizes", "discard", "pile_size", "kittens_in_pile", "pending", "limbo", "hand", "known_pile", "known_hands", "eliminated", "gone", "turns_by_seat", "attacked", "phase", "window"]) || "");
  return box;
}
