// The rating-history plot: an inline SVG drawn from the history API's points (the shown rating
// after each rated game, with its μ ± 2σ band), and the same figures as a table for screen
// readers (the SVG is hidden from them).
import { h, svg } from "./dom.js";
import { agentLabel, t } from "./i18n.js";
import { num, signed, vsAiMark, when, whyText } from "./profile_format.js";

const W = 480, H = 180, PAD = 28;

export function historyPlot(games, anchors) {
  if (!games.length) return null;
  const points = [games[0].before, ...games.map((g) => g.after)];
  const lows = points.map((p) => p.mu - 2 * p.sigma).concat(points.map((p) => p.shown));
  const highs = points.map((p) => p.mu + 2 * p.sigma).concat(anchors.map((a) => a.mu));
  const lo = Math.min(...lows, ...anchors.map((a) => a.mu)), hi = Math.max(...highs);
  const x = (i) => PAD + (i * (W - 2 * PAD)) / Math.max(1, points.length - 1);
  const y = (v) => H - PAD - ((v - lo) * (H - 2 * PAD)) / Math.max(1e-9, hi - lo);
  const band = points.map((p, i) => `${x(i)},${y(p.mu + 2 * p.sigma)}`)
    .concat(points.map((p, i) => `${x(i)},${y(p.mu - 2 * p.sigma)}`).reverse()).join(" ");
  const line = points.map((p, i) => `${x(i)},${y(p.shown)}`).join(" ");
  return svg("svg", { class: "rating-plot", viewBox: `0 0 ${W} ${H}`, "aria-hidden": "true", focusable: "false" },
    svg("polygon", { points: band, class: "rating-band" }),
    anchors.map((a) => [svg("line", { x1: PAD, x2: W - PAD, y1: y(a.mu), y2: y(a.mu), class: "rating-anchor" }),
      svg("text", { x: W - PAD, y: y(a.mu) - 3, "text-anchor": "end", class: "rating-anchor-label" }, t("aiLevel", { level: agentLabel(a.level) }))]),
    svg("polyline", { points: line, class: "rating-line" }),
    points.map((p, i) => svg("circle", { cx: x(i), cy: y(p.shown), r: 3, class: i > 0 && games[i - 1].against_ai ? "rating-dot vs-ai" : "rating-dot" })),
    svg("text", { x: 2, y: y(hi) + 10, class: "rating-axis" }, num(hi)),
    svg("text", { x: 2, y: y(lo), class: "rating-axis" }, num(lo)));
}

export function historyTable(games, gameId) {
  return h("table", { class: "ranking rating-history", id: `history-${gameId}` },
    h("caption", {}, t("historyTable")),
    h("thead", {}, h("tr", {}, [t("when"), t("place"), t("before"), t("after"), t("change"), t("why")].map((c) => h("th", { scope: "col" }, c)))),
    h("tbody", {}, [...games].reverse().map((g) => h("tr", {},
      h("td", {}, h("a", { href: `/r/${g.table}`, "data-link": true }, when(g.at))),
      h("td", {}, `${g.place}º`),
      h("td", {}, num(g.before.shown)),
      h("td", {}, num(g.after.shown)),
      h("td", {}, signed(g.change), g.against_ai ? [" ", vsAiMark()] : null),
      h("td", {}, whyText(g))))));
}
