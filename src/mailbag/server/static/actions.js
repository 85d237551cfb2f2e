// The seat's choices: the legal actions grouped by their first notation word (collapsible when
// many), a box to type a notation (it also filters the list), and Undo.
import { useRef, useState } from "preact/hooks";
import { html } from "./api.js";
import { t } from "./i18n.js";

const FEW = 16; // at most this many actions: every group shown open

function groupActions(actions) {
  const groups = [];
  const byWord = new Map();
  for (const a of actions) {
    const word = String(a.notation).trim().split(/\s+/)[0] || "other";
    if (!byWord.has(word)) {
      const g = { word, actions: [] };
      byWord.set(word, g);
      groups.push(g);
    }
    byWord.get(word).actions.push(a);
  }
  return groups;
}

function ActionButton({ action, disabled, onPick }) {
  const text = action.text && action.text !== action.notation ? action.text : null;
  return html`
    <button type="button" class="action" data-testid="action" data-notation=${action.notation}
      disabled=${disabled} onClick=${() => onPick(action.notation)} title=${action.notation}>
      <span class="action-text">${text || action.notation}</span>
      ${text && html`<code class="action-notation">${action.notation}</code>`}
    </button>`;
}

/** A hint's top choices: each with its share of the search and its expected result (0–1). */
function HintBox({ hint, hinting, onPick, disabled }) {
  if (hinting) return html`<p class="muted hint-box" data-testid="hint-box" aria-live="polite">${t("Thinking about a hint…")}</p>`;
  if (!hint) return null;
  return html`
    <div class="hint-box" data-testid="hint-box" aria-live="polite">
      <div class="group-head">${t("Hint: a search of {count} iterations on what you can see", { count: hint.iterations })}</div>
      <ol>
        ${hint.choices.map((c) => html`<li key=${c.notation} data-testid="hint-choice" data-notation=${c.notation}>
          <button type="button" class="small quiet" disabled=${disabled} onClick=${() => onPick(c.notation)}
            title=${c.notation}>${c.text || c.notation}</button>
          <span class="muted"> ${t("{share}% of the search · expected result {value}",
            { share: Math.round(100 * c.share), value: c.value.toFixed(2) })}</span>
        </li>`)}
      </ol>
    </div>`;
}

/**
 * @param {{actions: Array, mine: boolean, canUndo: boolean, busy: boolean, connected: boolean,
 *   onSubmit: Function, onUndo: Function, waiting: string, onHint: Function|null,
 *   hint: object|null, hinting: boolean}} props
 */
export function ActionPanel({ actions, canUndo, busy, connected, onSubmit, onUndo, waiting, over, onHint, hint, hinting }) {
  const [typed, setTyped] = useState("");
  const opened = useRef(new Map()); // group word -> open, as the person left it
  const [, redraw] = useState(0);
  const list = actions || [];
  const filter = typed.trim().toLowerCase();
  const shown = filter
    ? list.filter((a) => a.notation.toLowerCase().includes(filter) || (a.text || "").toLowerCase().includes(filter))
    : list;
  const groups = groupActions(shown);
  const collapsible = !filter && list.length > FEW && groups.length > 1;
  const disabled = busy || !connected;

  const submitTyped = (e) => {
    e.preventDefault();
    const text = typed.trim();
    if (!text) return;
    // a unique match of the filter is what was meant; otherwise the server judges the text
    const exact = list.find((a) => a.notation.toLowerCase() === text.toLowerCase());
    onSubmit(exact ? exact.notation : text);
    setTyped("");
  };
  const pick = (notation) => {
    onSubmit(notation);
    setTyped("");
  };

  const isOpen = (g, i) => {
    if (!collapsible) return true;
    if (opened.current.has(g.word)) return opened.current.get(g.word);
    return i === 0 || g.actions.length <= 4;
  };

  return html`
    <section class="panel actions-panel" id="actions" aria-label=${t("your choices")}>
      ${list.length > 0 && html`
        <div class="group-list">
          ${groups.map((g, i) => collapsible
            ? html`<details class="action-group" data-testid="action-group" data-group=${g.word} key=${g.word}
                open=${isOpen(g, i)}
                onToggle=${(e) => { opened.current.set(g.word, e.currentTarget.open); redraw((n) => n + 1); }}>
                <summary><span class="group-word">${g.word}</span> <span class="count">${g.actions.length}</span></summary>
                <div class="action-buttons">
                  ${g.actions.map((a) => html`<${ActionButton} key=${a.notation} action=${a} disabled=${disabled} onPick=${pick} />`)}
                </div>
              </details>`
            : html`<div class="action-group" data-testid="action-group" data-group=${g.word} key=${g.word}>
                ${groups.length > 1 && html`<div class="group-head"><span class="group-word">${g.word}</span>
                  <span class="count">${g.actions.length}</span></div>`}
                <div class="action-buttons">
                  ${g.actions.map((a) => html`<${ActionButton} key=${a.notation} action=${a} disabled=${disabled} onPick=${pick} />`)}
                </div>
              </div>`)}
          ${filter && shown.length === 0 && html`<p class="muted">${t("No choice matches “{typed}” — press Enter to send it as it is typed.", { typed: typed.trim() })}</p>`}
        </div>`}
      ${list.length === 0 && html`<p class="muted waiting">${over ? t("The game is over.") : waiting}</p>`}
      <form class="notation" onSubmit=${submitTyped}>
        <input type="text" data-testid="notation-input" placeholder=${list.length ? t("type a notation (filters the list)") : t("type a notation")}
          aria-label=${t("notation")} autocomplete="off" autocapitalize="off" spellcheck="false"
          value=${typed} onInput=${(e) => setTyped(e.currentTarget.value)} disabled=${over} />
        <button type="submit" data-testid="notation-submit" disabled=${disabled || over || !typed.trim()}>${t("Play")}</button>
        <button type="button" data-testid="undo" class="quiet" disabled=${!canUndo || disabled}
          onClick=${onUndo} title=${t("take back your latest decision")}>${t("Undo")}</button>
        ${onHint && html`<button type="button" data-testid="hint" class="quiet" disabled=${disabled || hinting}
          onClick=${onHint} title=${t("the best choices of a search on your own view")}>${t("Hint")}</button>`}
      </form>
      ${onHint && html`<${HintBox} hint=${hint} hinting=${hinting} onPick=${pick} disabled=${disabled} />`}
    </section>`;
}
