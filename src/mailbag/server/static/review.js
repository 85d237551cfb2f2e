// A finished game's review (docs/review.md): every decision judged by the bots' search from what
// its player knew then, computed on the server (`/api/tables/<t>/review`) with a progress bar and
// a Cancel button; then a graph of each seat's expected result (or expected score margin) over
// the game with the marked decisions on it, each seat's accuracy, the list of decisions, and for
// the chosen decision the choice made and the better one side by side on the game's own board.
// The arrow keys (and the graph, and the list) move between decisions.
import { useEffect, useRef, useState } from "preact/hooks";
import { api, html, seatLabel } from "./api.js";
import { ReplayBoard } from "./board.js";
import { withoutRuleIds } from "./clicks.js";
import { language, t, useLanguage } from "./i18n.js";

const SIGNS = { blunder: "??", mistake: "?", inaccuracy: "?!" };
const POLL_MS = 800;
const COLOURS = ["#c0392b", "#1f6fd1", "#2e8b57", "#8e44ad"];
const COLON = ": ";

function reviewUrl(table, depth) {
  return `/api/tables/${encodeURIComponent(table)}/review?depth=${encodeURIComponent(depth)}`;
}

async function call(method, table, credential, depth) {
  const headers = { Authorization: `Bearer ${credential}` };
  const response = await fetch(`${reviewUrl(table, depth)}&lang=${encodeURIComponent(language())}`,
    { method, headers, cache: "no-store" });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error || `${response.status}`);
  return data;
}

/** The graph: each seat's line over the decisions, marks on the deciding seat's line. */
function Graph({ review, metric, selected, onSelect, players }) {
  const decisions = review.decisions;
  const n = decisions.length;
  const W = 600;
  const H = 160;
  const pad = 6;
  if (!n) return null;
  const values = (d, seat) => (metric === "margin" ? d.margins[seat] : d.results[seat]);
  let lo = 0;
  let hi = 1;
  if (metric === "margin") {
    const all = decisions.flatMap((d) => d.margins);
    const top = Math.max(1, ...all.map((v) => Math.abs(v)));
    lo = -top;
    hi = top;
  }
  const x = (i) => pad + (n === 1 ? (W - 2 * pad) / 2 : (i * (W - 2 * pad)) / (n - 1));
  const y = (v) => H - pad - ((v - lo) / (hi - lo)) * (H - 2 * pad);
  const seats = review.seats.map((_, s) => s);
  const label = metric === "margin"
    ? t("Expected score margin of each player over the game")
    : t("Expected result of each player over the game (top: a sure win)");
  return html`
    <svg class="review-graph" data-testid="review-graph" data-metric=${metric} viewBox=${`0 0 ${W} ${H}`}
      preserveAspectRatio="none" role="img" aria-label=${label}>
      <line x1=${pad} x2=${W - pad} y1=${y((lo + hi) / 2)} y2=${y((lo + hi) / 2)} class="mid" />
      ${selected !== null && html`<line x1=${x(selected)} x2=${x(selected)} y1="0" y2=${H} class="now" />`}
      ${seats.map((s) => html`<polyline key=${s} fill="none" stroke=${COLOURS[s % COLOURS.length]} stroke-width="2"
        vector-effect="non-scaling-stroke" points=${decisions.map((d, i) => `${x(i)},${y(values(d, s))}`).join(" ")} />`)}
      ${decisions.map((d, i) => d.mark && html`<circle key=${`m${i}`} cx=${x(i)} cy=${y(values(d, d.seat))} r="4"
        class=${`mark-dot ${d.mark}`} vector-effect="non-scaling-stroke" />`)}
      ${decisions.map((d, i) => html`<rect key=${`c${i}`} x=${x(i) - (W / n) / 2} y="0" width=${W / n} height=${H}
        class="column" onClick=${() => onSelect(i)}><title>${t("Step {step}", { step: d.index })} — ${seatLabel(players, d.seat)}</title></rect>`)}
    </svg>`;
}

/** The board before decision `d`, from its seat's view, with `clicks` highlighted. */
function ChoiceBoard({ title, text, clicks, view, board, game, components, players, seat, testid }) {
  const drawn = board && board.status === "ready" && view;
  return html`
    <figure class="review-board" data-testid=${testid}>
      <figcaption><b>${title}</b>: ${text}</figcaption>
      ${drawn && html`<${ReplayBoard} entry=${board.module} game=${game} components=${components} view=${view}
        players=${players} mySeat=${seat} changed=${new Set(clicks || [])} />`}
    </figure>`;
}

