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
