// The lobby: create a table, see the open, running and finished ones, join or watch.
import { api, saveToken, tokenFor } from "./api.js";
import { h, clear, patch, svg } from "./dom.js";
import { agentLabel, errorText, lang, t } from "./i18n.js";
import { lobbyHelp } from "./tutorial.js";
import { deckPicker } from "./gatalogo.js";
import { myTablesPanel } from "./profile_tables.js";
import { invitationsPanel } from "./invitations.js";
import { ratedChoice } from "./profile_rated.js";

export function showLobby(root, go) {
  let stop = false;
  const form = h("section", { class: "panel", id: "new-table" });
  const lists = h("section", { class: "panel", id: "tables" });
  let gameNames = {};
  const mine = myTablesPanel(() => gameNames); // the signed-in person's tables, theirs to move first
  const invited = invitationsPanel(() => gameNames, go); // open tables I was invited to by name
  root.append(h("h1", { class: "lobby-title" }, t("lobbyTitle")), invited.box, mine.box, h("div", { class: "lobby" }, form, lists));
  Promise.all([api("/games"), api("/turn-based")]).then(([games, turns]) => {
    gameNames = Object.fromEntries(games.map((g) => [g.id, g.name]));
    buildForm(form, games, go, turns);
  }).catch((e) => showError(form, e));
  const refresh = async () => {
    if (stop) return;
    try {
      const [active, finished] = await Promise.all([api("/tables"), api("/tables?status=finished&limit=20")]);
      paintTables(lists, active, finished, gameNames);
      mine.refresh();
      invited.refresh();
    } catch (e) {
      showError(lists, e);
    }
  };
  refresh();
  const timer = setInterval(refresh, 3000);
  return () => {
    stop = true;
    clearInterval(timer);
  };
}

export function showError(el, e) {
  el.querySelector(".error")?.remove();
  el.prepend(h("p", { class: "error", role: "alert" }, `${t("error")}: ${errorText(e.code, e.message)}`));
}

// a duration of whole days or hours in words ("3 dias", "12 horas"); 0 is "no bank"
export function duration(seconds) {
  if (!seconds) return t("noBank");
  if (seconds % 86400 === 0) return t("days", { n: seconds / 86400 });
  return t("hours", { n: Math.round(seconds / 3600) });
}

// real time or turn-based: the pace menu, and a turn-based table's limit and bank
function paceFields(turns) {
  const pace = h("select", { id: "pace", "aria-describedby": "pace-help" },
    h("option", { value: "realtime" }, t("paceRealtime")),
    h("option", { value: "turn_based" }, t("paceTurnBased")));
  const limit = h("select", { id: "turn-limit" },
    turns.limits.map((s) => h("option", { value: s, selected: s === turns.default_limit }, duration(s))));
  const bank = h("select", { id: "time-bank", "aria-describedby": "bank-help" },
    turns.banks.map((s) => h("option", { value: s, selected: s === turns.default_bank }, duration(s))));
  const box = h("div", { class: "turn-settings", id: "turn-settings", hidden: true },
    h("label", {}, h("span", {}, t("turnLimit")), limit),
    h("label", {}, h("span", {}, t("timeBank")), bank, h("small", { id: "bank-help", class: "muted" }, t("timeBankHelp"))),
    h("small", { class: "muted turn-window" }, t("turnWindowHelp", { n: Math.round(turns.window_seconds / 60) })));
  const help = h("small", { id: "pace-help", class: "muted" }, t("paceHelp"));
  return { pace, limit, bank, box, help, turnBased: () => pace.value === "turn_based" };
}