export function Review({ table, credential, players, mySeat, board, game, components, onClose }) {
  const lang = useLanguage();
  const noDecisions = t("no decisions to judge");
  const [depth, setDepth] = useState("default");
  const [data, setData] = useState(null);
  const [error, setError] = useState(null);
  const [selected, setSelected] = useState(null);
  const [metric, setMetric] = useState("result");
  const [onlyMarked, setOnlyMarked] = useState(false);
  const [view, setView] = useState(null);
  const [round, setRound] = useState(0);
  const views = useRef(new Map());
  const alive = useRef(true);
  useEffect(() => () => { alive.current = false; }, []);

  // start (or find) the review at this depth, then follow it until it is done
  useEffect(() => {
    let stop = false;
    let timer = null;
    const follow = async (method) => {
      try {
        const found = await call(method, table, credential, depth);
        if (stop || !alive.current) return;
        setData(found);
        setError(null);
        if (found.status === "running") timer = setTimeout(() => follow("GET"), POLL_MS);
      } catch (err) {
        if (!stop) setError(err.message);
      }
    };
    setData(null);
    follow("POST");
    return () => { stop = true; clearTimeout(timer); };
  }, [depth, lang, round]);

  const review = data && data.review;
  const decisions = review ? review.decisions : [];
  const shown = decisions.map((d, i) => [d, i]).filter(([d]) => !onlyMarked || d.mark);
  useEffect(() => {
    if (review && selected === null && decisions.length) {
      const first = decisions.findIndex((d) => d.mark);
      setSelected(first >= 0 ? first : 0);
    }
  }, [review]);
  const current = selected !== null && decisions[selected] ? decisions[selected] : null;

  // the board before the chosen decision, as its seat saw it
  useEffect(() => {
    if (!current) return undefined;
    const k = current.index - 1;
    const key = `${lang}|${k}`;
    if (views.current.has(key)) {
      setView(views.current.get(key));
      return undefined;
    }
    let stop = false;
    api.replay(table, credential, k).then((d) => {
      views.current.set(key, d);
      if (!stop) setView(d);
    }, (err) => !stop && setError(err.message));
    return () => { stop = true; };
  }, [current && current.index, lang]);

  useEffect(() => {
    const onKey = (e) => {
      const where = e.target && e.target.tagName;
      if (where === "INPUT" || where === "TEXTAREA" || where === "SELECT") return;
      if (!decisions.length) return;
      const at = selected === null ? 0 : selected;
      if (e.key === "ArrowRight") { setSelected(Math.min(decisions.length - 1, at + 1)); e.preventDefault(); }
      else if (e.key === "ArrowLeft") { setSelected(Math.max(0, at - 1)); e.preventDefault(); }
      else if (e.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [selected, decisions.length]);

  const markWord = (m) => (review && review.mark_words && review.mark_words[m]) || m;
  const jump = (dir) => {
    const from = selected === null ? -1 : selected;
    const order = dir > 0 ? decisions.map((_, i) => i).filter((i) => i > from) : decisions.map((_, i) => i).filter((i) => i < from).reverse();
    const next = order.find((i) => decisions[i].mark);
    if (next !== undefined) setSelected(next);
  };
  const cancel = async () => {
    try {
      setData(await call("DELETE", table, credential, depth));
    } catch (err) {
      setError(err.message);
    }
  };
  const restart = () => setRound(round + 1); // started again and followed by the effect
  const status = data ? data.status : "loading";
  const seatView = view && Array.isArray(view.views) && current ? view.views[current.seat] : view ? view.view : null;
  const settings = review && review.settings;
  return html`
    <section class="panel review" data-testid="review" data-status=${status}>
      <div class="replay-head">
        <h2>${t("Game review")}</h2>
        <button type="button" class="quiet small" onClick=${onClose} data-testid="review-close">${t("Back to the table")}</button>
      </div>
      <div class="review-controls">
        <label>${t("Depth")}
          <select data-testid="review-depth" value=${depth} onChange=${(e) => { setSelected(null); setDepth(e.currentTarget.value); }}>
            <option value="quick">${t("quick")}</option>
            <option value="default">${t("normal")}</option>
            <option value="deep">${t("deep")}</option>
          </select></label>
      </div>
      ${error && html`<p class="error" role="alert">${error}</p>`}
      ${status === "running" && html`
        <div class="review-running" role="status">
          <p>${t("The bots are judging each decision from what its player knew…")}</p>
          <progress data-testid="review-progress" max=${data.total || 1} value=${data.done}
            aria-label=${t("decisions judged")}></progress>
          <span class="muted small">${t("{done} of {total} decisions", { done: data.done, total: data.total || "…" })}</span>
          <button type="button" data-testid="review-cancel" onClick=${cancel}>${t("Cancel")}</button>
        </div>`}
      ${(status === "cancelled" || status === "failed") && html`
        <div class="review-running" role="status">
          <p>${status === "failed" ? t("The review could not be finished.") : t("The review was stopped.")}</p>
          <button type="button" class="primary" data-testid="review-start" onClick=${restart}>${t("Start it again")}</button>
        </div>`}
      ${review && html`
        <div class="review-summary" data-testid="review-summary">
          ${review.seats.map((name, s) => html`
            <div class="review-seat" data-testid="review-accuracy" data-seat=${s}>
              <span class="swatch" style=${`background:${COLOURS[s % COLOURS.length]}`}></span>
              <b>${seatLabel(players, s) || name}</b>${s === mySeat ? t(" (you)") : ""}${COLON}
              ${review.accuracy[s] === null ? noDecisions
                : html`${t("accuracy {accuracy}%", { accuracy: review.accuracy[s].toFixed(1) })} ·
                  ${["inaccuracy", "mistake", "blunder"].map((m) => html`<span class=${`mark-badge ${m}`} title=${markWord(m)}>${SIGNS[m]} ${review.marks[s][m]}</span> `)}`}
            </div>`)}
        </div>
        <div class="review-metric" role="group" aria-label=${t("what the graph shows")}>
          <button type="button" aria-pressed=${metric === "result" ? "true" : "false"} data-testid="review-metric-result"
            onClick=${() => setMetric("result")}>${t("Winning chances")}</button>
          <button type="button" aria-pressed=${metric === "margin" ? "true" : "false"} data-testid="review-metric-margin"
            onClick=${() => setMetric("margin")}>${t("Score margin")}</button>
        </div>
        <${Graph} review=${review} metric=${metric} selected=${selected} onSelect=${setSelected} players=${players} />
        <p class="muted small" data-testid="review-budget">${t("Each decision was searched {iters} times from its player's own view (and {duel} times for each of the two choices compared); a decision is marked only when what it lost is beyond the estimate's spread. Marks: inaccuracy from {a}, mistake from {b}, blunder from {c} of the expected result.", {
          iters: settings.iters, duel: settings.duel, a: review.thresholds.inaccuracy, b: review.thresholds.mistake, c: review.thresholds.blunder })}</p>
        ${current && html`
          <div class="review-detail" data-testid="review-detail" data-index=${current.index} data-mark=${current.mark || ""}>
            <div class="review-nav">
              <button type="button" data-testid="review-prev-mark" onClick=${() => jump(-1)} aria-label=${t("previous marked decision")}>◀◀</button>
              <button type="button" data-testid="review-prev" onClick=${() => setSelected(Math.max(0, selected - 1))} disabled=${selected <= 0} aria-label=${t("previous decision")}>◀</button>
              <b>${t("Step {step}", { step: current.index })}</b> · ${seatLabel(players, current.seat)}
              <button type="button" data-testid="review-next" onClick=${() => setSelected(Math.min(decisions.length - 1, selected + 1))} disabled=${selected >= decisions.length - 1} aria-label=${t("next decision")}>▶</button>
              <button type="button" data-testid="review-next-mark" onClick=${() => jump(1)} aria-label=${t("next marked decision")}>▶▶</button>
            </div>
            <p data-testid="review-verdict">
              ${current.mark ? html`<span class=${`mark-badge ${current.mark}`}>${SIGNS[current.mark]} ${markWord(current.mark)}</span> ` : ""}
              ${current.played === current.best
                ? t("The best choice the search found.")
                : t("Expected result {value} against {best} for the better choice (lost {loss} ± {spread}).", {
                  value: current.value.toFixed(2), best: current.best_value.toFixed(2), loss: current.loss.toFixed(2), spread: current.spread.toFixed(2) })}
            </p>
            <div class="review-boards">
              <${ChoiceBoard} title=${t("Choice made")} text=${withoutRuleIds(current.played_text)} clicks=${current.played_clicks}
                view=${seatView} board=${board} game=${game} components=${components} players=${players} seat=${current.seat} testid="review-played" />
              ${current.played !== current.best && html`<${ChoiceBoard} title=${t("Better choice")} text=${withoutRuleIds(current.best_text)}
                clicks=${current.best_clicks} view=${seatView} board=${board} game=${game} components=${components}
                players=${players} seat=${current.seat} testid="review-better" />`}
            </div>
          </div>`}
        <label class="small"><input type="checkbox" data-testid="review-only-marked" checked=${onlyMarked}
          onChange=${(e) => setOnlyMarked(e.currentTarget.checked)} /> ${t("only the marked decisions")}</label>
        <ol class="review-list" data-testid="review-list">
          ${shown.map(([d, i]) => html`<li key=${i}>
            <button type="button" class=${`review-item${i === selected ? " selected" : ""}`} data-testid="review-decision"
              data-index=${d.index} data-mark=${d.mark || ""} aria-current=${i === selected ? "true" : undefined}
              onClick=${() => setSelected(i)}>
              <span class="muted">${d.index}</span> <span>${seatLabel(players, d.seat)}</span>${": "}${withoutRuleIds(d.played_text)}
              ${d.mark && html` <span class=${`mark-badge ${d.mark}`}>${SIGNS[d.mark]} ${markWord(d.mark)}</span>`}
            </button></li>`)}
        </ol>`}
    </section>`;
}
