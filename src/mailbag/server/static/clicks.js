// The click path walker of the graphical board (board.js): pure functions over the legal
// actions' click paths (`clicks`, the game's `click_path`), no DOM and no imports, so
// tests/browser/client_units/ can test them on their own.

/** Whether `path` begins with `prefix`. */
export function begins(path, prefix) {
  if (path.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i += 1) if (path[i] !== prefix[i]) return false;
  return true;
}

/** The legal next clicks after `prefix`: id → {actions that go on with it, the action it
 * completes (or null)}. */
export function nextClicks(actions, prefix) {
  const next = new Map();
  for (const action of actions || []) {
    const path = action.clicks || [];
    if (path.length <= prefix.length || !begins(path, prefix)) continue;
    const id = path[prefix.length];
    if (!next.has(id)) next.set(id, { actions: [], complete: null });
    const entry = next.get(id);
    entry.actions.push(action);
    if (path.length === prefix.length + 1) entry.complete = action;
  }
  return next;
}

/** The index in `rects` ({x, y, w, h}: the legal targets' boxes) that the arrow key `dir`
 * ("left", "right", "up", "down") moves to from the box at `from` (-1: none focused yet, the
 * first one); the nearest box whose centre lies that way, a box straight ahead preferred over
 * one off to a side; `from` itself when none lies that way. */
export function spatialNext(rects, from, dir) {
  if (!rects.length) return -1;
  if (from < 0 || from >= rects.length) return 0;
  const c = (r) => [r.x + r.w / 2, r.y + r.h / 2];
  const [fx, fy] = c(rects[from]);
  let best = from;
  let bestCost = Infinity;
  rects.forEach((r, i) => {
    if (i === from) return;
    const [x, y] = c(r);
    const dx = x - fx;
    const dy = y - fy;
    const ahead = dir === "right" ? dx : dir === "left" ? -dx : dir === "down" ? dy : -dy;
    const side = dir === "right" || dir === "left" ? Math.abs(dy) : Math.abs(dx);
    if (ahead <= 0.5) return;
    const cost = ahead + 2 * side;
    if (cost < bestCost) {
      bestCost = cost;
      best = i;
    }
  });
  return best;
}

/** The ids the board highlights as "the others just did this": the things of `changes[index]`
 * (the `state` message's `changes`), or of every change when `index` is null. */
export function changedIds(changes, index) {
  const out = new Set();
  const list = changes || [];
  const picked = index === null || index === undefined ? list : list.slice(index, index + 1);
  for (const change of picked) for (const id of change.things || []) out.add(id);
  return out;
}

/** A refusal's words without the bracketed rule ids (`[PC-8]`, `(CA-6)`, `(PO-101, PO-4)`):
 * the client's own guard, where a server still sends them. */
export function withoutRuleIds(text) {
  return String(text || "")
    .replace(/\s*[[(]\s*[A-Z]{2,3}-\d+[a-z]?(?:\s*[,;/]\s*[A-Z]{2,3}-\d+[a-z]?)*\s*[\])]/g, "")
    .replace(/\s+([.,;:!?])/g, "$1")
    .trim();
}

/** The next click the hint suggests after `prefix`: the first hinted choice's path (`clicks`)
 * when it begins with the clicks made so far, else null. */
export function hintedClick(hint, prefix) {
  const first = hint && hint.choices && hint.choices[0];
  const path = first && first.clicks;
  if (!path || path.length <= prefix.length || !begins(path, prefix)) return null;
  return path[prefix.length];
}