function buildForm(form, games, go, turns) {
  clear(form);
  form.append(h("h2", {}, t("newTable")));
  const gameSel = h("select", { name: "game", id: "game" }, games.map((g) => h("option", { value: g.id }, g.name)));
  const playersSel = h("select", { name: "players", id: "players" });
  const seatsBox = h("div", { class: "seats-setup" });
  const rated = ratedChoice(seatsBox);
  const optionsBox = h("fieldset", { class: "options" });
  // empty: the server's default window
  const windowIn = h("input", { type: "number", id: "window", min: "0.2", max: "60", step: "any", placeholder: "—" });
  const closeEarly = h("input", { type: "checkbox", id: "window-close-early", checked: true });
  const clockIn = h("input", { type: "number", id: "clock", min: "5", max: "3600", step: "1", placeholder: "—" });
  const openReplay = h("input", { type: "checkbox", id: "open-replay" });
  // a table by invitation (server/friends.py): the server asks for a signed-in creator
  const invitationOnly = h("input", { type: "checkbox", id: "invitation-only" });
  const nameIn = h("input", { type: "text", id: "creator-name", maxlength: "40", required: true, value: localStorage.getItem("ludoteca.name") || "", autocomplete: "nickname", "aria-describedby": "name-help" });
  const about = h("div", { class: "game-about", id: "game-about", "aria-live": "polite" });
  const paced = paceFields(turns);
  const clockBox = h("label", { id: "clock-settings" }, h("span", {}, t("clockSeconds")), clockIn);
  // the creator's own deck, one saved in the Gatálogo (games that take decks)
  const myDeck = { value: "" };
  const deckBox = h("div", { class: "my-deck", id: "my-deck" });
  const game = () => games.find((g) => g.id === gameSel.value);
  // the reaction window's settings, only for a game that has reactions (a Nope...)
  const windowBox = h("div", { class: "window-settings", id: "window-settings" },
    h("label", {}, h("span", {}, t("windowSeconds")), windowIn),
    h("label", { class: "option" }, closeEarly, h("span", {}, t("windowEarly")), h("small", {}, t("windowEarlyHelp"))));

  const paintSeats = () => {
    clear(seatsBox);
    const n = Number(playersSel.value);
    for (let i = 0; i < n; i++) {
      const kind = h("select", { class: "seat-kind", "aria-label": `${t("seat")} ${i + 1}` },
        h("option", { value: "human" }, t("person")),
        h("option", { value: "ai", selected: i > 0 }, t("ai")));
      const agent = h("select", { class: "seat-agent", "aria-label": t("agent") },
        // the named levels first (what most people want), then every agent by name
        (game().levels || []).map((l) => h("option", { value: l, selected: l === "medium" }, t(`level_${l}`)))
          .concat(game().agents.map((a) => h("option", { value: a }, a))));
      const sync = () => {
        agent.hidden = kind.value !== "ai";
        // a name is needed only when a person sits down
        nameIn.required = [...seatsBox.querySelectorAll(".seat-kind")].some((k) => k.value === "human") || kind.value === "human";
      };
      kind.addEventListener("change", sync);
      sync();
      seatsBox.append(h("div", { class: "seat-row" }, h("span", {}, `${t("seat")} ${i + 1}`), kind, agent));
    }
    rated.sync();
  };
  const paintGame = () => {
    const g = game();
    clear(about);
    about.append(gamePicture(g.id), h("div", {},
      h("strong", {}, g.name), h("p", {}, t(`desc_${g.id.replaceAll("-", "_")}`)),
      h("p", { class: "muted" }, g.min_players === g.max_players ? t("players") + `: ${g.min_players}` : t("playerCount", { min: g.min_players, max: g.max_players })), lobbyHelp(g.id)));
    windowBox.hidden = g.reactions === false || paced.turnBased();
    myDeck.value = "";
    deckBox.replaceChildren(...[g.takes_decks ? deckPicker(myDeck) : null].filter(Boolean));
    clear(playersSel);
    for (let n = g.min_players; n <= g.max_players; n++) playersSel.append(h("option", { value: n }, n));
    clear(optionsBox);
    optionsBox.append(h("legend", {}, t("gameVariants")));
    for (const [name, doc] of Object.entries(g.options)) {
      const menu = Array.isArray(doc.choices);
      if (doc.default === null && doc.type !== "bool" && !menu) continue; // filled in by the game
      let input;
      const words = (doc.texts && doc.texts[lang()]) || {};
      const label = words.label || name.replaceAll("_", " ");
      const help = words.help || doc.help;
      // a choice is shown by its words (a deck's name...), sent as its value (the id)
      const shown = (c) => (words.choices || {})[choiceKey(c)] || choiceKey(c);
      if (menu && doc.multiple) {
        // a list of ids (the sets in play): one box each, inside a group named by the option
        optionsBox.append(h("fieldset", { class: "option-set", dataset: { option: name } },
          h("legend", {}, label),
          doc.choices.map((c) => h("label", { class: "option" },
            h("input", { type: "checkbox", value: choiceKey(c), checked: (doc.default || []).includes(c) }), h("span", {}, shown(c)))),
          h("small", {}, help)));
        continue;
      }
      if (menu) input = h("select", { name }, doc.choices.map((c) => h("option", { value: choiceKey(c), selected: c === doc.default }, shown(c))));
      else if (typeof doc.default === "boolean") input = h("input", { type: "checkbox", name, checked: doc.default });
      else if (typeof doc.default === "number") input = h("input", { type: "number", name, value: doc.default });
      else if (typeof doc.default === "string") input = h("input", { type: "text", name, value: doc.default });
      else continue;
      input.dataset.option = name;
      const named = h("span", {}, label);
      // a box reads after its tick, a menu or a field after its name
      optionsBox.append(h("label", { class: "option", title: help }, input.type === "checkbox" ? [input, named] : [named, input], h("small", {}, help)));
    }
    paintSeats();
  };
  gameSel.addEventListener("change", paintGame);
  // a turn-based table has a limit per move and a bank, not a clock in seconds; its reaction
  // windows are the turn-based rule's (the server sets them)
  paced.pace.addEventListener("change", () => {
    const turn = paced.turnBased();
    paced.box.hidden = !turn;
    clockBox.hidden = turn;
    windowBox.hidden = turn || game().reactions === false;
  });
  playersSel.addEventListener("change", paintSeats);

  const submit = async (ev) => {
    ev.preventDefault();
    const g = game();
    const options = {};
    for (const input of optionsBox.querySelectorAll("[data-option]")) {
      const doc = g.options[input.dataset.option];
      // a menu's value back to the choice itself (findIndex: null is a choice, "null" is not)
      const fromKey = (k) => {
        const i = (doc.choices || []).findIndex((c) => choiceKey(c) === k);
        return i < 0 ? k : doc.choices[i];
      };
      let v;
      if (input.tagName === "FIELDSET") v = [...input.querySelectorAll("input:checked")].map((b) => fromKey(b.value));
      else if (input.type === "checkbox") v = input.checked;
      else if (input.type === "number") v = Number(input.value);
      else v = fromKey(input.value);
      if (JSON.stringify(v) !== JSON.stringify(doc.default)) options[input.dataset.option] = v;
    }
    const seats = [...seatsBox.querySelectorAll(".seat-row")].map((row) => {
      const kind = row.querySelector(".seat-kind").value;
      return kind === "ai" ? { kind, agent: row.querySelector(".seat-agent").value } : { kind };
    });
    const body = { game: g.id, num_players: Number(playersSel.value), seats, options, open_replay: openReplay.checked, rated: rated.value() };
    if (invitationOnly.checked) body.invitation_only = true;
    if (!windowBox.hidden && windowIn.value) body.window_seconds = Number(windowIn.value);
    if (!windowBox.hidden) body.window_close_early = closeEarly.checked;
    if (paced.turnBased()) {
      body.mode = "turn_based";
      body.turn_seconds = Number(paced.limit.value);
      body.bank_seconds = Number(paced.bank.value);
    } else if (clockIn.value) body.clock_seconds = Number(clockIn.value);
    if (seats.some((s) => s.kind === "human")) {
      // the creator sits down in the same request
      body.join = { name: nameIn.value.trim() || "?" };
      if (myDeck.value) body.join.deck = myDeck.value;
      localStorage.setItem("ludoteca.name", body.join.name);
    }
    try {
      const table = await api("/tables", { method: "POST", body });
      if (table.joined) saveToken(table.id, table.joined.token);
      go(`/t/${table.id}`);
    } catch (e) {
      showError(form, e);
    }
  };
  form.append(h("form", { onsubmit: submit },
    h("label", {}, h("span", {}, t("game")), gameSel),
    about,
    h("label", {}, h("span", {}, t("players")), playersSel),
    h("label", {}, h("span", {}, t("pace")), paced.pace, paced.help),
    paced.box,
    h("label", {}, h("span", {}, t("yourName")), nameIn, h("small", { id: "name-help", class: "muted" }, t("nameHelp"))),
    deckBox,
    seatsBox,
    rated.el,
    h("label", { class: "option" }, invitationOnly, h("span", {}, t("invitationOnlyTable")), h("small", {}, t("invitationOnlyHelp"))),
    h("details", {}, h("summary", {}, t("options")), optionsBox,
      windowBox,
      clockBox,
      h("label", { class: "option" }, openReplay, h("span", {}, t("openReplay")))),
    h("button", { type: "submit", class: "primary", id: "create" }, t("create"))));
  paintGame();
}

