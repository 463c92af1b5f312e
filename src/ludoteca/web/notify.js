// "Your turn" in the page: when one of your tables waits for your move (the one shown, from
// its own socket, or another one of your account's, asked of the server every POLL_MS), the
// title says "(n) Sua vez — …", the favicon gets a badge with n, and a short sound plays for
// a table that just started to wait, if the person has not switched it off (kept in this
// browser) and has touched the page since it loaded (no autoplay before a gesture).
// Also: the account page's notification choices (push on this device, email) and the
// service worker's registration (web/sw.js).
import { api } from "./api.js";
import { t, lang, errorText } from "./i18n.js";
import { h, svg } from "./dom.js";

const SOUND_KEY = "ludoteca.sound"; // "off": no sound
const POLL_MS = 20000;
const ICON = "/static/favicon.svg";

let baseTitle = "ludoteca";
let here = null; // the table shown: { table, mine }
let elsewhere = new Set(); // the account's tables waiting for its move (the server's word)
let counted = null; // the tables counted at the last paint (null: none painted yet)
let gestured = false;
let audio = null;
let iconImage = null;

export function soundOn() {
  return localStorage.getItem(SOUND_KEY) !== "off";
}

function setSound(on) {
  localStorage.setItem(SOUND_KEY, on ? "on" : "off");
  paintSoundButton();
}

function waitingTables() {
  const all = new Set(elsewhere);
  if (here) {
    if (here.mine) all.add(here.table);
    else all.delete(here.table); // the table shown knows better (its socket is newer)
  }
  return all;
}

function chime() {
  if (!gestured || !soundOn()) return;
  try {
    audio = audio || new AudioContext();
    const at = audio.currentTime;
    for (const [i, freq] of [660, 880].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, at + i * 0.14);
      gain.gain.exponentialRampToValueAtTime(0.2, at + i * 0.14 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + i * 0.14 + 0.13);
      osc.connect(gain).connect(audio.destination);
      osc.start(at + i * 0.14);
      osc.stop(at + i * 0.14 + 0.14);
    }
  } catch {
    // no sound in this browser: the title and the badge say it
  }
}

function iconLink() {
  let link = document.querySelector('link[rel="icon"]');
  if (!link) {
    link = h("link", { rel: "icon", href: ICON, type: "image/svg+xml" });
    document.head.append(link);
  }
  return link;
}

function paintBadge(n) {
  const link = iconLink();
  if (!n) {
    link.type = "image/svg+xml";
    link.href = ICON;
    delete link.dataset.badge;
    return;
  }
  const draw = () => {
    if (waitingTables().size !== n) return; // painted again meanwhile
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 64;
    const g = canvas.getContext("2d");
    if (iconImage.complete && iconImage.naturalWidth) g.drawImage(iconImage, 0, 0, 64, 64);
    g.fillStyle = "#c62828";
    g.beginPath();
    g.arc(44, 20, 20, 0, 2 * Math.PI);
    g.fill();
    g.fillStyle = "#fff";
    g.font = "bold 28px sans-serif";
    g.textAlign = "center";
    g.textBaseline = "middle";
    g.fillText(n > 9 ? "9+" : String(n), 44, 21);
    link.type = "image/png";
    link.href = canvas.toDataURL("image/png");
    link.dataset.badge = String(n);
  };
  if (!iconImage) {
    iconImage = new Image();
    iconImage.src = ICON;
  }
  if (iconImage.complete) draw();
  else iconImage.addEventListener("load", draw, { once: true });
  link.dataset.badge = String(n); // said at once; the picture follows the icon's loading
}

function paint() {
  const waiting = waitingTables();
  const n = waiting.size;
  document.title = n ? `(${n}) ${t("notifyYourTurn")} — ${baseTitle}` : baseTitle;
  document.documentElement.dataset.waiting = String(n);
  paintBadge(n);
  if (counted !== null && [...waiting].some((id) => !counted.has(id))) chime();
  counted = waiting;
}

/** The table page says whose move it is at the table it shows (after every state). */
export function tableTurn(tableId, mine, title) {
  here = { table: tableId, mine };
  baseTitle = title;
  paint();
}

/** The table page closed. */
export function leftTable() {
  here = null;
  baseTitle = "ludoteca";
  paint();
}

async function poll() {
  try {
    const data = await api("/notify/waiting");
    elsewhere = new Set(data.tables.map((x) => x.table));
    paint();
  } catch {
    // offline for a moment: the next poll tries again
  }
}

function paintSoundButton() {
  const b = document.getElementById("sound-toggle");
  if (!b) return;
  const on = soundOn();
  // a bell (struck through when off), drawn: no emoji font is needed
  b.replaceChildren(svg("svg", { viewBox: "0 0 24 24", width: "18", height: "18", "aria-hidden": "true", focusable: "false" },
    svg("path", { d: "M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zM10 19a2 2 0 0 0 4 0", fill: "none", stroke: "currentColor", "stroke-width": "2", "stroke-linejoin": "round" }),
    on ? null : svg("path", { d: "M4 4l16 16", stroke: "currentColor", "stroke-width": "2" })));
  b.setAttribute("aria-pressed", on ? "true" : "false");
  b.setAttribute("aria-label", t(on ? "soundOn" : "soundOff"));
  b.title = t(on ? "soundOn" : "soundOff");
}

