// The Nine Domains: three piles of domains, the cards placed before them, each player's domains.
import { h } from "../dom.js";
import { back, card, playerName, rest, zone } from "./common.js";

const ELEMENT_COLOURS = { red: "#c0392b", green: "#2e8b57", blue: "#2e6fb7", purple: "#7d3c98" };

function domainCard(ctx, id, sub = "") {
  const pick = ctx.legal.some((a) => a.action.domain === id);
  return card(ctx.w(`domain.${id}`, {}, id), { cls: "domain", sub, onclick: pick ? () => ctx.choose((a) => a.domain === id) : undefined });
}

function elements(ctx, list) {
  return h("span", { class: "elements" }, (list || []).map((e) =>
    h("span", { class: "element", style: `background:${ELEMENT_COLOURS[e] || "#999"}`, title: ctx.w(`element.${e}`, {}, e) })));
}

export function render(view, ctx) {
  const box = h("div", { class: "nd" });
  const me = view.you ?? ctx.seat;
  box.append(h("p", { class: "muted" }, ctx.w("ui.round", { round: view.round, rounds: view.rounds })));
  // the piles, with each player's placed cards in front of them
  const piles = h("div", { class: "nd-piles" });
  view.piles.forEach((pile, i) => {
    const col = h("div", { class: "nd-pile" }, h("h3", {}, ctx.w(`pile.${i}`, {}, `${i + 1}`)));
    const theirs = view.players.filter((p) => p.seat !== me);
    for (const p of theirs) {
      const placed = p.placed?.[i];
      col.append(h("div", { class: "slot" }, placed ? card(placed, { cls: "face" }) : p.placed_count > i || placed === null && p.placed_count ? back() : h("div", { class: "card empty" })));
    }
    col.append(pile.top ? domainCard(ctx, pile.top, `×${pile.count}`) : h("div", { class: "card empty" }));
    const mine = view.players.find((p) => p.seat === me);
    if (mine) {
      const placed = mine.placed?.[i];
      const clickable = ctx.legal.some((a) => a.action.pile === i);
      col.append(h("div", { class: "slot" }, placed ? card(placed, { cls: "face mine" })
        : h("div", { class: `card empty ${clickable ? "clickable" : ""}`, onclick: clickable ? () => ctx.choose((a) => a.pile === i) : undefined })));
    }
    piles.append(col);
  });
  box.append(piles);
  // players
  for (const p of view.players) {
    const head = h("h3", {}, playerName(ctx, p.seat), " — ", `${p.vp} ${ctx.w("ui.vp", {}, "VP")}`, " ", elements(ctx, p.elements));
    const row = h("div", { class: "row" }, (p.domains || []).map((d) => domainCard(ctx, d)));
    const extra = [];
    if (p.hand) {
      extra.push(zone(ctx.w("ui.hand"), p.hand.map((c) => card(c, {
        cls: "face",
        onclick: ctx.legal.some((a) => a.action.card === c) ? () => ctx.choose((a) => a.card === c) : undefined,
      }))));
    } else {
      extra.push(zone(ctx.t("hand"), Array.from({ length: p.hand_count || 0 }, () => back())));
      if (p.known_unplayed) extra.push(h("p", { class: "muted" }, `${ctx.w("ui.known")}: ${p.known_unplayed.join(" ")}`));
    }
    if (p.used?.length) extra.push(h("p", { class: "muted" }, `${ctx.w("ui.used")}: ${p.used.join(" ")}`));
    box.append(h("section", { class: `nd-player ${p.seat === me ? "me" : ""}` }, head, row, ...extra));
  }
  if (view.history?.length) {
    box.append(h("details", { class: "section" }, h("summary", {}, ctx.w("ui.history")),
      h("table", { class: "players" }, view.history.map((r) => h("tr", {},
        h("th", {}, r.round),
        r.domains.map((d, i) => h("td", {}, ctx.w(`domain.${d}`, {}, d), ": ", r.cards.map((cs) => cs[i]).join(" vs "), " → ", playerName(ctx, r.winners[i]))))))));
  }
  box.append(rest(view, ["you", "phase", "round", "rounds", "actors", "piles", "players", "history", "result"]) || "");
  return box;
}
