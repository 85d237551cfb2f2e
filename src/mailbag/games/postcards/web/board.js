// The Postcards board: the map of France's 13 regions (an SVG: borders where two adjacent
// regions meet, the Corsica ferry dashed, each region's campsites with their type and any camp,
// every bicycle), the Travel, postcard and gift displays with their decks (the Automa's slots
// marked on the Travel display), the seat's hand, postcards, camp track, itinerary and gifts,
// and every other traveller's (hands by their size only), with the Automa's last turn explained
// card by card. Everything is drawn from the seat's view and the welcome's `components` (the
// game's `board_data`: map geometry, cards and every word, in the reader's language); what can
// be clicked and what a click does come from the server's actions (their click paths, see
// games/postcards/clicks.py): nothing here computes a rule.
import { useLayoutEffect, useRef } from "preact/hooks";
import { html, seatLabel } from "/static/api.js";
import { fmt, word } from "/static/words.js";

// the travellers' colours (bicycles, camps), by seat: none of the four card colours
const SEAT_HEX = ["#7b3fa0", "#e0701a", "#12908a", "#5b4636"];
// the regions' paper colours, by region number
const REGION_HEX = ["#f3e2c4", "#e4edd0", "#f1d9d2", "#dfe7ef", "#eadff0", "#f6e6b8", "#d7ecdf",
  "#f0dcc8", "#e2ecd9", "#dde3f2", "#f2e0d8", "#e9e4cc", "#f4d8dc"];

// the campsite types' tints (a free campsite)
const SITE_HEX = { beach: "#fbe7a6", mountain: "#dcd7d0", forest: "#c9e4c0", lake: "#c5def2", village: "#f3cdb8" };

// icons in a 24×24 box, drawn with the current colour
const ICONS = {
  movement: html`<circle cx="6" cy="16" r="4" /><circle cx="18" cy="16" r="4" /><path d="M6 16l4-8h6l2 8M10 8l4 8M8.5 6h3" />`,
  postcard: html`<rect x="3" y="5" width="18" height="14" rx="1.5" /><rect x="14.5" y="8" width="4" height="4.5" /><path d="M6 10h6M6 13.5h6M6 17h4" />`,
  camp: html`<path d="M2.5 20L12 4.5 21.5 20zM9 20l3-6.5 3 6.5" />`,
  stamp: html`<path d="M5 4h14v16H5z" stroke-dasharray="2.2 1.6" /><circle cx="12" cy="12" r="3.6" />`,
  star: html`<path d="M12 3l2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8 6.6 19.7l1.1-6.1L3.2 9.4l6.1-.8z" />`,
  plus: html`<path d="M12 4.5v15M4.5 12h15" />`,
  beach: html`<path d="M3.5 12a8.5 8.5 0 0 1 17 0zM12 12v8M3 20.5h18" />`,
  mountain: html`<path d="M1.5 20L9 7l4 6.5 3-4.5 6.5 11z" />`,
  forest: html`<path d="M12 2.5l6 8.5h-3l4.5 6.5h-15L9 11H6zM12 17.5V22" />`,
  lake: html`<path d="M2.5 9c3-2.2 6.5 2.2 9.5 0s6.5-2.2 9.5 0M2.5 14c3-2.2 6.5 2.2 9.5 0s6.5-2.2 9.5 0M2.5 19c3-2.2 6.5 2.2 9.5 0s6.5-2.2 9.5 0" />`,
  village: html`<path d="M4 20.5V11l8-6.5 8 6.5v9.5zM10 20.5v-5.5h4v5.5" />`,
  gift: html`<path d="M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7c-2-4-6-3-5 0M12 7c2-4 6-3 5 0" />`,
  deck: html`<rect x="6" y="3" width="13" height="17" rx="1.5" /><path d="M4 6v14.5a1.5 1.5 0 0 0 1.5 1.5H16" />`,
};

/** An icon as its own small SVG (for HTML). */
function Icon({ name, cls }) {
  return html`<svg class=${`pc-icon${cls ? ` ${cls}` : ""}`} viewBox="0 0 24 24" aria-hidden="true">${ICONS[name] || ICONS.star}</svg>`;
}


/** A text with a count (`components.plurals`: its two forms), filled from `fields`. */
function cnt(c, key, n, fields) {
  const forms = (c.plurals || {})[key];
  return forms ? fmt(n === 1 ? forms[0] : forms[1], fields) : word(c, key, fields);
}

/** The symbol of a colour (colour is never the only thing telling two cards apart). */
function mark(c, colour) {
  return ((c.colours || {})[colour] || {}).mark || "";
}

function regionName(c, n) {
  return (c.regions[String(n)] || {}).name || String(n);
}

/** A postcard in words: "Postcard 32, Bretagne, 5 points". */
function postcardName(c, id, sent) {
  const card = c.postcards[String(id)];
  if (!card) return word(c, "postcard", { id });
  return word(c, sent ? "n_postcard_sent" : "n_postcard", { id, region: regionName(c, card.region), points: cnt(c, "points_now", card.points, { points: card.points }) });
}

/** A Travel card kind in words ("red camp"), with its colour's symbol. */
function cardName(c, name) {
  return (c.travel[name] || {}).name || name;
}

