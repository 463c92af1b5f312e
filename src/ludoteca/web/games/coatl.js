// Coatl: the supply of pieces, the face-up Prophecies, each player's board and Coatls.
import { h, svg } from "../dom.js";
import { back, card, playerName, rest, zone } from "./common.js";

const COLOURS = ["#e8c33b", "#c0392b", "#2b2b2b", "#2e8b57", "#2e6fb7"]; // Y R K G B
const KEYS = ["Y", "R", "K", "G", "B"];

function piece(ctx, code) {
  if (code === null || code === undefined || code < 0) return null;
  const kind = Math.floor(code / 5);
  const colour = code % 5;
  const name = `${ctx.w(["ui.head", "ui.body", "ui.tail"][kind])} ${ctx.w(`colour.m.${KEYS[colour]}`)}`;
  const shape = kind === 0
    ? svg("path", { d: "M2 14 Q2 2 14 2 Q26 2 26 14 Q26 24 14 26 Q2 24 2 14 Z" })
    : kind === 2 ? svg("path", { d: "M2 6 L26 14 L2 22 Z" }) : svg("circle", { cx: 14, cy: 14, r: 11 });
  shape.setAttribute("fill", COLOURS[colour]);
  shape.setAttribute("stroke", "#0006");
  return svg("svg", { class: "piece", viewBox: "0 0 28 28", width: 26, height: 26, role: "img", "aria-label": name },
    svg("title", {}, name), shape, kind === 0 ? svg("circle", { cx: 9, cy: 11, r: 2, fill: "#fff" }) : null);
}

// a Prophecy or a Temple by its words (pattern, points per occurrences; the two
// conditions), which the server's words carry: the view knows them by index only
function prophecy(ctx, id, opts = {}) {
  const name = ctx.w(`prophecy.${id}`, {}, "");
  const tiers = ctx.w(`prophecy.${id}.tiers`, {}, "");
  const small = (opts.cls || "").includes("small");
  return card(`${id + 1}`, { cls: "prophecy", sub: small ? "" : [name, tiers].filter(Boolean).join(" · "), title: [name, tiers].filter(Boolean).join("\n"), ...opts });
}

function temple(ctx, id, extra = "") {
  const text = ctx.w(`temple.${id}`, {}, "");
  return card(`${id + 1}`, { cls: "temple", sub: [text, extra].filter(Boolean).join(" · "), title: text });
}

export function render(view, ctx) {
  const box = h("div", { class: "coatl" });
  const phase = ctx.w(`ui.phase_${["setup", "turn", "prophecy", "assembly", "temple", "vision", "over"].find((p) => view.phase?.startsWith(p)) || "turn"}`, {}, view.phase);
  box.append(h("p", { class: "muted" }, `${ctx.w("ui.turn")} ${view.turns} · ${playerName(ctx, view.current)} · ${phase}`));
  // supply: body spaces 0-5, head spaces 6-7, tail spaces 8-9
  const space = (label, pieces, index) => {
    const can = ctx.legal.some((a) => a.action.type === "take_pieces" && a.action.space === index);
    return h("button", { type: "button", class: `space ${can ? "clickable" : ""}`, disabled: !can, onclick: () => ctx.choose((a) => a.type === "take_pieces" && a.space === index) },
      h("small", {}, label), h("span", { class: "row" }, pieces.map((p) => piece(ctx, p))));
  };
  const s = view.supply;
  box.append(zone(ctx.w("ui.supply"),
    s.bodies.map((ps, i) => space(`${ctx.w("ui.bodies")} ${i + 1}`, ps.map((c) => 5 + c), i)),
    s.heads.map((c, i) => space(`${ctx.w("ui.heads")} ${i + 1}`, [c < 0 ? -1 : c], 6 + i)),
    s.tails.map((c, i) => space(`${ctx.w("ui.tails")} ${i + 1}`, [c < 0 ? -1 : 10 + c], 8 + i))));
  box.append(zone(ctx.w("ui.display"),
    view.display.map((id, slot) => {
      const can = ctx.legal.some((a) => a.action.type === "take_prophecy" && a.action.slot === slot);
      return prophecy(ctx, id, { onclick: can ? () => ctx.choose((a) => a.type === "take_prophecy" && a.slot === slot) : undefined });
    }),
    h("div", { class: "zone" }, back(view.deck_size), h("small", {}, `${ctx.w("ui.deck")}: ${view.deck_size}`))));
  box.append(zone(ctx.w("ui.piles"), view.piles.map((p) => (p.top >= 0 ? temple(ctx, p.top, `×${p.size}`) : card("", { cls: "temple empty" })))));
  view.players.forEach((p, i) => {
    const sec = h("section", { class: `coatl-player ${i === ctx.seat ? "me" : ""}` },
      h("h3", {}, playerName(ctx, i), ` — ${ctx.w("ui.score")}: ${p.score}`));
    sec.append(h("div", { class: "row coatl-board" }, h("small", {}, ctx.w("ui.board")), p.board.map((c) => piece(ctx, c))));
    p.coatls.forEach((c, k) => {
      sec.append(h("div", { class: `coatl-chain ${c.done ? "done" : ""}` },
        h("span", { class: "chain" }, c.pieces.map((x) => piece(ctx, x))),
        h("span", { class: "muted" }, ` ${c.done ? ctx.w("ui.finished") : ctx.w("ui.unfinished")} · ${c.points} ${ctx.w("ui.points")}`),
        c.prophecies.length ? h("span", { class: "row" }, c.prophecies.map((id) => prophecy(ctx, id, { cls: "prophecy small" }))) : null,
        h("span", { hidden: true }, k)));
    });
    if (p.hand) {
      sec.append(zone(ctx.w("ui.hand"), p.hand.map((id) => {
        const can = ctx.legal.some((a) => a.action.prophecy === id);
        return prophecy(ctx, id, { onclick: can ? () => ctx.choose((a) => a.prophecy === id) : undefined });
      })));
      if (p.temples?.length) sec.append(zone(ctx.w("ui.temples"), p.temples.map((id) => temple(ctx, id))));
    } else {
      sec.append(h("p", { class: "muted" }, `${ctx.t("hand")}: ${p.hand_size} · ${ctx.w("ui.temples")}: ${p.temple_hand_size}`));
    }
    box.append(sec);
  });
  box.append(rest(view, ["game", "you", "num_players", "phase", "current", "turns", "supply", "display", "deck_size", "piles", "players"]) || "");
  return box;
}
