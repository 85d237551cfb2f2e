// The graphical board's shell, the same for every game: which things can be clicked now, what
// a click picks, and when a sequence of clicks is a whole action.
//
// The server sends each legal action with its click path (`clicks`: the ids of the things the
// board draws, in order; the game's `click_path`). No two paths are equal and none begins
// another, so a click sequence names at most one action: the picker keeps the clicks made so
// far (the prefix); a thing can be clicked when some action's path goes on with it; the click
// that completes a path submits that action. The client computes no rules: everything it
// highlights comes from the server's list. Ids beginning with `do:` are buttons the shell draws
// beside the board (end the turn, take a card from the deck, …); every other id is something a
// game's board module draws, with `picker.props(id)` on it.
//
// A game's board lives in the game's own folder (`games/<game>/web/board.js` and `board.css`),
// served by name (`/games/<game>/board.js`): the welcome names its URLs (`board`, null when the
// game has none) and `useBoard` loads it with a dynamic import, once per page. The module
// exports `Board` (a Preact component drawing the seat's view from the welcome's `components`,
// with `picker.props(id)` on every thing a click path names) and may export `label(id,
// components)` (the words of a `do:` button that does not complete an action by itself) and
// `describe(id, components)` (a picked thing in words).
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { html } from "./api.js";
import { t } from "./i18n.js";
import { begins, nextClicks } from "./clicks.js";

export { nextClicks };

/**
 * The picker of a seat's turn. `actions`: the state's legal actions (with `clicks`); `key`
 * changes with every new state (the prefix is dropped then); `enabled`: the seat may submit now;
 * `onSubmit(notation)`.
 */
export function usePicker(actions, key, enabled, onSubmit) {
  const [prefix, setPrefix] = useState([]);
  const [hovered, setHovered] = useState(null);
  useEffect(() => {
    setPrefix([]);
    setHovered(null);
  }, [key]);
  const live = enabled ? actions || [] : [];
  const next = useMemo(() => nextClicks(live, prefix), [live, prefix]);
  const submitted = useRef(onSubmit);
  submitted.current = onSubmit;

  const pick = (id) => {
    const at = prefix.indexOf(id);
    if (at >= 0) {
      setPrefix(prefix.slice(0, at)); // clicking a picked thing again takes it (and what followed) back
      return;
    }
    const entry = next.get(id);
    if (!entry) return;
    if (entry.complete && entry.actions.length === 1) {
      setPrefix([]);
      submitted.current(entry.complete.notation);
      return;
    }
    setPrefix([...prefix, id]);
  };

  /** What clicking `id` does, in words (the action it completes, or how many it leads to). */
  const hint = (id) => {
    const entry = next.get(id);
    if (!entry) return prefix.includes(id) ? t("picked: click again to put it back") : "";
    if (entry.complete && entry.actions.length === 1) return entry.complete.text || entry.complete.notation;
    return t("{count} choices go on from here", { count: entry.actions.length });
  };

  /** The attributes of the thing drawn for `id`: its name (`data-click`), whether it can be
   * clicked now (`data-legal`) or is picked, the click, the keyboard, the hover. */
  const props = (id) => {
    const legal = next.has(id);
    const picked = prefix.includes(id);
    const active = legal || picked;
    return {
      "data-click": id,
      "data-legal": legal ? "1" : undefined,
      "data-picked": picked ? "1" : undefined,
      role: active ? "button" : undefined,
      tabIndex: active ? 0 : undefined,
      "aria-label": active ? hint(id) : undefined,
      "aria-pressed": picked ? "true" : undefined,
      onClick: active ? (e) => { e.stopPropagation(); pick(id); } : undefined,
      onKeyDown: active ? (e) => {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(id); }
      } : undefined,
      onMouseEnter: active ? () => setHovered(id) : undefined,
      onMouseLeave: active ? () => setHovered((h) => (h === id ? null : h)) : undefined,
      onFocus: active ? () => setHovered(id) : undefined,
    };
  };

  /** The class a board adds to the thing drawn for `id`. */
  const cls = (id) => (prefix.includes(id) ? " picked" : next.has(id) ? " clickable" : "");

  return {
    prefix,
    next,
    hovered,
    legal: (id) => next.has(id),
    picked: (id) => prefix.includes(id),
    /** Every legal next id beginning with `start` (e.g. "site:"), for a board to mark. */
    legalStarting: (start) => [...next.keys()].filter((id) => id.startsWith(start)),
    /** The actions still open after the clicks made so far. */
    open: () => live.filter((a) => begins(a.clicks || [], prefix) && (a.clicks || []).length),
    pick,
    /** Put the clicks made so far to `clicks` (e.g. another rotation in place of the picked
     * one): kept only when some action's path begins with them, else nothing changes. */
    set: (clicks) => {
      if (live.some((a) => begins(a.clicks || [], clicks) && (a.clicks || []).length > clicks.length)) {
        setPrefix([...clicks]);
        return true;
      }
      return false;
    },
    clear: () => setPrefix([]),
    hint,
    props,
    cls,
  };
}