/** A region's name cut into lines of about 13 characters (at spaces and hyphens). */
function nameLines(name) {
  const parts = String(name).split(/(?<=-)|\s+/).filter(Boolean);
  const lines = [];
  for (const part of parts) {
    const last = lines.length - 1;
    if (last >= 0 && (lines[last] + part).length <= 13) {
      lines[last] += (lines[last].endsWith("-") ? "" : " ") + part;
    } else lines.push(part);
  }
  return lines;
}

/** The props a thing drawn for `id` gets: the shell's, and for a pair of things clicked in the
 * other order than their path's (a pair of cards, two postcards to keep), a click that puts the
 * two in the path's order. */
function clickProps(picker, state, id, opts) {
  const props = picker.props(id, opts);
  if (props["data-legal"] || props["data-picked"] || picker.prefix.length !== 1) return props;
  const first = picker.prefix[0];
  const swapped = (state.actions || []).some((a) => {
    const path = a.clicks || [];
    return path.length > 2 && path[0] === id && path[1] === first;
  });
  if (!swapped) return props;
  return {
    ...props,
    role: "button",
    tabIndex: 0,
    "data-swap": "1",
    onClick: (e) => { e.stopPropagation(); picker.set([id, first]); },
  };
}

function clickCls(picker, id, props) {
  return picker.cls(id) || (props && props["data-swap"] ? " clickable" : "");
}

/** The hover words of `id`: what a click does, else what it is. */
function hint(picker, id, what) {
  return picker.hint(id) || what || "";
}

// -- the map ------------------------------------------------------------------------------------

function Site({ c, view, picker, players, site }) {
  const id = `site:${site.id}`;
  const info = c.campsites[String(site.id)];
  const owner = view.camp_owner[site.id - 1];
  const type = c.campsite_types[info.type] || info.type;
  const what = owner >= 0
    ? word(c, "n_site_taken", { id: site.id, type, name: seatLabel(players, owner) })
    : word(c, "n_site_free", { id: site.id, type });
  const props = picker.props(id, { name: what, tip: `${what}. ${word(c, "t_site", { region: regionName(c, info.region) })}`, rule: "camp" });
  return html`
    <g class=${`pc-site${owner >= 0 ? " taken" : ""}${picker.cls(id)}`} ...${props}
      transform=${`translate(${site.x} ${site.y})`}>
      <title>${hint(picker, id, what)}</title>
      <circle r="21" fill=${owner >= 0 ? SEAT_HEX[owner % 4] : SITE_HEX[info.type] || "#fffdf8"} />
      <g class="pc-site-icon" transform="translate(-12 -12)"
        stroke=${owner >= 0 ? "#fff" : "#3a342a"}>${ICONS[info.type]}</g>
    </g>`;
}

// the least width and height of a region's hit area, in map units: a finger's 44 CSS px on a
// phone's map, drawn at least MAP_LEAST px wide for 1000 units (only Corse is narrower: the
// smallest others, Île-de-France and Bretagne, are 137 units high)
const HIT = 136;

/** A wider box to tap a narrow region by (Corse, an island in the sea: nothing else is there),
 * as [x, y, width, height]; null when the region's outline is wide and high enough. */
function hitArea(path) {
  const xs = path.map((p) => p[0]);
  const ys = path.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  if (x1 - x0 >= HIT && y1 - y0 >= HIT) return null;
  const w = Math.max(HIT, x1 - x0);
  const h = Math.max(HIT, y1 - y0);
  const x = Math.min(1000 - w, Math.max(0, (x0 + x1) / 2 - w / 2));
  const y = Math.min(1000 - h, Math.max(0, (y0 + y1) / 2 - h / 2));
  return [x, y, w, h];
}

function Region({ c, view, picker, players, number, geo, mine }) {
  const id = `region:${number}`;
  const info = c.regions[number];
  const here = (view.players || []).map((p, s) => (p.region === Number(number) ? s : -1)).filter((s) => s >= 0);
  const title = word(c, "region_title", { name: info.name, number });
  const name = here.length ? `${title} — ${word(c, "here", { names: here.map((s) => seatLabel(players, s)).join(", ") })}` : title;
  const props = picker.props(id, { name, tip: `${name}. ${word(c, "t_region", { name: info.name })}`, rule: "movement" });
  const points = geo.path.map((p) => p.join(",")).join(" ");
  const hit = hitArea(geo.path);
  return html`
    <g class=${`pc-region${picker.cls(id)}${mine && mine.here === Number(number) ? " here" : ""}`} ...${props}
      data-magnify=${geo.sites.length ? word(c, "magnify_region", { name: info.name }) : undefined}>
      <title>${hint(picker, id, here.length
        ? `${title} — ${word(c, "here", { names: here.map((s) => seatLabel(players, s)).join(", ") })}`
        : title)}</title>
      ${hit && html`<rect class="pc-hit" x=${hit[0]} y=${hit[1]} width=${hit[2]} height=${hit[3]} rx="24" fill="transparent" />`}
      <polygon class="pc-shape" points=${points} fill=${REGION_HEX[(Number(number) - 1) % 13]} />
      ${geo.sites.map((site) => html`<${Site} key=${site.id} c=${c} view=${view} picker=${picker} players=${players} site=${site} />`)}
    </g>`;
}

