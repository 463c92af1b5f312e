// Exploding Kittens: the pile, the discard, every player around the table, your hand.
// Moves are picked on the board: a card of the hand (then a player, or a card to name), the
// pile to draw, the cats of a combo then Confirm, the place a defused kitten goes back to.
import { h, svg } from "../dom.js";
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
    case "nope": return ["hand:nope"]; // the Nope card of the hand is the control
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

// each kind's picture, drawn in its colour (currentColor): simple shapes that read at 40 px
const P = (d, extra = {}) => svg("path", { d, ...extra });
const STROKE = { fill: "none", stroke: "currentColor", "stroke-width": 2.6, "stroke-linecap": "round", "stroke-linejoin": "round" };
const FILL = { fill: "currentColor" };
const CAT = [P("M6 27 L6 9 L12 14 Q16 12 20 14 L26 9 L26 27 Q16 31 6 27 Z", FILL),
  svg("circle", { cx: 12, cy: 20, r: 1.8, fill: "#fff" }), svg("circle", { cx: 20, cy: 20, r: 1.8, fill: "#fff" }),
  P("M14.5 24 L16 25.5 L17.5 24", { ...STROKE, stroke: "#fff", "stroke-width": 1.4 })];
const PICTURE = {
  defuse: [svg("circle", { cx: 9, cy: 24, r: 4.5, ...STROKE }), svg("circle", { cx: 23, cy: 24, r: 4.5, ...STROKE }), P("M12 21 L24 4 M20 21 L8 4", STROKE)],
  exploding_kitten: [svg("circle", { cx: 14, cy: 19, r: 10, ...FILL }), P("M20 11 Q23 6 27 6", STROKE), P("M27 1 L28 4 L31 4 L28.5 6 L29.5 9 L27 7.2 L24.5 9 L25.5 6 L23 4 L26 4 Z", { fill: "#e8b04b" })],
  nope: [svg("circle", { cx: 16, cy: 16, r: 12, ...STROKE, "stroke-width": 3.4 }), P("M7.5 24.5 L24.5 7.5", { ...STROKE, "stroke-width": 3.4 })],
  attack: [P("M6 26 L14 6 M13 28 L21 8 M20 29 L27 12", { ...STROKE, "stroke-width": 3 })],
  skip: [P("M5 7 L14 16 L5 25 M15 7 L24 16 L15 25", { ...STROKE, "stroke-width": 3.4 })],
  reverse: [P("M4 11 H24 M19 5 L25 11 L19 17 M28 21 H8 M13 15 L7 21 L13 27", STROKE)],
  favor: [P("M16 28 C6 21 3 16 3 11 A6.5 6.5 0 0 1 16 8 A6.5 6.5 0 0 1 29 11 C29 16 26 21 16 28 Z", FILL)],
  shuffle: [P("M3 9 H9 Q16 9 18 16 Q20 23 27 23 M3 23 H9 Q13 23 15 19 M19 13 Q21 9 27 9 M23 5 L27 9 L23 13 M23 19 L27 23 L23 27", STROKE)],
  draw_bottom: [svg("rect", { x: 8, y: 3, width: 16, height: 18, rx: 2, ...STROKE }), P("M16 9 V29 M11 24 L16 29 L21 24", STROKE)],
  future: [P("M2 16 Q16 3 30 16 Q16 29 2 16 Z", STROKE), svg("circle", { cx: 16, cy: 16, r: 5, ...FILL })],
  swap_top_bottom: [P("M10 27 V5 M4 11 L10 5 L16 11 M22 5 V27 M16 21 L22 27 L28 21", STROKE)],
  bury: [P("M16 3 V19 M10 13 L16 19 L22 13 M3 24 H29 M7 29 H25", STROKE)],
  cat: CAT,
};
const PICTURE_OF = {
  targeted_attack: "attack", triple_attack: "attack", personal_attack: "attack", super_skip: "skip",
  see_future_3: "future", see_future_5: "future", alter_future_3: "future", alter_future_5: "future",
};
// what tells the variants of one picture apart
const MARK = { targeted_attack: "◎", triple_attack: "×3", personal_attack: "↺", super_skip: "+", see_future_3: "3", see_future_5: "5", alter_future_3: "✎3", alter_future_5: "✎5" };

