// Talking to the server: JSON over HTTP, seat tokens kept in this browser only.
import { lang } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, code, message, problems) {
    super(message);
    this.status = status;
    this.code = code;
    this.problems = problems; // what exactly is wrong, as codes (a refused deck's: decks.js)
  }
}

export function tokenFor(tableId) {
  return localStorage.getItem(`ludoteca.token.${tableId}`);
}

export function saveToken(tableId, token) {
  localStorage.setItem(`ludoteca.token.${tableId}`, token);
}

export function forgetToken(tableId) {
  localStorage.removeItem(`ludoteca.token.${tableId}`);
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const sep = path.includes("?") ? "&" : "?";
  const res = await fetch(`/api${path}${sep}lang=${encodeURIComponent(lang())}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    const err = data.error || {};
    throw new ApiError(res.status, err.code || "http", err.message || res.statusText, err.problems);
  }
  return data;
}