/** The regions' names (and the seat's itinerary marks) above the map, never in a click's way. */
function Labels({ c, mine }) {
  return html`<g class="pc-labels">
    ${Object.entries(c.map.regions).map(([number, geo]) => {
      const lines = nameLines(c.regions[number].name);
      const [lx, ly] = geo.label;
      const top = ly - (lines.length - 1) * 10;
      const wanted = mine && mine.regions.includes(Number(number));
      return html`<g key=${number}>
        <text class="pc-rname" x=${lx} y=${top}>
          ${lines.map((line, i) => html`<tspan x=${lx} dy=${i ? 21 : 0}>${line}</tspan>`)}
        </text>
        ${wanted && html`<g class="pc-wanted" transform=${`translate(${lx + Math.max(...lines.map((l) => l.length)) * 5.6 + 4} ${top - 19})`}>${ICONS.postcard}</g>`}
      </g>`;
    })}
  </g>`;
}

function Bikes({ c, view, players, picker }) {
  const regions = c.map.regions;
  const byRegion = {};
  (view.players || []).forEach((p, s) => { (byRegion[p.region] = byRegion[p.region] || []).push(s); });
  return html`<g class="pc-bikes">
    ${(view.players || []).map((p, s) => {
      const geo = regions[String(p.region)];
      if (!geo) return null;
      const group = byRegion[p.region];
      const k = group.indexOf(s);
      const [bx, by] = geo.bikes;
      const x = bx + (k % 2 ? 1 : -1) * (group.length > 1 ? 14 : 0);
      const y = by + (k >= 2 ? 26 : 0) + (k % 2 ? 8 : -8) * (group.length > 1 ? 1 : 0);
      const id = `bike:${s}`;
      const bp = picker.props(id, { name: word(c, "n_bike", { name: seatLabel(players, s), region: regionName(c, p.region) }) });
      return html`<g key=${s} class=${`pc-bike${picker.cls(id)}`} data-click=${bp["data-click"]} data-changed=${bp["data-changed"]}
        data-tip=${bp["data-tip"]} style=${`transform: translate(${x}px, ${y}px)`}>
        <title>${seatLabel(players, s)}</title>
        <circle r="16" fill=${SEAT_HEX[s % 4]} />
        <g transform="translate(-10.5 -11) scale(0.88)" stroke="#fff">${ICONS.movement}</g>
      </g>`;
    })}
  </g>`;
}

function FranceMap({ c, view, picker, players, seat }) {
  const geo = c.map;
  const me = seat !== null && seat !== undefined ? view.players[seat] : null;
  const mine = me ? { here: me.region, regions: (c.itineraries[String(me.itinerary)] || {}).regions || [] } : null;
  return html`
    <svg class="pc-map" viewBox=${geo.view_box.join(" ")} role="group" aria-label=${word(c, "map")}>
      <rect class="pc-sea" x="0" y="0" width="1000" height="1000" />
      ${Object.entries(geo.regions).map(([n, g]) => html`<${Region} key=${n} c=${c} view=${view} picker=${picker}
        players=${players} number=${n} geo=${g} mine=${mine} />`)}
      <g class="pc-borders">
        ${geo.links.map((l) => (l.border
          ? html`<polyline key=${`${l.a}-${l.b}`} class="pc-border" points=${l.border.map((p) => p.join(",")).join(" ")} />`
          : html`<g key=${`${l.a}-${l.b}`}>
              <line class="pc-ferry" x1=${l.ferry[0][0][0]} y1=${l.ferry[0][0][1]} x2=${l.ferry[0][1][0]} y2=${l.ferry[0][1][1]} />
              <text class="pc-ferry-label" x=${(l.ferry[0][0][0] + l.ferry[0][1][0]) / 2 - 10}
                y=${(l.ferry[0][0][1] + l.ferry[0][1][1]) / 2 + 22}>${word(c, "ferry")}</text>
            </g>`))}
      </g>
      <${Labels} c=${c} mine=${mine} />
      <${Bikes} c=${c} view=${view} players=${players} picker=${picker} />
    </svg>`;
}

// -- cards --------------------------------------------------------------------------------------

/** A Travel card's face: its colour and its action's symbol. */
function TravelFace({ c, name, small, bare }) {
  const info = c.travel[name];
  if (!info) return html`<span class="pc-tcard empty"></span>`;
  const title = (c.actions[info.action] || {}).title || info.action;
  return html`<span class=${`pc-tcard pc-${info.colour}${small ? " small" : ""}${bare ? " bare" : ""}`}>
    <span class="pc-mark" aria-hidden="true">${mark(c, info.colour)}</span>
    <${Icon} name=${info.action} />${!bare && html`<span class="pc-tname">${title}</span>`}</span>`;
}

function PostcardFace({ c, face, region }) {
  if (!face) return html`<span class="pc-face empty">${word(c, "empty")}</span>`;
  return html`<span class="pc-face">
    <span class="pc-face-region">${c.regions[String(face.region)].name}</span>
    <span class="pc-face-stamps">${Array.from({ length: face.stamps }, (_, i) => html`<i key=${i}></i>`)}</span>
    <span class="pc-face-points">${word(c, "points", { points: face.points })}</span>
    ${region && html`<span class="pc-face-top">${region}</span>`}
  </span>`;
}

