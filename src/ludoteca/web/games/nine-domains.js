// The Nine Domains: three piles of domains, the cards placed before them, each player's domains.
// A move is picked on the board: a card of the hand, then the place in front of a pile.
import { h, svg } from "../dom.js";
import { back, card, numbered, playerName, rest, spot, zone } from "./common.js";

/** The board components a move is made of (see select.js). */
export function picks(a) {
  switch (a.type) {
    case "place": return [`card:${a.card}`, `pile:${a.pile}`];
    case "discard": return [`card:${a.card}`];
    case "draft": return [`draft:${a.card}`];
    case "swap_give": return [`domain:${a.domain}`];
    case "swap_take": return [`their:${a.domain}`];
    case "recover": return [`used:${a.card}`];
    case "decline": return ["decline"];
    default: return null;
  }
}

export function keyLabel(k, view, ctx) {
  const [kind, r] = [k.split(":")[0], k.split(":").slice(1).join(":")];
  if (kind === "pile") return ctx.w(`pile.${r}`, {}, r);
  if (kind === "domain" || kind === "their") return ctx.w(`domain.${r}`, {}, r);
  if (kind === "card" || kind === "used" || kind === "draft") return r;
  return undefined;
}

// each element has a colour and a shape (a flame, a leaf, a drop; purple a half disc), so that
// it reads without colour too
const ELEMENT_SHAPE = {
  red: "M8 1 C10 5 14 7 13 11 C12 15 4 15 3 11 C2 8 5 7 6 4 C7 6 8 6 8 1 Z",
  green: "M8 1 C14 4 15 11 8 15 C1 11 2 4 8 1 Z M8 4 L8 15",
  blue: "M8 1 C11 6 14 8 14 11 A6 6 0 0 1 2 11 C2 8 5 6 8 1 Z",
};

function elementIcon(ctx, e, opts = {}) {
  const name = opts.label || ctx.w(`element.${e}`, {}, e);
  const kids = e === "purple"
    ? [svg("circle", { cx: 8, cy: 8, r: 6.5, class: "el-ring" }), svg("path", { d: opts.full ? "M8 1.5 A6.5 6.5 0 0 1 8 14.5 A6.5 6.5 0 0 1 8 1.5 Z" : "M8 1.5 A6.5 6.5 0 0 0 8 14.5 Z", class: "el-fill-purple" })]
    : [svg("path", { d: ELEMENT_SHAPE[e] || "M8 2 A6 6 0 1 1 7.9 2 Z", class: `el-fill-${e}` })];
  return svg("svg", { class: `el-icon ${opts.off ? "off" : ""}`, viewBox: "0 0 16 16", width: 16, height: 16, role: "img", "aria-label": name }, svg("title", {}, name), kids);
}

const elementWords = (ctx, list, halves) => [...(list || []).map((e) => ctx.w(`element.${e}`, {}, e)),
  ...(halves ? [`${halves} × ½ ${ctx.w("element.purple", {}, "purple")}`] : [])].join(", ");

// a player's race for the four elements: red, green, blue and purple (two halves), owned ones
// drawn full, missing ones faint
function elements(ctx, list, halves) {
  const have = new Set(list || []);
  const icons = ["red", "green", "blue"].map((e) => elementIcon(ctx, e, { off: !have.has(e) }));
  const h2 = halves || 0;
  icons.push(elementIcon(ctx, "purple", { off: !h2, full: h2 >= 2, label: `${ctx.w("element.purple", {}, "purple")}: ${h2}/2` }));
  const text = `${ctx.w("ui.elements", {}, "Elements")}: ${elementWords(ctx, list, halves) || ctx.w("ui.none", {}, "—")}`;
  return h("span", { class: "elements", role: "img", title: text, "aria-label": text }, icons);
}

const domainName = (ctx, id) => ctx.w(`domain.${id}`, {}, id);

/** A domain tile: its name, its VP in a seal, its elements and purple halves drawn. */
function domainTile(ctx, id, opts = {}) {
  const name = domainName(ctx, id);
  const vp = ctx.w(`domain.${id}.vp`, {}, "");
  const els = ctx.w(`domain.${id}.elements`, {}, "").split(" ").filter(Boolean);
  const halves = Number(ctx.w(`domain.${id}.halves`, {}, "0")) || 0;
  const vpWord = ctx.w("ui.vp", {}, "VP");
  const what = elementWords(ctx, els, halves);
  const title = [name, vp !== "" ? `${vp} ${vpWord}` : "", what, opts.extra || ""].filter(Boolean).join(" · ");
  const icons = [...els.map((e) => elementIcon(ctx, e)), ...Array.from({ length: halves }, () => elementIcon(ctx, "purple", { label: ctx.w("ui.halves") }))];
  const face = h("span", { class: "dom-face" },
    h("span", { class: "dom-name" }, name),
    h("span", { class: "dom-foot", "aria-hidden": "true" },
      h("span", { class: "dom-els" }, icons),
      vp !== "" ? h("span", { class: "vp-seal" }, vp, h("small", {}, vpWord)) : null));
  return card(face, { cls: `domain ${opts.cls || ""}`, sub: opts.sub, title, pick: opts.pick, key: opts.key, help: `domain.${id}` });
}

/** A player's card: its face, and a special card's power in words under it. */
function playerCard(ctx, c, opts = {}) {
  const power = ctx.w(`card.${c}.power`, {}, "");
  const small = (opts.cls || "").includes("small");
  const cls = `face ${power ? "special" : ""} ${opts.cls || ""}`;
  return card(c, { ...opts, cls, sub: small ? "" : power, title: power ? `${c}: ${power}` : String(c), help: `card.${c}` });
}

