// /account: sign up, sign in, and the signed-in person's account (their tables, rename,
// export, sign out, delete). The session is an HttpOnly cookie this page never sees; the seat
// tokens this browser holds (a guest's tables) are handed to the account at sign-up and
// sign-in, so the guest's tables become the account's.
import { api } from "./api.js";
import { t, errorText } from "./i18n.js";
import { h, clear } from "./dom.js";
import { passkeysWork, passkeySignUp, passkeySignIn, passkeyAdd } from "./passkeys.js";
import { notifySection } from "./notify.js";
import { moveGuestDecks } from "./decks.js";

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

// after any sign-up or sign-in: this browser's guest seats and decks become the account's
async function signedInNow(paint) {
  await api("/account/seats", { method: "POST", body: { seats: heldSeats() } });
  await moveGuestDecks();
  paint();
}

// "with a passkey" beside a form's password: a new account takes the name typed, a sign-in
// takes nothing (the device offers its passkeys for this site)
function passkeyButton(id, form, paint) {
  const isNew = id === "signup";
  const button = h("button", { type: "button", id: `${id}-passkey` }, t(isNew ? "signUpPasskey" : "signInPasskey"));
  button.addEventListener("click", async () => {
    const name = form.elements[`${id}-name`];
    if (isNew && !name.value.trim()) {
      name.reportValidity();
      return;
    }
    button.disabled = true;
    try {
      await (isNew ? passkeySignUp(name.value) : passkeySignIn());
      await signedInNow(paint);
    } catch (err) {
      problem(form, err);
    } finally {
      button.disabled = false;
    }
  });
  return button;
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
  if (passkeysWork()) form.append(passkeyButton(id, form, paint));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const button = form.querySelector("button");
    button.disabled = true;
    try {
      const body = { name: form.elements[`${id}-name`].value, password: form.elements[`${id}-password`].value };
      await api(action, { method: "POST", body });
      await signedInNow(paint);
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

const when = (iso) => (iso ? new Date(iso).toLocaleString(document.documentElement.lang || undefined) : "—");

// a small form: fields, a submit button, and what to do with the values (then paint)
function smallForm(id, fields, label, act, paint) {
  const form = h("form", { class: "account-form", id }, ...fields, h("button", { type: "submit" }, label));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      await act(form.elements);
      paint();
    } catch (err) {
      problem(form, err);
    }
  });
  return form;
}

function passkeysSection(keys, paint) {
  const list = keys.passkeys.length
    ? h("ul", { class: "account-tables", id: "passkey-list" }, keys.passkeys.map((k, i) =>
      h("li", { "data-passkey": k.id },
        t("passkeyN", { n: i + 1 }), " · ", t("createdAt", { when: when(k.created_at) }), " · ",
        t("lastUsed", { when: when(k.last_used_at) }), " ",
        h("button", { type: "button", class: "danger", "aria-label": t("removePasskeyN", { n: i + 1 }), onclick: async (e) => {
          try {
            await api("/account/passkeys/remove", { method: "POST", body: { id: k.id } });
            paint();
          } catch (err) {
            problem(e.target.closest("section"), err);
          }
        } }, t("remove")))))
    : h("p", { class: "muted", id: "passkey-list" }, t("noPasskeys"));
  const add = passkeysWork()
    ? h("button", { type: "button", id: "add-passkey", onclick: async (e) => {
      try {
        await passkeyAdd();
        paint();
      } catch (err) {
        problem(e.target.closest("section"), err);
      }
    } }, t("addPasskey"))
    : h("p", { class: "muted" }, t("passkeysUnavailable"));
  const password = smallForm("password-form", [
    keys.password ? field("password-current", t("currentPassword"), { type: "password", required: true, maxlength: "256", autocomplete: "current-password" }) : null,
    field("password-new", t("newPassword"), { type: "password", required: true, minlength: "8", maxlength: "256", autocomplete: "new-password" }, t("passwordChangeHelp")),
  ], t(keys.password ? "changePassword" : "setPassword"), (el) => api("/account/password", {
    method: "POST", body: { current: keys.password ? el["password-current"].value : null, new: el["password-new"].value },
  }), paint);
  return h("section", { class: "panel", id: "passkeys", "aria-labelledby": "passkeys-title" },
    h("h2", { id: "passkeys-title" }, t("passkeys")), h("p", { class: "muted" }, t("passkeysHelp")), list, add,
    h("h3", {}, t("password")), password);
}