/** An owned postcard with its stamp and souvenir spaces, filled or open. */
function Postcard({ c, state, picker, owned, compact }) {
  const card = c.postcards[String(owned.card)];
  const id = `postcard:${owned.card}`;
  const region = c.regions[String(card.region)].name;
  const what = postcardName(c, owned.card, owned.sent);
  const props = picker.props(id, { name: what, tip: owned.sent ? what : `${what}. ${word(c, "t_postcard", { region })}`, rule: "sending" });
  if (owned.sent) {
    return html`<div class=${`pc-postcard sent${picker.cls(id)}`} ...${props} title=${hint(picker, id, what)} key=${`sent-${owned.card}`}>
      <span class="pc-pc-region">${region}</span>
      <span class="pc-pc-points">${word(c, "points", { points: card.points })}</span>
      <span class="pc-sent-mark">${word(c, "sent")}</span>
    </div>`;
  }
  return html`
    <div class=${`pc-postcard${compact ? " compact" : ""}${picker.cls(id)}`} ...${props} title=${hint(picker, id, what)}
      data-magnify=${word(c, "magnify_postcard", { id: owned.card })}>
      <div class="pc-pc-head">
        <span class="pc-pc-region">${region}</span>
        <span class="pc-pc-points">${word(c, "points", { points: card.points })}</span>
      </div>
      <div class="pc-stamps">
        ${card.stamps.map((colour, i) => {
          const sid = `stamp:${owned.card}:${i + 1}`;
          const filled = owned.stamps[i];
          const label = word(c, filled ? "n_stamp_filled" : "n_stamp_open", { number: i + 1, id: owned.card, colour: c.colours[colour].name });
          const sp = picker.props(sid, { name: label, tip: `${label}. ${word(c, "t_stamp")}`, rule: "stamp" });
          return html`<span key=${sid} class=${`pc-stamp pc-${colour}${filled ? " filled" : ""}${picker.cls(sid)}`} ...${sp}
            title=${hint(picker, sid, label)}><span class="pc-mark" aria-hidden="true">${mark(c, colour)}</span></span>`;
        })}
      </div>
      <div class="pc-souvenirs">
        ${card.souvenirs.map((s, i) => {
          const sid = `souvenir:${owned.card}:${i + 1}`;
          const filled = owned.souvenirs[i];
          const type = c.campsite_types[s.campsite] || s.campsite;
          const label = word(c, filled ? "n_souvenir_filled" : "n_souvenir_open", { number: i + 1, id: owned.card, type, effect: s.title });
          const sp = picker.props(sid, { name: label, tip: `${label}. ${word(c, "t_souvenir", { type, effect: s.title })}`, rule: "effects" });
          return html`<span key=${sid} class=${`pc-souv${filled ? " filled" : ""}${picker.cls(sid)}`} ...${sp}
            title=${hint(picker, sid, label)}>
            <${Icon} name=${s.campsite} /><span class="pc-souv-effect"><${Icon} name=${s.effect} />${s.points ? s.points : ""}</span>
          </span>`;
        })}
      </div>
    </div>`;
}

// -- displays -----------------------------------------------------------------------------------

function TravelDisplay({ c, view, picker }) {
  const automas = (view.players || []).map((p) => p.kind).filter((k) => c.automa_slots[k]);
  const slots = automas.length ? Math.max(...automas.map((k) => c.automa_slots[k])) : 0;
  const deckName = `${word(c, "n_travel_deck")}: ${cnt(c, "deck_count", view.travel_deck_size, { count: view.travel_deck_size })}`;
  const deckProps = picker.props("deck:travel", { name: deckName, tip: `${deckName}. ${word(c, "t_row_travel")}` });
  return html`
    <section class="pc-display pc-travel-display">
      <h3>${word(c, "travel_display")}</h3>
      ${slots > 0 && html`<div class="pc-automa-note">${`${word(c, "automa_slots", { count: slots })}: 1–${c.binding} ${
        word(c, "automa_left")}, ${c.binding + 1}–${slots} ${word(c, "automa_right")}`}</div>`}
      <div class="pc-row">
        ${view.travel_row.map((card, i) => {
          const id = `travel:${i + 1}`;
          const name = card ? word(c, "n_row_travel", { slot: i + 1, card: cardName(c, card) }) : word(c, "n_row_empty", { slot: i + 1 });
          const props = picker.props(id, { name, tip: `${name}. ${word(c, "t_row_travel")}` });
          const marked = i < slots;
          return html`<div key=${id} class=${`pc-slot${marked ? " automa" : ""}${i === c.binding - 1 && slots ? " binding" : ""}`}>
            ${marked && html`<span class="pc-slot-mark">${i + 1}</span>`}
            <button type="button" class=${`pc-cardbtn${picker.cls(id)}`} ...${props}
              title=${hint(picker, id, card ? c.travel[card].name : word(c, "empty"))}>
              <${TravelFace} c=${c} name=${card} bare=${true} />
            </button>
          </div>`;
        })}
        <div class="pc-slot deck">
          <button type="button" class=${`pc-cardbtn pc-deck${picker.cls("deck:travel")}`} ...${deckProps}
            title=${hint(picker, "deck:travel", deckName)}>
            <${Icon} name="deck" /><span>${view.travel_deck_size}</span>
          </button>
        </div>
      </div>
    </section>`;
}