/** Once, at the page's start: the sound switch in the top bar, gestures, the polling. */
export function watchTurns() {
  const nav = document.querySelector("header.top nav");
  if (nav && !document.getElementById("sound-toggle")) {
    const b = h("button", { id: "sound-toggle", class: "ghost", type: "button", onclick: () => setSound(!soundOn()) });
    nav.prepend(b);
  }
  paintSoundButton();
  const touched = () => {
    gestured = true;
    if (audio && audio.state === "suspended") audio.resume().catch(() => {});
  };
  for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, touched, { capture: true });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") poll();
  });
  setInterval(poll, POLL_MS);
  poll();
}

/** The top bar's words follow the language. */
export function paintNotifyWords() {
  paintSoundButton();
  paint();
}

// -- the account page: push on this device, email -------------------------------------------
function keyBytes(b64) {
  const raw = atob(b64.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

async function worker() {
  return navigator.serviceWorker.register("/sw.js", { scope: "/", type: "module" });
}

async function currentSubscription() {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) return null;
  const reg = await navigator.serviceWorker.getRegistration("/");
  return reg ? reg.pushManager.getSubscription() : null;
}

function pushPart(choices, say) {
  const part = h("div", { class: "notify-push" });
  const paintPart = async () => {
    part.replaceChildren();
    if (!choices.push || !("serviceWorker" in navigator) || !("PushManager" in window)) {
      part.append(h("p", { class: "muted" }, t("pushUnavailable")));
      return;
    }
    const sub = await currentSubscription().catch(() => null);
    if (sub) {
      part.append(h("p", { id: "push-state" }, t("pushIsOn")),
        h("button", { type: "button", id: "push-off", onclick: async () => {
          try {
            await api("/notify/push/remove", { method: "POST", body: { endpoint: sub.endpoint } });
            await sub.unsubscribe();
          } catch (err) {
            say(errorText(err.code, err.message));
          }
          paintPart();
        } }, t("pushOff")));
    } else {
      part.append(h("button", { type: "button", id: "push-on", onclick: async () => {
        try {
          if ((await Notification.requestPermission()) !== "granted") {
            say(t("pushDenied"));
            return;
          }
          const { key } = await api("/notify/push-key");
          const reg = await worker();
          await navigator.serviceWorker.ready;
          const s = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
          const json = s.toJSON();
          await api("/notify/push", { method: "POST", body: { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } } });
        } catch (err) {
          say(errorText(err.code, err.message));
        }
        paintPart();
      } }, t("pushOn")));
    }
  };
  paintPart();
  return part;
}

function mailPart(choices, say) {
  if (!choices.mail) return h("p", { class: "muted" }, t("emailUnavailable"));
  const hours = choices.mail_period / 3600;
  const help = hours >= 1 && Number.isInteger(hours)
    ? t("emailHelp", { n: hours })
    : t("emailHelpMinutes", { n: Math.max(1, Math.round(choices.mail_period / 60)) });
  const email = choices.email || { address: "", enabled: false };
  const form = h("form", { class: "account-form", id: "notify-email-form" },
    h("label", { for: "notify-email" }, t("email"),
      h("input", { id: "notify-email", name: "notify-email", type: "email", maxlength: "254", autocomplete: "email", value: email.address || "" })),
    h("label", { for: "notify-email-on", class: "check" },
      h("input", { id: "notify-email-on", name: "notify-email-on", type: "checkbox", checked: email.enabled, "aria-describedby": "notify-email-help" }),
      " ", t("emailOn")),
    h("small", { id: "notify-email-help", class: "muted" }, help),
    h("button", { type: "submit" }, t("save")),
    choices.email ? h("button", { type: "button", id: "notify-email-forget", onclick: async () => {
      try {
        await api("/notify/email", { method: "POST", body: { address: null } });
        form.elements["notify-email"].value = "";
        form.elements["notify-email-on"].checked = false;
        say(t("emailSaved"));
      } catch (err) {
        say(errorText(err.code, err.message));
      }
    } }, t("emailForget")) : null);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const address = form.elements["notify-email"].value.trim();
    try {
      await api("/notify/email", { method: "POST", body: {
        address: address || null, enabled: form.elements["notify-email-on"].checked, lang: lang() } });
      say(t("emailSaved"));
    } catch (err) {
      say(errorText(err.code, err.message));
    }
  });
  return form;
}

/** The account page's section on notifications (the signed-in person's own choices). */
export function notifySection() {
  const status = h("p", { class: "muted", id: "notify-status", role: "status" });
  const say = (text) => { status.textContent = text; };
  const section = h("section", { id: "notify", "aria-labelledby": "notify-title" },
    h("h2", { id: "notify-title" }, t("notifyTitle")),
    h("p", { class: "muted" }, t("notifyHelp")));
  api("/notify").then((choices) => {
    section.append(pushPart(choices, say), mailPart(choices, say), status);
  }).catch((err) => say(errorText(err.code, err.message)));
  return section;
}
