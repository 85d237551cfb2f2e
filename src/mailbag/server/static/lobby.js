// The lobby (`/`): a new game (game, options, seats, clock), the links it made, my games, and
// a saved game (a CLI record) brought in to go on with.
import { useEffect, useState } from "preact/hooks";
import { absolute, api, html } from "./api.js";
import { t, useLanguage } from "./i18n.js";
import { ImportForm, MyGames } from "./mygames.js";
import { ClockFields, clockRequest, Created, kindLabel, LanguageSwitch, NO_CLOCK, rememberCreated } from "./widgets.js";

// -- options --------------------------------------------------------------------------------

function optionKind(opt) {
  const type = String(opt.type || "").toLowerCase();
  if (type.startsWith("bool") || typeof opt.default === "boolean") return "bool";
  if (Array.isArray(opt.choices) && opt.choices.length) return "choice";
  if (type.startsWith("int") || typeof opt.default === "number") return "int";
  return "text";
}

/** A choice of an option in words (the server's ``choice_labels``), else the value itself. */
function choiceWord(opt, value, index) {
  const found = (opt.choice_labels || []).find((c) => String(c.value) === String(value));
  return found ? found.label : String(value);
}

function OptionField({ opt, value, onChange }) {
  const kind = optionKind(opt);
  const id = `opt-${opt.name}`;
  const help = opt.help ? html`<small class="help">${opt.help}</small>` : null;
  if (kind === "bool") {
    return html`
      <label class="field check" for=${id}>
        <input id=${id} type="checkbox" data-testid=${`option-${opt.name}`} checked=${Boolean(value)}
          onChange=${(e) => onChange(e.currentTarget.checked)} />
        <span><b>${opt.label || opt.name}</b> ${help}</span>
      </label>`;
  }
  if (kind === "choice") {
    const index = opt.choices.findIndex((c) => String(c) === String(value));
    return html`
      <label class="field" for=${id}>
        <span><b>${opt.label || opt.name}</b> ${help}</span>
        <select id=${id} data-testid=${`option-${opt.name}`} value=${String(Math.max(0, index))}
          onChange=${(e) => onChange(opt.choices[Number(e.currentTarget.value)])}>
          ${opt.choices.map((c, i) => html`<option value=${String(i)}>${choiceWord(opt, c, i)}</option>`)}
        </select>
      </label>`;
  }
  if (kind === "int") {
    return html`
      <label class="field" for=${id}>
        <span><b>${opt.label || opt.name}</b> ${help}</span>
        <input id=${id} type="number" step="1" data-testid=${`option-${opt.name}`}
          min=${opt.minimum ?? undefined} max=${opt.maximum ?? undefined} value=${value}
          onInput=${(e) => onChange(e.currentTarget.value === "" ? "" : Number(e.currentTarget.value))} />
      </label>`;
  }
  return html`
    <label class="field" for=${id}>
      <span><b>${opt.label || opt.name}</b> ${help}</span>
      <input id=${id} type="text" data-testid=${`option-${opt.name}`} value=${value}
        onInput=${(e) => onChange(e.currentTarget.value)} />
    </label>`;
}

// -- seats ----------------------------------------------------------------------------------

function defaultSeats(game) {
  const count = Math.min(game.max_seats, Math.max(game.min_seats, 2));
  const other = (game.engine_seats || [])[Math.floor(((game.engine_seats || []).length - 1) / 2)] ||
    ((game.seat_kinds || []).includes("greedy") ? "greedy" : (game.seat_kinds || [])[0]) || "friend";
  return Array.from({ length: count }, (_, i) => ({ kind: i === 0 ? "me" : other, name: "" }));
}

