// The Nine Domains: three piles of domains, the cards placed before them, each player's domains.
// A move is picked on the board: a card of the hand, then the place in front of a pile.
import { h } from "../dom.js";
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

const ELEMENT_CLASS = { red: "el-red", green: "el-green", blue: "el-blue", purple: "el-purple" };

function elements(ctx, list, halves) {
  const dots = (list || []).map((e) => h("span", { class: `element ${ELEMENT_CLASS[e] || ""}`, title: ctx.w(`element.${e}`, {}, e), role: "img", "aria-label": ctx.w(`element.${e}`, {}, e) }));
  for (let i = 0; i < (halves || 0); i++) dots.push(h("span", { class: "element half el-purple", title: ctx.w("ui.halves"), role: "img", "aria-label": ctx.w("ui.halves") }));
  return h("span", { class: "elements" }, dots);
}

const domainName = (ctx, id) => ctx.w(`domain.${id}`, {}, id);

function lastRound(ctx, view, me) {
  const r = view.history?.[view.history.length - 1];
  if (!r) return null;
  const seats = view.players.map((p) => p.seat);
  return h("section", { class: "nd-reveal", "data-key": `reveal-${r.round}`, "aria-label": ctx.t("ndReveal", { n: r.round }) },
    h("h3", {}, ctx.t("ndReveal", { n: r.round })),
    h("div", { class: "nd-reveal-row" }, r.domains.map((d, i) => h("div", { class: "nd-reveal-pile" },
      h("strong", {}, domainName(ctx, d)),
      h("div", { class: "row" }, seats.map((s) => {
        const won = r.winners[i] === s;
        return h("div", { class: `nd-reveal-card ${won ? "won" : ""} ${s === me ? "mine" : ""}` },
          card(r.cards[s]?.[i] ?? "?", { cls: "face small" }),
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
        placed ? card(placed, { cls: "face" }) : p.placed_count > i || (placed === null && p.placed_count) ? back("", ctx.w("ui.hidden")) : h("div", { class: "card empty" })));
    }
    const topName = pile.top ? domainName(ctx, pile.top) : "";
    col.append(pile.top ? card(topName, { cls: "domain", sub: `×${pile.count}`, key: `top-${i}`, title: `${topName} (${pile.count})` }) : h("div", { class: "card empty" }));
    const mine = view.players.find((p) => p.seat === me);
    if (mine) {
      const placed = mine.placed?.[i];
      col.append(h("div", { class: "slot", "data-key": `my-slot-${i}` }, placed ? card(placed, { cls: "face mine" })
        : spot(`pile:${i}`, ctx.w("action.place", { card: "…", pile: ctx.w(`pile.${i}`) }), { cls: "card empty drop" }, "↓")));
    }
    piles.append(col);
  });
  box.append(piles);
  if (view.draft_pool?.length) {
    box.append(zone(ctx.w("ui.draft_pool"), view.draft_pool.map((c) => card(c, { cls: "face", pick: `draft:${c}`, key: `draft-${c}` }))));
  }
  for (const p of view.players) {
    const mineP = p.seat === me;
    const head = h("h3", {}, playerName(ctx, p.seat), " — ", `${p.vp} ${ctx.w("ui.vp", {}, "VP")}`, " ", elements(ctx, p.elements, p.purple_halves));
    const row = h("div", { class: "row" }, (p.domains || []).map((d) => card(domainName(ctx, d), { cls: "domain", pick: mineP ? `domain:${d}` : `their:${d}`, key: `dom-${p.seat}-${d}` })));
    const extra = [];
    if (p.hand) {
      const keys = numbered(p.hand);
      extra.push(zone(ctx.w("ui.hand"), p.hand.map((c, k) => card(c, { cls: "face", pick: `card:${c}`, key: `hand-${keys[k]}` }))));
    } else {
      extra.push(zone(ctx.t("hand"), Array.from({ length: p.hand_count || 0 }, (_, k) => h("span", { "data-key": `back-${k}` }, back("", ctx.w("ui.hidden"))))));
      if (p.known_unplayed?.length) extra.push(h("p", { class: "muted" }, `${ctx.w("ui.known")}: ${p.known_unplayed.join(" ")}`));
    }
    if (p.used?.length) {
      extra.push(zone(ctx.w("ui.used"), p.used.map((c) => card(c, { cls: "face small used", pick: mineP ? `used:${c}` : undefined, key: `used-${p.seat}-${c}` }))));
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
