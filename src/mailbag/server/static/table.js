// A table (`/t/<table>#seat=n&token=…` or `#watch=…`): the socket, and what it shows — players,
// the board, the log, the seat's choices, and at the end the result, rematch, export, replay.
// A wide page: the board, and beside it a column of the players, the turn line and the log
// (always in view, its own scroll), the choices list collapsed below it. A phone: the board,
// and a bottom bar of tabs (Board, Log with its unread count, Choices); nothing floats over the
// board.
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from "preact/hooks";
import { absolute, api, download, formatClock, html, parseLink, rememberLink, seatLabel } from "./api.js";
import { ActionPanel, HintBox, TurnTools } from "./actions.js";
import { GraphicalBoard, isTouch, useBoard, usePicker } from "./board.js";
import { changedIds } from "./clicks.js";
import { language, t, useLanguage } from "./i18n.js";
import { Replay, Result } from "./replay.js";
import { Review } from "./review.js";
import { LessonBanner } from "./lesson.js";
import { openRules, RuleButton, RulesPanel } from "./rules.js";
import { TableSocket } from "./socket.js";
import { actionFor, initial, reducer } from "./tablestate.js";
import { kindLabel, LanguageSwitch } from "./widgets.js";

/** The connection's state in words (the `data-status` attribute keeps it as a word of code). */
function statusText(status) {
  const texts = {
    connecting: t("connecting…"),
    connected: t("connected"),
    reconnecting: t("reconnecting…"),
    failed: t("disconnected"),
  };
  return texts[status] || status;
}

// -- pieces ---------------------------------------------------------------------------------

function Players({ players, state, mySeat, clockLeft }) {
  const toMove = (state && state.to_move) || [];
  const scores = (state && state.scores) || [];
  const words = { away: t("away — a bot plays"), here: t("here"), gone: t("not here") };
  // (outside the template: the catalog's extractor reads texts only there or in its html parts)
  const computer = t("computer player");
  // a seat shown by the words of its kind (no name of its own) is not told its kind twice
  const botWordsOf = (p) => {
    const kindWords = p.label || kindLabel(p.kind);
    return kindWords === seatLabel(players, p.seat) ? computer : kindWords;
  };
  return html`
    <section class="panel players" aria-label=${t("players")}>
      ${players.map((p) => {
        const turn = toMove.includes(p.seat) && !(state && state.over);
        const left = clockLeft(p.seat);
        const person = p.kind === "human" || p.kind === "person";
        const botWords = botWordsOf(p);
        const presence = p.away ? words.away : person ? (p.connected ? words.here : words.gone) : botWords;
        return html`
          <div key=${p.seat} data-testid=${`player-${p.seat}`}
            class=${`player${turn ? " turn" : ""}${p.seat === mySeat ? " me" : ""}${p.away ? " away" : ""}`}>
            <span class=${`dot ${person ? (p.connected && !p.away ? "on" : "off") : "bot"}`} aria-hidden="true"></span>
            <span class="pname">${seatLabel(players, p.seat)}${p.seat === mySeat && seatLabel(players, p.seat) !== t("You") ? html` <small>${t("(you)")}</small>` : ""}</span>
            <span class="pkind">${presence}</span>
            ${left !== null && html`<span class=${`clock${left < 10 ? " low" : ""}`} title=${t("time left for this move")}>${formatClock(left)}</span>`}
            ${turn && html`<span class="badge turn">${t("to move")}</span>`}
            <span class="pscore" title=${t("score")}>${scores[p.seat] === null || scores[p.seat] === undefined ? "–" : scores[p.seat]}</span>
          </div>`;
      })}
    </section>`;
}

