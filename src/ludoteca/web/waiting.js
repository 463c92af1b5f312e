// The waiting room: a table whose seats are not all taken yet. It names the game, the host and
// the options, lists the seats as they fill (each update of the table repaints it), and holds
// the invitation: the link as a large copy button, and a QR code (drawn by the server,
// /api/tables/{id}/invite.svg) for a phone across the table.
import { h } from "./dom.js";
import { agentLabel, lang, t } from "./i18n.js";

/** The host: the person at the first taken person's seat (the creator sits down first). */
export function hostName(table) {
  return table.seats.find((s) => s.kind === "human" && s.taken && s.name)?.name || null;
}

export function inviteLink(tableId) {
  return `${location.origin}/t/${tableId}`;
}

const choiceKey = (c) => (typeof c === "string" ? c : JSON.stringify(c));

// an option's value in the reader's words (the game's own words for its choices)
function optionLine(name, value, doc) {
  const words = (doc?.texts && doc.texts[lang()]) || {};
  const label = words.label || name.replaceAll("_", " ");
  const shown = (c) => (words.choices || {})[choiceKey(c)] || choiceKey(c);
  let v;
  if (typeof value === "boolean") v = value ? t("yes") : t("no");
  else if (Array.isArray(value)) v = value.map(shown).join(", ");
  else v = shown(value);
  return [h("dt", {}, label), h("dd", {}, v)];
}

function optionList(table, game) {
  const rows = Object.entries(table.options || {}).flatMap(([k, v]) => optionLine(k, v, game?.options?.[k]));
  const s = table.settings || {};
  const extra = [];
  if (game?.reactions && s.window_seconds) extra.push(t("waitWindow", { s: s.window_seconds }));
  if (s.clock_seconds) extra.push(t("waitClock", { s: s.clock_seconds }));
  if (s.open_replay) extra.push(t("waitOpenReplay"));
  return h("div", { class: "wait-options" }, h("h3", {}, t("waitOptions")),
    rows.length ? h("dl", { class: "facts" }, rows) : h("p", { class: "muted" }, t("waitDefaults")),
    extra.length ? h("ul", { class: "plain" }, extra.map((x) => h("li", {}, x))) : null);
}

function seatList(table, mySeat) {
  return h("ol", { class: "wait-seats", id: "wait-seats", "aria-live": "polite" }, table.seats.map((s, i) => h("li", {
    class: `seat-c${i % 10} ${s.taken ? "taken" : "free"} ${i === mySeat ? "me" : ""}`, "data-key": `wait-seat-${i}`,
  }, h("span", { class: "dot", "aria-hidden": "true" }),
    s.kind === "ai" ? `${t("ai")} (${agentLabel(s.agent)})` : s.taken ? s.name : h("span", { class: "muted" }, t("waitFree")),
    i === mySeat ? ` (${t("you")})` : "")));
}

/** What a guest arriving by the link reads above the form to sit down (the waiting room under
 * it shows the seats and the options). */
export function invitation(table) {
  const host = hostName(table);
  const taken = table.seats.filter((s) => s.taken).length;
  return h("div", { class: "wait-intro", id: "wait-intro" },
    h("p", { class: "lead" }, host ? t("waitInvited", { game: table.game_name, host }) : t("waitInvitedNoHost", { game: table.game_name })),
    h("p", { class: "muted" }, t("waitSeats", { n: taken, total: table.seats.length })));
}

/** Invite a person by their account's name (POST /api/tables/ID/invitations): a signed-in
 * person seated at the table. ``invite.send(name)`` does it; ``invite.note`` is what the last
 * one said (kept by the page across repaints). */
function inviteByName(invite) {
  const name = h("input", { type: "text", id: "invite-name", "data-key": "invite-name", maxlength: "40", autocomplete: "off", required: true });
  return h("form", { class: "invite-by-name", id: "invite-by-name", "data-key": "invite-by-name", onsubmit: (ev) => {
    ev.preventDefault();
    // the input on the page (a repaint keeps the first one and hands its form this handler)
    const input = ev.currentTarget.querySelector("#invite-name");
    const who = input.value.trim();
    if (who) invite.send(who).then((ok) => { if (ok) input.value = ""; });
  } },
  h("label", { for: "invite-name" }, t("inviteName")), name,
  h("button", { type: "submit", id: "invite-send" }, t("invite")),
  h("p", { class: "muted", id: "invite-note", role: "status" }, invite.note || ""));
}

/** The waiting room of an open table, for whoever has the page open (seated or not);
 * ``invite`` (a signed-in person at a seat) adds the invitation by name. */
export function waitingRoom(table, { game, seat, onCopy, invite = null }) {
  const host = hostName(table);
  const link = inviteLink(table.id);
  const taken = table.seats.filter((s) => s.taken).length;
  return h("div", { class: "waiting", id: "waiting", "data-key": "waiting" },
    h("h2", { id: "wait-title" }, host ? t("waitTitle", { game: table.game_name, host }) : t("waitTitleNoHost", { game: table.game_name })),
    h("p", { class: "wait-count", id: "wait-count" }, t("waitSeats", { n: taken, total: table.seats.length }), " · ", t("waitStarts")),
    h("div", { class: "wait-grid" },
      h("div", { class: "wait-invite" },
        h("p", {}, t("waitInviteHelp")),
        h("button", { type: "button", class: "invite-copy primary", id: "invite-copy", "data-cmd": "copy", onclick: () => onCopy(link) },
          h("span", { class: "invite-what" }, t("waitCopy")),
          h("span", { class: "invite-url", translate: "no" }, link.replace(/^https?:\/\//, ""))),
        h("img", { class: "invite-qr", id: "invite-qr", src: `/api/tables/${encodeURIComponent(table.id)}/invite.svg`, alt: t("waitQr"), width: "200", height: "200" }),
        invite && seat !== null && seat !== undefined ? inviteByName(invite) : null),
      h("div", { class: "wait-who" }, seatList(table, seat), optionList(table, game))));
}
