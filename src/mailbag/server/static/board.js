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
//
// What the shell adds around every board (docs of plan issue 30): `picker.props(id, opts)` on
// every thing drawn (opts.name: what it is in words; opts.tip: a longer tooltip; opts.hand: a
// card of the seat's own hand, chosen with the keys 1–9) gives it an accessible name ("name —
// what clicking does"), a tooltip (hover; a long press on a touch screen), `data-changed` (the
// others just did this) and `data-hinted` (the hint's next click). A click on a thing that
// cannot be chosen asks the server why (`onWhy`) and shows the rules' reason beside it. On a
// touch screen the click that completes an action first shows what it will do (tap again, or
// Confirm); printed spaces smaller than a finger open a magnifier of their group
// (`data-magnify`). The arrow keys move between the legal targets, Enter chooses, Escape
// cancels; after each change focus stays on what was acted on, else the first target.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { html } from "./api.js";
import { t } from "./i18n.js";
import { begins, hintedClick, nextClicks, spatialNext } from "./clicks.js";
import { openRules } from "./rules.js";

export { nextClicks };

const FINGER = 44; // the smallest touch target, in CSS px
const LONG_PRESS_MS = 500;

/** Whether this page is used with a finger (a coarse pointer or a touch screen). */
export function isTouch() {
  if (typeof window === "undefined") return false;
  if (window.matchMedia && window.matchMedia("(pointer: coarse)").matches) return true;
  return "ontouchstart" in window || (navigator.maxTouchPoints || 0) > 0;
}

/** The rule behind clicking a thing: the rule its actions share (the first one's when they
 * differ), null when it cannot be clicked. */
function ruleOf(entry) {
  if (!entry) return null;
  const rules = entry.actions.map((a) => a.rule).filter(Boolean);
  return rules.length ? rules[0] : null;
}

/** What clicking a thing does, in words, from its entry among the next clicks. */
function doing(entry, picked) {
  if (!entry) return picked ? t("picked: click again to put it back") : "";
  if (entry.complete && entry.actions.length === 1) return entry.complete.text || t("make this move");
  return t("choose it, then pick what follows ({count} ways)", { count: entry.actions.length });
}

/**
 * The picker of a seat's turn. `actions`: the state's legal actions (with `clicks`); `key`
 * changes with every new state (the prefix is dropped then); `enabled`: the seat may submit now;
 * `onSubmit(notation)`. `extra`: `changed` (a Set of ids), `hint` (the hint message of this
 * step), `onWhy(clicks)` (ask the server why the last click cannot be chosen), `blocked` (words:
 * why nothing can be chosen now, e.g. another seat is to move; null when the seat is only busy),
 * `touch` (tap to preview, tap again to commit), `rule` (the section a thing's tooltip opens when
 * neither its actions nor its board name one: the decision's, or the components').
 */