/** The log: every line in words; a decision taken back struck through and said so. */
function Log({ events, logRef }) {
  const box = useRef(null);
  const stick = useRef(true);
  useLayoutEffect(() => {
    const el = box.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [events]);
  useEffect(() => { if (logRef) logRef.current = box.current; });
  const onScroll = () => {
    const el = box.current;
    if (el) stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  };
  let previous = null;
  return html`
    <section class="panel log-panel" aria-label=${t("game log")}>
      <h3>${t("Log")}</h3>
      <ol class="log" data-testid="log" ref=${box} onScroll=${onScroll} tabIndex="0" aria-label=${t("game log")}>
        ${events.map((e, i) => {
          const first = e.step !== previous;
          previous = e.step;
          return html`<li key=${i} class=${`ev ev-${e.kind}${first ? " new-step" : ""}${e.taken_back ? " taken-back" : ""}`}
            data-step=${e.step} data-taken-back=${e.taken_back ? "1" : undefined}>
            <span class="ev-step">${first ? e.step : ""}</span><span class="ev-text">${e.taken_back
              ? html`<s>${e.text}</s> <small class="taken-back-word">${t("(taken back)")}</small>` : e.text}</span>
            ${e.rule && !e.taken_back && html`<${RuleButton} section=${e.rule} what=${e.text} testid="log-rule" />`}</li>`;
        })}
      </ol>
    </section>`;
}

/** What the others did since this seat's last decision (`state.changes`), highlighted on the
 * board; ◀ ▶ step through them one by one. */
function Changes({ changes, index, setIndex, players, mySeat }) {
  if (!changes || !changes.length) return null;
  const n = changes.length;
  const one = index !== null ? changes[index] : n === 1 ? changes[0] : null;
  const who = (c) => (c.seat === null || c.seat === undefined ? "" : `${c.seat === mySeat ? t("You") : seatLabel(players, c.seat)}: `);
  const go = (i) => setIndex(((i % n) + n) % n);
  return html`
    <div class="changes" data-testid="changes" role="status">
      <span class="changes-head">${mySeat === null || mySeat === undefined ? t("The latest move:")
        : n === 1 ? t("Since your last move:") : t("Since your last move: {count} moves", { count: n })}</span>
      ${n > 1 && html`<span class="changes-nav">
        <button type="button" class="small quiet" data-testid="changes-prev" aria-label=${t("the move before")}
          onClick=${() => go(index === null ? n - 1 : index - 1)}>◀</button>
        <span class="changes-pos">${index === null ? t("all") : `${index + 1}/${n}`}</span>
        <button type="button" class="small quiet" data-testid="changes-next" aria-label=${t("the move after")}
          onClick=${() => go(index === null ? 0 : index + 1)}>▶</button>
        ${index !== null && html`<button type="button" class="small quiet" onClick=${() => setIndex(null)}>${t("show all")}</button>`}
      </span>`}
      <span class="changes-text" data-testid="changes-text">${one ? `${who(one)}${one.text}`
        : changes.map((c) => `${who(c)}${c.text}`).join(" · ")}</span>
    </div>`;
}

/** The reason a refusal gives, with the rule it names in words: its title opens its summary. */
function RuleLink({ rule }) {
  const [open, setOpen] = useState(false);
  if (!rule || !rule.title) return null;
  return html`<span class="rule-ref">
    <a href=${rule.href || "#"} data-testid="refusal-rule" aria-expanded=${open ? "true" : "false"}
      onClick=${(e) => { e.preventDefault(); setOpen(!open); }}>${rule.title}</a>
    ${open && html`<span class="rule-summary" data-testid="refusal-rule-summary"> — ${rule.summary}
      ${rule.section && html` <button type="button" class="link" data-testid="refusal-rule-open"
        onClick=${(e) => openRules(rule.section, e.currentTarget)}>${t("the rule in full")}</button>`}</span>`}</span>`;
}

/** What each scoring rule gives this seat now (as the game would count if it ended here), each
 * line with the rule that explains it. */
function ScorePreview({ state, mySeat }) {
  const parts = (state && state.breakdowns) || [];
  const mine = mySeat !== null && mySeat !== undefined ? parts[mySeat] : null;
  if (!mine || !Object.keys(mine).length) return null;
  const labels = state.score_labels || {};
  const rules = state.score_rules || {};
  const total = (state.scores || [])[mySeat];
  const texts = {
    head: t("Your score now: {total}", { total: total === null || total === undefined ? "–" : total }),
    note: t("What each scoring rule gives you if the game ended now."),
  };
  return html`
    <details class="panel score-preview" data-testid="score-preview">
      <summary>${texts.head}</summary>
      <p class="muted small">${texts.note}</p>
      <table class="score-lines">
        <tbody>${Object.keys(mine).map((key) => html`<tr key=${key} data-testid="score-line" data-key=${key}>
          <th scope="row">${labels[key] || key}</th><td>${typeof mine[key] === "object" ? JSON.stringify(mine[key]) : mine[key]}</td>
          <td><${RuleButton} section=${rules[key]} what=${labels[key] || key} testid="score-rule" /></td></tr>`)}</tbody>
      </table>
    </details>`;
}

/** A narrow page (a phone): the bottom bar of tabs instead of the side column. */
function useNarrow() {
  const query = "(max-width: 899px)";
  const [narrow, setNarrow] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const on = () => setNarrow(list.matches);
    list.addEventListener("change", on);
    return () => list.removeEventListener("change", on);
  }, []);
  return narrow;
}

