// The client's texts in the reader's language. `t` looks an English text (with named
// placeholders: "… {name} …") up in the catalog the server gives (`GET /api/i18n/<lang>`: every
// translation keyed by its English) and fills the placeholders from its second argument; a text
// without a translation stays English. The language: the one chosen here before (localStorage
// `mailbag.lang`), else the first of the browser's languages mailbag speaks, else English.
// Texts the server makes (the board, the log, the choices, refusals) come in the socket's
// language: the table page tells it when it changes.
import { useEffect, useState } from "preact/hooks";

export const LANGUAGES = ["en", "nl", "es"];
// each language's own name (the server's catalog names them too)
const OWN_NAMES = { en: "English", nl: "Nederlands", es: "Español" };
const KEY = "mailbag.lang";

let current = "en";
let messages = {};
let names = { ...OWN_NAMES };
const listeners = new Set();

function spoken(code) {
  const base = String(code || "").trim().toLowerCase().replace("_", "-").split("-")[0];
  return LANGUAGES.includes(base) ? base : null;
}

/** The language to start in: the saved choice, else the browser's, else English. */
export function chooseLanguage() {
  try {
    const saved = spoken(window.localStorage.getItem(KEY));
    if (saved) return saved;
  } catch (_) {
    /* no storage: the browser's languages decide */
  }
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  for (const code of wanted) {
    const found = spoken(code);
    if (found) return found;
  }
  return "en";
}

/** The reader's language now ("en", "nl", "es"). */
export function language() {
  return current;
}

/** Each language's own name, for the switch. */
export function languageNames() {
  return names;
}

/** `text` (English, with `{name}` placeholders) in the reader's language, filled from `fields`. */
export function t(text, fields) {
  const found = Object.prototype.hasOwnProperty.call(messages, text) ? messages[text] : text;
  if (!fields) return found;
  return found.replace(/\{([a-z_][a-z0-9_]*)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(fields, name) ? String(fields[name]) : whole);
}

/** Load `code`'s catalog and make it the reader's language (every page re-renders). English,
 * or a catalog that cannot be loaded, means the texts as written. */
export async function loadLanguage(code) {
  const lang = spoken(code) || "en";
  let loaded = {};
  if (lang !== "en") {
    try {
      const response = await fetch(`/api/i18n/${lang}`, { cache: "no-cache" });
      if (response.ok) {
        const data = await response.json();
        loaded = (data && data.messages) || {};
        if (data && data.names) names = { ...OWN_NAMES, ...data.names };
      }
    } catch (_) {
      /* offline: English until the catalog can be loaded */
    }
  }
  messages = loaded;
  current = lang;
  document.documentElement.lang = lang;
  for (const listener of [...listeners]) listener(lang);
  return lang;
}

/** The reader chose `code` with the switch: remembered in this browser, loaded. */
export function setLanguage(code) {
  const lang = spoken(code) || "en";
  try {
    window.localStorage.setItem(KEY, lang);
  } catch (_) {
    /* private mode: the choice lasts for this page */
  }
  return loadLanguage(lang);
}

/** Call `listener(lang)` whenever the language changes; returns the unsubscribe. */
export function onLanguage(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The reader's language, for a component that must re-render when it changes. */
export function useLanguage() {
  const [lang, setLang] = useState(current);
  useEffect(() => {
    setLang(current);
    return onLanguage(setLang);
  }, []);
  return lang;
}