export function usePicker(actions, key, enabled, onSubmit, extra = {}) {
  const [prefix, setPrefix] = useState([]);
  const [hovered, setHovered] = useState(null);
  const [armed, setArmed] = useState(null);
  const [why, setWhy] = useState(null); // {id, clicks, text?}: a refused click, its reason asked
  const acted = useRef(null);
  const names = useRef(new Map());
  useEffect(() => {
    setPrefix([]);
    setHovered(null);
    setArmed(null);
    setWhy(null);
  }, [key]);
  const live = enabled ? actions || [] : [];
  const next = useMemo(() => nextClicks(live, prefix), [live, prefix]);
  const submitted = useRef(onSubmit);
  submitted.current = onSubmit;
  const changed = extra.changed || new Set();
  const touch = Boolean(extra.touch);
  const hinted = hintedClick(extra.hint, prefix);

  const askWhy = (id) => {
    if (!enabled) {
      if (extra.blocked) setWhy({ id, clicks: [id], text: extra.blocked });
      return;
    }
    const clicks = [...prefix, id];
    setWhy({ id, clicks, text: null });
    if (extra.onWhy) extra.onWhy(clicks);
  };

  const pick = (id, { confirm = false } = {}) => {
    const at = prefix.indexOf(id);
    if (at >= 0) {
      setPrefix(prefix.slice(0, at)); // clicking a picked thing again takes it (and what followed) back
      setArmed(null);
      setWhy(null);
      return;
    }
    const entry = next.get(id);
    if (!entry) {
      setArmed(null);
      askWhy(id);
      return;
    }
    setWhy(null);
    acted.current = id;
    if (entry.complete && entry.actions.length === 1) {
      if (touch && !confirm && armed !== id) {
        setArmed(id); // the first tap shows what it will do; a second tap or Confirm commits
        return;
      }
      setArmed(null);
      setPrefix([]);
      submitted.current(entry.complete.notation);
      return;
    }
    setArmed(null);
    setPrefix([...prefix, id]);
  };

  const hint = (id) => doing(next.get(id), prefix.includes(id));

  /** The attributes of the thing drawn for `id` (see the head of this file). */
  const props = (id, opts = {}) => {
    if (opts.name) names.current.set(id, opts.name);
    const legal = next.has(id);
    const picked = prefix.includes(id);
    const active = legal || picked;
    const name = opts.name || "";
    const what = active ? hint(id) : "";
    const label = name && what ? `${name} — ${what}` : name || what;
    const tip = opts.tip || name;
    // the section its tooltip links to: what clicking it does, else what the board says it is
    // (opts.rule), else the decision's
    const rule = ruleOf(next.get(id)) || opts.rule || extra.rule || null;
    return {
      "data-click": id,
      "data-legal": legal ? "1" : undefined,
      "data-picked": picked ? "1" : undefined,
      "data-changed": changed.has(id) ? "1" : undefined,
      "data-hinted": hinted === id ? "1" : undefined,
      "data-armed": armed === id ? "1" : undefined,
      "data-hand": opts.hand ? "1" : undefined,
      "data-name": name || undefined,
      "data-tip": tip ? (what ? `${tip}\n${what}` : tip) : what || undefined,
      "data-rule": rule || undefined,
      role: active ? "button" : undefined,
      tabIndex: active ? 0 : undefined,
      "aria-label": active ? label : undefined,
      "aria-pressed": picked ? "true" : undefined,
      onClick: (e) => {
        e.stopPropagation();
        // a tap on a thing drawn inside a target (a campsite on a region that can be chosen)
        // chooses that target: a finger cannot pick the one from the other
        const outer = !active && e.currentTarget.parentElement ? e.currentTarget.parentElement.closest("[data-legal], [data-picked]") : null;
        pick(outer ? outer.dataset.click : id);
      },
      onKeyDown: active ? (e) => {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); pick(id, { confirm: true }); }
      } : undefined,
      onMouseEnter: active ? () => setHovered(id) : undefined,
      onMouseLeave: active ? () => setHovered((h) => (h === id ? null : h)) : undefined,
      onFocus: active ? () => setHovered(id) : undefined,
    };
  };

  /** The class a board adds to the thing drawn for `id`. */
  const cls = (id) => (prefix.includes(id) ? " picked" : next.has(id) ? " clickable" : "")
    + (changed.has(id) ? " changed" : "") + (hinted === id ? " hinted" : "") + (armed === id ? " armed" : "");

  return {
    key,
    prefix,
    next,
    hovered,
    armed,
    why,
    touch,
    names: names.current,
    acted,
    enabled,
    legal: (id) => next.has(id),
    picked: (id) => prefix.includes(id),
    /** Every legal next id beginning with `start` (e.g. "site:"), for a board to mark. */
    legalStarting: (start) => [...next.keys()].filter((id) => id.startsWith(start)),
    /** The actions still open after the clicks made so far. */
    open: () => live.filter((a) => begins(a.clicks || [], prefix) && (a.clicks || []).length),
    pick,
    /** Commit the armed choice (touch: the Confirm button). */
    confirm: () => armed && pick(armed, { confirm: true }),
    /** Put the clicks made so far to `clicks` (e.g. another rotation in place of the picked
     * one): kept only when some action's path begins with them, else nothing changes. */
    set: (clicks) => {
      if (live.some((a) => begins(a.clicks || [], clicks) && (a.clicks || []).length > clicks.length)) {
        setPrefix([...clicks]);
        setArmed(null);
        return true;
      }
      return false;
    },
    clear: () => { setPrefix([]); setArmed(null); setWhy(null); },
    dismissWhy: () => setWhy(null),
    hint,
    props,
    cls,
  };
}

