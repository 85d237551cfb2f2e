// Letterbox's board: the letterbox (the letters posted since the postman last came, the top one
// to beat), the mail bag to draw from, the seat's hand of letters and every seat's line.
//
// Drawn from the seat's view and the welcome's `components` (the game's board_data: postcodes
// and words, in the reader's language). What can be clicked comes from the server's actions and
// their click paths (letterbox/clicks.py: "hand:<postcode>" posts, "bag" draws): nothing here
// computes a rule. The same board API as mailbag's own boards (docs/contributing.md).
import { html } from "/static/api.js";
import { word } from "/static/words.js";

/** A letter: an envelope with a stamp and its postcode (`copies` > 1: that many held). */
function Letter({ code, picker, id, small, copies = 1 }) {
  const cls = `lb-letter lb-code-${code}${small ? " lb-small" : ""}${id ? picker.cls(id) : ""}`;
  const props = id ? picker.props(id) : {};
  return html`<span class=${cls} data-code=${code} ...${props}>
    <span class="lb-stamp"></span><span class="lb-postcode">${code}</span>
    ${copies > 1 && html`<span class="lb-copies">×${copies}</span>`}
  </span>`;
}

/** The hand as [postcode, copies] pairs: one thing to click per postcode. */
function grouped(hand) {
  const counts = new Map();
  for (const code of hand) counts.set(code, (counts.get(code) || 0) + 1);
  return [...counts.entries()].sort((a, b) => a[0] - b[0]);
}

export function Board({ view, components, players, picker }) {
  if (!view) return null;
  const pile = view.pile || [];
  const top = pile.length ? pile[pile.length - 1] : null;
  const hand = view.hand || [];
  const name = (seat) => (players && players[seat] && players[seat].name) || `#${seat}`;
  return html`<div class="lb-board" data-testid="letterbox-board">
    <div class="lb-row">
      <section class="lb-box" data-testid="letterbox-pile">
        <h3>${word(components, "letterbox")}</h3>
        <div class="lb-slot">${pile.map((code, i) => html`<${Letter} key=${i} code=${code} small=${i < pile.length - 1} picker=${picker} />`)}</div>
        <p class="lb-note">${top === null ? word(components, "empty") : word(components, "top", { letter: top })}</p>
      </section>
      <section class=${`lb-bag${picker.cls("bag")}`} data-testid="letterbox-bag" ...${picker.props("bag")}>
        <h3>${word(components, "bag")}</h3>
        <p>${word(components, "bag_count", { count: view.bag })}</p>
      </section>
    </div>
    ${view.hand !== null && view.hand !== undefined && html`<section class="lb-hand" data-testid="letterbox-hand">
      <h3>${word(components, "hand")}</h3>
      <div class="lb-cards">${grouped(hand).map(([code, copies]) => html`<${Letter} key=${code} code=${code} copies=${copies} picker=${picker} id=${`hand:${code}`} />`)}</div>
    </section>`}
    <ul class="lb-seats">
      ${(view.points || []).map((points, seat) => html`<li key=${seat} class=${seat === view.current ? "lb-current" : ""}>
        ${word(components, "seat_line", { name: name(seat), size: view.hand_sizes[seat], points })}
      </li>`)}
    </ul>
    <p class="lb-note">${word(components, "sorted", { count: (view.sorted || []).length })}</p>
  </div>`;
}

export function describe(id, components) {
  if (id.startsWith("hand:")) return word(components, "letter", { letter: id.slice(5) });
  if (id === "bag") return word(components, "bag");
  return null;
}
