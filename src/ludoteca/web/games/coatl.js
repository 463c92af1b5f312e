// Coatl: the supply of pieces, the face-up Prophecies, each player's board and Coatls.
// Moves are picked on the board: a supply space; a piece of your board, then an end of a Coatl
// (or "new Coatl"); a Prophecy of your hand, then the Coatl it goes beside; a sacrifice in two
// short steps in the bar (which kind, then which colours).
import { h, svg } from "../dom.js";
import { back, card, numbered, playerName, rest, spot, zone } from "./common.js";

const COLOUR_CLASS = ["pc-yellow", "pc-red", "pc-black", "pc-green", "pc-blue"];
const KEYS = ["Y", "R", "K", "G", "B"];
const COLOUR_NAMES = ["yellow", "red", "black", "green", "blue"];
const KIND_NAMES = ["head", "body", "tail"];

// pieces are codes (kind * 5 + colour) today and names after the readable format (shape-games);
// both read to {kind, colour} indices
function colourIndex(c) {
  if (typeof c === "number") return c;
  if (typeof c !== "string") return -1;
  const low = c.toLowerCase();
  const i = COLOUR_NAMES.indexOf(low);
  return i >= 0 ? i : KEYS.indexOf(c.toUpperCase());
}
function kindIndex(k) {
  return typeof k === "number" ? k : KIND_NAMES.indexOf(String(k).toLowerCase());
}
export function pieceOf(x) {
  if (x === null || x === undefined || x === -1) return null;
  if (typeof x === "number") return x < 0 ? null : { kind: Math.floor(x / 5), colour: x % 5 };
  if (typeof x === "object") return { kind: kindIndex(x.kind), colour: colourIndex(x.colour) };
  const parts = String(x).split(/[_\s-]+/);
  const k = parts.map(kindIndex).find((i) => i >= 0);
  const c = parts.map(colourIndex).find((i) => i >= 0);
  return k === undefined || c === undefined ? null : { kind: k, colour: c };
}
const pid = (x) => {
  const p = pieceOf(x);
  return p ? `${KIND_NAMES[p.kind]}-${COLOUR_NAMES[p.colour]}` : "?";
};

/** The board components a move is made of (see select.js). */
export function picks(a) {
  switch (a.type) {
    case "take_pieces": return [`space:${spaceOf(a)}`];
    case "take_prophecy": return [`display:${a.slot}`];
    case "draw_prophecy": return ["deck"];
    case "start_coatl": return [`board:${pid(a.piece)}`, "new"];
    case "add_piece": return [`board:${pid(a.piece)}`, `end:${a.coatl}:${endIndex(a.end)}`];
    case "attach_prophecy": return [`hand:${a.prophecy}`, `coatl:${a.coatl}`];
    case "finish_coatl": return [`finish:${a.coatl}`];
    case "choose_temple": return [`temple:${a.temple}`];
    case "promise": return ["sacrifice:promise", `promise:${a.pile}`];
    case "vision": return ["sacrifice:vision"];
    case "perfect_pick": {
      const k = kindIndex(a.kind);
      return ["sacrifice:perfect", `pk:${k}`, ...(a.colours || []).map((c) => `pc:${k}:${colourIndex(c)}`)];
    }
    case "vision_discard": return [`hand:${a.prophecy}`];
    case "discard_starting": return [`hand:${a.prophecy}`];
    default: return [a.type]; // keep_starting, stop_taking, end_assembly, vision_done, pass: the bar
  }
}
// a supply space: {row, index} now, one number 0-9 before (0-5 bodies, 6-7 heads, 8-9 tails)
function spaceOf(a) {
  if (a.row !== undefined) return `${a.row}:${a.index}`;
  const n = a.space;
  return n < 6 ? `bodies:${n}` : n < 8 ? `heads:${n - 6}` : `tails:${n - 8}`;
}
const endIndex = (e) => (typeof e === "number" ? e : e === "back" || e === "tail" ? 1 : 0);

function pieceName(ctx, p) {
  if (!p) return ctx.w("ui.empty");
  // a body is "corpo" (masculine), a head and a tail "cabeça", "cauda" (feminine)
  const colour = ctx.w(`colour.${p.kind === 1 ? "m" : "f"}.${KEYS[p.colour]}`, {}, COLOUR_NAMES[p.colour]);
  return ctx.w(`piece.${KIND_NAMES[p.kind]}`, { colour }, `${KIND_NAMES[p.kind]} ${colour}`);
}