function SeatRow({ index, seat, game, onChange, onRemove }) {
  const bots = game.seat_kinds || [];
  const engine = game.engine_seats || [];
  const words = game.seat_kind_labels || {};
  return html`
    <div class="seat-row">
      <span class="seat-no">${index}</span>
      <select data-testid=${`seat-kind-${index}`} value=${seat.kind} aria-label=${t("seat {seat}", { seat: index })}
        onChange=${(e) => onChange({ ...seat, kind: e.currentTarget.value })}>
        <option value="me">${words.me || t("me")}</option>
        <option value="friend">${words.friend || t("invite a friend")}</option>
        ${bots.length > 0 && html`<optgroup label=${t("bots")}>
          ${bots.map((k) => html`<option value=${k}>${words[k] || kindLabel(k)}</option>`)}</optgroup>`}
        ${engine.length > 0 && html`<optgroup label=${t("played by the game's rules")}>
          ${engine.map((k) => html`<option value=${k}>${words[k] || kindLabel(k)}</option>`)}</optgroup>`}
      </select>
      <input type="text" maxlength="20" placeholder=${t("name (optional)")} data-testid=${`seat-name-${index}`}
        aria-label=${t("name of seat {seat}", { seat: index })} value=${seat.name}
        onInput=${(e) => onChange({ ...seat, name: e.currentTarget.value })} />
      ${onRemove ? html`<button type="button" class="small quiet" title=${t("remove this seat")}
        aria-label=${t("remove seat {seat}", { seat: index })} onClick=${onRemove}>✕</button>` : html`<span class="seat-gap"></span>`}
    </div>`;
}

function seatRequest(seat) {
  const out = seat.kind === "me" || seat.kind === "friend" ? { kind: seat.kind } : { kind: "bot", bot: seat.kind };
  if (seat.name.trim()) out.name = seat.name.trim();
  return out;
}

// -- the new-game form ------------------------------------------------------------------------

function CreateForm({ games, onCreated }) {
  const [name, setName] = useState(games[0].name);
  const game = games.find((g) => g.name === name) || games[0];
  const defaults = (g) => Object.fromEntries((g.options || []).map((o) => [o.name, o.default]));
  const [options, setOptions] = useState(() => defaults(game));
  const [seats, setSeats] = useState(() => defaultSeats(game));
  const [clock, setClock] = useState(NO_CLOCK);
  // hints: null follows the default (on for one person against bots, off between people)
  const [hints, setHints] = useState(null);
  const people = seats.filter((s) => s.kind === "me" || s.kind === "friend").length;
  const hintsOn = hints === null ? people === 1 : hints;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);

  // another game: its own options and seats, at once (in the same render as the choice)
  const pickGame = (next) => {
    const g = games.find((x) => x.name === next) || games[0];
    setName(g.name);
    setOptions(defaults(g));
    setSeats(defaultSeats(g));
    setError(null);
  };

  const setSeat = (i, seat) => {
    setSeats(seats.map((s, j) => {
      if (j === i) return seat;
      // exactly one seat (or none) is mine
      if (seat.kind === "me" && s.kind === "me") return { ...s, kind: "friend" };
      return s;
    }));
  };

  const submit = async (e) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const body = { game: game.name, options, seats: seats.map(seatRequest) };
    const c = clockRequest(clock);
    if (c) body.clock = c;
    if (hints !== null) body.hints = hints;
    try {
      const made = await api.createTable(body);
      onCreated(made, game);
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };

  return html`
    <form class="card create" onSubmit=${submit}>
      <h2>${t("New game")}</h2>
      <label class="field">
        <span>${t("Game")}</span>
        <select data-testid="game-select" value=${name} onChange=${(e) => pickGame(e.currentTarget.value)}>
          ${games.map((g) => html`<option value=${g.name}>${g.title || g.name}</option>`)}
        </select>
      </label>
      ${game.summary && html`<p class="summary">${game.summary}</p>`}
      ${(game.options || []).length > 0 && html`
        <fieldset>
          <legend>${t("Options")}</legend>
          ${game.options.map((o) => html`<${OptionField} key=${`${game.name}.${o.name}`} opt=${o}
            value=${options[o.name] ?? o.default} onChange=${(v) => setOptions({ ...options, [o.name]: v })} />`)}
        </fieldset>`}
      <fieldset>
        <legend>${t("Seats")} <small>(${game.min_seats}–${game.max_seats})</small></legend>
        ${seats.map((s, i) => html`<${SeatRow} key=${i} index=${i} seat=${s} game=${game}
          onChange=${(v) => setSeat(i, v)}
          onRemove=${seats.length > game.min_seats ? () => setSeats(seats.filter((_, j) => j !== i)) : null} />`)}
        ${seats.length < game.max_seats && html`
          <button type="button" class="small quiet" data-testid="add-seat"
            onClick=${() => setSeats([...seats, { kind: seats.some((s) => s.kind === "me") ? "friend" : "me", name: "" }])}>
            ${t("+ add a seat")}</button>`}
      </fieldset>
      <${ClockFields} clock=${clock} setClock=${setClock} kinds=${game.seat_kinds || []}
        labels=${game.seat_kind_labels || {}} />
      <label class="field check">
        <input type="checkbox" data-testid="hints" checked=${hintsOn}
          onChange=${(e) => setHints(e.currentTarget.checked)} />
        <span>${t("Allow hints (the best choices of a search on the player's own view)")}</span>
      </label>
      ${error && html`<p class="error" role="alert">${error}</p>`}
      <div class="buttons">
        <button type="submit" class="primary" data-testid="create-table" disabled=${busy}>
          ${busy ? t("Creating…") : t("Create the table")}</button>
      </div>
    </form>`;
}

