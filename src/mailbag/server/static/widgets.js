// Pieces the pages share: the language switch, a link with a copy button, seat kinds in words,
// the clock fields, and the panel of links a new table gave.
import { useState } from "preact/hooks";
import { absolute, api, copyText, html, parseLink, rememberLink } from "./api.js";
import { LANGUAGES, languageNames, setLanguage, t, useLanguage } from "./i18n.js";

/** The language switch on every page: each language in its own name. A choice is remembered
 * in this browser; every page is drawn again in it (a table also tells its socket). */
export function LanguageSwitch() {
  const lang = useLanguage();
  const [busy, setBusy] = useState(false);
  const names = languageNames();
  const choose = async (e) => {
    setBusy(true);
    try {
      await setLanguage(e.currentTarget.value);
    } finally {
      setBusy(false);
    }
  };
  return html`
    <select class="lang-switch" data-testid="language-switch" value=${lang} onChange=${choose}
      disabled=${busy} aria-label=${t("Language")} title=${t("Language")}>
      ${LANGUAGES.map((code) => html`<option key=${code} value=${code} lang=${code}>${names[code] || code}</option>`)}
    </select>`;
}

export function CopyLink({ link, testid, label, onRenew }) {
  const url = absolute(link);
  const [copied, setCopied] = useState(false);
  const [renewing, setRenewing] = useState(false);
  const [problem, setProblem] = useState(null);
  const copy = async () => {
    const ok = await copyText(url);
    setCopied(ok ? t("copied") : t("select and copy it"));
    setTimeout(() => setCopied(false), 1800);
  };
  // the table's creator may replace a link that went astray: the old one stops working
  const renew = async () => {
    setRenewing(true);
    setProblem(null);
    try {
      await onRenew();
    } catch (err) {
      setProblem(err.message);
    } finally {
      setRenewing(false);
    }
  };
  return html`
    <div class="copy-link">
      ${label && html`<div class="copy-label">${label}</div>`}
      <div class="copy-row">
        <a class="link-text" href=${url} data-testid=${testid}>${url}</a>
        <button type="button" class="small" onClick=${copy}>${copied || t("Copy")}</button>
        ${onRenew && html`<button type="button" class="small quiet" disabled=${renewing}
          data-testid=${`${testid}-renew`} onClick=${renew}
          title=${t("Make a new link: the old one stops working")}>${t("New link")}</button>`}
      </div>
      ${problem && html`<div class="error" role="alert">${problem}</div>`}
    </div>`;
}

/** A bot's or an Automa level's name in words ("greedy", "easy"); an unknown one as it is. */
function kindWord(name) {
  const words = {
    greedy: t("greedy"),
    random: t("random"),
    mcts: t("tree search"),
    easy: t("easy"),
    normal: t("normal"),
    expert: t("expert"),
    hard: t("hard"),
  };
  return words[name] || name;
}

/** A seat kind as people say it: "greedy" → "bot: greedy", "automa:easy" → "Automa (easy)";
 * a bot's settings ("time=1") are written as the command line writes them. */
export function kindLabel(kind) {
  if (!kind) return "";
  if (kind === "me") return t("me");
  if (kind === "friend") return t("invite a friend");
  if (kind === "human") return t("person");
  const [name, params] = kind.split(/:(.*)/s);
  if (name === "automa") return t("Automa ({level})", { level: kindWord(params || "normal") });
  return params ? t("bot: {name} ({settings})", { name: kindWord(name), settings: params })
    : t("bot: {name}", { name: kindWord(name) });
}

/** Clock fields: seconds per move (or none), which bot plays for someone away, and when
 * (`labels`: the seat kinds in words, the server's `seat_kind_labels`). */
export function ClockFields({ clock, setClock, kinds, labels }) {
  const set = (key) => (e) => setClock({ ...clock, [key]: e.currentTarget.value });
  return html`
    <fieldset class="clock">
      <legend>${t("Clock")}</legend>
      <label class="field">
        <span>${t("Time per move")}</span>
        <select data-testid="clock-kind" value=${clock.timed ? "timed" : "none"}
          onChange=${(e) => setClock({ ...clock, timed: e.currentTarget.value === "timed" })}>
          <option value="none">${t("none: take your time")}</option>
          <option value="timed">${t("seconds per move")}</option>
        </select>
      </label>
      ${clock.timed && html`
        <label class="field">
          <span>${t("Seconds per move")}</span>
          <input type="number" min="5" max="86400" step="1" data-testid="clock-per-move"
            value=${clock.perMove} onInput=${set("perMove")} />
        </label>`}
      <label class="field">
        <span>${t("When a player is away")}</span>
        <select data-testid="clock-absent-bot" value=${clock.absentBot} onChange=${set("absentBot")}>
          <option value="">${t("nobody plays for them: wait")}</option>
          ${kinds.map((k) => html`<option value=${k}>${t("{kind} plays for them", { kind: (labels || {})[k] || kindLabel(k) })}</option>`)}
        </select>
      </label>
      ${clock.absentBot && html`
        <label class="field">
          <span>${t("after seconds away (empty: the server's default)")}</span>
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
  const nameOf = (n) => (seats.find((s) => s.seat === n) || {}).name || t("seat {seat}", { seat: n });
  const friends = Object.keys(made.links || {}).map(Number).filter((n) => n !== made.me).sort((a, b) => a - b);
  // the links as renewed since (only the creator, who holds my seat's link, may renew them)
  const [links, setLinks] = useState(made.links || {});
  const [spectator, setSpectator] = useState(made.spectator);
  const myToken = mine ? parseLink(mine).token : null;
  const renewSeat = myToken && (async (n) => {
    const answer = await api.renewLink(made.table, n, myToken);
    setLinks((old) => ({ ...old, [String(n)]: answer.link }));
  });
  const renewSpectators = myToken && (async () => {
    const answer = await api.renewLink(made.table, "spectator", myToken);
    setSpectator(answer.spectator);
  });
  return html`
    <section class="card created" data-testid="created">
      <h2>${t("{title} — table {table}", { title, table: made.table })}</h2>
      ${friends.length > 0 && html`
        <p>${t("Send each friend their own link: it is their seat (anyone holding it plays it).")}</p>
        ${friends.map((n) => html`<${CopyLink} key=${n} link=${links[String(n)]}
          testid=${`invite-link-${n}`} label=${t("Seat {seat}: {name}", { seat: n, name: nameOf(n) })}
          onRenew=${renewSeat && (() => renewSeat(n))} />`)}`}
      <${CopyLink} link=${spectator} testid="spectator-link" label=${t("Spectators (read-only)")}
        onRenew=${renewSpectators} />
      <div class="buttons">
        ${mine ? html`<a class="button primary" href=${absolute(mine)} data-testid="go-to-seat">
            ${t("Go to my seat ({name})", { name: nameOf(made.me) })}</a>`
          : html`<a class="button" href=${absolute(made.spectator)} data-testid="go-to-seat">${t("Watch the table")}</a>`}
        <button type="button" class="quiet" onClick=${onAgain}>${t("Make another table")}</button>
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