export function keyLabel(k, view, ctx) {
  const [kind, ...r] = k.split(":");
  if (kind === "pk") return ctx.w(["ui.heads", "ui.bodies", "ui.tails"][Number(r[0])]);
  if (kind === "pc") return pieceName(ctx, { kind: Number(r[0]), colour: Number(r[1]) });
  if (kind === "board") {
    const [kk, cc] = r[0].split("-");
    return pieceName(ctx, { kind: KIND_NAMES.indexOf(kk), colour: COLOUR_NAMES.indexOf(cc) });
  }
  if (kind === "sacrifice") return ctx.w(`action.${r[0] === "perfect" ? "perfect_pick" : r[0]}`, { pieces: "…", pile: "…" }).split(":")[0];
  if (kind === "end") return `${ctx.w(Number(r[1]) ? "end.back" : "end.front")} · Coatl ${Number(r[0]) + 1}`;
  if (kind === "coatl" || kind === "finish") return `Coatl ${Number(r[0]) + 1}`;
  if (kind === "new") return ctx.t("newCoatl");
  if (kind === "hand" || kind === "display") return ctx.w(`prophecy.${r[0]}`, {}, r[0]);
  if (kind === "space") return `${ctx.w(`ui.${r[0]}`, {}, r[0])} ${Number(r[1]) + 1}`;
  return undefined;
}

function piece(ctx, code) {
  const p = pieceOf(code);
  if (!p) return null;
  const name = pieceName(ctx, p);
  const shape = p.kind === 0
    ? svg("path", { d: "M2 14 Q3 5 13 4 L22 7 Q27 14 22 21 L13 24 Q3 23 2 14 Z" })
    : p.kind === 2 ? svg("path", { d: "M2 6 L26 14 L2 22 Z" }) : svg("circle", { cx: 14, cy: 14, r: 11 });
  shape.setAttribute("class", COLOUR_CLASS[p.colour]);
  shape.setAttribute("stroke", "#0006");
  return svg("svg", { class: "piece", viewBox: "0 0 28 28", width: 26, height: 26, role: "img", "aria-label": name },
    svg("title", {}, name), shape, p.kind === 0 ? [svg("circle", { cx: 10, cy: 11, r: 2.4, fill: "#fff" }), svg("circle", { cx: 9.6, cy: 11, r: 1.1, fill: "#111" })] : null);
}

// a row of little body pieces in the given colours; "gap" draws "…" (any number of pieces)
function patternRow(items, size = 14) {
  const step = size + 2;
  const kids = [];
  let x = 1;
  for (const it of items) {
    if (it === "gap") {
      kids.push(svg("text", { x: x + 1, y: size - 2, class: "pat-gap" }, "…"));
      x += step;
    } else if (it.sigma) {
      kids.push(svg("text", { x: x + 1, y: size - 2, class: "pat-sigma" }, "Σ"));
      x += size - 2;
    } else if (it.bracket) {
      kids.push(svg("path", { d: it.bracket === "open" ? `M${x + 4} 1 L${x + 1} 1 L${x + 1} ${size - 1} L${x + 4} ${size - 1}` : `M${x} 1 L${x + 3} 1 L${x + 3} ${size - 1} L${x} ${size - 1}`, class: "pat-bracket" }));
      x += 6;
    } else {
      const c = svg("circle", { cx: x + size / 2, cy: size / 2, r: size / 2 - 1, class: COLOUR_CLASS[colourIndex(it.colour)] });
      c.setAttribute("stroke", "#0007");
      kids.push(c);
      if (it.mark) kids.push(svg("text", { x: x + size / 2, y: size / 2 + 3.5, class: "pat-mark" }, it.mark));
      if (it.cross) kids.push(svg("path", { d: `M${x} ${size - 1} L${x + size} 1`, class: "pat-cross" }));
      x += step;
    }
  }
  return svg("svg", { class: "pattern", viewBox: `0 0 ${x} ${size}`, width: x, height: size, "aria-hidden": "true" }, kids);
}

// what a Prophecy asks, as pieces: a count (one piece, Σ), an exact pair or trio (the pieces
// between brackets), a sequence as written, a bridge (a, b…, c), a mirror (a b … b a)
function patternItems(family, colours) {
  const c = colours.map((colour) => ({ colour }));
  switch (family) {
    case "colour_count": return [{ sigma: true }, c[0]];
    case "exact_pair": return [{ bracket: "open" }, c[0], c[0], { bracket: "close" }];
    case "trio": return [c[0], c[0], c[0]];
    case "bridge": return [c[0], c[1], "gap", c[2]];
    case "mirror": return [c[0], c[1], "gap", c[1], c[0]];
    default: return c;
  }
}

