// A table (`/t/<table>#seat=n&token=…` or `#watch=…`): the socket, and what it shows — players,
// the board, the log, the seat's choices, and at the end the result, rematch, export, replay.
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from "preact/hooks";
import { absolute, api, download, formatClock, html, parseLink, rememberLink, seatLabel } from "./api.js";
import { ActionPanel } from "./actions.js";
import { GraphicalBoard, useBoard, usePicker } from "./board.js";
import { language, t, useLanguage } from "./i18n.js";
import { Replay, Result } from "./replay.js";
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
  return html`
    <section class="panel players" aria-label=${t("players")}>
      ${players.map((p) => {
        const turn = toMove.includes(p.seat) && !(state && state.over);
        const left = clockLeft(p.seat);
        const person = p.kind === "human" || p.kind === "person";
        const presence = p.away ? words.away : person ? (p.connected ? words.here : words.gone) : kindLabel(p.kind);
        return html`
          <div key=${p.seat} data-testid=${`player-${p.seat}`}
            class=${`player${turn ? " turn" : ""}${p.seat === mySeat ? " me" : ""}${p.away ? " away" : ""}`}>
            <span class=${`dot ${person ? (p.connected && !p.away ? "on" : "off") : "bot"}`} aria-hidden="true"></span>
            <span class="pname">${p.name || t("seat {seat}", { seat: p.seat })}${p.seat === mySeat ? html` <small>${t("(you)")}</small>` : ""}</span>
            <span class="pkind">${presence}</span>
            ${left !== null && html`<span class=${`clock${left < 10 ? " low" : ""}`} title=${t("time left for this move")}>${formatClock(left)}</span>`}
            ${turn && html`<span class="badge turn">${t("to move")}</span>`}
            <span class="pscore" title=${t("score")}>${scores[p.seat] === null || scores[p.seat] === undefined ? "–" : scores[p.seat]}</span>
          </div>`;
      })}
    </section>`;
}

