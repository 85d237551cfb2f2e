// The lobby's right column: the games this browser holds a seat in ("my games", kept in
// localStorage and refreshed from the server), and a saved game brought in from a CLI record.
import { useEffect, useState } from "preact/hooks";
import { api, forgetLink, html, loadLinks, seatPath } from "./api.js";
import { t, useLanguage } from "./i18n.js";
import { ClockFields, clockRequest, Created, kindLabel, NO_CLOCK, rememberCreated } from "./widgets.js";

const REFRESH_MS = 15000;

export function MyGames({ refresh }) {
  const lang = useLanguage(); // the games' titles come in the reader's language
  const [links, setLinks] = useState(loadLinks);
  const [status, setStatus] = useState({});
  const [error, setError] = useState(null);
  const [loaded, setLoaded] = useState(false);

  const load = async () => {
    const held = loadLinks();
    setLinks(held);
    if (!held.length) {
      setLoaded(true);
      return;
    }
    try {
      const answer = await api.myGames(held.map((l) => ({ table: l.table, token: l.token })));
      const byTable = {};
      for (const g of answer) byTable[`${g.table}|${g.seat}`] = g;
      setStatus(byTable);
      setError(null);
    } catch (err) {
      setError(err.message);
    }
    setLoaded(true);
  };

  useEffect(() => {
    load();
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") load();
    }, REFRESH_MS);
    const onStorage = (e) => {
      if (e.key === "mailbag.links") load();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      clearInterval(timer);
      window.removeEventListener("storage", onStorage);
    };
  }, [refresh, lang]);

  const forget = (l) => {
    if (!window.confirm(t("Forget this game's link in this browser? Without it you cannot open the seat again."))) return;
    forgetLink(l.table, l.token);
    load();
  };

  // your turn first, then games going on, then finished ones; newest first within each
  const rows = links.map((l) => ({ link: l, info: status[`${l.table}|${l.seat}`] || null }));
  const rank = (r) => (!r.info ? 3 : r.info.your_turn ? 0 : r.info.over ? 2 : 1);
  rows.sort((a, b) => rank(a) - rank(b) || String(b.link.created).localeCompare(String(a.link.created)));

  return html`
    <section class="card my-games" data-testid="my-games">
      <div class="card-head">
        <h2>${t("My games")}</h2>
        <button type="button" class="small quiet" onClick=${load} title=${t("refresh")}>${t("↻ refresh")}</button>
      </div>
      ${error && html`<p class="error">${error}</p>`}
      ${loaded && rows.length === 0 && html`<p class="muted">${t("No games yet. The seats you create or open in this browser are listed here.")}</p>`}
      <ul class="game-list">
        ${rows.map(({ link, info }) => html`
          <li key=${`${link.table}|${link.token}`} class=${info && info.your_turn ? "your-turn" : info ? "" : "gone"}
            data-testid="my-game" data-table=${link.table}>
            <a class="game-link" href=${seatPath(link.table, link.seat ?? (info && info.seat), link.token)}>
              <span class="game-title">${(info && info.title) || link.title || link.game || t("game")}</span>
              <span class="game-meta">${info
                ? t("table {table} · {name} · step {step}", { table: link.table, name: info.name || t("seat {seat}", { seat: info.seat }), step: info.step })
                : t("table {table}", { table: link.table })}</span>
              <span class="game-state">${gameState(info, loaded)}</span>
            </a>
            ${info && info.over && html`<a class="small review-link" data-testid="my-game-review"
              href=${`${seatPath(link.table, link.seat ?? info.seat, link.token)}&review=1`}>${t("Review")}</a>`}
            <button type="button" class="small quiet" title=${t("forget this link")} aria-label=${t("forget")}
              onClick=${() => forget(link)}>✕</button>
          </li>`)}
      </ul>
    </section>`;
}

function gameState(info, loaded) {
  if (!info) return loaded ? t("not on this server") : "…";
  if (info.over) return t("over");
  if (info.your_turn) return html`<b class="badge turn">${t("your turn")}</b>`;
  const waiting = info.to_move || [];
  return waiting.length ? t("waiting for seat {seats}", { seats: waiting.join(", ") }) : t("in play");
}

// -- a saved game ---------------------------------------------------------------------------