function PostcardDisplay({ c, view, picker }) {
  const props = picker.props("postcards", { name: word(c, "n_postcards"), tip: word(c, "t_postcards") });
  const top = view.postcard_deck_top;
  const deckName = top ? word(c, "n_postcard_deck", { region: regionName(c, top.region) }) : word(c, "n_postcard_deck_empty");
  const deckProps = picker.props("deck:postcard", { name: deckName, tip: `${deckName}. ${word(c, "t_pcrow")}` });
  return html`
    <section class=${`pc-display pc-postcard-display${picker.cls("postcards")}`} ...${props}
      title=${hint(picker, "postcards", "")}>
      <h3>${word(c, "postcard_display")}</h3>
      <div class="pc-row">
        ${view.postcard_row.map((face, i) => {
          const id = `pcrow:${i + 1}`;
          const name = face ? word(c, "n_pcrow", { slot: i + 1, region: regionName(c, face.region),
            stamps: cnt(c, "stamp_count", face.stamps, { count: face.stamps }), points: cnt(c, "points_now", face.points, { points: face.points }) })
            : word(c, "n_row_empty", { slot: i + 1 });
          const p = picker.props(id, { name, tip: `${name}. ${word(c, "t_pcrow")}` });
          return html`<button type="button" key=${id} class=${`pc-cardbtn${picker.cls(id)}`} ...${p}
            title=${hint(picker, id, word(c, "slot", { slot: i + 1 }))}><${PostcardFace} c=${c} face=${face} /></button>`;
        })}
        <button type="button" class=${`pc-cardbtn pc-deck${picker.cls("deck:postcard")}`} ...${deckProps}
          title=${hint(picker, "deck:postcard", deckName)}>
          <${PostcardFace} c=${c} face=${view.postcard_deck_top} region=${word(c, "deck_top")} />
          <span class="pc-count">${cnt(c, "deck_count", view.postcard_deck_size, { count: view.postcard_deck_size })}</span>
        </button>
      </div>
    </section>`;
}

function GiftDisplay({ c, view, picker }) {
  return html`
    <section class="pc-display pc-gift-display">
      <h3>${word(c, "gift_display")}</h3>
      <div class="pc-row">
        ${view.gift_row.map((g, i) => {
          const id = `giftrow:${i + 1}`;
          const info = g ? c.gifts[g] : null;
          const name = info ? word(c, "n_giftrow", { slot: i + 1, gift: info.title }) : word(c, "n_row_empty", { slot: i + 1 });
          const p = picker.props(id, { name, tip: info ? `${name}: ${info.help} (${word(c, info.lightning ? "lightning" : "bell")})` : name });
          return html`<button type="button" key=${id} class=${`pc-cardbtn pc-gift${info && info.lightning ? " lightning" : ""}${picker.cls(id)}`} ...${p}
            title=${hint(picker, id, info ? `${info.title}: ${info.help}` : word(c, "empty"))}>
            ${info ? html`<${Icon} name="gift" /><span>${info.lightning ? "⚡ " : "🔔 "}${info.title}</span>` : word(c, "empty")}
          </button>`;
        })}
        <span class="pc-count">${cnt(c, "deck_count", view.gift_deck_size, { count: view.gift_deck_size })}</span>
      </div>
    </section>`;
}

function Hiking({ c, view, state, picker }) {
  const frame = (view.turn.stack || []).slice(-1)[0];
  if (!frame || frame.kind !== "hiking" || !frame.cards) return null;
  return html`
    <section class="pc-display pc-hiking">
      <h3>${word(c, "hiking")}</h3>
      <div class="pc-row">
        ${frame.cards.map((card) => {
          const id = `hike:${card}`;
          const card_ = c.postcards[String(card)];
          const name = word(c, "n_hike", { id: card, region: card_ ? regionName(c, card_.region) : "" });
          const props = clickProps(picker, state, id, { name, tip: name });
          return html`<div key=${id} class=${`pc-hike${clickCls(picker, id, props)}`} ...${props}
            title=${hint(picker, id, word(c, "postcard", { id: card }))}>
            <${Postcard} c=${c} state=${state} picker=${picker} owned=${{ card, stamps: [], souvenirs: [], sent: false }} compact=${true} />
          </div>`;
        })}
      </div>
    </section>`;
}

// -- players ------------------------------------------------------------------------------------

function CampTrack({ c, side, placed, seat }) {
  const effects = Object.fromEntries((c.sides[side] || []).map((e) => [e.camp, e]));
  return html`<div class="pc-track" title=${word(c, "camp_track", { side })}>
    ${Array.from({ length: c.camps }, (_, i) => {
      const n = i + 1;
      const e = effects[n];
      const done = n <= placed;
      return html`<span key=${n} class=${`pc-cell${done ? " done" : ""}${e ? " effect" : ""}`}
        style=${done ? `background:${SEAT_HEX[seat % 4]}` : ""} title=${e ? `${n}: ${e.title}` : String(n)}>
        ${e ? html`<${Icon} name=${e.effect} />${e.points ? html`<b>${e.points}</b>` : ""}` : done ? "" : n}
      </span>`;
    })}
  </div>`;
}

function Itinerary({ c, p }) {
  const it = c.itineraries[String(p.itinerary)];
  if (!it) return null;
  const sent = new Set(p.postcards.filter((o) => o.sent).map((o) => c.postcards[String(o.card)].region));
  const done = it.regions.filter((r) => sent.has(r)).length;
  return html`<div class="pc-itinerary">
    <b>${word(c, "itinerary")}</b>
    <span class="muted">${word(c, "start", { region: c.regions[String(it.start)].name })}</span>
    <span class="pc-it-regions">${it.regions.map((r) => html`<span key=${r} class=${`pc-it${sent.has(r) ? " done" : ""}`}>
      ${sent.has(r) ? "✓ " : ""}${c.regions[String(r)].name}</span>`)}</span>
    <span class="muted">${word(c, "itinerary_points", { count: done, points: c.itinerary_points[done] })}</span>
  </div>`;
}