function lastRound(ctx, view, me) {
  const r = view.history?.[view.history.length - 1];
  if (!r) return null;
  const seats = view.players.map((p) => p.seat);
  return h("section", { class: "nd-reveal", "data-key": `reveal-${r.round}`, "aria-label": ctx.t("ndReveal", { n: r.round }) },
    h("h3", {}, ctx.t("ndReveal", { n: r.round })),
    h("div", { class: "nd-reveal-row" }, r.domains.map((d, i) => h("div", { class: "nd-reveal-pile" },
      domainTile(ctx, d, { cls: "small" }),
      h("div", { class: "row" }, seats.map((s) => {
        const won = r.winners[i] === s;
        return h("div", { class: `nd-reveal-card ${won ? "won" : ""} ${s === me ? "mine" : ""}` },
          playerCard(ctx, r.cards[s]?.[i] ?? "?", { cls: "small" }),
          h("small", {}, playerName(ctx, s)), won ? h("span", { class: "badge" }, "★") : null);
      }))))));
}

export function render(view, ctx) {
  const box = h("div", { class: "nd" });
  const me = view.you ?? ctx.seat;
  box.append(h("p", { class: "muted" }, ctx.w("ui.round", { round: view.round, rounds: view.rounds })));
  box.append(lastRound(ctx, view, me) || "");
  // the piles, with each player's placed cards in front of them
  const piles = h("div", { class: "nd-piles" });
  view.piles.forEach((pile, i) => {
    const col = h("div", { class: "nd-pile", "data-key": `pile-col-${i}` }, h("h3", {}, ctx.w(`pile.${i}`, {}, `${i + 1}`)));
    for (const p of view.players.filter((q) => q.seat !== me)) {
      const placed = p.placed?.[i];
      col.append(h("div", { class: "slot", "data-key": `their-slot-${p.seat}-${i}` },
        placed ? playerCard(ctx, placed) : p.placed_count > i || (placed === null && p.placed_count) ? back("", ctx.w("ui.hidden")) : h("div", { class: "card empty" })));
    }
    const topName = pile.top ? domainName(ctx, pile.top) : "";
    col.append(pile.top ? domainTile(ctx, pile.top, { sub: `×${pile.count}`, key: `top-${i}`, extra: `${ctx.w(`pile.${i}`, {}, "")}: ${pile.count}` }) : h("div", { class: "card empty" }));
    const mine = view.players.find((p) => p.seat === me);
    if (mine) {
      const placed = mine.placed?.[i];
      col.append(h("div", { class: "slot", "data-key": `my-slot-${i}` }, placed ? playerCard(ctx, placed, { cls: "mine" })
        : spot(`pile:${i}`, ctx.w("action.place", { card: "…", pile: ctx.w(`pile.${i}`) }), { cls: "card empty drop" }, "↓")));
    }
    piles.append(col);
  });
  box.append(piles);
  if (view.draft_pool?.length) {
    box.append(zone(ctx.w("ui.draft_pool"), view.draft_pool.map((c) => playerCard(ctx, c, { pick: `draft:${c}`, key: `draft-${c}` }))));
  }
  for (const p of view.players) {
    const mineP = p.seat === me;
    const head = h("h3", {}, playerName(ctx, p.seat), " — ", `${p.vp} ${ctx.w("ui.vp", {}, "VP")}`, " ", elements(ctx, p.elements, p.purple_halves));
    const row = h("div", { class: "row" }, (p.domains || []).map((d) => domainTile(ctx, d, { pick: mineP ? `domain:${d}` : `their:${d}`, key: `dom-${p.seat}-${d}` })));
    const extra = [];
    if (p.hand) {
      const keys = numbered(p.hand);
      extra.push(zone(ctx.w("ui.hand"), p.hand.map((c, k) => playerCard(ctx, c, { pick: `card:${c}`, key: `hand-${keys[k]}` }))));
    } else {
      extra.push(zone(ctx.t("hand"), Array.from({ length: p.hand_count || 0 }, (_, k) => h("span", { "data-key": `back-${k}` }, back("", ctx.w("ui.hidden"))))));
      if (p.known_unplayed?.length) extra.push(zone(ctx.w("ui.known"), p.known_unplayed.map((c) => playerCard(ctx, c, { cls: "small known" }))));
    }
    if (p.used?.length) {
      extra.push(zone(ctx.w("ui.used"), p.used.map((c) => playerCard(ctx, c, { cls: "small used", pick: mineP ? `used:${c}` : undefined, key: `used-${p.seat}-${c}` }))));
    }
    box.append(h("section", { class: `nd-player ${mineP ? "me" : ""}`, "data-key": `player-${p.seat}` }, head, row, ...extra));
  }
  if (view.history?.length) {
    box.append(h("details", { class: "section", "data-key": "history" }, h("summary", {}, ctx.w("ui.history")),
      h("table", { class: "players" }, h("tbody", {}, view.history.map((r) => h("tr", {},
        h("th", {}, r.round),
        r.domains.map((d, i) => h("td", {}, domainName(ctx, d), ": ", r.cards.map((cs) => cs[i]).join(" vs "), " → ", playerName(ctx, r.winners[i])))))))));
  }
  box.append(rest(view, ["you", "phase", "round", "rounds", "actors", "piles", "players", "history", "result", "draft_pool"]) || "");
  return box;
}