function EndButtons({ table, credential, isSeat, game, onReplay, replayOpen, onReview, reviewOpen }) {
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const rematch = async () => {
    setBusy(true);
    setError(null);
    try {
      const made = await api.rematch(table, credential);
      const parsed = parseLink(made.link);
      rememberLink({ table: parsed.table || made.table, seat: parsed.seat, token: parsed.token, game });
      window.location.assign(absolute(made.link));
    } catch (err) {
      setError(err.message);
      setBusy(false);
    }
  };
  const exportRecord = async () => {
    setError(null);
    try {
      const text = await api.record(table, credential);
      download(`${game || "game"}-${table}.jsonl`, text);
    } catch (err) {
      setError(err.message);
    }
  };
  return html`
    <div class="end-buttons">
      ${isSeat && html`<button type="button" class="primary" data-testid="rematch" onClick=${rematch} disabled=${busy}>
        ${busy ? t("Setting up…") : t("Rematch")}</button>`}
      <button type="button" data-testid="export" onClick=${exportRecord}>${t("Export record")}</button>
      <button type="button" data-testid="replay" onClick=${onReplay}>${replayOpen ? t("Back to the table") : t("Replay")}</button>
      <button type="button" data-testid="review-open" onClick=${onReview}>${reviewOpen ? t("Back to the table") : t("Review the game")}</button>
      ${error && html`<p class="error">${error}</p>`}
    </div>`;
}

// -- the page -------------------------------------------------------------------------------

