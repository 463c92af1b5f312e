// The board as the controller: each legal move is the set of board components it is made
// from (a game's `picks(action)` names them by key: "hand:skip", "pile:2", "own:0"...). A
// person picks components one by one in any order; the moves that still contain every pick are
// the candidates, and the components they still need light up. One candidate left: it is made.
// A candidate made of exactly the picks so far is made at once too, unless it asks to be
// confirmed (combos) or the last pick could still be repeated by another candidate.

/** A multiset of keys: key -> count. */
function bag(keys) {
  const m = new Map();
  for (const k of keys) m.set(k, (m.get(k) || 0) + 1);
  return m;
}

function contains(big, small) {
  for (const [k, n] of small) if ((big.get(k) || 0) < n) return false;
  return true;
}

function sameBag(a, b) {
  return a.size === b.size && contains(a, b);
}

export class Selection {
  /** moves: [{action, label, keys: [..], confirm: bool}] */
  constructor(moves) {
    this.moves = moves.filter((m) => m.keys && m.keys.length);
    for (const m of this.moves) m.bag = bag(m.keys);
    this.picked = []; // keys, in the order picked
    this.pending = null; // a move waiting for its confirmation
  }

  get pickedBag() {
    return bag(this.picked);
  }

  candidates() {
    const p = this.pickedBag;
    return this.moves.filter((m) => contains(m.bag, p));
  }

  /** Keys a next pick may take, with how many more of each the candidates allow. */
  open() {
    const p = this.pickedBag;
    const out = new Map();
    for (const m of this.candidates()) {
      for (const [k, n] of m.bag) {
        const more = n - (p.get(k) || 0);
        if (more > 0) out.set(k, Math.max(out.get(k) || 0, more));
      }
    }
    return out;
  }

  /** The key each candidate needs next, in the order its keys are listed (for the bar). */
  next() {
    const p = this.pickedBag;
    const out = new Set();
    for (const m of this.candidates()) {
      const used = new Map();
      for (const k of m.keys) {
        const u = used.get(k) || 0;
        if (u < (p.get(k) || 0)) {
          used.set(k, u + 1);
          continue;
        }
        out.add(k);
        break;
      }
    }
    return out;
  }

  /**
   * Pick a key: returns {send: move} when a move is decided, {confirm: move} when one waits
   * for confirmation, {} when more picks are needed, null when the key fits no candidate.
   */
  pick(key) {
    if (!this.open().has(key)) return null;
    this.picked.push(key);
    this.pending = null;
    const cands = this.candidates();
    const p = this.pickedBag;
    if (cands.length === 1) {
      const m = cands[0];
      if (!m.confirm) return { send: m };
      this.picked = [...m.keys];
      this.pending = m;
      return { confirm: m };
    }
    const exact = cands.find((m) => sameBag(m.bag, p));
    if (exact) {
      const again = cands.some((m) => m !== exact && (m.bag.get(key) || 0) > (p.get(key) || 0));
      if (!exact.confirm && !again) return { send: exact };
      this.pending = exact;
      return { confirm: exact };
    }
    return {};
  }

  /** Take back one pick of `key` (a second click on a picked component). */
  unpick(key) {
    const i = this.picked.lastIndexOf(key);
    if (i >= 0) this.picked.splice(i, 1);
    this.pending = null;
    const p = this.pickedBag;
    const exact = this.picked.length ? this.candidates().find((m) => sameBag(m.bag, p)) : null;
    if (exact) this.pending = exact;
  }

  reset() {
    this.picked = [];
    this.pending = null;
  }
}

/** A stable text for an action, to find the same move again after an update. */
export function actionKey(action) {
  return JSON.stringify(Object.keys(action).sort().map((k) => [k, action[k]]));
}
