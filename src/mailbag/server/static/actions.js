// The seat's choices as a list, for those who want it (collapsed by default: the board is the
// way to play): the legal actions grouped by their first notation word (collapsible when many)
// and a box to type a notation (it also filters the list). Beside the board: Undo (saying why
// not, when it cannot be done) and Hint (the suggestion in words: why, and how strong).
import { useRef, useState } from "preact/hooks";
import { html } from "./api.js";
import { t } from "./i18n.js";
import { RuleButton } from "./rules.js";

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

/** A group's heading in words: the words its actions' texts begin with (e.g. "Move to"),
 * else the first one's first word; the notation word only for those who asked to see it. */
function groupWords(g, notation) {
  if (notation) return g.word;
  const texts = g.actions.map((a) => String(a.text || "").split(/\s+/).filter(Boolean));
  let common = texts[0] || [];
  for (const words of texts.slice(1)) {
    let n = 0;
    while (n < common.length && n < words.length && common[n] === words[n]) n += 1;
    common = common.slice(0, n);
  }
  if (texts.length === 1) common = common.slice(0, 1);
  else if (common.length === (texts[0] || []).length) common = common.slice(0, -1);
  const head = (common.length ? common : (texts[0] || []).slice(0, 1)).join(" ").replace(/[:,;.—-]+$/, "");
  return head || t("choices");
}

/** The one rule every action of a group is explained by, or null (then each says its own). */
function groupRule(g) {
  const rules = new Set(g.actions.map((a) => a.rule || null));
  return rules.size === 1 ? [...rules][0] : null;
}

function ActionButton({ action, disabled, onPick, notation, ownRule }) {
  const text = action.text && action.text !== action.notation ? action.text : null;
  const button = html`
    <button type="button" class="action" data-testid="action" data-notation=${action.notation}
      disabled=${disabled} onClick=${() => onPick(action.notation)}>
      <span class="action-text">${text || action.notation}</span>
      ${text && notation && html`<code class="action-notation" data-testid="action-notation">${action.notation}</code>`}
    </button>`;
  if (!ownRule || !action.rule) return button;
  return html`<span class="action-with-rule">${button}<${RuleButton} section=${action.rule} what=${text || action.notation}
    testid="action-rule" /></span>`;
}

function notationShown() {
  try { return window.localStorage.getItem("mailbag.notation") === "1"; } catch { return false; }
}

/** A hint in words: the suggested choice, one sentence why, and how strong it is (a plain
 * word); the other close choices below it. Never the search's own numbers. */
export function HintBox({ hint, hinting, onPick, disabled }) {
  if (hinting) return html`<p class="muted hint-box" data-testid="hint-box" aria-live="polite">${t("Thinking about a hint…")}</p>`;
  if (!hint) return null;
  const choices = hint.choices || [];
  const [first, ...rest] = choices;
  if (!first) return html`<p class="muted hint-box" data-testid="hint-box">${t("No hint for this decision.")}</p>`;
  return html`
    <div class="hint-box" data-testid="hint-box" aria-live="polite">
      <p class="hint-first" data-testid="hint-choice" data-notation=${first.notation}>
        <b>${t("Hint:")}</b> ${first.text || t("the highlighted choice")}
        ${first.strength && html` <span class="hint-strength" data-testid="hint-strength">(${first.strength})</span>`}
      </p>
      ${first.why && html`<p class="hint-why" data-testid="hint-why">${first.why}</p>`}
      ${first.clicks && first.clicks.length ? html`<p class="muted small">${t("Its first step is outlined in blue on the board.")}</p>`
        : html`<button type="button" class="small" disabled=${disabled} onClick=${() => onPick(first.notation)}>${t("Play it")}</button>`}
      ${rest.length > 0 && html`<details class="hint-more"><summary>${t("Other close choices")}</summary>
        <ul>${rest.map((c) => html`<li key=${c.notation} data-testid="hint-choice" data-notation=${c.notation}>
          <button type="button" class="small quiet" disabled=${disabled} onClick=${() => onPick(c.notation)}>${c.text || t("this choice")}</button>
          ${c.strength && html` <span class="muted">(${c.strength})</span>`}</li>`)}</ul></details>`}
    </div>`;
}

/** Undo and Hint, beside the board's click bar. A disabled Undo says why (`undoReason`): as its
 * tooltip, and as a line when it is pressed or focused. */
