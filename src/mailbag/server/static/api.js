// HTTP side of docs/protocol.md, the links this browser holds, and small shared helpers.
import { h } from "preact";
import htm from "htm";
import { language, t } from "./i18n.js";

export const html = htm.bind(h);

const LINKS_KEY = "mailbag.links";

// -- HTTP -------------------------------------------------------------------------------------

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** `path` with the reader's language (`?lang=`): the server's answers and errors are in it. */
function withLanguage(path) {
  return `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(language())}`;
}

async function request(method, path, { body, token, text = false } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(withLanguage(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch (err) {
    throw new ApiError(0, t("the server cannot be reached"));
  }
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    try {
      const data = await response.json();
      if (data && data.error) message = data.error;
    } catch (_) {
      /* not JSON: keep the status line */
    }
    throw new ApiError(response.status, message);
  }
  return text ? response.text() : response.json();
}

export const api = {
  games: () => request("GET", "/api/games"),
  createTable: (body) => request("POST", "/api/tables", { body }),
  importRecord: (body) => request("POST", "/api/import", { body }),
  learn: (game) => request("POST", "/api/learn", { body: { game } }),
  myGames: (links) => request("POST", "/api/my-games", { body: { links } }),
  rematch: (table, token) =>
    request("POST", `/api/tables/${encodeURIComponent(table)}/rematch`, { token }),
  renewLink: (table, seat, token) =>
    request("POST", `/api/tables/${encodeURIComponent(table)}/invites/${encodeURIComponent(seat)}/revoke`, { token }),
  record: (table, token) =>
    request("GET", `/api/tables/${encodeURIComponent(table)}/record`, { token, text: true }),
  replay: (table, token, k) =>
    request("GET", `/api/tables/${encodeURIComponent(table)}/replay/${k}`, { token }),
};

// -- links ------------------------------------------------------------------------------------

/** The absolute URL of a link the server gave (a path like `/t/x#seat=0&token=…`, or a URL). */
export function absolute(link) {
  try {
    return new URL(link, window.location.origin).href;
  } catch (_) {
    return link;
  }
}

/** `{seat, token}` or `{watch}` from a fragment like `#seat=0&token=…` (or `{}`). */
export function parseFragment(hash) {
  const params = new URLSearchParams((hash || "").replace(/^#/, ""));
  const out = {};
  if (params.has("watch")) out.watch = params.get("watch");
  if (params.get("review") === "1") out.review = true; // open at the game's review
  if (params.has("token")) {
    out.token = params.get("token");
    const seat = Number.parseInt(params.get("seat"), 10);
    out.seat = Number.isFinite(seat) ? seat : null;
  }
  return out;
}

/** The table id and fragment of a link (`/t/<table>#…`). */
export function parseLink(link) {
  const url = new URL(link, window.location.origin);
  const match = url.pathname.match(/^\/t\/([^/]+)\/?$/);
  return { table: match ? decodeURIComponent(match[1]) : null, ...parseFragment(url.hash) };
}

export function seatPath(table, seat, token) {
  return `/t/${encodeURIComponent(table)}#seat=${seat}&token=${encodeURIComponent(token)}`;
}

export function loadLinks() {
  try {
    const data = JSON.parse(window.localStorage.getItem(LINKS_KEY) || "[]");
    return Array.isArray(data) ? data.filter((l) => l && l.table && l.token) : [];
  } catch (_) {
    return [];
  }
}

function saveLinks(links) {
  try {
    window.localStorage.setItem(LINKS_KEY, JSON.stringify(links));
  } catch (_) {
    /* private mode or full: the links still work, they are just not remembered */
  }
}

/** Remember a seat link ({table, seat, token, game?, title?}); an existing one is updated. */
export function rememberLink(entry) {
  if (!entry || !entry.table || !entry.token) return;
  const links = loadLinks();
  const old = links.find((l) => l.table === entry.table && l.token === entry.token);
  if (old) {
    for (const key of ["seat", "game", "title"]) {
      if (entry[key] !== undefined && entry[key] !== null) old[key] = entry[key];
    }
  } else {
    links.push({
      table: entry.table,
      seat: entry.seat ?? null,
      token: entry.token,
      game: entry.game ?? null,
      title: entry.title ?? null,
      created: entry.created ?? new Date().toISOString(),
    });
  }
  saveLinks(links);
}

export function forgetLink(table, token) {
  saveLinks(loadLinks().filter((l) => !(l.table === table && l.token === token)));
}

/** The link this browser holds for `table`, if any. */
export function linkFor(table) {
  return loadLinks().find((l) => l.table === table) || null;
}

// -- small helpers ----------------------------------------------------------------------------

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (_) {
    // no clipboard API (plain http on another host): a hidden textarea and execCommand
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch (_) {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

export function download(filename, text, type = "application/jsonl") {
  const blob = new Blob([text], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A seat in words: the name its person chose, else what sits there ("You", "Greedy bot",
 * "Automa — normal": the server's `label`, in the reader's language), else its number. */
export function seatLabel(players, seat) {
  const p = (players || []).find((x) => x.seat === seat);
  // a name that is only the seat's kind code (`automa:normal`, `greedy`, `me`) is no name
  if (p && p.name && !(p.label && (p.name === p.kind || p.name === p.bot || /^(me|greedy|random|mcts|automa(:[a-z]+)?)$/.test(p.name)))) return p.name;
  if (p && p.label) return p.label;
  return t("seat {seat}", { seat });
}

export function formatClock(seconds) {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return "";
  const s = Math.max(0, Math.ceil(seconds));
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}
