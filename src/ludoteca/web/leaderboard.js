// /ratings/GAME: a game's leaderboard (people by their shown rating, μ − 3σ) and the AI
// levels' fixed ratings on the same scale.
import { api } from "./api.js";
import { h, clear } from "./dom.js";
import { agentLabel, errorText, t } from "./i18n.js";
import { ratingText, vsAiMark } from "./profile_format.js";

export function showLeaderboard(root, game) {
  const box = h("section", { class: "panel leaderboard", id: "leaderboard" });
  root.append(box);
  Promise.all([api(`/ratings/${encodeURIComponent(game)}?limit=100`), api("/games")]).then(([board, games]) => {
    const names = Object.fromEntries(games.map((g) => [g.id, g.name]));
    clear(box);
    // through h(): it flattens the lists and leaves out what is null
    box.append(h("div", {}, h("h1", {}, t("leaderboardOf", { game: names[board.game] || board.game })),
      h("nav", { class: "bar-buttons" }, games.map((g) => h("a", { href: `/ratings/${g.id}`, "data-link": true, class: "button", "aria-current": g.id === board.game ? "page" : undefined }, g.name))),
      h("p", { class: "muted" }, t("ratingHelp")),
      h("h2", {}, t("people")),
      board.people.length ? h("table", { class: "ranking", id: "leaders" },
        h("thead", {}, h("tr", {}, [t("rank"), t("player"), t("rating"), t("gamesPlayed")].map((c) => h("th", { scope: "col" }, c)))),
        h("tbody", {}, board.people.map((p) => h("tr", { "data-account": p.account.id },
          h("td", {}, t("rankOf", { rank: p.rank })),
          h("th", { scope: "row" }, h("a", { href: `/p/${p.account.id}`, "data-link": true }, p.account.name)),
          h("td", {}, ratingText(p)),
          h("td", {}, p.games, p.ai_games ? [" (", vsAiMark(), ": ", p.ai_games, ")"] : null))))) : h("p", { class: "muted" }, t("noPeople")),
      board.ai.length ? [h("h2", {}, t("aiLevels")), h("table", { class: "ranking", id: "ai-levels" },
        h("thead", {}, h("tr", {}, [t("level"), t("rating")].map((c) => h("th", { scope: "col" }, c)))),
        h("tbody", {}, board.ai.map((a) => h("tr", {}, h("th", { scope: "row" }, t("aiLevel", { level: agentLabel(a.level) })), h("td", {}, ratingText(a))))))] : null));
  }).catch((e) => box.append(h("p", { class: "error", role: "alert" }, `${t("error")}: ${errorText(e.code, e.message)}`)));
  return () => {};
}