function picture(k) {
  const base = k.startsWith("cat_") ? "cat" : PICTURE_OF[k] || k;
  const kids = PICTURE[base];
  if (!kids) return null;
  // an element can sit in one tree only: each card gets its own copy
  return h("span", { class: "ek-pic", "aria-hidden": "true" },
    svg("svg", { viewBox: "0 0 32 32", width: 40, height: 40 }, kids.map((n) => n.cloneNode(true))),
    MARK[k] ? h("b", { class: "ek-mark" }, MARK[k]) : null);
}

function ekCard(ctx, k, opts = {}) {
  const name = ctx.w(`card.${k}`, {}, k);
  const text = ctx.w(`card_text.${k}`, {}, "");
  const cls = KIND_CLASS[k] || (k.startsWith("cat_") ? `k-cat ${k}` : "");
  const face = h("span", { class: "ek-face" }, picture(k), h("span", { class: "ek-name" }, name));
  return card(face, { cls: `ek ${cls} ${opts.cls || ""}`, sub: opts.sub ?? text, title: text ? `${name}: ${text}` : name, pick: opts.pick, key: opts.key, help: `card.${k}` });
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
  // the pile says what clicking it does: draw (a number alone read as nothing on a phone)
  const pileLabel = `${ctx.t("drawPile")} · ${ctx.w("ui.pile")}: ${ctx.t("cards", { n: view.pile_size })}`;
  box.append(h("div", { class: "row ek-middle" },
    h("div", { class: "zone", "data-key": "pile-zone" }, h("h3", {}, ctx.w("ui.pile")),
      h("button", { type: "button", class: "card back pile", "data-pick": "pile", "data-key": "pile", "aria-label": pileLabel, title: pileLabel }, h("span", { class: "count" }, view.pile_size), h("small", { class: "pile-draw" }, ctx.t("drawPile"))),
      h("p", { class: "muted" }, ctx.t("kittens", { n: view.kittens_in_pile }))),
    h("div", { class: "zone", "data-key": "discard-zone" }, h("h3", {}, ctx.w("ui.discard")), top ? ekCard(ctx, top, { key: `discard-top-${view.discard.length}` }) : h("div", { class: "card empty" }),
      h("p", { class: "muted" }, ctx.t("cards", { n: view.discard.length }))),
    view.limbo ? h("div", { class: "zone", "data-key": "limbo" }, h("h3", {}, ctx.w("ui.pending")), view.limbo === "hidden" ? back() : ekCard(ctx, view.limbo)) : null,
    h("div", { class: "zone" }, h("h3", {}, ctx.w("ui.direction")), h("span", { class: "big-arrow", role: "img", "aria-label": view.direction > 0 ? ctx.w("ui.clockwise") : ctx.w("ui.counter") }, view.direction > 0 ? "↻" : "↺"))));
  if (view.pending) {
    const p = view.pending;
    // a combo of five different cards names no card: its name, in words
    const what = p.card ? ekCard(ctx, p.card, { key: `pending-${p.card}-${p.player}`, sub: "" }) : h("strong", {}, p.kind === "five" ? ctx.t("fiveCombo") : p.kind);
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
    // the five-different combo starts from the hand, beside its cards (not in the bar, where it
    // read as the turn's main choice)
    const five = ctx.legal.some((a) => a.action.type === "five_start") ? spot("five", ctx.t("fiveCombo"), { key: "five", cls: "five-combo" }) : null;
    box.append(zone(ctx.w("ui.hand"), view.hand.map((k, i) => ekCard(ctx, k, { pick: `hand:${k}`, key: `hand-${keys[i]}` })), five));
  }
  if (view.known_hands?.length) {
    box.append(h("p", { class: "muted" }, `${ctx.w("ui.known_hands")}: `,
      view.known_hands.map(([p, k]) => `${playerName(ctx, p)}: ${ctx.w(`card.${k}`, {}, k)}`).join(" · ")));
  }
  box.append(rest(view, ["game", "players", "seat", "actors", "current", "direction", "turns_owed", "turns", "alive", "hand_sizes", "discard", "pile_size", "kittens_in_pile", "pending", "limbo", "hand", "known_pile", "known_hands", "eliminated", "gone", "turns_by_seat", "attacked", "phase", "window"]) || "");
  return box;
}
