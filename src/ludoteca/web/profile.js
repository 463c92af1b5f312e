// /p/ID: a person's public profile: per game, games played and won, the rating with its
// uncertainty and rank (and the AI level it is nearest), the rating's history (a plot and a
// table); the reputation; the recent games with their replays.
import { api } from "./api.js";
import { h, clear } from "./dom.js";
import { agentLabel, errorText, t } from "./i18n.js";
import { percent, ratingText, vsAiMark, when } from "./profile_format.js";
import { historyPlot, historyTable } from "./profile_plot.js";

export function showProfile(root, id) {
  const box = h("section", { class: "panel profile", id: "profile" });
  root.append(box);
  Promise.all([api(`/profiles/${id}`), api("/games")]).then(async ([p, games]) => {
    const names = Object.fromEntries(games.map((g) => [g.id, g.name]));
    const histories = await Promise.all(p.games.filter((g) => g.rating)
      .map((g) => api(`/profiles/${id}/history?game=${encodeURIComponent(g.game)}`)));
    paint(box, p, names, Object.fromEntries(histories.map((x) => [x.game, x])));
  }).catch((e) => box.append(h("p", { class: "error", role: "alert" }, `${t("error")}: ${errorText(e.code, e.message)}`)));
  return () => {};
}

function gameSection(g, names, history) {
  const r = g.rating;
  return h("section", { class: "profile-game", "data-game": g.game },
    h("h3", {}, h("a", { href: `/ratings/${g.game}`, "data-link": true }, names[g.game] || g.game)),
    h("p", {}, `${t("gamesPlayed")}: ${g.played} · ${t("gamesWon")}: ${g.won}`),
    r ? [
      h("p", { class: "profile-rating" }, `${t("rating")}: `, ratingText(r), " · ", `${t("rank")}: ${t("rankOf", { rank: r.rank })}`),
      h("p", { class: "muted" }, t("ratedGames", { n: r.games }), r.ai_games ? [" · ", vsAiMark(), " ", t("vsAiGames", { n: r.ai_games })] : null),
      r.plays_at ? h("p", { class: "plays-at" }, t("playsAt", { level: agentLabel(r.plays_at) })) : null,
      history && history.games.length ? h("figure", { class: "rating-figure" },
        h("figcaption", {}, t("history")), historyPlot(history.games, history.ai), historyTable(history.games, g.game)) : null,
    ] : h("p", { class: "muted" }, t("noRatings")));
}

function paint(box, p, names, histories) {
  clear(box);
  const rep = p.reputation;
  box.append(
    h("h1", { id: "profile-name" }, p.account.name),
    h("p", { class: "muted" }, t("memberSince", { date: when(p.account.since) })),
    h("p", { class: "muted" }, t("ratingHelp")),
    h("section", { class: "reputation", id: "reputation" }, h("h2", {}, t("reputation")),
      rep.counted ? [
        h("p", {}, t("finishedShare", { share: percent(rep.finished_share) }), " ", h("small", { class: "muted" }, t("reputationOf", { n: rep.counted }))),
        h("p", {}, t("cleanShare", { share: percent(rep.without_timeout_share) })),
      ] : h("p", { class: "muted" }, t("reputationNone"))),
    h("div", { class: "profile-games" }, p.games.length ? p.games.map((g) => gameSection(g, names, (histories || {})[g.game])) : h("p", { class: "muted" }, t("noRatings"))),
    h("section", { id: "recent" }, h("h2", {}, t("recentGames")),
      p.recent.length ? h("ul", {}, p.recent.map((g) => h("li", {},
        h("a", { href: `/r/${g.table}`, "data-link": true }, names[g.game] || g.game), " · ",
        g.left ? t("leftGame") : t("placeOf", { place: g.place, n: g.players }),
        g.rated ? ` · ${t("rated")}` : "", " · ", when(g.ended_at)))) : h("p", { class: "muted" }, t("noGames"))));
}