// -- learn to play ----------------------------------------------------------------------------

/** "Learn to play": a guided first game of each game that brings one, against its bots (or the
 * Automa); a click makes the table and opens it at the learner's seat. */
function LearnCard({ games }) {
  const [busy, setBusy] = useState(null);
  const [error, setError] = useState(null);
  const taught = games.filter((g) => g.lesson);
  if (!taught.length) return null;
  const texts = {
    head: t("Learn to play"),
    lead: t("New to these games? A guided first game teaches the rules one step at a time, then lets you play it out."),
    setting: t("Setting up…"),
  };
  const start = async (g) => {
    setBusy(g.name);
    setError(null);
    try {
      const made = await api.learn(g.name);
      rememberCreated(made, g.name, g.title || g.name);
      window.location.assign(absolute(made.links[String(made.me)]));
    } catch (err) {
      setError(err.message);
      setBusy(null);
    }
  };
  return html`
    <section class="card learn" data-testid="learn" aria-labelledby="learn-head">
      <h2 id="learn-head">${texts.head}</h2>
      <p class="summary">${texts.lead}</p>
      <div class="buttons learn-buttons">
        ${taught.map((g) => html`<button type="button" class="primary" key=${g.name} data-testid="learn-game"
          data-game=${g.name} disabled=${busy !== null} onClick=${() => start(g)}>
          ${busy === g.name ? texts.setting : t("Learn {game}", { game: g.title || g.name })}</button>`)}
      </div>
      ${error && html`<p class="error" role="alert">${error}</p>`}
    </section>`;
}

// -- the page -------------------------------------------------------------------------------

export function Lobby() {
  const lang = useLanguage();
  const [games, setGames] = useState(null);
  const [error, setError] = useState(null);
  const [made, setMade] = useState(null);
  const [refresh, setRefresh] = useState(0);

  // the games' titles, summaries and options' help come in the reader's language
  useEffect(() => {
    let current = true;
    api.games().then((g) => current && (setGames(g), setError(null)), (err) => current && setError(err.message));
    return () => {
      current = false;
    };
  }, [lang]);

  const titleOf = (name, fallback) => ((games || []).find((g) => g.name === name) || {}).title || fallback || name;

  const onCreated = (table, game) => {
    const title = game.title || game.name;
    rememberCreated(table, game.name, title);
    setMade({ table, title, game: game.name });
    setRefresh(refresh + 1);
    setTimeout(() => {
      const panel = document.querySelector("[data-testid=created]");
      if (panel) panel.scrollIntoView({ block: "start" });
    }, 0);
  };

  return html`
    <div class="lobby">
      <header class="topbar"><a class="brand" href="/">mailbag</a><span class="tagline">${t("mail-themed board games")}</span>
        <span class="spacer"></span><${LanguageSwitch} /></header>
      <main class="page lobby-grid">
        <div class="area-new">
          ${error && html`<p class="error card" role="alert">${t("Cannot load the games: {error}", { error })}</p>`}
          ${!games && !error && html`<p class="card muted">${t("Loading the games…")}</p>`}
          ${games && made && html`<${Created} made=${made.table} title=${titleOf(made.game, made.title)} onAgain=${() => setMade(null)} />`}
          ${games && !made && html`<${LearnCard} games=${games} />`}
          ${games && !made && games.length > 0 && html`<${CreateForm} games=${games} onCreated=${onCreated} />`}
        </div>
        <div class="area-mine"><${MyGames} refresh=${refresh} /></div>
        <div class="area-import">${games && html`<${ImportForm} games=${games} onCreated=${onCreated} />`}</div>
      </main>
    </div>`;
}
