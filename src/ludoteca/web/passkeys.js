// Passkeys (WebAuthn) for the account page: the server's options (JSON, binary fields in
// base64url) become the browser's, and the browser's credential goes back as JSON. No
// secret passes here: the private key stays in the person's device.
import { api, ApiError } from "./api.js";
import { t } from "./i18n.js";

function decode(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0)).buffer;
}

function encode(buffer) {
  let bin = "";
  for (const byte of new Uint8Array(buffer)) bin += String.fromCharCode(byte);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Whether this browser can use passkeys at all (a secure context with WebAuthn). */
export function passkeysWork() {
  return Boolean(window.isSecureContext && window.PublicKeyCredential && navigator.credentials);
}

const described = (list) => (list || []).map((c) => ({ ...c, id: decode(c.id) }));

function asJson(cred) {
  const r = cred.response;
  const response = { clientDataJSON: encode(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = encode(r.attestationObject);
    response.transports = r.getTransports ? r.getTransports() : [];
  } else {
    response.authenticatorData = encode(r.authenticatorData);
    response.signature = encode(r.signature);
    if (r.userHandle) response.userHandle = encode(r.userHandle);
  }
  return { id: cred.id, rawId: encode(cred.rawId), type: cred.type, response, clientExtensionResults: {} };
}

// the browser's own refusals (cancelled, no authenticator) as an error the page words
async function ask(call) {
  try {
    const cred = await call();
    if (!cred) throw new Error("no credential");
    return asJson(cred);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new ApiError(0, "passkey_cancelled", t("passkeyCancelled"));
  }
}

async function create(start, finish, startBody) {
  const { ceremony, options } = await api(start, { method: "POST", body: startBody });
  const publicKey = {
    ...options, challenge: decode(options.challenge),
    user: { ...options.user, id: decode(options.user.id) },
    excludeCredentials: described(options.excludeCredentials),
  };
  const credential = await ask(() => navigator.credentials.create({ publicKey }));
  return api(finish, { method: "POST", body: { ceremony, credential } });
}

/** A new account with a passkey only (signed in once it answers). */
export function passkeySignUp(name) {
  return create("/account/passkeys/signup/options", "/account/passkeys/signup", { name });
}

/** One more passkey for the signed-in account. */
export function passkeyAdd() {
  return create("/account/passkeys/options", "/account/passkeys");
}

/** Sign in with a passkey this device holds for the site (no name typed). */
export async function passkeySignIn() {
  const { ceremony, options } = await api("/account/passkeys/signin/options", { method: "POST" });
  const publicKey = {
    ...options, challenge: decode(options.challenge), allowCredentials: described(options.allowCredentials),
  };
  const credential = await ask(() => navigator.credentials.get({ publicKey }));
  return api("/account/passkeys/signin", { method: "POST", body: { ceremony, credential } });
}