/** The header of a record (its first line): game, seats and names, or an error. */
function readHeader(text) {
  const first = text.split("\n").find((line) => line.trim());
  if (!first) throw new Error(t("the file is empty"));
  let header;
  try {
    header = JSON.parse(first);
  } catch (_) {
    throw new Error(t("this is not a mailbag record (its first line is not JSON)"));
  }
  if (!header || typeof header !== "object" || !header.game || !Array.isArray(header.seats)) {
    throw new Error(t("this is not a mailbag record (no game and seats on its first line)"));
  }
  return header;
}

export function ImportForm({ games, onCreated }) {
  const [record, setRecord] = useState(null); // {text, header, file}
  const [humans, setHumans] = useState([]); // [{seat, kind, name}]
  const [clock, setClock] = useState(NO_CLOCK);
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState(null);

  const pick = async (e) => {
    setError(null);
    setRecord(null);
    const file = e.currentTarget.files && e.currentTarget.files[0];
    if (!file) return;
    if (file.size > 4 * 1024 * 1024) {
      setError(t("this file is too large to be a record"));
      return;
    }
    try {
      const text = await file.text();
      const header = readHeader(text);
      const names = Array.isArray(header.names) ? header.names : [];
      const people = header.seats
        .map((kind, seat) => ({ seat, kind, name: names[seat] || "" }))
        .filter((s) => s.kind === "human")
        .map((s, i) => ({ ...s, kind: i === 0 ? "me" : "friend" }));
      setHumans(people);
      setRecord({ text, header, file: file.name });
    } catch (err) {
      setError(err.message);
    }
  };

  const setHuman = (i, value) => {
    setHumans(humans.map((h, j) => {
      if (j === i) return value;
      if (value.kind === "me" && h.kind === "me") return { ...h, kind: "friend" };
      return h;
    }));
  };

  const submit = async (e) => {
    e.preventDefault();
    if (!record) return;
    setBusy(true);
    setError(null);
    const body = {
      record: record.text,
      seats: humans.map((h) => (h.name.trim() ? { kind: h.kind, name: h.name.trim() } : { kind: h.kind })),
    };
    const c = clockRequest(clock);
    if (c) body.clock = c;
    try {
      const table = await api.importRecord(body);
      const game = games.find((g) => g.name === (table.game || record.header.game)) || { name: record.header.game };
      const title = game.title || game.name;
      rememberCreated(table, game.name, title);
      setMade({ table, title });
      setRecord(null);
      if (onCreated) onCreated(table, game);
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };

  if (made && !onCreated) {
    return html`<${Created} made=${made.table} title=${made.title} onAgain=${() => setMade(null)} />`;
  }
  const game = record && games.find((g) => g.name === record.header.game);
  return html`
    <form class="card import" onSubmit=${submit}>
      <h2>${t("Go on with a saved game")}</h2>
      <p class="muted">${t("A record written by mailbag play (a .jsonl file): the game goes on here from its last decision.")}</p>
      <label class="field">
        <span>${t("Record file")}</span>
        <input type="file" accept=".jsonl,.json,.txt,application/jsonl,application/json,text/plain"
          data-testid="import-file" onChange=${pick} />
      </label>
      ${record && html`
        <p>${t("{game}: {count} seats ({kinds}).", {
          game: (game && game.title) || record.header.game,
          count: record.header.seats.length,
          kinds: record.header.seats.map((k) => kindLabel(k)).join(", "),
        })}</p>
        ${humans.length === 0 && html`<p class="muted">${t("No seat of this record is a person: it will play on by itself; watch it with the spectator link.")}</p>`}
        ${humans.map((h, i) => html`
          <div class="seat-row" key=${h.seat}>
            <span class="seat-no">${h.seat}</span>
            <select data-testid=${`import-seat-kind-${h.seat}`} value=${h.kind}
              onChange=${(e) => setHuman(i, { ...h, kind: e.currentTarget.value })}>
              <option value="me">${t("me")}</option>
              <option value="friend">${t("invite a friend")}</option>
            </select>
            <input type="text" maxlength="20" placeholder=${t("name (optional)")} value=${h.name}
              data-testid=${`import-seat-name-${h.seat}`}
              onInput=${(e) => setHuman(i, { ...h, name: e.currentTarget.value })} />
            <span class="seat-gap"></span>
          </div>`)}
        <${ClockFields} clock=${clock} setClock=${setClock} kinds=${(game && game.seat_kinds) || []} />`}
      ${error && html`<p class="error" role="alert" data-testid="import-error">${error}</p>`}
      <div class="buttons">
        <button type="submit" class="primary" data-testid="import-submit" disabled=${!record || busy}>
          ${busy ? t("Bringing it in…") : t("Go on with this game")}</button>
      </div>
    </form>`;
}