/** The shell's buttons (the `do:` steps), the picked things and a way back. */
function ClickBar({ picker, label, describe }) {
  const buttons = [...picker.next.keys()].filter((id) => id.startsWith("do:"));
  const words = picker.prefix.map((id) => (describe && describe(id)) || id);
  const hint = picker.hovered ? picker.hint(picker.hovered) : "";
  // always drawn, its hint line always there (empty or not): a line coming and going with the
  // pointer would move the board under it
  return html`
    <div class="click-bar" data-testid="click-bar">
      ${picker.prefix.length > 0 && html`<span class="picked-list" data-testid="picked">${t("picked:")} ${words.join(" → ")}</span>`}
      ${buttons.map((id) => {
        const entry = picker.next.get(id);
        const text = entry.complete && entry.actions.length === 1
          ? entry.complete.text || entry.complete.notation
          : (label && label(id)) || id.slice(3);
        return html`<button type="button" class="do" key=${id} ...${picker.props(id)} title=${picker.hint(id)}>${text}</button>`;
      })}
      ${picker.prefix.length > 0 && html`<button type="button" class="quiet" data-testid="click-cancel"
        onClick=${picker.clear}>${t("Cancel")}</button>`}
      <span class="click-hint" data-testid="click-hint" aria-live="polite">${hint || "\u00a0"}</span>
    </div>`;
}

// the board modules asked for so far, by URL (each imported once, whatever the tables)
const modules = new Map();

/** The board module at `board.script` (a promise; the import is made once) with its style
 * sheet (`board.style`, a <link> added to the page once). */
export function loadBoard(board) {
  if (board.style && ![...document.querySelectorAll("link[data-board-style]")]
    .some((link) => link.dataset.boardStyle === board.style)) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = board.style;
    link.dataset.boardStyle = board.style;
    document.head.appendChild(link);
  }
  if (!modules.has(board.script)) {
    modules.set(board.script, import(board.script).then((module) => {
      if (typeof module.Board !== "function") throw new Error(`${board.script} exports no Board`);
      return module;
    }).catch((err) => {
      modules.delete(board.script); // the next table that asks tries again
      throw err;
    }));
  }
  return modules.get(board.script);
}

/**
 * The game's board, as the welcome names it (`board`: `{script, style}`, null for a game without
 * one; undefined before the welcome): `{status, module}` with `status` "unknown" (no welcome
 * yet), "none" (no board of its own), "loading", "ready" (`module` loaded) or "failed".
 */
export function useBoard(board) {
  const script = board ? board.script : board === undefined ? undefined : null;
  const [found, setFound] = useState({ script: undefined, module: null, failed: false });
  useEffect(() => {
    if (!script) return undefined;
    let current = true;
    loadBoard(board).then(
      (module) => current && setFound({ script, module, failed: false }),
      (err) => {
        console.warn("the board could not be loaded:", script, err);
        if (current) setFound({ script, module: null, failed: true });
      },
    );
    return () => { current = false; };
  }, [script]);
  if (script === undefined) return { status: "unknown", module: null };
  if (script === null) return { status: "none", module: null };
  if (found.script !== script) return { status: "loading", module: null };
  return found.failed ? { status: "failed", module: null } : { status: "ready", module: found.module };
}

/**
 * The graphical board of `game` with its click bar. Props: entry (the game's board module, from
 * `useBoard`), game, components (the welcome's), state (the latest `state` message), players,
 * mySeat, log, picker.
 */
export function GraphicalBoard(props) {
  const { picker, entry } = props;
  // the latest picker (an effect subscribed after a click may run after the next key press)
  const latest = useRef(picker);
  latest.current = picker;
  useEffect(() => {
    const onKey = (e) => {
      if (e.key === "Escape" && latest.current.prefix.length) latest.current.clear();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return html`
    <div class=${`graphical game-${props.game}`} data-testid="graphical-board"
      data-prefix=${picker.prefix.join(" ")}>
      <${entry.Board} ...${props} />
      <${ClickBar} picker=${picker}
        label=${(id) => (entry.label ? entry.label(id, props.components) : null)}
        describe=${(id) => (entry.describe ? entry.describe(id, props.components) : null)} />
    </div>`;
}