function prophecyPattern(ctx, id, size) {
  const family = ctx.w(`prophecy.${id}.family`, {}, "");
  const colours = ctx.w(`prophecy.${id}.colours`, {}, "").split(" ").filter(Boolean);
  return family && colours.length ? patternRow(patternItems(family, colours), size) : null;
}

// a Prophecy drawn: its pattern as pieces, the points per occurrences under it; its words
// (pattern, points) are its tooltip and accessible name
function prophecy(ctx, id, opts = {}) {
  const name = ctx.w(`prophecy.${id}`, {}, "");
  const tiers = ctx.w(`prophecy.${id}.tiers`, {}, "");
  const small = (opts.cls || "").includes("small");
  const full = [name, tiers].filter(Boolean).join(" · ");
  const drawn = prophecyPattern(ctx, id, small ? 10 : 18);
  return card(drawn || (small ? "✦" : name || `${id}`), { cls: "prophecy", sub: small ? "" : tiers, title: full || String(id), help: `prophecy.${id}`, ...opts });
}

// a Temple condition drawn: a crossed-out piece (no colour), a little Coatl "= n" (length),
// two pieces with "=" (as many of one as of the other)
function condition(ctx, words) {
  const [kind, ...rest] = (words || "").split(" ");
  if (kind === "absent") {
    return h("span", { class: "cond" }, h("b", {}, "0×"), patternRow([{ colour: rest[0], cross: true }], 18));
  }
  if (kind === "length") {
    return h("span", { class: "cond" }, svg("svg", { class: "mini-coatl", viewBox: "0 0 30 12", width: 30, height: 12, "aria-hidden": "true" },
      svg("path", { d: "M1 6 Q1 1 6 1 Q10 1 10 6 Q10 11 6 11 Q1 11 1 6 Z", class: "pc-neutral" }),
      svg("circle", { cx: 15, cy: 6, r: 4.5, class: "pc-neutral" }),
      svg("path", { d: "M20 2 L29 6 L20 10 Z", class: "pc-neutral" })), h("b", {}, `= ${rest[0]}`));
  }
  if (kind === "equal") {
    return h("span", { class: "cond" }, patternRow([{ colour: rest[0] }], 18), h("b", {}, "="), patternRow([{ colour: rest[1] }], 18));
  }
  return null;
}

function temple(ctx, id, extra = "", opts = {}) {
  const text = ctx.w(`temple.${id}`, {}, "");
  const a = condition(ctx, ctx.w(`temple.${id}.a`, {}, ""));
  const b = condition(ctx, ctx.w(`temple.${id}.b`, {}, ""));
  const drawn = a && b ? h("span", { class: "temple-face" }, h("span", { class: "temple-roof", "aria-hidden": "true" }, "⌂"), a, b) : "⌂";
  const sub = a && b ? extra : [text, extra].filter(Boolean).join(" · ");
  return card(drawn, { cls: "temple", sub, title: [text, extra].filter(Boolean).join(" · ") || String(id), help: `temple.${id}`, ...opts });
}

