// The end of a game: the final scores with their breakdown, and the replay viewer (a step
// slider, back/forward buttons and the arrow keys; each step's decision in words and its
// events beside the game's own graphical board — the seat's view at that step, what the step
// changed highlighted; once the game is over any seat's, "see as" — or, for a game without a
// board of its own, every seat's board as text).
import { useEffect, useRef, useState } from "preact/hooks";
import { api, html, seatLabel } from "./api.js";
import { ReplayBoard } from "./board.js";
import { withoutRuleIds } from "./clicks.js";
import { t, useLanguage } from "./i18n.js";
import { RuleButton } from "./rules.js";

function place(rank) {
  if (rank === 1) return t("1st");
  if (rank === 2) return t("2nd");
  if (rank === 3) return t("3rd");
  return t("{rank}th", { rank });
}

/** A score category in words: as the server put it in the reader's language, else its key. */
function prettyKey(key, labels) {
  return (labels && labels[key]) || String(key).replace(/_/g, " ");
}

/** Final scores: one column per seat, a row per breakdown entry, the total and the place. */
export function Result({ result, players, mySeat }) {
  const scores = result.scores || [];
  const breakdown = result.breakdown || [];
  const ranking = result.ranking || [];
  const seats = scores.map((_, i) => i);
  const keys = [];
  for (const b of breakdown) {
    for (const k of Object.keys(b || {})) if (!keys.includes(k)) keys.push(k);
  }
  const winners = seats.filter((s) => ranking[s] === 1);
  const headline = winners.length === 0 ? t("The game is over.")
    : winners.length > 1 ? t("A tie: {names}.", { names: winners.map((s) => seatLabel(players, s)).join(", ") })
    : winners[0] === mySeat ? t("You won!") : t("{name} won.", { name: seatLabel(players, winners[0]) });
  const cell = (v) => (v === null || v === undefined ? "–" : typeof v === "object" ? JSON.stringify(v) : String(v));
  return html`
    <section class="panel result" data-testid="result">
      <h2>${headline}</h2>
      <div class="table-scroll">
        <table class="scores">
          <thead>
            <tr><th></th>${seats.map((s) => html`<th class=${s === mySeat ? "me" : ""}>${seatLabel(players, s)}</th>`)}</tr>
          </thead>
          <tbody>
            ${keys.map((k) => html`<tr data-testid="result-line" data-key=${k}><th scope="row">${prettyKey(k, result.labels)}
              <${RuleButton} section=${(result.rules || {})[k]} what=${prettyKey(k, result.labels)} testid="result-rule" /></th>
              ${seats.map((s) => html`<td>${cell((breakdown[s] || {})[k])}</td>`)}</tr>`)}
            <tr class="total"><th scope="row">${t("total")}</th>${seats.map((s) => html`<td data-testid=${`final-score-${s}`}>${cell(scores[s])}</td>`)}</tr>
            ${ranking.length > 0 && html`<tr class="rank"><th scope="row">${t("place")}</th>
              ${seats.map((s) => html`<td>${ranking[s] ? place(ranking[s]) : "–"}</td>`)}</tr>`}
          </tbody>
        </table>
      </div>
      ${result.seed !== undefined && result.seed !== null && html`<p class="muted small">${t("Seed {seed} — the whole deal, shown now that the game is over.", { seed: String(result.seed) })}</p>`}
    </section>`;
}

