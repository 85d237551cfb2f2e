// Pieces the lobby and the saved-game form share: a link with a copy button, seat kinds in
// words, the clock fields, and the panel of links a new table gave.
import { useState } from "preact/hooks";
import { absolute, copyText, html, parseLink, rememberLink } from "./api.js";

export function CopyLink({ link, testid, label }) {
  const url = absolute(link);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const ok = await copyText(url);
    setCopied(ok ? "copied" : "select and copy it");
    setTimeout(() => setCopied(false), 1800);
  };
  return html`
    <div class="copy-link">
      ${label && html`<div class="copy-label">${label}</div>`}
      <div class="copy-row">
        <a class="link-text" href=${url} data-testid=${testid}>${url}</a>
        <button type="button" class="small" onClick=${copy}>${copied || "Copy"}</button>
      </div>
    </div>`;
}

/** A seat kind as people say it: "greedy" → "bot: greedy", "automa:easy" → "Automa (easy)". */
export function kindLabel(kind) {
  if (!kind) return "";
  if (kind === "me") return "me";
  if (kind === "friend") return "invite a friend";
  if (kind === "human") return "person";
  const [name, params] = kind.split(/:(.*)/s);
  if (name === "automa") return `Automa (${params || "normal"})`;
  return params ? `bot: ${name} (${params})` : `bot: ${name}`;
}

/** Clock fields: seconds per move (or none), which bot plays for someone away, and when. */
export function ClockFields({ clock, setClock, kinds }) {
  const set = (key) => (e) => setClock({ ...clock, [key]: e.currentTarget.value });
  return html`
    <fieldset class="clock">
      <legend>Clock</legend>
      <label class="field">
        <span>Time per move</span>
        <select data-testid="clock-kind" value=${clock.timed ? "timed" : "none"}
          onChange=${(e) => setClock({ ...clock, timed: e.currentTarget.value === "timed" })}>
          <option value="none">none: take your time</option>
          <option value="timed">seconds per move</option>
        </select>
      </label>
      ${clock.timed && html`
        <label class="field">
          <span>Seconds per move</span>
          <input type="number" min="5" max="86400" step="1" data-testid="clock-per-move"
            value=${clock.perMove} onInput=${set("perMove")} />
        </label>`}
      <label class="field">
        <span>When a player is away</span>
        <select data-testid="clock-absent-bot" value=${clock.absentBot} onChange=${set("absentBot")}>
          <option value="">nobody plays for them: wait</option>
          ${kinds.map((k) => html`<option value=${k}>${kindLabel(k)} plays for them</option>`)}
        </select>
      </label>
      ${clock.absentBot && html`
        <label class="field">
          <span>after seconds away (empty: the server's default)</span>
          <input type="number" min="0" step="1" data-testid="clock-absent-after"
            value=${clock.absentAfter} onInput=${set("absentAfter")} />
        </label>`}
    </fieldset>`;
}

export const NO_CLOCK = { timed: false, perMove: "60", absentBot: "", absentAfter: "" };

/** The `clock` of a request, or undefined when none was asked for. */
export function clockRequest(clock) {
  const out = {};
  const per = Number.parseInt(clock.perMove, 10);
  if (clock.timed && Number.isFinite(per) && per > 0) out.per_move = per;
  if (clock.absentBot) {
    out.absent_bot = clock.absentBot;
    const after = Number.parseInt(clock.absentAfter, 10);
    if (Number.isFinite(after) && after >= 0) out.absent_after = after;
  }
  return Object.keys(out).length ? out : undefined;
}

// -- what a new table gave ------------------------------------------------------------------

/** The links of a table just made: mine, each friend's invite, the spectators'. */
export function Created({ made, title, onAgain }) {
  const mine = made.me !== null && made.me !== undefined ? made.links[String(made.me)] : null;
  const seats = made.seats || [];
  const nameOf = (n) => (seats.find((s) => s.seat === n) || {}).name || `seat ${n}`;
  const friends = Object.keys(made.links || {}).map(Number).filter((n) => n !== made.me).sort((a, b) => a - b);
  return html`
    <section class="card created" data-testid="created">
      <h2>${title} — table ${made.table}</h2>
      ${friends.length > 0 && html`
        <p>Send each friend their own link: it is their seat (anyone holding it plays it).</p>
        ${friends.map((n) => html`<${CopyLink} key=${n} link=${made.links[String(n)]}
          testid=${`invite-link-${n}`} label=${`Seat ${n}: ${nameOf(n)}`} />`)}`}
      <${CopyLink} link=${made.spectator} testid="spectator-link" label="Spectators (read-only)" />
      <div class="buttons">
        ${mine ? html`<a class="button primary" href=${absolute(mine)} data-testid="go-to-seat">
            Go to my seat (${nameOf(made.me)})</a>`
          : html`<a class="button" href=${absolute(made.spectator)} data-testid="go-to-seat">Watch the table</a>`}
        <button type="button" class="quiet" onClick=${onAgain}>Make another table</button>
      </div>
    </section>`;
}

/** Keep my seat's link of a new table in this browser. */
export function rememberCreated(made, game, title) {
  if (made.me === null || made.me === undefined) return;
  const link = made.links && made.links[String(made.me)];
  if (!link) return;
  const parsed = parseLink(link);
  rememberLink({ table: parsed.table || made.table, seat: made.me, token: parsed.token, game, title });
}

