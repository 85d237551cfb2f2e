// Entry point: picks the page from the address — the lobby at `/`, a table at `/t/<table>` with
// its seat (`#seat=n&token=…`) or spectator key (`#watch=…`; `&review=1` opens a finished game's
// review), or the seat this browser holds
// for that table when the address has neither. Nothing is drawn before the reader's language
// is loaded (i18n.js); a switch of language draws every page again.
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { html, linkFor, parseFragment } from "./api.js";
import { chooseLanguage, loadLanguage, t, useLanguage } from "./i18n.js";
import { Lobby } from "./lobby.js";
import { TablePage } from "./table.js";
import { LanguageSwitch } from "./widgets.js";

function route() {
  const match = window.location.pathname.match(/^\/t\/([^/]+)\/?$/);
  if (!match) return { page: "lobby" };
  const table = decodeURIComponent(match[1]);
  const fragment = parseFragment(window.location.hash);
  if (fragment.token) {
    // the table page keeps the link in "my games" once the server has accepted it (welcome)
    return { page: "table", table, who: { token: fragment.token, seat: fragment.seat, review: fragment.review } };
  }
  if (fragment.watch) return { page: "table", table, who: { watch: fragment.watch, review: fragment.review } };
  const held = linkFor(table);
  if (held) return { page: "table", table, who: { token: held.token, seat: held.seat } };
  return { page: "nolink", table };
}

function NoLink({ table }) {
  return html`
    <header class="topbar"><a class="brand" href="/">mailbag</a><span class="spacer"></span><${LanguageSwitch} /></header>
    <main class="page narrow">
      <section class="card">
        <h2>${t("No seat for table {table}", { table })}</h2>
        <p>${t("This address has no seat or watch key. Open the full link you were given — the part after # is what lets you in — or start a game of your own.")}</p>
        <p><a class="button" href="/">${t("Go to the lobby")}</a></p>
      </section>
    </main>`;
}

function App() {
  useLanguage(); // every page is drawn again in a new language
  const [where, setWhere] = useState(route);
  useEffect(() => {
    // a link to the same page with another fragment (a rematch, another seat) reloads the view
    const onChange = () => setWhere(route());
    window.addEventListener("hashchange", onChange);
    window.addEventListener("popstate", onChange);
    return () => {
      window.removeEventListener("hashchange", onChange);
      window.removeEventListener("popstate", onChange);
    };
  }, []);
  if (where.page === "table") {
    const key = `${where.table}|${where.who.token || where.who.watch}`;
    return html`<${TablePage} key=${key} table=${where.table} who=${where.who} />`;
  }
  if (where.page === "nolink") return html`<${NoLink} table=${where.table} />`;
  return html`<${Lobby} />`;
}

loadLanguage(chooseLanguage()).finally(() => render(html`<${App} />`, document.getElementById("app")));