function Gifts({ c, p, picker, mine, seat, players }) {
  if (!p.gifts.length) return html`<div class="pc-gifts muted">${word(c, "no_gifts")}</div>`;
  const counts = {};
  for (const g of p.gifts) counts[g] = (counts[g] || 0) + 1;
  return html`<div class="pc-gifts">
    ${Object.entries(counts).map(([g, n]) => {
      const info = c.gifts[g] || { title: g, help: "" };
      const id = `gift:${g}`;
      const kind = word(c, info.lightning ? "lightning" : "bell");
      if (!mine) {
        const oid = `seatgift:${seat}:${g}`;
        const name = word(c, "n_seatgift", { name: seatLabel(players, seat), gift: info.title });
        const op = picker.props(oid, { name, tip: `${name}: ${info.help} (${kind})` });
        return html`<span key=${g} class=${`pc-gift held${info.lightning ? " lightning" : ""}${picker.cls(oid)}`} ...${op} title=${info.help}>
          <${Icon} name="gift" />${info.lightning ? "⚡ " : "🔔 "}${info.title}${n > 1 ? ` ×${n}` : ""}</span>`;
      }
      const gname = word(c, "n_gift", { gift: info.title });
      const props = picker.props(id, { name: gname, tip: `${gname}: ${info.help} (${kind})` });
      return html`<button type="button" key=${g} class=${`pc-gift held${info.lightning ? " lightning" : ""}${picker.cls(id)}`} ...${props}
        title=${hint(picker, id, `${info.title}: ${info.help}`)}>
        <${Icon} name="gift" />${info.lightning ? "⚡ " : "🔔 "}${info.title}${n > 1 ? ` ×${n}` : ""}</button>`;
    })}
  </div>`;
}

function Hand({ c, view, state, picker }) {
  const hand = view.hand || [];
  if (!hand.length) return html`<div class="pc-hand muted">${word(c, "hand_empty")}</div>`;
  const counts = [];
  for (const k of hand) {
    const last = counts[counts.length - 1];
    if (last && last[0] === k) last[1] += 1;
    else if (counts.some((x) => x[0] === k)) counts.find((x) => x[0] === k)[1] += 1;
    else counts.push([k, 1]);
  }
  return html`<div class="pc-hand">
    ${counts.map(([k, n]) => {
      const id = `hand:${k}`;
      const twin = `twin:${k}`;
      const name = cardName(c, k);
      const hname = word(c, "n_hand", { card: n > 1 ? `${name} ×${n}` : name });
      const props = clickProps(picker, state, id, { name: hname, tip: `${hname}. ${word(c, "t_hand")}`, hand: true });
      const tprops = n > 1 ? picker.props(twin, { name: word(c, "n_twin", { card: name }) }) : null;
      return html`<span class="pc-stack" key=${`${k}-${n}`}>
        <button type="button" class=${`pc-cardbtn pc-handcard${clickCls(picker, id, props)}`} ...${props}
          title=${hint(picker, id, name)}>
          <${TravelFace} c=${c} name=${k} />${n > 1 && html`<span class="pc-badge">×${n}</span>`}
        </button>
        ${n > 1 && html`<button type="button" class=${`pc-twin pc-${(c.travel[k] || {}).colour}${picker.cls(twin)}`} ...${tprops}
          title=${hint(picker, twin, word(c, "twin", { card: name }))}><span>${mark(c, (c.travel[k] || {}).colour)}+1</span></button>`}
      </span>`;
    })}
  </div>`;
}