/** A picker with nothing to click (the replay): things keep their names, tooltips and the
 * step's highlights. */
export function staticPicker(changed = new Set()) {
  const props = (id, opts = {}) => ({
    "data-click": id,
    "data-changed": changed.has(id) ? "1" : undefined,
    "data-tip": opts.tip || opts.name || undefined,
  });
  return {
    key: "replay", prefix: [], next: new Map(), hovered: null, armed: null, why: null, touch: false,
    names: new Map(), acted: { current: null }, enabled: false, replay: true,
    legal: () => false, picked: () => false, legalStarting: () => [], open: () => [],
    pick: () => {}, confirm: () => {}, set: () => false, clear: () => {}, dismissWhy: () => {},
    hint: () => "", props, cls: (id) => (changed.has(id) ? " changed" : ""),
  };
}

/** The shell's buttons (the `do:` steps), the picked things, a way back, and the table's tools
 * (Undo, Hint; Reveal on a phone, where the banner above scrolls away) beside them; it keeps in
 * view on a phone (sticky) while it has something to act on, a held choice included. */
function ClickBar({ picker, label, describe, tools, held }) {
  const buttons = [...picker.next.keys()].filter((id) => id.startsWith("do:"));
  const words = picker.prefix.map((id) => (describe && describe(id)) || picker.names.get(id) || t("a thing"));
  const hint = picker.armed ? t("tap again or Confirm: {what}", { what: picker.hint(picker.armed) })
    : picker.hovered ? picker.hint(picker.hovered) : "";
  // always drawn, its hint line always there (empty or not): a line coming and going with the
  // pointer would move the board under it
  const goOn = t("go on"); // (outside the template, where the catalog's extractor finds it)
  return html`
    <div class=${`click-bar${buttons.length || picker.prefix.length || held ? " acting" : ""}`} data-testid="click-bar">
      ${picker.prefix.length > 0 && html`<span class="picked-list" data-testid="picked">${t("picked:")} ${words.join(" → ")}</span>`}
      ${buttons.map((id) => {
        const entry = picker.next.get(id);
        const text = entry.complete && entry.actions.length === 1
          ? entry.complete.text || t("make this move")
          : (label && label(id)) || goOn;
        return html`<button type="button" class=${`do${picker.cls(id)}`} key=${id} ...${picker.props(id, { name: text })}
          title=${picker.hint(id)}>${text}</button>`;
      })}
      ${picker.prefix.length > 0 && html`<button type="button" class="quiet" data-testid="click-cancel"
        onClick=${picker.clear}>${t("Cancel")}</button>`}
      ${tools}
      <span class="click-hint" data-testid="click-hint" aria-live="polite">${hint || "\u00a0"}</span>
    </div>`;
}

function insideFixed(el) {
  for (let e = el; e && e !== document.body; e = e.parentElement) {
    if (getComputedStyle(e).position === "fixed") return true;
  }
  return false;
}

/** Where a popup goes beside the thing `id` draws: below it, or above it when the room below
 * (above the phone's bottom bar) is short; in the board's own coordinates, or the window's for a
 * thing inside a fixed popup of the board (a reaction window). A CSS text for `style`. */
function placeBeside(root, id) {
  if (!root || !id) return "";
  const el = [...root.querySelectorAll("[data-click]")].find((e) => e.dataset.click === id);
  if (!el) return "";
  const fixed = insideFixed(el);
  const box = fixed ? { left: 0, top: 0, width: window.innerWidth, height: window.innerHeight }
    : root.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  const width = Math.min(320, box.width - 8);
  let left = r.left - box.left + r.width / 2 - width / 2;
  left = Math.max(4, Math.min(left, box.width - width - 4));
  const roomBelow = viewRoom().below - r.bottom; // above the tabs and the sticky click bar
  const above = roomBelow < 110 && r.top > 120;
  const where = above ? `bottom:${box.height - (r.top - box.top) + 6}px` : `top:${r.bottom - box.top + 6}px`;
  return `${fixed ? "position:fixed;z-index:45;" : ""}left:${left}px;${where};width:${width}px`;
}

