// A tiny helper to build elements without HTML strings (no injection from names or labels),
// and `patch`, which makes a live element look like a freshly built one while keeping the
// nodes that did not change (so focus, scroll and hover survive an update).

// Handlers live in el._on and are called through one listener per type, so that `patch`
// can hand an old node the new closures by copying _on.
function listen(el, type, fn) {
  if (!el._on) el._on = {};
  if (!(type in el._on)) el.addEventListener(type, (e) => el._on[type]?.(e));
  el._on[type] = fn;
}

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "style") el.style.cssText = v; // CSSOM: allowed by a strict CSP, an attribute is not
    else if (k.startsWith("on")) listen(el, k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (v === true) el.setAttribute(k, "");
    else el.setAttribute(k, v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false || c === "") continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v !== undefined && v !== null) el.setAttribute(k, v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

const keyOf = (n) => (n.nodeType === 1 ? n.getAttribute("data-key") || n.id || null : null);

function sameKind(a, b) {
  return a.nodeType === b.nodeType && a.nodeName === b.nodeName && keyOf(a) === keyOf(b);
}

function patchAttrs(old, neu) {
  for (const { name } of [...old.attributes]) {
    // a <details> stays open or closed as the person left it
    if (name === "open" && old.tagName === "DETAILS") continue;
    if (name !== "style" && !neu.hasAttribute(name)) old.removeAttribute(name);
  }
  for (const { name, value } of [...neu.attributes]) {
    if (name !== "style" && old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  if (old.style && old.style.cssText !== neu.style.cssText) old.style.cssText = neu.style.cssText;
  // a field's typed value is the person's, unless the new tree sets one
  if ((old.tagName === "INPUT" || old.tagName === "SELECT" || old.tagName === "TEXTAREA") && old !== document.activeElement) {
    if (old.type === "checkbox") old.checked = neu.checked;
    else if (neu.value !== undefined && old.value !== neu.value) old.value = neu.value;
  }
  // a <details> stays as the person left it (patchAttrs already copied a new "open")
  if (neu._on) {
    for (const [type, fn] of Object.entries(neu._on)) listen(old, type, fn);
    for (const type of Object.keys(old._on || {})) if (!(type in neu._on)) old._on[type] = undefined;
  } else if (old._on) {
    for (const type of Object.keys(old._on)) old._on[type] = undefined;
  }
}

/**
 * Make `old` equal to `neu` (which is thrown away). Children with a data-key (or id) are
 * matched by it, the others by position. `onChange(el)` is called for every keyed element
 * that is new or whose text changed: what the last move touched.
 */
export function patch(old, neu, onChange) {
  if (old.nodeType === 3) {
    if (old.nodeValue !== neu.nodeValue) old.nodeValue = neu.nodeValue;
    return old;
  }
  if (old.nodeType !== 1) return old;
  const key = keyOf(old);
  const before = key && onChange ? sig(old) : null;
  patchAttrs(old, neu);
  patchChildren(old, neu, onChange);
  if (before !== null && before !== sig(old)) onChange(old);
  return old;
}

// what a component says: its text and the names of what it holds (a face-down card has no
// text, only a name); the classes the selection layer adds are not part of it
function sig(el) {
  let out = el.textContent + "|" + (el.getAttribute("aria-label") || el.getAttribute("title") || "");
  for (const e of el.querySelectorAll("[aria-label], [title]")) out += "|" + (e.getAttribute("aria-label") || e.getAttribute("title"));
  return out;
}

function patchChildren(old, neu, onChange) {
  const keyed = new Map();
  for (const c of old.childNodes) {
    const k = keyOf(c);
    if (k) keyed.set(k, c);
  }
  const wanted = [...neu.childNodes];
  let cursor = old.firstChild;
  for (const n of wanted) {
    const k = keyOf(n);
    let match = null;
    if (k) {
      match = keyed.get(k) || null;
      if (match && !sameKind(match, n)) match = null;
      if (match) keyed.delete(k);
    } else if (cursor && !keyOf(cursor) && sameKind(cursor, n)) {
      match = cursor;
    }
    if (match) {
      if (match !== cursor) old.insertBefore(match, cursor);
      else cursor = cursor.nextSibling;
      patch(match, n, onChange);
    } else {
      old.insertBefore(n, cursor);
      if (k && onChange) onChange(n);
      else if (onChange && n.nodeType === 1) for (const e of n.querySelectorAll("[data-key]")) onChange(e);
    }
  }
  // whatever is left after the cursor, and keyed nodes not wanted, go
  while (cursor) {
    const next = cursor.nextSibling;
    cursor.remove();
    cursor = next;
  }
  for (const c of keyed.values()) if (c.parentNode === old) c.remove();
}
