// The end of a game: every seat ranked with its score (or the order it was eliminated in),
// "play again" with the same seats and "back to the lobby".
import { api, saveToken, tokenFor } from "./api.js";
import { h } from "./dom.js";
import { agentLabel, errorText, t } from "./i18n.js";
import { ratingChanges } from "./profile_change.js";
import { reviewButton } from "./review.js";

export function seatNames(seats) {
  return seats.map((s) => (s.kind === "ai" ? `${t("ai")} ${s.seat + 1} (${agentLabel(s.agent)})` : s.name || `${t("seat")} ${s.seat + 1}`));
}

/** Seats in finishing order, each with what decided its place. */
export function standings(result, view) {
  const n = result.ranking?.length || 0;
  const seats = Array.from({ length: n }, (_, i) => i);
  // Exploding Kittens: the later a seat left the table, the better its place
  const out = view?.eliminated ? [...view.eliminated] : null;
  seats.sort((a, b) => (result.ranking[a] - result.ranking[b]) || a - b);
  return seats.map((i) => ({
    seat: i,
    place: result.ranking[i],
    score: result.scores ? result.scores[i] : null,
    out: out && out.includes(i) ? out.indexOf(i) + 1 : null,
    winner: (result.winners || []).includes(i),
  }));
}

export function endScreen(result, table, view, { names, seat, tableId, go }) {
  const rows = standings(result, view).map((r) => h("tr", { class: `${r.winner ? "winner" : ""} ${r.seat === seat ? "me" : ""}`, "data-key": `rank-${r.seat}` },
    h("td", {}, `${r.place}º`),
    h("th", { scope: "row" }, h("span", { class: `seat-tag seat-c${r.seat % 10}` }, names[r.seat]), r.winner ? ` ★` : ""),
    h("td", {}, r.score !== null && r.score !== undefined ? fmt(r.score) : r.out ? t("outNth", { n: r.out }) : "—")));
  const again = h("button", { type: "button", class: "primary", id: "play-again", "data-cmd": "again", onclick: async () => {
    again.disabled = true;
    try {
      const tok = tokenFor(tableId);
      const next = await api(`/tables/${tableId}/rematch`, { method: "POST", token: tok || undefined });
      if (next.joined) saveToken(next.id, next.joined.token);
      go(`/t/${next.id}`);
    } catch (e) {
      again.disabled = false;
      box.append(h("p", { class: "error", role: "alert" }, errorText(e.code, e.message)));
    }
  } }, t("playAgain"));
  const box = h("div", { class: "result", id: "result", role: "group", "aria-labelledby": "result-title" },
    h("h2", { id: "result-title" }, t("over")),
    result.text ? h("p", {}, sentence(result.text)) : null,
    h("table", { class: "ranking" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("place")), h("th", { scope: "col" }, t("player")), h("th", { scope: "col" }, t("score")))),
      h("tbody", {}, rows)),
    table?.settings?.rated ? ratingChanges(tableId) : null,
    h("div", { class: "bar-buttons" }, again,
      h("a", { href: `/r/${tableId}`, "data-link": true, class: "button", id: "to-replay" }, t("replay")),
      reviewButton(tableId, seat, go),
      h("a", { href: "/", "data-link": true, class: "button", id: "to-lobby" }, t("back"))));
  return box;
}

// the games' result words are phrases ("um jogador completou o 3º Cóatl"): a sentence here
function sentence(s) {
  const out = s.charAt(0).toUpperCase() + s.slice(1);
  return /[.!?)]$/.test(out) ? out : `${out}.`;
}

function fmt(x) {
  return Number.isInteger(x) ? String(x) : x.toFixed(1);
}