/** The reason a click was refused (the server's `why`), or the preview of an armed choice. */
function Bubble({ root, picker, answer, step }) {
  const [open, setOpen] = useState(false);
  const [late, setLate] = useState(false);
  const why = picker.why;
  const armedId = picker.armed;
  const id = why ? why.id : armedId;
  useEffect(() => { setOpen(false); setLate(false); }, [why, armedId]);
  useEffect(() => {
    if (!why || why.text) return undefined;
    const timer = setTimeout(() => setLate(true), 4000);
    return () => clearTimeout(timer);
  }, [why]);
  const [place, setPlace] = useState("");
  useLayoutEffect(() => { setPlace(placeBeside(root.current, id)); }, [id, why, armedId]);
  if (!id) return null;
  if (armedId && !why) {
    return html`
      <div class="bubble preview" data-testid="preview" role="status" style=${place}>
        <span>${picker.hint(armedId)}</span>
        <button type="button" class="primary" data-testid="click-confirm" onClick=${(e) => { e.stopPropagation(); picker.confirm(); }}>${t("Confirm")}</button>
      </div>`;
  }
  const matches = answer && answer.step === step && (answer.clicks || []).join("\n") === why.clicks.join("\n");
  const reason = why.text || (matches ? answer.reason : late ? t("This cannot be chosen now: choose one of the highlighted things.") : null);
  const rule = matches ? answer.rule : null;
  return html`
    <div class="bubble why" data-testid="why" role="status" aria-live="polite"
      style=${place}>
      <span class="why-text">${reason || t("Looking up why…")}</span>
      ${rule && rule.title && html` <a class="why-rule" data-testid="why-rule" href=${rule.href || "#"}
        onClick=${(e) => { e.preventDefault(); e.stopPropagation(); setOpen(!open); }}
        aria-expanded=${open ? "true" : "false"}>${rule.title}</a>`}
      ${open && rule && html`<p class="rule-summary" data-testid="why-rule-summary">${rule.summary}
        ${rule.section && html` <button type="button" class="link" data-testid="why-rule-open"
          onClick=${(e) => { e.stopPropagation(); openRules(rule.section, e.currentTarget); }}>${t("the rule in full")}</button>`}</p>`}
      <button type="button" class="small quiet close" aria-label=${t("dismiss")}
        onClick=${(e) => { e.stopPropagation(); picker.dismissWhy(); }}>✕</button>
    </div>`;
}

/** The magnified choice of a group of small printed targets (touch). */
function Magnifier({ open, picker, onClose }) {
  if (!open) return null;
  return html`
    <div class="magnifier" data-testid="magnifier" role="dialog" aria-label=${open.title}>
      <div class="magnifier-head"><b>${open.title}</b>
        <button type="button" class="quiet" onClick=${onClose} aria-label=${t("close")}>✕</button></div>
      <div class="magnifier-items">
        ${open.items.map((item) => html`<button type="button" key=${item.id} data-magnify-for=${item.id}
          onClick=${(e) => { e.stopPropagation(); onClose(); picker.pick(item.id, { confirm: true }); }}>
          <span class="mag-name">${item.name}</span>${item.what && html`<small class="mag-what">${item.what}</small>`}</button>`)}
      </div>
    </div>`;
}

function visible(el) {
  return el.getClientRects().length > 0;
}

function small(el) {
  const r = el.getBoundingClientRect();
  return r.width < FINGER || r.height < FINGER;
}

/** The legal targets drawn in `root`, in page order. */
export function legalTargets(root) {
  return root ? [...root.querySelectorAll("[data-legal]")].filter(visible) : [];
}

/** The room between the sticky top bar and the phone's bottom bar (or the window's bottom). */
function viewRoom() {
  const bar = document.querySelector(".topbar");
  const tabs = document.querySelector(".bottom-bar");
  const above = bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
  let below = tabs && visible(tabs) ? tabs.getBoundingClientRect().top : window.innerHeight;
  // on a phone the click bar with the turn's buttons keeps above the tabs (sticky): what the
  // board draws must come above it
  const clicks = document.querySelector(".narrow .click-bar.acting");
  if (clicks && visible(clicks)) below = Math.min(below, clicks.getBoundingClientRect().top);
  return { above, below };
}