function friendsSection(seats, invites, blocked, names, paint) {
  const open = seats.filter((s) => s.status === "open");
  const invitationList = invites.length
    ? h("ul", { class: "account-tables", id: "invitation-list" }, invites.map((i) =>
      h("li", {},
        h("a", { href: `/t/${i.table}`, "data-link": true, "data-invitation": i.table }, names[i.game] || i.game),
        " · ", t("invitedBy", { name: i.from }), " ",
        h("button", { type: "button", onclick: async () => {
          await api("/account/invitations/decline", { method: "POST", body: { table: i.table } }).catch(() => {});
          paint();
        } }, t("decline")))))
    : h("p", { class: "muted", id: "invitation-list" }, t("noInvitations"));
  const inviteForm = open.length
    ? smallForm("invite-form", [
      h("label", { for: "invite-table" }, t("inviteTable"),
        h("select", { id: "invite-table", name: "invite-table" }, open.map((s) =>
          h("option", { value: s.table }, `${names[s.game] || s.game} · ${t("seatOf", { n: s.seat + 1 })}`)))),
      field("invite-name", t("inviteName"), { type: "text", maxlength: "40", required: true }),
    ], t("invite"), async (el) => {
      await api(`/tables/${encodeURIComponent(el["invite-table"].value)}/invitations`, { method: "POST", body: { name: el["invite-name"].value } });
    }, paint)
    : h("p", { class: "muted" }, t("inviteNeedsTable"));
  const blockedList = blocked.length
    ? h("ul", { class: "account-tables", id: "blocked-list" }, blocked.map((b) =>
      h("li", {}, b.name, " ",
        h("button", { type: "button", onclick: async () => {
          await api("/account/blocks/remove", { method: "POST", body: { id: b.id } }).catch(() => {});
          paint();
        } }, t("unblock")))))
    : h("p", { class: "muted", id: "blocked-list" }, t("noBlocked"));
  const blockForm = smallForm("block-form", [field("block-name", t("blockName"), { type: "text", maxlength: "40", required: true }, t("blockHelp"))],
    t("block"), (el) => api("/account/blocks", { method: "POST", body: { name: el["block-name"].value } }), paint);
  return h("section", { class: "panel", id: "friends", "aria-labelledby": "friends-title" },
    h("h2", { id: "friends-title" }, t("invitations")), invitationList,
    h("h3", {}, t("inviteSomeone")), inviteForm,
    h("h3", {}, t("blocked")), blockedList, blockForm);
}

function signedIn(root, data, names, paint, go, extra) {
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
      h("button", { type: "button", id: "delete-account", class: "danger", "aria-describedby": "delete-help", onclick: remove }, t("deleteAccount"))),
    friendsSection(seats, extra.invitations, extra.blocked, names, paint),
    passkeysSection(extra.keys, paint));
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
      const [games, keys, invites, blocks] = await Promise.all([
        api("/games").catch(() => []), api("/account/passkeys"), api("/account/invitations"), api("/account/blocks"),
      ]).catch((err) => [null, err]);
      if (gone) return;
      if (!games) {
        problem(root, keys);
        return;
      }
      const names = Object.fromEntries(games.map((g) => [g.id, g.name]));
      signedIn(root, data, names, paint, go, { keys, invitations: invites.invitations, blocked: blocks.blocked });
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
