// The rules panel of a table: the game's rules in mailbag's own words (`/api/rules/<game>`, in
// the reader's language), opened at the section that governs what was clicked — a choice, a
// refusal, a log line, a score line, the lesson's step, the turn line — and searchable. It is a
// drawer beside the table (a wide page makes room for it; on a phone it is the whole screen);
// Escape or ✕ closes it, and the button that opened it gets the focus back.
//
// Anything opens it with `openRules(section)` (a window event: the panel needs no wiring through
// the components in between); `RuleButton` is the small "?" beside a line that has a rule.
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { html } from "./api.js";
import { language, t, useLanguage } from "./i18n.js";

const EVENT = "mailbag:rules";

/** Open the rules panel at `section` (an id of the game's reference; none: where it was). */
export function openRules(section, from) {
  window.dispatchEvent(new CustomEvent(EVENT, { detail: { section: section || null, from: from || null } }));
}

/** A small "?" that opens the panel at `section` (nothing when there is none). */
export function RuleButton({ section, what, testid }) {
  if (!section) return null;
  const label = what ? t("the rule for: {what}", { what }) : t("the rule behind this");
  return html`<button type="button" class="rule-button" data-testid=${testid || "rule-button"} data-section=${section}
    aria-label=${label} title=${label}
    onClick=${(e) => { e.stopPropagation(); openRules(section, e.currentTarget); }}>?</button>`;
}

const cache = new Map(); // "game|lang" -> the reference

async function loadRules(game, lang) {
  const key = `${game}|${lang}`;
  if (!cache.has(key)) {
    const response = await fetch(`/api/rules/${encodeURIComponent(game)}?lang=${encodeURIComponent(lang)}`, { cache: "no-store" });
    if (!response.ok) throw new Error(`${response.status}`);
    cache.set(key, await response.json());
  }
  return cache.get(key);
}

