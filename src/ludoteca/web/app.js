// The page's router: / is the lobby, /t/ID a table, /r/ID a replay, /account the account,
// /p/ID a profile, /ratings/GAME a leaderboard, /me/tables my tables.
import { lang, setLang, t } from "./i18n.js";
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";
import { showReplay } from "./replay.js";
import { showTutorial } from "./tutorial.js";
import { showGatalogo } from "./gatalogo.js";
import { showAccount, paintAccountLink } from "./account.js";
import { showProfile } from "./profile.js";
import { showLeaderboard } from "./leaderboard.js";
import { showMyTables } from "./profile_tables.js";
import { clear } from "./dom.js";
import { watchTurns, paintNotifyWords } from "./notify.js";

const app = document.getElementById("app");
let leaving = null; // what the current page must close (a socket, a timer)

export function go(path) {
  history.pushState({}, "", path);
  route();
}

function route() {
  if (leaving) leaving();
  leaving = null;
  clear(app);
  const path = location.pathname;
  let m;
  if ((m = path.match(/^\/t\/([\w-]{1,24})$/))) leaving = showTable(app, m[1], go);
  else if ((m = path.match(/^\/r\/([\w-]{1,24})$/))) leaving = showReplay(app, m[1], go);
  else if ((m = path.match(/^\/learn\/([\w-]{1,24})$/))) leaving = showTutorial(app, m[1], go);
  else if (path === "/gatalogo") leaving = showGatalogo(app, go);
  else if (path === "/account") leaving = showAccount(app, go);
  else if ((m = path.match(/^\/p\/([\w-]{1,24})$/))) leaving = showProfile(app, m[1], go);
  else if ((m = path.match(/^\/ratings\/([\w-]{1,64})$/))) leaving = showLeaderboard(app, m[1], go);
  else if (path === "/me/tables") leaving = showMyTables(app, go);
  else leaving = showLobby(app, go);
}

const langButton = document.getElementById("lang");
function paintLang() {
  document.documentElement.lang = lang();
  langButton.textContent = lang() === "en" ? "PT" : "EN";
  paintAccountLink();
  paintNotifyWords();
  document.getElementById("ratings-link").textContent = t("leaderboard");
}
langButton.addEventListener("click", () => {
  setLang(lang() === "en" ? "pt-BR" : "en");
  paintLang();
  route();
});

document.addEventListener("click", (e) => {
  const a = e.target.closest("a[data-link]");
  if (a && a.origin === location.origin && !e.metaKey && !e.ctrlKey) {
    e.preventDefault();
    go(a.pathname);
  }
});
window.addEventListener("popstate", route);
watchTurns();
paintLang();
route();
