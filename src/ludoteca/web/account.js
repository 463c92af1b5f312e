// /account: sign up, sign in, and the signed-in person's account (their tables, rename,
// export, sign out, delete). The session is an HttpOnly cookie this page never sees; the seat
// tokens this browser holds (a guest's tables) are handed to the account at sign-up and
// sign-in, so the guest's tables become the account's.
import { api } from "./api.js";
import { t, errorText } from "./i18n.js";
import { h, clear } from "./dom.js";
import { notifySection } from "./notify.js";

const TOKEN_PREFIX = "ludoteca.token.";

// the seats this browser holds: every table's token kept by api.js's saveToken
function heldSeats() {
  const seats = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key && key.startsWith(TOKEN_PREFIX)) {
      const token = localStorage.getItem(key);
      if (token) seats.push({ table: key.slice(TOKEN_PREFIX.length), token });
    }
  }
  return seats.slice(0, 500);
}

/** The top bar's link to this page (its words follow the language). */
export function paintAccountLink() {
  const link = document.getElementById("account-link");
  if (link) link.textContent = t("account");
}

function field(id, label, attrs, help) {
  const input = h("input", { id, name: id, ...attrs, ...(help ? { "aria-describedby": `${id}-help` } : {}) });
  return h("label", { for: id }, label, input, help ? h("small", { id: `${id}-help`, class: "muted" }, help) : null);
}

function problem(where, e) {
  where.querySelector(".error")?.remove();
  where.prepend(h("p", { class: "error", role: "alert" }, `${t("error")}: ${errorText(e.code, e.message)}`));
}

function credentialsForm(id, title, action, help, paint) {
  const isNew = id === "signup";
  const form = h("form", { class: "panel account-form", id, "aria-labelledby": `${id}-title` },
    h("h2", { id: `${id}-title` }, title),
    help ? h("p", { class: "muted" }, help) : null,
    field(`${id}-name`, t("accountName"), { type: "text", maxlength: "40", required: true, autocomplete: "username" }),
    field(`${id}-password`, t("password"), {
      type: "password", minlength: isNew ? "8" : undefined, maxlength: "256", required: true,
      autocomplete: isNew ? "new-password" : "current-password",
    }, isNew ? t("passwordHelp") : null),
    h("button", { class: "primary", type: "submit" }, title));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const button = form.querySelector("button");
    button.disabled = true;
    try {
      const body = { name: form.elements[`${id}-name`].value, password: form.elements[`${id}-password`].value };
      await api(action, { method: "POST", body });
      await api("/account/seats", { method: "POST", body: { seats: heldSeats() } });
      paint();
    } catch (err) {
      problem(form, err);
    } finally {
      button.disabled = false;
    }
  });
  return form;
}

function tablesList(seats, names) {
  if (!seats.length) return h("p", { class: "muted" }, t("noTables"));
  return h("ul", { class: "account-tables" }, seats.map((s) =>
    h("li", {},
      h("a", { href: s.status === "finished" ? `/r/${s.table}` : `/t/${s.table}`, "data-link": true, "data-table": s.table }, names[s.game] || s.game),
      " · ", t("seatOf", { n: s.seat + 1 }), " · ", t(`status_${s.status}`))));
}

function signedIn(root, data, names, paint, go) {
  const { account, seats } = data;
  const renameForm = h("form", { class: "account-form", id: "rename" },
    field("rename-name", t("newName"), { type: "text", maxlength: "40", required: true, value: account.name, autocomplete: "username" }),
    h("button", { type: "submit" }, t("save")));
  renameForm.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      await api("/account/rename", { method: "POST", body: { name: renameForm.elements["rename-name"].value } });
      paint();
    } catch (err) {
      problem(renameForm, err);
    }
  });
  const post = (path, after) => async () => {
    try {
      await api(path, { method: "POST" });
      after();
    } catch (err) {
      problem(root, err);
    }
  };
  const remove = async () => {
    if (window.confirm(t("deleteConfirm"))) await post("/account/delete", () => go("/"))();
  };
  root.append(
    h("section", { class: "panel", id: "account", "aria-labelledby": "account-title" },
      h("h1", { id: "account-title" }, t("accountTitle")),
      h("p", { id: "signed-in-as" }, t("signedInAs", { name: account.name })),
      h("h2", {}, t("myTables")),
      tablesList(seats, names),
      notifySection(),
      h("h2", {}, t("rename")),
      renameForm,
      h("p", { class: "account-actions" },
        h("a", { class: "button", href: "/api/account/export", download: "ludoteca-account.json" }, t("exportData")),
        h("button", { type: "button", id: "sign-out", onclick: post("/account/signout", paint) }, t("signOut")),
        h("button", { type: "button", id: "sign-out-everywhere", onclick: post("/account/signout-everywhere", paint) }, t("signOutEverywhere"))),
      h("h2", {}, t("deleteAccount")),
      h("p", { class: "muted", id: "delete-help" }, t("deleteHelp")),
      h("button", { type: "button", id: "delete-account", class: "danger", "aria-describedby": "delete-help", onclick: remove }, t("deleteAccount"))));
}

export function showAccount(root, go) {
  let gone = false;
  const paint = async () => {
    let data = null;
    try {
      data = await api("/account");
    } catch (err) {
      if (err.code !== "not_signed_in") {
        if (!gone) problem(clear(root), err);
        return;
      }
    }
    if (gone) return;
    clear(root);
    if (data) {
      // the games' names in the reader's language (the list holds their ids)
      const names = Object.fromEntries((await api("/games").catch(() => [])).map((g) => [g.id, g.name]));
      if (gone) return;
      signedIn(root, data, names, paint, go);
      return;
    }
    root.append(h("h1", { class: "account-title" }, t("accountTitle")),
      h("div", { class: "account-forms" },
        credentialsForm("signup", t("signUp"), "/account/signup", t("signUpHelp"), paint),
        credentialsForm("signin", t("signIn"), "/account/signin", null, paint)));
  };
  paint();
  return () => { gone = true; };
}