function PlayerArea({ c, view, state, picker, players, seat, mine }) {
  const p = view.players[seat];
  const name = seatLabel(players, seat);
  const scores = state.scores || [];
  const automa = c.automa_slots[p.kind];
  const open = p.postcards.filter((o) => !o.sent);
  const sent = p.postcards.filter((o) => o.sent);
  return html`
    <section class=${`pc-player${mine ? " mine" : ""}${view.current === seat && !view.over ? " current" : ""}`}
      data-testid=${`pc-player-${seat}`} style=${`--seat:${SEAT_HEX[seat % 4]}`}>
      <div class="pc-player-part pc-player-cards">
      <header>
        <span class="pc-seat-dot"></span>
        <b>${mine ? word(c, "your_postcards") : word(c, "postcards_of", { name })}</b>
        ${automa && html`<span class="pc-tag">Automa · ${c.difficulties[p.kind] || ""}</span>`}
        <span class="pc-where"><span class="pc-bike-dot"><${Icon} name="movement" /></span> ${c.regions[String(p.region)].name}</span>
        <span class=${`pc-points${picker.cls(`points:${seat}`)}`} ...${picker.props(`points:${seat}`, { name: word(c, "n_points", { name }) })}>${cnt(c, "points_now", p.points, { points: p.points })}${
          scores[seat] !== undefined && scores[seat] !== null ? ` · ${word(c, "score_now", { score: scores[seat] })}` : ""}</span>
        ${!mine && !automa && html`<span class=${`pc-handsize${picker.cls(`handsize:${seat}`)}`} ...${picker.props(`handsize:${seat}`, { name: word(c, "n_handsize", { name }) })}>${cnt(c, "hand_size", p.hand_size, { count: p.hand_size })}</span>`}
        ${view.bonus === seat && html`<span class="pc-tag bonus">${word(c, "bonus")}</span>`}
      </header>
      <div class="pc-cards">
        ${open.length === 0 && !sent.length && html`<span class="muted">${word(c, "no_postcards")}</span>`}
        ${open.map((o) => html`<${Postcard} key=${o.card} c=${c} state=${state} picker=${picker} owned=${o} compact=${!mine} />`)}
      </div>
      <div class=${`pc-line pc-gift-line${p.gifts.length ? "" : " none"}`}><span class="pc-label">${word(c, "gifts")}</span>
        <${Gifts} c=${c} p=${p} picker=${picker} mine=${mine} seat=${seat} players=${players} /></div>
      </div>
      <div class="pc-player-part pc-player-rest">
      ${sent.length > 0 && html`<div class="pc-sent-row">${sent.map((o) => html`<${Postcard} key=${`s${o.card}`} c=${c} state=${state}
        picker=${picker} owned=${o} />`)}</div>`}
      <div class="pc-line">
        <span class=${`pc-label${picker.cls(`camps:${seat}`)}`} ...${picker.props(`camps:${seat}`, { name: word(c, "n_camps", { name }) })}>${word(c, "camps", { placed: p.camps.length, total: c.camps })}</span>
        <${CampTrack} c=${c} side=${view.side} placed=${p.camps.length} seat=${seat} />
      </div>
      <div class="pc-line"><${Itinerary} c=${c} p=${p} /></div>
      ${p.best_traveller.length > 0 && html`<div class="pc-line muted">${word(c, "best_traveller", {
        regions: p.best_traveller.map((r) => c.regions[String(r)].name).join(", ") })}</div>`}
      </div>
    </section>`;
}

/** The Automa's last turn: each card it played, in turn, with the explanation the log gives. */
function AutomaTurn({ c, log, players }) {
  const events = log || [];
  let start = -1;
  for (let i = events.length - 1; i >= 0; i -= 1) {
    if (events[i].kind === "automa_turn") { start = i; break; }
  }
  if (start < 0) return null;
  const cards = [];
  for (let i = start + 1; i < events.length && events[i].kind !== "automa_turn"; i += 1) {
    if (events[i].kind === "automa_card") cards.push(events[i]);
  }
  const seat = events[start].data && events[start].data.seat;
  return html`
    <section class="pc-automa" data-testid="pc-automa" key=${`automa-${events[start].step}`}>
      <h3>${word(c, "automa_turn")} (${seatLabel(players, seat)})</h3>
      <p class="muted pc-automa-intro">${events[start].text}</p>
      <ol>
        ${cards.map((e, i) => html`<li key=${i} class="pc-automa-card" style=${`animation-delay:${i * 0.9}s`}>
          <span class="pc-automa-slot">${word(c, "automa_slot", { slot: e.data.slot })}</span>
          ${e.data.card ? html`<${TravelFace} c=${c} name=${e.data.card} small=${true} />` : html`<span class="pc-tcard empty small"></span>`}
          <span class="pc-automa-result">${word(c, "automa_result", { result: (c.results || {})[e.data.result] || e.data.result })}</span>
          <span class="pc-automa-text">${e.text}</span>
        </li>`)}
      </ol>
    </section>`;
}

// -- the board ----------------------------------------------------------------------------------

function Prompt({ c, view, state, players, myTurn, seat }) {
  const turn = view.turn;
  const frame = (turn.stack || []).slice(-1)[0];
  let text;
  if (view.over) text = word(c, "over");
  else if (!myTurn) text = word(c, "turn_of", { name: seatLabel(players, view.current) });
  else if (frame) text = (c.frames || {})[frame.kind] || frame.kind;
  else if (turn.drawing) text = word(c, "help_draw");
  else if (turn.played.length >= 3 + turn.plus || !(view.hand || []).length) text = word(c, "help_end");
  else text = word(c, "help_main");
  const kept = [["movement", turn.moves], ["postcard", turn.postcards], ["camp", turn.camps]].filter(([, n]) => n > 0);
  const mine = seat !== null && seat !== undefined && view.current === seat;
  return html`
    <div class=${`pc-prompt${myTurn ? " mine" : ""}`} data-testid="pc-prompt">
      <span class="pc-prompt-text">${myTurn && !view.over ? html`<b>${word(c, "your_turn")}: </b>` : ""}${text}</span>
      ${!view.over && html`<span class="pc-prompt-facts">
        ${turn.played.length > 0 && html`<span class="pc-played">${turn.played.map((k, i) => html`<${TravelFace} key=${i} c=${c} name=${k} small=${true} />`)}</span>`}
        ${mine && html`<span>${word(c, "cards_played", { played: turn.played.length, total: 3 + turn.plus })}</span>`}
        ${kept.length > 0 && html`<span>${word(c, "kept")} ${kept.map(([k, n]) => html`<span key=${k} class="pc-kept"><${Icon} name=${k} />×${n}</span>`)}</span>`}
        ${view.ending && html`<span class="pc-tag">${word(c, "last_round")}</span>`}
        <span class="muted">${cnt(c, "supply", view.supply, { count: view.supply })}</span>
      </span>`}
    </div>`;
}

// the narrowest the map is drawn on a phone (CSS px): Île-de-France and Bretagne, 137 map
// units high, and Corse's hit area (HIT) keep a finger's 44 px at it
const MAP_LEAST = 330;