/** Whether `el` is drawn in the sticky click bar (always in view on a phone). */
function inClickBar(el) {
  return Boolean(el.closest(".narrow .click-bar.acting"));
}

/** Whether every element of `els` is wholly in that room. */
export function allInView(els) {
  const { above, below } = viewRoom();
  return els.filter((e) => !inClickBar(e)).every((e) => {
    const r = e.getBoundingClientRect();
    return r.top >= above - 1 && r.bottom <= below + 1;
  });
}

/** Scroll the page so that every element of `els` is in view, below the sticky top bar and above
 * the bottom bar (the phone's tabs), when they fit together; else their top. */
export function scrollIntoViewAll(all) {
  const els = all.filter((e) => !inClickBar(e));
  if (!els.length) return;
  const rects = els.map((e) => e.getBoundingClientRect());
  const top = Math.min(...rects.map((r) => r.top));
  const bottom = Math.max(...rects.map((r) => r.bottom));
  const { above, below } = viewRoom();
  let delta = 0;
  if (bottom - top > below - above - 8 || top < above + 4) delta = top - above - 6;
  else if (bottom > below - 4) delta = bottom - below + 6;
  if (Math.abs(delta) > 1) window.scrollBy({ top: delta, left: 0, behavior: "instant" });
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
 * `useBoard`), game, components (the welcome's), state (the latest `state` message), view,
 * players, mySeat, log, picker, myTurn, changed (a Set), phone, tools (the table's Undo and
 * Hint, drawn in the click bar), why (the server's latest `why` answer).
 */
export function GraphicalBoard(props) {
  const { picker, entry } = props;
  const root = useRef(null);
  const [mag, setMag] = useState(null);
  const [tip, setTip] = useState(null);
  const press = useRef({ timer: null, fired: false });
  const tipTimer = useRef(null);
  const tipHide = useRef(null);
  const tipBox = useRef(null);
  useLayoutEffect(() => {
    if (!tip || tip.above || !tipBox.current) return;
    const height = tipBox.current.getBoundingClientRect().height + 6;
    const [up, down] = tip.room;
    if (height > down && up > down) setTip({ ...tip, above: true, top: tip.over });
  }, [tip]);
  // the latest picker (an effect subscribed after a click may run after the next key press)
  const latest = useRef(picker);
  latest.current = picker;
  const magRef = useRef(mag);
  magRef.current = mag;

  useEffect(() => {
    const onKey = (e) => {
      const p = latest.current;
      const where = e.target && e.target.tagName;
      if (where === "INPUT" || where === "TEXTAREA" || where === "SELECT") return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === "Escape") {
        if (magRef.current) setMag(null);
        setTip(null);
        if (p.prefix.length || p.armed || p.why) p.clear();
        return;
      }
      const dirs = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };
      if (dirs[e.key]) {
        if (document.querySelector('[data-testid="replay-view"]')) return;
        const targets = legalTargets(root.current);
        if (!targets.length) return;
        const active = document.activeElement && document.activeElement.closest
          ? document.activeElement.closest("[data-legal]") : null;
        const from = targets.indexOf(active);
        const rects = targets.map((el) => { const r = el.getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, h: r.height }; });
        const to = spatialNext(rects, from, dirs[e.key]);
        if (to >= 0) {
          e.preventDefault();
          targets[to].focus();
        }
        return;
      }
      if (/^[1-9]$/.test(e.key) && root.current) {
        const hand = [...root.current.querySelectorAll("[data-hand]")].filter(visible);
        const el = hand[Number(e.key) - 1];
        if (el) {
          e.preventDefault();
          p.pick(el.dataset.click, { confirm: true });
          if (el.dataset.legal || el.dataset.picked) el.focus({ preventScroll: true });
        }
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // after every change: focus on the thing acted on if it is still a target, else the first
  // target (never the top of the page); then the targets scrolled into view
  const focusKey = `${picker.key}|${picker.prefix.join(" ")}|${picker.enabled}`;
  const held = Boolean(props.state && props.state.held);
  useEffect(() => { setMag(null); setTip(null); }, [focusKey]);
  useLayoutEffect(() => {
    const box = root.current;
    if (!box) return;
    const targets = legalTargets(box);
    const active = document.activeElement;
    const typing = active && ["INPUT", "TEXTAREA", "SELECT"].includes(active.tagName);
    const elsewhere = active && active !== document.body && !box.contains(active) && document.contains(active);
    if (targets.length && !typing && !elsewhere) {
      const acted = picker.acted.current;
      const again = acted && targets.find((el) => el.dataset.click === acted);
      const stays = active && box.contains(active) && targets.includes(active) ? active : null;
      const el = again || stays || targets[0];
      if (el !== active) el.focus({ preventScroll: true });
    }
    if (targets.length && !props.hidden) scrollIntoViewAll(targets);
  }, [focusKey, props.hidden, held]);
  // the board may still move a moment after a new decision (a strip drawn above it, a picture
  // laid out, a button pressed far from it): the targets are brought back into view a few times
  // while it settles, unless the person scrolls by themselves meanwhile; the board says so
  // (`data-settling`) until the last look (what waits for the page to keep still reads it)
  useEffect(() => {
    if (props.hidden) return undefined;
    const box = root.current;
    let moved = false;
    const settled = () => { if (box) delete box.dataset.settling; };
    const own = () => { moved = true; settled(); };
    const events = ["wheel", "touchmove", "keydown"];
    events.forEach((ev) => window.addEventListener(ev, own, { passive: true }));
    const again = () => {
      if (moved || !root.current) return;
      const targets = legalTargets(root.current);
      if (targets.length && !allInView(targets)) scrollIntoViewAll(targets);
    };
    if (box) box.dataset.settling = "1";
    const frame = requestAnimationFrame(() => requestAnimationFrame(again));
    const looks = [60, 200, 500, 1000];
    const timers = looks.map((ms) => setTimeout(again, ms));
    timers.push(setTimeout(settled, looks[looks.length - 1] + 20));
    return () => {
      cancelAnimationFrame(frame);
      timers.forEach(clearTimeout);
      events.forEach((ev) => window.removeEventListener(ev, own));
      settled();
    };
  }, [focusKey, props.hidden, held]);

  const onClickCapture = (e) => {
    // the tooltip's own "?" opens the rules panel: neither a board click nor the tip's end
    if (e.target.closest && e.target.closest('[data-testid="tip"]')) return;
    clearTimeout(tipTimer.current);
    setTip(null);
    if (press.current.fired) { // a long press showed a tooltip: not a click
      press.current.fired = false;
      e.preventDefault();
      e.stopPropagation();
      return;
    }
    if (!picker.touch || !root.current) return;
    if (e.target.closest('[data-testid="magnifier"], .bubble')) return;
    const group = e.target.closest("[data-magnify]");
    if (!group || !root.current.contains(group)) return;
    // the group's legal things: its own (a region that can be chosen) and those drawn in it
    const targets = [...(group.dataset.legal && visible(group) ? [group] : []), ...legalTargets(group)];
    if (!targets.some(small)) return;
    e.preventDefault();
    e.stopPropagation();
    const names = latest.current.names;
    setMag({
      title: group.dataset.magnify,
      items: targets.map((el) => ({
        id: el.dataset.click,
        name: names.get(el.dataset.click) || el.dataset.name || el.getAttribute("aria-label") || latest.current.hint(el.dataset.click),
        what: latest.current.hint(el.dataset.click),
      })),
    });
  };

  const showTip = (el) => {
    if (!el || !root.current) return;
    const box = root.current.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    const width = Math.min(300, box.width - 8);
    const left = Math.max(4, Math.min(r.left - box.left + r.width / 2 - width / 2, box.width - width - 4));
    // below the thing; moved above it once drawn when the window has no room for it below (a
    // tooltip out of sight could not be read, nor its "?" reached)
    clearTimeout(tipHide.current);
    setTip({
      text: el.dataset.tip, rule: el.dataset.rule || null, el, left, width, above: false,
      top: r.bottom - box.top + 6, over: r.top - box.top - 6, room: [r.top, (window.innerHeight || 0) - r.bottom],
    });
  };
  // the tooltip stays a moment after the pointer leaves its thing, so that the pointer can reach
  // the tooltip's "?" (which keeps it open while the pointer is on it)
  const hideTipSoon = () => {
    clearTimeout(tipHide.current);
    tipHide.current = setTimeout(() => setTip(null), 400);
  };
  const onPointerDown = (e) => {
    if (e.pointerType !== "touch") return;
    const el = e.target.closest && e.target.closest("[data-tip]");
    clearTimeout(press.current.timer);
    press.current.fired = false;
    if (!el) return;
    press.current.timer = setTimeout(() => { press.current.fired = true; showTip(el); }, LONG_PRESS_MS);
  };
  const endPress = () => clearTimeout(press.current.timer);
  const onMouseOver = (e) => {
    if (picker.touch) return;
    if (e.target.closest && e.target.closest('[data-testid="tip"]')) {
      clearTimeout(tipTimer.current);
      clearTimeout(tipHide.current);
      return;
    }
    const el = e.target.closest && e.target.closest("[data-tip]");
    clearTimeout(tipTimer.current);
    if (!el) { hideTipSoon(); return; }
    if (tip && tip.el === el) { clearTimeout(tipHide.current); return; }
    tipTimer.current = setTimeout(() => showTip(el), 350);
  };
  const onMouseLeave = () => { clearTimeout(tipTimer.current); clearTimeout(tipHide.current); setTip(null); };
  const tipRule = (e) => {
    e.stopPropagation();
    const { rule, el } = tip;
    setTip(null);
    openRules(rule, el && document.contains(el) ? el : null);
  };

  return html`
    <div class=${`graphical game-${props.game}${props.phone ? " phone" : ""}`} data-testid="graphical-board" ref=${root}
      data-prefix=${picker.prefix.join(" ")} data-armed=${picker.armed || ""}
      onClickCapture=${onClickCapture} onPointerDown=${onPointerDown} onPointerUp=${endPress}
      onPointerCancel=${endPress} onPointerMove=${(e) => { if (e.pointerType === "touch" && (Math.abs(e.movementX) + Math.abs(e.movementY) > 6)) endPress(); }}
      onMouseOver=${onMouseOver} onMouseLeave=${onMouseLeave} onContextMenu=${(e) => { if (picker.touch) e.preventDefault(); }}>
      <${entry.Board} ...${props} changed=${props.changed || new Set()} phone=${Boolean(props.phone)} replay=${false} />
      <${ClickBar} picker=${picker} tools=${props.tools} held=${held}
        label=${(id) => (entry.label ? entry.label(id, props.components) : null)}
        describe=${(id) => (entry.describe ? entry.describe(id, props.components, props.view) : null)} />
      <${Bubble} root=${root} picker=${picker} answer=${props.why} step=${props.state ? props.state.step : null} />
      <${Magnifier} open=${mag} picker=${picker} onClose=${() => setMag(null)} />
      ${tip && tip.text && html`<div class=${`tip${tip.above ? " above" : ""}`} data-testid="tip" role="tooltip" ref=${tipBox}
        style=${`left:${tip.left}px;top:${tip.top}px;width:${tip.width}px`}>${tip.text}${tip.rule && html`
        <button type="button" class="tip-rule" data-testid="tip-rule" data-section=${tip.rule}
          onClick=${tipRule}>${t("the rule in full")}</button>`}</div>`}
    </div>`;
}

/** The board of a replay step: the game's Board with nothing clickable, `changed` the step's
 * things. */
export function ReplayBoard({ entry, game, components, view, players, mySeat, changed }) {
  const picker = staticPicker(changed);
  const state = { view, step: null, actions: [], players, over: false };
  return html`
    <div class=${`graphical game-${game} replay-graphical`} data-testid="replay-board">
      <${entry.Board} components=${components} state=${state} view=${view} players=${players} mySeat=${mySeat}
        log=${[]} picker=${picker} myTurn=${false} changed=${changed} phone=${false} replay=${true} />
    </div>`;
}