/** The replay viewer over `GET /api/tables/<t>/replay/<k>`. */
export function Replay({ table, credential, players, mySeat, lastStep, onClose, board, game, components, over }) {
  const lang = useLanguage(); // the steps are fetched again in another language
  const [k, setK] = useState(0);
  const [steps, setSteps] = useState(lastStep ?? null);
  const [data, setData] = useState(null);
  const [error, setError] = useState(null);
  const [seeAs, setSeeAs] = useState(mySeat ?? 0);
  const cache = useRef(new Map());
  const wanted = useRef(0);

  const cached = useRef(lang);
  if (cached.current !== lang) {
    cached.current = lang;
    cache.current = new Map();
  }

  useEffect(() => {
    wanted.current = k;
    const store = cache.current; // this language's
    if (store.has(k)) {
      setData(store.get(k));
      return;
    }
    let cancelled = false;
    api.replay(table, credential, k).then((d) => {
      store.set(k, d);
      if (typeof d.steps === "number") setSteps(d.steps);
      if (!cancelled && wanted.current === k) {
        setData(d);
        setError(null);
      }
      // fetch the next one ahead, so stepping forward is instant
      const next = k + 1;
      if ((d.steps ?? 0) >= next && !store.has(next)) {
        api.replay(table, credential, next).then((n) => store.set(next, n), () => {});
      }
    }, (err) => !cancelled && setError(err.message));
    return () => {
      cancelled = true;
    };
  }, [k, lang]);

  const max = steps ?? 0;
  const go = (n) => setK(Math.max(0, Math.min(max, n)));

  useEffect(() => {
    const onKey = (e) => {
      if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA" || e.target.tagName === "SELECT")) return;
      if (e.key === "ArrowRight") { go(k + 1); e.preventDefault(); }
      else if (e.key === "ArrowLeft") { go(k - 1); e.preventDefault(); }
      else if (e.key === "Home") { go(0); e.preventDefault(); }
      else if (e.key === "End") { go(max); e.preventDefault(); }
      else if (e.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [k, max]);

  const boards = data && data.boards ? Object.entries(data.boards) : [];
  boards.sort(([a], [b]) => (a === "spectator" ? 1 : b === "spectator" ? -1 : Number(a) - Number(b)));
  const who = data && data.seat !== null && data.seat !== undefined && data.seat >= 0 ? seatLabel(players, data.seat) : null;
  // the decision in words: the server's `action` entry ({clicks, text}), or an older server's text
  const action = data && data.action && typeof data.action === "object" ? data.action : null;
  const said = withoutRuleIds((action && action.text) || (data && data.text) || "");
  const things = new Set((data && (data.things || (action && action.clicks))) || []);
  const views = data && Array.isArray(data.views) ? data.views : null;
  const seat = views ? Math.max(0, Math.min(views.length - 1, seeAs)) : null;
  const view = views ? views[seat] : data ? data.view : undefined;
  const drawn = board && board.status === "ready" && view !== undefined && view !== null;
  return html`
    <section class="panel replay" data-testid="replay-view" data-step=${k}>
      <div class="replay-head">
        <h2>${t("Replay")}</h2>
        <button type="button" class="quiet small" onClick=${onClose} data-testid="replay-close">${t("Close replay")}</button>
      </div>
      <div class="replay-controls">
        <button type="button" data-testid="replay-prev" onClick=${() => go(k - 1)} disabled=${k <= 0}
          aria-label=${t("previous step")}>◀</button>
        <input type="range" min="0" max=${max} step="1" value=${k} data-testid="replay-step"
          aria-label=${t("step")} onInput=${(e) => go(Number(e.currentTarget.value))} />
        <button type="button" data-testid="replay-next" onClick=${() => go(k + 1)} disabled=${k >= max}
          aria-label=${t("next step")}>▶</button>
        <span class="replay-pos"><b data-testid="replay-position">${k}</b> / ${max}</span>
        ${views && views.length > 1 && html`<label class="see-as">${t("see as")}
          <select data-testid="replay-see-as" value=${String(seat)} onChange=${(e) => setSeeAs(Number(e.currentTarget.value))}>
            ${views.map((_, i) => html`<option value=${String(i)}>${seatLabel(players, i)}</option>`)}
          </select></label>`}
      </div>
      <p class="muted small hint">${t("← and → step through the game; Home and End jump to its ends.")}</p>
      ${error && html`<p class="error">${error}</p>`}
      ${data && html`
        <div class="replay-decision" data-testid="replay-decision">
          ${data.step === 0 || (!action && (data.action === null || data.action === undefined))
            ? html`<b>${t("The deal")}</b>${said ? html` — ${said}` : ""}`
            : html`<b>${t("Step {step}", { step: data.step })}</b>: ${who ? html`<span class=${data.seat === mySeat ? "me" : ""}>${who}</span> — ` : ""}
                ${said || t("a decision")}`}
        </div>
        <div class=${`replay-body${drawn ? " with-board" : ""}`}>
          ${drawn && html`<${ReplayBoard} entry=${board.module} game=${game} components=${components} view=${view}
            players=${players} mySeat=${views ? seat : mySeat} changed=${things} />`}
          ${(data.events || []).length > 0 && html`
            <ol class="log replay-events" data-testid="replay-events" tabIndex="0" aria-label=${t("what this step did")}>
              ${data.events.map((e) => html`<li class=${`ev ev-${e.kind}`}>${e.to && e.to.length
                ? html`<span class="muted small">${t("{names} only:", { names: e.to.map((n) => (typeof n === "number" ? seatLabel(players, n) : n)).join(", ") })} </span>` : ""}${e.text}</li>`)}
            </ol>`}
        </div>
        ${!drawn && html`<div class="replay-boards">
          ${boards.map(([seat, text]) => html`
            <figure class="replay-board" key=${seat}>
              <figcaption>${seat === "spectator" ? t("spectator") : seatLabel(players, Number(seat))}
                ${String(mySeat) === seat ? t(" (you)") : ""}</figcaption>
              <pre class="board">${text}</pre>
            </figure>`)}
        </div>`}`}
    </section>`;
}