/** The room the shell keeps a decision's targets in (as its board does): below the sticky top
 * bar, above the phone's tabs and the sticky click bar. */
function room() {
  const bar = document.querySelector(".topbar");
  const tabs = document.querySelector(".bottom-bar");
  const clicks = document.querySelector(".narrow .click-bar.acting");
  const shown = (el) => el && el.getClientRects().length;
  const above = shown(bar) ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
  let below = shown(tabs) ? tabs.getBoundingClientRect().top : window.innerHeight;
  if (shown(clicks)) below = Math.min(below, clicks.getBoundingClientRect().top);
  return below - above - 12;
}

/** On a phone, the map drawn narrower (down to MAP_LEAST) when the decision's targets on and
 * under it (your hand, postcards, the face-up postcards) would not fit on one screen together. */
function fitMap(root) {
  const map = root && root.querySelector("svg.pc-map");
  if (!map) return;
  map.style.width = "";
  if (!window.matchMedia("(max-width: 600px)").matches) return;
  for (let round = 0; round < 3; round += 1) {
    const rects = [...root.querySelectorAll("[data-legal]")]
      .filter((e) => e.getClientRects().length).map((e) => e.getBoundingClientRect());
    if (!rects.length) return;
    const top = Math.min(...rects.map((r) => r.top));
    const bottom = Math.max(...rects.map((r) => r.bottom));
    const over = bottom - top - room();
    const m = map.getBoundingClientRect();
    const inside = Math.min(bottom, m.bottom) - Math.max(top, m.top);
    if (over <= 0 || inside <= 0 || m.width <= MAP_LEAST) return;
    map.style.width = `${Math.max(MAP_LEAST, Math.floor(m.width * (1 - over / inside)))}px`;
  }
}

export function Board(props) {
  const root = useRef(null);
  // after every drawing, before the shell scrolls the targets into view (a child's layout
  // effect runs first)
  useLayoutEffect(() => { if (props.phone && !props.replay) fitMap(root.current); });
  return html`<div ref=${root} class="pc-root"><${Drawn} ...${props} /></div>`;
}

function Drawn({ components: c, state, view, players, mySeat, log, picker, myTurn, phone, replay }) {
  if (!view || !c || !c.map) return null;
  const seat = view.seat !== null && view.seat !== undefined ? view.seat : null;
  const others = view.players.map((_, s) => s).filter((s) => s !== seat);
  const hasAutoma = view.players.some((p) => c.automa_slots[p.kind]);
  return html`
    <div class=${`pc-board${phone ? " phone" : ""}${replay ? " replay" : ""}`}>
      <${Prompt} c=${c} view=${view} state=${state} players=${players} myTurn=${myTurn} seat=${seat} />
      <div class="pc-top">
        <${FranceMap} c=${c} view=${view} picker=${picker} players=${players} seat=${seat} />
        <div class="pc-side">
          <${Hiking} c=${c} view=${view} state=${state} picker=${picker} />
          ${seat !== null && html`<section class="pc-display pc-hand-area">
            <h3>${word(c, "your_hand")}</h3>
            <${Hand} c=${c} view=${view} state=${state} picker=${picker} />
          </section>`}
          <${TravelDisplay} c=${c} view=${view} picker=${picker} />
          <${PostcardDisplay} c=${c} view=${view} picker=${picker} />
          <${GiftDisplay} c=${c} view=${view} picker=${picker} />
        </div>
      </div>
      ${seat !== null && html`<${PlayerArea} c=${c} view=${view} state=${state} picker=${picker} players=${players} seat=${seat} mine=${true} />`}
      ${hasAutoma && html`<${AutomaTurn} c=${c} log=${log} players=${players} />`}
      <div class="pc-others">
        ${others.map((s) => html`<${PlayerArea} key=${s} c=${c} view=${view} state=${state} picker=${picker} players=${players} seat=${s} mine=${false} />`)}
      </div>
    </div>`;
}

/** The words of a `do:` button that does not complete an action by itself. */
export function label(id, c) {
  const keys = { "do:use.movement": "use_movement", "do:use.camp": "use_camp", "do:pair": "pair", "do:keep": "keep",
    "do:as.move": "as_move", "do:as.camp": "as_camp", "do:as.postcard": "as_postcard", "do:as.stamp": "as_stamp" };
  return keys[id] ? word(c, keys[id]) : null;
}

/** A picked thing in words (the click bar lists them). */
export function describe(id, c) {
  if (!c || !c.words) return null;
  const [kind, a, b] = id.split(":");
  if (kind === "hand") return (c.travel[a] || {}).name || a;
  if (kind === "twin") return word(c, "twin", { card: (c.travel[a] || {}).name || a });
  if (kind === "region") return (c.regions[a] || {}).name || a;
  if (kind === "site") {
    const info = c.campsites[a];
    return info ? word(c, "site", { id: a, type: c.campsite_types[info.type] }) : a;
  }
  if (kind === "stamp") return word(c, "stamp_space", { number: b, id: a });
  if (kind === "souvenir") return word(c, "souvenir_space", { number: b, id: a });
  if (kind === "postcard" || kind === "hike") return word(c, "postcard", { id: a });
  if (kind === "postcards") return word(c, "the_postcards");
  if (kind === "do") return label(id, c);
  return null;
}