export function TablePage({ table, who }) {
  const lang = useLanguage();
  const [s, dispatch] = useReducer(reducer, initial);
  const socket = useRef(null);
  const lastStep = useRef(null);
  const busyTimer = useRef(null);
  const [, tick] = useState(0);
  // what the main column shows instead of the board at the end: the replay or the review
  const [aside, setAside] = useState(who.review ? "review" : null);
  const setReplay = (on) => setAside(on ? "replay" : null);
  const isSeat = who.token !== undefined;
  const credential = isSeat ? who.token : who.watch;

  lastStep.current = s.state ? s.state.step : null;

  useEffect(() => {
    const sock = new TableSocket(table, isSeat ? { token: who.token } : { watch: who.watch }, {
      lastStep: () => lastStep.current,
      language: () => language(),
      status: (status, detail) => dispatch({ type: "status", status, detail }),
      message: (msg) => {
        const action = actionFor(msg);
        if (action) dispatch(action);
        if (msg.type === "welcome") {
          if (isSeat) rememberLink({ table, seat: msg.seat, token: who.token, game: msg.game, title: msg.title });
        } else if (msg.type === "rematch") {
          const parsed = parseLink(msg.link);
          if (parsed.token) rememberLink({ table: parsed.table || msg.table, seat: parsed.seat, token: parsed.token });
        }
      },
    });
    socket.current = sock;
    sock.start();
    return () => sock.stop();
  }, [table, credential]);

  // another language: the server words the board, the log, the choices and refusals in it
  // from now on (it answers with a welcome and the whole table again); a hello names it too
  const told = useRef(lang);
  useEffect(() => {
    if (told.current === lang) return;
    told.current = lang;
    if (socket.current) socket.current.setLanguage(lang);
  }, [lang]);

  // the clock counts down between messages
  const clock = s.state && s.state.clock;
  const hasClock = Boolean(clock && clock.remaining && Object.keys(clock.remaining).length);
  useEffect(() => {
    if (!hasClock || (s.state && s.state.over)) return undefined;
    const timer = setInterval(() => tick((n) => n + 1), 500);
    return () => clearInterval(timer);
  }, [hasClock, s.state && s.state.over]);
  const clockLeft = (seat) => {
    if (!hasClock || s.state.over) return null;
    const left = clock.remaining[String(seat)];
    if (left === undefined || left === null) return null;
    return left - (performance.now() - s.clockAt) / 1000;
  };

  const welcome = s.welcome;
  const st = s.state;
  const mySeat = welcome && welcome.seat !== undefined ? welcome.seat : isSeat ? who.seat : null;
  const players = (st && st.players) || (welcome && welcome.players) || [];
  const title = (welcome && (welcome.title || welcome.game)) || "mailbag";
  const over = Boolean(st && st.over);
  // the board gives way to the replay, or to the review once the game is over (a review link
  // of a game still played opens the table)
  const replay = aside === "replay" || (aside === "review" && over);
  const toMove = (st && st.to_move) || [];
  const myTurn = isSeat && mySeat !== null && toMove.includes(mySeat) && !over;
  const me = players.find((p) => p.seat === mySeat);
  const connected = s.status === "connected";

  useEffect(() => {
    document.title = myTurn ? t("● Your turn — {title} — mailbag", { title }) : t("{title} — mailbag", { title });
  }, [myTurn, title, lang]);

  const send = (msg) => {
    if (!socket.current || !socket.current.send(msg)) {
      dispatch({ type: "refused", reason: t("not connected: wait until the table is back (it reconnects by itself)") });
      return false;
    }
    dispatch({ type: "busy", busy: true });
    clearTimeout(busyTimer.current);
    busyTimer.current = setTimeout(() => dispatch({ type: "busy", busy: false }), 8000);
    return true;
  };
  const submit = (notation) => st && send({ type: "submit", step: st.step, action: notation });
  const game = welcome && welcome.game;
  const components = welcome && welcome.components;
  // the game's own board (from its folder, loaded once); until it is there, or for a game
  // without one, the text board
  const board = useBoard(welcome ? welcome.board || null : undefined);
  const graphical = board.status === "ready";
  const narrow = useNarrow();
  const [touch] = useState(isTouch);
  const [tab, setTab] = useState("board");
  const [listOpen, setListOpen] = useState(null); // null: as the page suits (closed beside a board)
  const [changeIndex, setChangeIndex] = useState(null);
  const logRef = useRef(null);
  const changes = (st && !over && st.changes) || [];
  useEffect(() => setChangeIndex(null), [st && st.step]);
  const changed = changedIds(changes, changeIndex !== null && changeIndex < changes.length ? changeIndex : null);
  const hintsAllowed = Boolean(welcome && welcome.hints);
  const hint = s.hint && st && s.hint.step === st.step ? s.hint : null;
  const blocked = !isSeat ? t("You are watching: only the players choose.")
    : over ? t("The game is over.")
    : !myTurn && st ? (toMove.length ? t("Not your turn: {names} to move.", { names: toMove.map((n) => seatLabel(players, n)).join(", ") })
      : t("Nobody owes a decision right now.")) : null;
  // the clicks picked so far are dropped when the choices change, not with every new step: in a
  // simultaneous phase (Post Office) another seat's choice is a new step with the same choices
  const choices = st && !over ? (st.actions || []).map((a) => a.notation).join("\n") : "";
  const picker = usePicker(st && !over ? st.actions || [] : [], st ? `${choices}|${lang}` : "",
    myTurn && connected && !s.busy, submit, {
      changed,
      hint,
      touch,
      blocked,
      rule: myTurn && st && st.decision_rule ? st.decision_rule : "components",
      onWhy: (clicks) => st && socket.current && socket.current.send({ type: "why", step: st.step, clicks }),
    });
  const undo = () => st && send({ type: "undo", step: st.step });
  const reveal = () => st && send({ type: "reveal", step: st.step });
  // a hint does not hold the choices back: it is asked for beside them
  const askHint = () => {
    if (!st || !socket.current || !socket.current.send({ type: "hint", step: st.step })) return;
    dispatch({ type: "hint-asked" });
  };
  const back = () => socket.current && socket.current.send({ type: "back" });
  const canUndo = Boolean(st && st.can_undo);
  const held = Boolean(isSeat && st && st.held && !over);

  // the phone: each new decision of this seat (its choices change: also a second decision of
  // the same turn), or the game's end, brings the board tab back — the board is the way to play
  const decision = myTurn ? choices : "";
  useEffect(() => {
    if ((myTurn && decision) || over) setTab("board");
  }, [decision, over]);
  // the log's unread lines (the phone's tab says how many came since it was last looked at)
  const [seenLog, setSeenLog] = useState(0);
  const logShown = !narrow || tab === "log";
  useEffect(() => { if (logShown) setSeenLog(s.log.length); }, [logShown, s.log.length]);
  const unread = Math.max(0, s.log.length - seenLog);

  // the end: the result (and the rematch and replay buttons after it) scrolled into view
  useEffect(() => {
    if (!over || replay) return;
    const timer = setTimeout(() => {
      const el = document.querySelector('[data-testid="result"]');
      if (el) el.scrollIntoView({ block: "start", behavior: "instant" });
    }, 50);
    return () => clearTimeout(timer);
  }, [over, replay, tab]);

  // the table's keys: u undo, h hint, l the log, r reveal a held choice
  const keys = useRef({});
  keys.current = { canUndo, undo, hint: hintsAllowed && myTurn ? askHint : null, narrow, reveal: held ? reveal : null };
  useEffect(() => {
    const onKey = (e) => {
      const where = e.target && e.target.tagName;
      if (where === "INPUT" || where === "TEXTAREA" || where === "SELECT") return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const k = keys.current;
      if (e.key === "u" && k.canUndo) { e.preventDefault(); k.undo(); }
      else if (e.key === "h" && k.hint) { e.preventDefault(); k.hint(); }
      else if (e.key === "r" && k.reveal) { e.preventDefault(); k.reveal(); }
      else if (e.key === "l") {
        e.preventDefault();
        if (k.narrow) setTab("log");
        setTimeout(() => logRef.current && logRef.current.focus(), 0);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const waiting = toMove.length === 0 ? t("Nobody owes a decision right now.")
    : t("Waiting for {names}.", { names: toMove.map((n) => seatLabel(players, n)).join(", ") });
  const turn = !st ? "unknown" : over ? "over" : myTurn ? "mine" : toMove.length ? "others" : "nobody";
  const turnText = !st ? "…" : over ? t("Game over") : myTurn ? t("Your turn")
    : toMove.length ? t("{names} to move", { names: toMove.map((n) => seatLabel(players, n)).join(", ") }) : "—";
  const tools = isSeat && !over && html`<${TurnTools} canUndo=${canUndo} undoReason=${st && st.undo_reason}
    disabled=${s.busy || !connected} onUndo=${undo} onHint=${hintsAllowed && myTurn ? askHint : null} hinting=${s.hinting}
    onReveal=${narrow && held ? reveal : null} />`;
  const show = (which) => !narrow || tab === which;
  const rulesWord = t("Rules");
  const lesson = isSeat && st ? st.tutorial : null;
  const turnRule = myTurn && st && st.decision_rule
    ? html`<${RuleButton} section=${st.decision_rule} what=${turnText} testid="turn-rule" />` : null;
  const opened = listOpen === null ? !graphical : listOpen;

  return html`
    <div class=${`table-page${myTurn ? " my-turn" : ""}${narrow ? " narrow" : " wide"}${touch ? " touch" : ""}`}>
      <header class="topbar">
        <a class="brand" href="/" title=${t("the lobby")}>mailbag</a>
        <span class="table-title">${title} <small class="muted">${isSeat ? t("table {table}", { table }) : t("table {table} · watching", { table })}</small></span>
        <span class="spacer"></span>
        <span class="step-box">${t("step")} <b data-testid="step">${st ? st.step : ""}</b></span>
        <span class=${`status status-${s.status}`} data-testid="status" data-status=${s.status} title=${s.failure || ""}>${statusText(s.status)}</span>
        ${game && !narrow && html`<button type="button" class="small quiet rules-open" data-testid="rules-open"
          onClick=${(e) => openRules(myTurn && st.decision_rule ? st.decision_rule : null, e.currentTarget)}>${rulesWord}</button>`}
        <${LanguageSwitch} />
      </header>
      ${s.status === "failed" && html`
        <div class="banner error" role="alert">
          ${t("This table cannot be opened: {reason}.", { reason: s.failure })}
          <a href="/">${t("Back to the lobby")}</a>
        </div>`}
      ${isSeat && me && me.away && !over && html`
        <div class="banner away" data-testid="away-banner" role="status">
          <span>${t("A bot is playing for you while you were away.")}</span>
          <button type="button" class="primary" data-testid="take-back-seat" onClick=${back} disabled=${!connected}>
            ${t("Take my seat back")}</button>
        </div>`}
      ${s.rematch && html`
        <div class="banner rematch" role="status">
          <span>${t("A rematch is ready.")}</span>
          <a class="button primary" href=${absolute(s.rematch.link)} data-testid="rematch-link">${t("Join the rematch")}</a>
        </div>`}
      ${s.refusal && html`
        <div class="banner refusal" data-testid="refusal" role="alert">
          <span>${s.refusal}${s.refusalRule && html` <${RuleLink} rule=${s.refusalRule} />`}</span>
          <button type="button" class="small quiet" aria-label=${t("dismiss")} data-testid="refusal-dismiss"
            onClick=${() => dispatch({ type: "dismiss" })}>✕</button>
        </div>`}
      ${held && html`
        <div class="banner held" data-testid="held-banner" role="status">
          <span>${st.held_choice && st.held_choice.text
            ? t("Your choice is ready: {choice}. Change it or reveal it.", { choice: st.held_choice.text })
            : t("Your choice is ready — change it or reveal it.")}</span>
          <button type="button" class="primary" data-testid="reveal" onClick=${reveal} disabled=${!connected || s.busy}>
            ${t("Reveal")}</button>
        </div>`}
      <main class=${`table-grid${replay ? " replaying" : ""}${narrow ? ` tab-${tab}` : ""}`}>
        <div class="main-col">
          ${over && st.result && !replay && html`<${Result} result=${st.result} players=${players} mySeat=${mySeat} />`}
          ${over && html`<${EndButtons} table=${table} credential=${credential} isSeat=${isSeat}
              game=${welcome && welcome.game} replayOpen=${aside === "replay"} onReplay=${() => setAside(aside === "replay" ? null : "replay")}
              reviewOpen=${aside === "review"} onReview=${() => setAside(aside === "review" ? null : "review")} />`}
          ${narrow && !replay && html`<div class=${`turn-line${myTurn ? " mine" : ""}`}><span data-testid="to-move" data-turn=${turn}>${turnText}</span>${turnRule}</div>`}
          ${lesson && !replay && show("board") && html`<${LessonBanner} part=${lesson} held=${held} myTurn=${myTurn} />`}
          ${!replay && show("board") && html`<${Changes} changes=${changes} index=${changeIndex !== null && changeIndex < changes.length ? changeIndex : null}
            setIndex=${setChangeIndex} players=${players} mySeat=${mySeat} />`}
          ${aside === "review" && replay
            ? html`<${Review} table=${table} credential=${credential} players=${players} mySeat=${mySeat}
                onClose=${() => setAside(null)} board=${board} game=${game} components=${components} />`
            : replay
            ? html`<${Replay} table=${table} credential=${credential} players=${players} mySeat=${mySeat}
                lastStep=${st ? st.step : null} onClose=${() => setReplay(false)} board=${board} game=${game}
                components=${components} over=${over} />`
            : graphical && st
              ? html`<section class=${`panel board-panel graphical-panel${show("board") ? "" : " tab-hidden"}`} aria-label=${t("board")}>
                  <${GraphicalBoard} entry=${board.module} game=${game} components=${components} state=${st} view=${st.view}
                    players=${players} mySeat=${mySeat} log=${s.log} picker=${picker} myTurn=${myTurn}
                    changed=${changed} phone=${narrow || touch} tools=${tools} why=${s.why} hidden=${!show("board")} />
                  ${isSeat && hintsAllowed && html`<${HintBox} hint=${hint} hinting=${s.hinting} onPick=${submit} disabled=${s.busy || !connected} />`}
                  <details class="text-board" data-testid="text-board">
                    <summary>${t("The board as text")}</summary>
                    <pre class="board" data-testid="board" tabIndex="0" role="region" aria-label=${t("The board as text")}>${st.board}</pre>
                  </details>
                </section>`
              : html`<section class=${`panel board-panel${show("board") ? "" : " tab-hidden"}`} aria-label=${t("board")}>
                ${board.status === "none" && html`<p class="board-note" data-testid="no-board" data-board="none">
                  ${t("This game has no board of its own here: its view is shown as text.")}</p>`}
                ${board.status === "failed" && html`<p class="board-note" data-testid="no-board" data-board="failed">
                  ${t("This game's board could not be loaded: its view is shown as text.")}</p>`}
                <pre class="board generic" data-testid="board" data-board=${board.status}>${st ? st.board : t("Waiting for the table…")}</pre>
                ${tools && html`<div class="click-bar">${tools}</div>`}
                ${isSeat && hintsAllowed && html`<${HintBox} hint=${hint} hinting=${s.hinting} onPick=${submit} disabled=${s.busy || !connected} />`}
              </section>`}
        </div>
        <aside class="side-col">
          ${(show("board") || replay) && html`<${Players} players=${players} state=${st} mySeat=${mySeat} clockLeft=${clockLeft} />`}
          ${!narrow && html`<div class=${`turn-line${myTurn ? " mine" : ""}`}><span data-testid="to-move" data-turn=${turn}>${turnText}</span>${turnRule}</div>`}
          ${isSeat && !over && show(narrow ? "log" : "board") && html`<${ScorePreview} state=${st} mySeat=${mySeat} />`}
          <div class=${`log-wrap${show("log") ? "" : " tab-hidden"}`}><${Log} events=${s.log} logRef=${logRef} /></div>
          ${isSeat && !over
            ? html`<div class=${`choices-wrap${show("choices") ? "" : " tab-hidden"}`}><${ActionPanel} actions=${st && !over ? st.actions || [] : []}
                busy=${s.busy} connected=${connected} onSubmit=${submit} decisionRule=${st && st.decision_rule}
                waiting=${waiting} over=${over} open=${narrow ? true : opened} onOpen=${(o) => !narrow && setListOpen(o)} /></div>`
            : !isSeat && show("choices") && html`<p class="muted watching">${t("You are watching: the table shows what a spectator may see.")}</p>`}
        </aside>
      </main>
      ${narrow && html`
        <nav class="bottom-bar" aria-label=${t("views of the table")}>
          <button type="button" data-testid="tab-board" aria-pressed=${tab === "board" ? "true" : "false"}
            class=${tab === "board" ? "on" : ""} onClick=${() => setTab("board")}>${t("Board")}${myTurn ? " ●" : ""}</button>
          <button type="button" data-testid="tab-log" aria-pressed=${tab === "log" ? "true" : "false"}
            class=${tab === "log" ? "on" : ""} onClick=${() => setTab("log")}>${t("Log")}
            ${unread > 0 && html` <span class="unread" data-testid="log-unread"
              aria-label=${t("{count} unread", { count: unread })}>${unread}</span>`}</button>
          <button type="button" data-testid="tab-choices" aria-pressed=${tab === "choices" ? "true" : "false"}
            class=${tab === "choices" ? "on" : ""} onClick=${() => setTab("choices")}>${t("Choices")}</button>
          ${game && html`<button type="button" data-testid="rules-open" class="rules-tab"
            onClick=${(e) => openRules(myTurn && st && st.decision_rule ? st.decision_rule : null, e.currentTarget)}>${rulesWord}</button>`}
        </nav>`}
      <${RulesPanel} game=${game} />
    </div>`;
}