// a choice where a string is needed (a menu's value, the key of its words): null is "null", as
// the server writes it (engine/game.py choice_key)
function choiceKey(c) {
  return c === null ? "null" : String(c);
}

function seatText(s) {
  if (s.kind === "ai") return `${t("ai")} (${agentLabel(s.agent)})`;
  return s.name || t("free");
}

function paintTables(live, active, finished, gameNames) {
  const el = h("section", { class: "panel", id: "tables" });
  el.append(h("h2", {}, t("lobby")));
  // a running table nobody has played for a while (the server says, see server/abandoned.py)
  // is not "in play": it has its own group, shown only when there is one
  const running = active.filter((x) => x.status === "running");
  const groups = [["open", active.filter((x) => x.status === "open")], ["running", running.filter((x) => !x.abandoned)],
    ["abandoned", running.filter((x) => x.abandoned)], ["finished", finished]];
  for (const [status, list] of groups) {
    if (status === "abandoned" && !list.length) continue;
    el.append(h("h3", { class: list.length ? "" : "muted" }, t(`${status}N`, { n: list.length })));
    if (status === "abandoned") el.append(h("p", { class: "muted" }, t("abandonedHelp")));
    if (!list.length) continue; // the heading says "0 ..."
    el.append(h("ul", { class: "table-list" }, list.map((tb) => {
      const mine = tokenFor(tb.id);
      const href = status === "finished" ? `/r/${tb.id}` : `/t/${tb.id}`;
      const label = status === "finished" ? t("replay") : mine ? t("table") : status === "open" ? t("join") : t("watch");
      return h("li", { class: `table-item${tb.abandoned ? " abandoned" : ""}`, dataset: { table: tb.id } },
        h("strong", {}, tb.game_name || gameNames[tb.game] || tb.game),
        tb.settings && tb.settings.mode === "turn_based"
          ? h("span", { class: "pace muted" }, `${t("turnBased")} · ${duration(tb.settings.turn_seconds)}`) : null,
        h("span", { class: "seats" }, tb.seats.map(seatText).join(" · ")),
        h("a", { href, "data-link": true, class: "button", "aria-label": `${label}: ${tb.game_name || gameNames[tb.game] || tb.game}` }, label));
    })));
  }
  patch(live, el);
}