export function render(view, ctx) {
  const box = h("div", { class: "coatl" });
  const phase = ctx.w(`ui.phase_${["setup", "turn", "prophecy", "assembly", "temple", "vision", "over"].find((p) => view.phase?.startsWith(p)) || "turn"}`, {}, view.phase);
  box.append(h("p", { class: "muted" }, `${ctx.w("ui.turn")} ${view.turns} · ${playerName(ctx, view.current)} · ${phase}`));
  // supply: body spaces 0-5, head spaces 6-7, tail spaces 8-9
  const space = (label, pieces, row, index) => {
    const names = pieces.map((x) => pieceName(ctx, pieceOf(x))).join(", ");
    return h("button", { type: "button", class: "space", "data-pick": `space:${row}:${index}`, "data-key": `space-${row}-${index}`, "aria-label": `${label}: ${names || ctx.w("ui.empty")}`, title: `${label}: ${names}` },
      h("small", {}, label), h("span", { class: "row" }, pieces.map((p) => piece(ctx, p))));
  };
  const s = view.supply;
  const asPiece = (kind, c) => (typeof c === "number" ? (c < 0 ? -1 : kind * 5 + c) : c ? { kind, colour: colourIndex(c) } : -1);
  box.append(zone(ctx.w("ui.supply"),
    s.bodies.map((ps, i) => space(`${ctx.w("ui.bodies")} ${i + 1}`, ps.map((c) => asPiece(1, c)), "bodies", i)),
    s.heads.map((c, i) => space(`${ctx.w("ui.heads")} ${i + 1}`, [asPiece(0, c)], "heads", i)),
    s.tails.map((c, i) => space(`${ctx.w("ui.tails")} ${i + 1}`, [asPiece(2, c)], "tails", i))));
  box.append(zone(ctx.w("ui.display"),
    view.display.map((id, slot) => (id === null || id === undefined || id === -1 ? card("", { cls: "prophecy empty", key: `display-${slot}-none` })
      : prophecy(ctx, id, { pick: `display:${slot}`, key: `display-${slot}-${id}` }))),
    h("div", { class: "zone" }, h("button", { type: "button", class: "card back", "data-pick": "deck", "data-key": "deck", "aria-label": `${ctx.w("ui.deck")}: ${view.deck_size}`, title: `${ctx.w("ui.deck")}: ${view.deck_size}` }, h("span", { class: "count" }, view.deck_size)))));
  box.append(zone(ctx.w("ui.piles"), view.piles.map((p, i) => (p.top !== null && p.top !== undefined && p.top !== -1
    ? temple(ctx, p.top, `×${p.size}`, { pick: `promise:${i}`, key: `pile-${i}-${p.top}` }) : card("", { cls: "temple empty" })))));
  const me = view.you ?? ctx.seat;
  view.players.forEach((p, i) => {
    const mine = i === me;
    const sec = h("section", { class: `coatl-player ${mine ? "me" : ""}`, "data-key": `player-${i}` },
      h("h3", {}, playerName(ctx, i), ` — ${ctx.w("ui.score")}: ${p.score}`));
    const ids = numbered(p.board.map(pid));
    sec.append(h("div", { class: "row coatl-board" }, h("small", {}, ctx.w("ui.board")),
      p.board.map((c, k) => (mine
        ? h("button", { type: "button", class: "piece-btn", "data-pick": `board:${pid(c)}`, "data-key": `board-${ids[k]}`, "aria-label": pieceName(ctx, pieceOf(c)), title: pieceName(ctx, pieceOf(c)) }, piece(ctx, c))
        : h("span", { "data-key": `board-${i}-${ids[k]}` }, piece(ctx, c))))));
    p.coatls.forEach((c, k) => {
      const label = `Coatl ${k + 1}`;
      sec.append(h("div", { class: `coatl-chain ${c.done ? "done" : ""}`, "data-key": `coatl-${i}-${k}` },
        mine && !c.done ? spot(`end:${k}:0`, ctx.w("end.front"), { cls: "end", title: `${ctx.w("end.front")} · ${label}` }, "◀") : null,
        mine ? h("button", { type: "button", class: "chain", "data-pick": `coatl:${k}`, "data-key": `chain-${k}`, "aria-label": label, title: label }, c.pieces.map((x) => piece(ctx, x)))
          : h("span", { class: "chain" }, c.pieces.map((x) => piece(ctx, x))),
        mine && !c.done ? spot(`end:${k}:1`, ctx.w("end.back"), { cls: "end", title: `${ctx.w("end.back")} · ${label}` }, "▶") : null,
        h("span", { class: "muted" }, ` ${c.done ? ctx.w("ui.finished") : ctx.w("ui.unfinished")} · ${ctx.w("ui.points", { count: c.points })}`),
        c.prophecies.length ? h("span", { class: "row" }, c.prophecies.map((id) => prophecy(ctx, id, { cls: "prophecy small", key: `att-${k}-${id}` }))) : null,
        mine && !c.done ? spot(`finish:${k}`, ctx.w("action.finish_coatl", { coatl: k + 1 }), { cls: "finish" }, "✔") : null));
    });
    if (mine) sec.append(spot("new", ctx.t("newCoatl"), { cls: "new-coatl" }, `+ ${ctx.t("newCoatl")}`));
    if (p.hand) {
      const hk = numbered(p.hand.map(String));
      sec.append(zone(ctx.w("ui.hand"), p.hand.map((id, k) => prophecy(ctx, id, { pick: mine ? `hand:${id}` : undefined, key: `hand-${hk[k]}` }))));
      if (p.temples?.length) sec.append(zone(ctx.w("ui.temples"), p.temples.map((id) => temple(ctx, id, "", { pick: `temple:${id}`, key: `temple-${id}` }))));
    } else {
      sec.append(h("p", { class: "muted" }, `${ctx.t("hand")}: ${p.hand_size} · ${ctx.w("ui.temples")}: ${p.temple_hand_size}`));
    }
    box.append(sec);
  });
  box.append(rest(view, ["game", "you", "num_players", "phase", "current", "turns", "supply", "display", "deck_size", "piles", "players"]) || "");
  return box;
}