export function TurnTools({ canUndo, undoReason, disabled, onUndo, onHint, hinting, onReveal }) {
  const [told, setTold] = useState(false);
  const can = canUndo && !disabled;
  const reason = !canUndo ? undoReason || t("There is nothing of yours to take back now.") : null;
  return html`
    <span class="turn-tools">
      ${onReveal && html`<button type="button" data-testid="reveal-tool" class="primary" disabled=${disabled}
        onClick=${onReveal} title=${t("show your choice to the others and go on")}>${t("Reveal")}</button>`}
      <button type="button" data-testid="undo" class="quiet" aria-disabled=${can ? undefined : "true"}
        disabled=${!can && !reason}
        onClick=${() => (can ? onUndo() : setTold(true))} onFocus=${() => !can && setTold(true)} onBlur=${() => setTold(false)}
        title=${can ? t("take back your latest decision") : reason || ""}>${t("Undo")}</button>
      ${onHint && html`<button type="button" data-testid="hint" class="quiet" disabled=${disabled || hinting}
        onClick=${onHint} title=${t("a suggestion for this decision")}>${t("Hint")}</button>`}
      ${told && reason && html`<span class="undo-reason" data-testid="undo-reason" role="status">${reason}</span>`}
    </span>`;
}

/**
 * @param {{actions: Array, busy: boolean, connected: boolean, onSubmit: Function, waiting: string,
 *   over: boolean, open: boolean, onOpen: Function, tools: any}} props (`tools`: Undo and Hint,
 *   drawn inside the list only where the game has no graphical board)
 */
export function ActionPanel({ actions, busy, connected, onSubmit, waiting, over, open, onOpen, tools, decisionRule }) {
  const [typed, setTyped] = useState("");
  const [notation, setNotation] = useState(notationShown); // the notation lines: off by default
  const toggleNotation = (on) => {
    setNotation(on);
    try { window.localStorage.setItem("mailbag.notation", on ? "1" : "0"); } catch { /* private mode */ }
  };
  const opened = useRef(new Map()); // group word -> open, as the person left it
  const [, redraw] = useState(0);
  const list = actions || [];
  const filter = typed.trim().toLowerCase();
  const shown = filter
    ? list.filter((a) => a.notation.toLowerCase().includes(filter) || (a.text || "").toLowerCase().includes(filter))
    : list;
  const groups = groupActions(shown);
  const ruleWords = t("The rule behind these choices");
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
    <details class="panel actions-panel" id="actions" data-testid="choices" open=${open}
      onToggle=${(e) => onOpen && e.currentTarget.open !== Boolean(open) && onOpen(e.currentTarget.open)}>
      <summary class="choices-summary">${t("Choices as a list")} <span class="count">${list.length}</span></summary>
      ${tools}
      ${list.length > 0 && decisionRule && html`<p class="choices-rule">${ruleWords}
        <${RuleButton} section=${decisionRule} what=${ruleWords} testid="choices-rule" /></p>`}
      ${list.length > 0 && html`
        <div class="group-list">
          ${groups.map((g, i) => collapsible
            ? html`<details class="action-group" data-testid="action-group" data-group=${g.word} key=${g.word}
                open=${isOpen(g, i)}
                onToggle=${(e) => { opened.current.set(g.word, e.currentTarget.open); redraw((n) => n + 1); }}>
                <summary><span class="group-word">${groupWords(g, notation)}</span> <span class="count">${g.actions.length}</span></summary>
                <div class="action-buttons">
                  ${groupRule(g) && html`<${RuleButton} section=${groupRule(g)} what=${groupWords(g, false)} testid="group-rule" />`}
                  ${g.actions.map((a) => html`<${ActionButton} key=${a.notation} action=${a} disabled=${disabled} onPick=${pick}
                    notation=${notation} ownRule=${!groupRule(g)} />`)}
                </div>
              </details>`
            : html`<div class="action-group" data-testid="action-group" data-group=${g.word} key=${g.word}>
                ${groups.length > 1 && html`<div class="group-head"><span class="group-word">${groupWords(g, notation)}</span>
                  <span class="count">${g.actions.length}</span>
                  ${groupRule(g) && html`<${RuleButton} section=${groupRule(g)} what=${groupWords(g, false)} testid="group-rule" />`}</div>`}
                <div class="action-buttons">
                  ${g.actions.map((a) => html`<${ActionButton} key=${a.notation} action=${a} disabled=${disabled} onPick=${pick}
                    notation=${notation} ownRule=${!groupRule(g)} />`)}
                </div>
              </div>`)}
          ${filter && shown.length === 0 && html`<p class="muted">${t("No choice matches “{typed}” — press Enter to send it as it is typed.", { typed: typed.trim() })}</p>`}
        </div>`}
      ${list.length === 0 && html`<p class="muted waiting">${over ? t("The game is over.") : waiting}</p>`}
      <label class="notation-toggle">
        <input type="checkbox" data-testid="show-notation" checked=${notation}
          onChange=${(e) => toggleNotation(e.currentTarget.checked)} />
        ${t("show notation")}</label>
      <form class="notation" onSubmit=${submitTyped}>
        <input type="text" data-testid="notation-input" placeholder=${list.length ? t("type a notation (filters the list)") : t("type a notation")}
          aria-label=${t("notation")} autocomplete="off" autocapitalize="off" spellcheck="false"
          value=${typed} onInput=${(e) => setTyped(e.currentTarget.value)} disabled=${over} />
        <button type="submit" data-testid="notation-submit" disabled=${disabled || over || !typed.trim()}>${t("Play")}</button>
      </form>
    </details>`;
}