/** Accents and case folded away, as the server's search does. */
function fold(text) {
  return String(text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

/** The sections holding every word of `query`, those with a word in the title first. */
export function searchSections(sections, query) {
  const wanted = fold(query).split(/\s+/).filter(Boolean);
  if (!wanted.length) return [];
  const found = [];
  sections.forEach((s, order) => {
    const title = fold(`${s.id} ${s.title}`);
    const all = `${title} ${fold(s.text)}`;
    if (wanted.every((w) => all.includes(w))) found.push([wanted.some((w) => title.includes(w)) ? 0 : 1, order, s]);
  });
  found.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return found.map((f) => f[2]);
}

/** A few words of `text` around the first word of `query`. */
function snippet(text, query) {
  const plain = String(text || "").replace(/\s+/g, " ");
  const first = fold(query).split(/\s+/).filter(Boolean)[0] || "";
  const at = Math.max(0, fold(plain).indexOf(first));
  const start = Math.max(0, at - 40);
  return `${start > 0 ? "…" : ""}${plain.slice(start, start + 140)}${start + 140 < plain.length ? "…" : ""}`;
}

function SectionBody({ section, onLink }) {
  const box = useRef(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    el.innerHTML = section.html; // escaped by the server: text only, links as data-section
    const click = (e) => {
      const link = e.target.closest && e.target.closest("a[data-section]");
      if (link) {
        e.preventDefault();
        onLink(link.getAttribute("data-section"));
      }
    };
    el.addEventListener("click", click);
    return () => el.removeEventListener("click", click);
  }, [section.html, onLink]);
  return html`<div class="rules-text" ref=${box}></div>`;
}

/** The panel; `game`: whose rules. */
export function RulesPanel({ game }) {
  const lang = useLanguage();
  const [open, setOpen] = useState(false);
  const [section, setSection] = useState(null);
  const [query, setQuery] = useState("");
  const [data, setData] = useState(null);
  const [failed, setFailed] = useState(false);
  const opener = useRef(null);
  const heading = useRef(null);
  const panel = useRef(null);

  useEffect(() => {
    const on = (e) => {
      const { section: wanted, from } = e.detail || {};
      opener.current = from || document.activeElement;
      if (wanted) setSection(wanted);
      setQuery("");
      setOpen(true);
    };
    window.addEventListener(EVENT, on);
    return () => window.removeEventListener(EVENT, on);
  }, []);

  useEffect(() => {
    if (!open || !game) return undefined;
    let current = true;
    setFailed(false);
    loadRules(game, language()).then((d) => current && setData(d), () => current && setFailed(true));
    return () => { current = false; };
  }, [open, game, lang]);

  const close = () => {
    setOpen(false);
    const back = opener.current;
    if (back && back.focus && document.contains(back)) setTimeout(() => back.focus(), 0);
  };
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (e) => { if (e.key === "Escape") { e.preventDefault(); close(); } };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
  // the section's heading takes the focus (a screen reader reads it; Tab goes on inside)
  useEffect(() => {
    if (open && heading.current) heading.current.focus();
    if (open && panel.current) {
      const body = panel.current.querySelector(".rules-body");
      if (body) body.scrollTop = 0;
    }
  }, [open, section, data]);

    // a wide page makes room for the panel beside the table (nothing of it hidden under it)
  useEffect(() => {
    document.body.classList.toggle("rules-open", open);
    return () => document.body.classList.remove("rules-open");
  }, [open]);

  if (!open) return null;
  const sections = (data && data.sections) || [];
  const byId = new Map(sections.map((s) => [s.id, s]));
  const shown = byId.get(section) || sections[0] || null;
  const chapter = shown && shown.parent ? byId.get(shown.parent) : null;
  const children = shown ? sections.filter((s) => s.parent === shown.id) : [];
  const hits = query.trim() ? searchSections(sections, query) : null;
  const go = (id) => { setSection(id); setQuery(""); };
  const chapters = sections.filter((s) => s.level === 2);

  return html`
    <aside class="rules-panel" data-testid="rules-panel" role="dialog" aria-modal="false"
      aria-label=${t("Rules")} ref=${panel} data-section=${shown ? shown.id : ""}>
      <div class="rules-head">
        <h2>${data ? data.title : t("Rules")}</h2>
        <button type="button" class="small quiet" data-testid="rules-close" aria-label=${t("close the rules")}
          onClick=${close}>✕</button>
      </div>
      <label class="rules-search">
        <span class="visually-hidden">${t("Search the rules")}</span>
        <input type="search" data-testid="rules-search" value=${query} placeholder=${t("Search the rules")}
          onInput=${(e) => setQuery(e.currentTarget.value)} />
      </label>
      <div class="rules-body">
        ${failed && html`<p class="error" role="alert">${t("The rules could not be loaded.")}</p>`}
        ${!data && !failed && html`<p class="muted">${t("Loading the rules…")}</p>`}
        ${hits && html`
          <div data-testid="rules-hits" aria-live="polite">
            <p class="muted small">${t("Sections found: {count}", { count: hits.length })}</p>
            <ul class="rules-hits">
              ${hits.slice(0, 30).map((s) => html`<li key=${s.id}>
                <button type="button" class="link" data-testid="rules-hit" data-section=${s.id} onClick=${() => go(s.id)}>${s.title}</button>
                <small class="muted">${snippet(s.text, query)}</small></li>`)}
            </ul>
          </div>`}
        ${!hits && shown && html`
          <article data-testid="rules-section" data-section=${shown.id}>
            ${chapter && html`<p class="rules-crumb"><button type="button" class="link" data-testid="rules-up"
              onClick=${() => go(chapter.id)}>${chapter.title}</button> ›</p>`}
            <h3 class="rules-title" tabIndex="-1" ref=${heading}>${shown.title}</h3>
            <${SectionBody} section=${shown} onLink=${go} />
            ${children.map((c) => html`<section key=${c.id} class="rules-child">
              <h4><button type="button" class="link" data-section=${c.id} onClick=${() => go(c.id)}>${c.title}</button></h4>
              <${SectionBody} section=${c} onLink=${go} /></section>`)}
          </article>`}
        ${!hits && data && html`
          <details class="rules-contents" data-testid="rules-contents">
            <summary>${t("All the rules")}</summary>
            <ul>${chapters.map((s) => html`<li key=${s.id}><button type="button" class="link" data-section=${s.id}
              onClick=${() => go(s.id)}>${s.title}</button></li>`)}</ul>
          </details>`}
      </div>
    </aside>`;
}