// a small drawing per game for the lobby (our own shapes)
function gamePicture(id) {
  const pic = {
    "nine-domains": [svg("rect", { x: 6, y: 10, width: 16, height: 22, rx: 3, class: "gp-a" }), svg("rect", { x: 24, y: 10, width: 16, height: 22, rx: 3, class: "gp-b" }), svg("rect", { x: 42, y: 10, width: 16, height: 22, rx: 3, class: "gp-c" })],
    "exploding-kittens": [svg("circle", { cx: 32, cy: 24, r: 13, class: "gp-bomb" }), svg("path", { d: "M40 12 L48 4", class: "gp-fuse" })],
    coatl: [svg("circle", { cx: 10, cy: 24, r: 7, class: "gp-a" }), svg("circle", { cx: 24, cy: 20, r: 7, class: "gp-b" }), svg("circle", { cx: 38, cy: 24, r: 7, class: "gp-c" }), svg("path", { d: "M46 18 L60 24 L46 30 Z", class: "gp-a" })],
    "sala-de-miaula": [svg("path", { d: "M16 40 L16 14 L24 22 L40 22 L48 14 L48 40 Z", class: "gp-cat" })],
  }[id] || [svg("rect", { x: 16, y: 8, width: 32, height: 32, rx: 6, class: "gp-a" })];
  return svg("svg", { class: "game-pic", viewBox: "0 0 64 48", width: 64, height: 48, "aria-hidden": "true" }, pic);
}