function Log({ events }) {
  const box = useRef(null);
  const stick = useRef(true);
  useLayoutEffect(() => {
    const el = box.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [events]);
  const onScroll = () => {
    const el = box.current;
    if (el) stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  };
  let previous = null;
  return html`
    <section class="panel log-panel" aria-label=${t("game log")}>
      <h3>${t("Log")}</h3>
      <ol class="log" data-testid="log" ref=${box} onScroll=${onScroll}>
        ${events.map((e, i) => {
          const first = e.step !== previous;
          previous = e.step;
          return html`<li key=${i} class=${`ev ev-${e.kind}${first ? " new-step" : ""}`} data-step=${e.step}>
            <span class="ev-step">${first ? e.step : ""}</span><span class="ev-text">${e.text}</span></li>`;
        })}
      </ol>
    </section>`;
}

function EndButtons({ table, credential, isSeat, game, onReplay, replayOpen }) {
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
  const [replay, setReplay] = useState(false);
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
  const toMove = (st && st.to_move) || [];
  const myTurn = isSeat && mySeat !== null && toMove.includes(mySeat) && !over;
  const me = players.find((p) => p.seat === mySeat);
  const connected = s.status === "connected";

  // the phone's "Your turn ↓" shortcut only while the choices are out of sight
  const [choicesSeen, setChoicesSeen] = useState(false);
  useEffect(() => {
    const panel = document.getElementById("actions");
    if (!myTurn || !panel || typeof IntersectionObserver === "undefined") return undefined;
    const watch = new IntersectionObserver((entries) => setChoicesSeen(entries.some((e) => e.isIntersecting)));
    watch.observe(panel);
    return () => watch.disconnect();
  }, [myTurn, replay]);

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
  // the clicks picked so far are dropped when the choices change, not with every new step: in a
  // simultaneous phase (Post Office) another seat's choice is a new step with the same choices
  const choices = st && !over ? (st.actions || []).map((a) => a.notation).join("\n") : "";
  const picker = usePicker(st && !over ? st.actions || [] : [], st ? `${choices}|${lang}` : "",
    myTurn && connected && !s.busy, submit);
  const undo = () => st && send({ type: "undo", step: st.step });
  // a hint does not hold the choices back: it is asked for beside them
  const askHint = () => {
    if (!st || !socket.current || !socket.current.send({ type: "hint", step: st.step })) return;
    dispatch({ type: "hint-asked" });
  };
  const hintsAllowed = Boolean(welcome && welcome.hints);
  const hint = s.hint && st && s.hint.step === st.step ? s.hint : null;
  const back = () => socket.current && socket.current.send({ type: "back" });

  const waiting = toMove.length === 0 ? t("Nobody owes a decision right now.")
    : t("Waiting for {names}.", { names: toMove.map((n) => seatLabel(players, n)).join(", ") });
  const turn = !st ? "unknown" : over ? "over" : myTurn ? "mine" : toMove.length ? "others" : "nobody";
  const turnText = !st ? "…" : over ? t("Game over") : myTurn ? t("Your turn")
    : toMove.length ? t("{names} to move", { names: toMove.map((n) => seatLabel(players, n)).join(", ") }) : "—";

  return html`
    <div class=${`table-page${myTurn ? " my-turn" : ""}`}>
      <header class="topbar">
        <a class="brand" href="/" title=${t("the lobby")}>mailbag</a>
        <span class="table-title">${title} <small class="muted">${isSeat ? t("table {table}", { table }) : t("table {table} · watching", { table })}</small></span>
        <span class="spacer"></span>
        <span class="step-box">${t("step")} <b data-testid="step">${st ? st.step : ""}</b></span>
        <span class=${`status status-${s.status}`} data-testid="status" data-status=${s.status} title=${s.failure || ""}>${statusText(s.status)}</span>
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
          <span>${s.refusal}</span>
          <button type="button" class="small quiet" aria-label=${t("dismiss")} data-testid="refusal-dismiss"
            onClick=${() => dispatch({ type: "dismiss" })}>✕</button>
        </div>`}
      <main class=${`table-grid${replay ? " replaying" : ""}`}>
        <div class="main-col">
          ${over && st.result && !replay && html`<${Result} result=${st.result} players=${players} mySeat=${mySeat} />`}
          ${over && html`<${EndButtons} table=${table} credential=${credential} isSeat=${isSeat}
              game=${welcome && welcome.game} replayOpen=${replay} onReplay=${() => setReplay(!replay)} />`}
          ${replay
            ? html`<${Replay} table=${table} credential=${credential} players=${players} mySeat=${mySeat}
                lastStep=${st ? st.step : null} onClose=${() => setReplay(false)} />`
            : graphical && st
              ? html`<section class="panel board-panel graphical-panel" aria-label=${t("board")}>
                  <${GraphicalBoard} entry=${board.module} game=${game} components=${components} state=${st} view=${st.view}
                    players=${players} mySeat=${mySeat} log=${s.log} picker=${picker} myTurn=${myTurn} />
                  <details class="text-board" data-testid="text-board">
                    <summary>${t("The board as text")}</summary>
                    <pre class="board" data-testid="board">${st.board}</pre>
                  </details>
                </section>`
              : html`<section class="panel board-panel" aria-label=${t("board")}>
                ${board.status === "none" && html`<p class="board-note" data-testid="no-board" data-board="none">
                  ${t("This game has no board of its own here: its view is shown as text.")}</p>`}
                ${board.status === "failed" && html`<p class="board-note" data-testid="no-board" data-board="failed">
                  ${t("This game's board could not be loaded: its view is shown as text.")}</p>`}
                <pre class="board generic" data-testid="board" data-board=${board.status}>${st ? st.board : t("Waiting for the table…")}</pre>
              </section>`}
        </div>
        <aside class="side-col">
          <${Players} players=${players} state=${st} mySeat=${mySeat} clockLeft=${clockLeft} />
          <div class=${`turn-line${myTurn ? " mine" : ""}`} data-testid="to-move" data-turn=${turn}>${turnText}</div>
          ${isSeat && !over
            ? html`<${ActionPanel} actions=${st && !over ? st.actions || [] : []} canUndo=${Boolean(st && st.can_undo)}
                busy=${s.busy} connected=${connected} onSubmit=${submit} onUndo=${undo}
                waiting=${waiting} over=${over} onHint=${hintsAllowed && myTurn ? askHint : null}
                hint=${hint} hinting=${s.hinting} />`
            : !isSeat && html`<p class="muted watching">${t("You are watching: the table shows what a spectator may see.")}</p>`}
          <${Log} events=${s.log} />
        </aside>
      </main>
      ${myTurn && !replay && !choicesSeen && html`<a class="jump-actions" href="#actions"
        onClick=${(e) => { e.preventDefault(); document.getElementById("actions").scrollIntoView({ behavior: "smooth" }); }}>
        ${t("Your turn ↓")}</a>`}
    </div>`;
}
