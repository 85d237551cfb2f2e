// The Carteros board: the neighbourhood of face-down houses with the Post Office and the shops,
// the carriers, floods and Stampy (an SVG), the seat's bag and Action cards, the decks and
// discard piles, the missions on offer and every carrier's cards and deliveries (HTML beside
// it), and the reaction window as a pop-up. Everything is drawn from the seat's view and the
// welcome's `components` (the game's `board_data`: geometry and every word, in the reader's
// language); what can be clicked and what a click does come from the server's actions (their
// click paths, see games/carteros/clicks.py): nothing here computes a rule.
import { useEffect, useRef, useState } from "preact/hooks";
import { html } from "/static/api.js";
import { fmt, word } from "/static/words.js";

const COLOURS = ["#c8402c", "#2f6db5", "#2e8a57", "#c98a12"];
// each seat's colour also has a shape of its own (colour is never the only carrier)
const MARKS = ["●", "▲", "■", "◆"];
// a symbol per Mail kind, beside its colour
const MAIL_MARKS = { letter: "✉", parcel: "▣" };
// the neighbourhood's geometry in the SVG's units
const W = 400;
const X0 = 10;
const Y0 = 100;
const CW = 120;
const CH = 110;
const GAP = 10;


function nameOf(players, seat) {
  const p = (players || []).find((x) => x.seat === seat);
  return p ? p.name || p.label || `#${seat}` : `#${seat}`;
}

function plural(components, key, count, fields) {
  return word(components, count === 1 ? `${key}_one` : key, { count, ...(fields || {}) });
}

/** What the thing `id` is, in words (its accessible name, its tooltip's first line). */
export function thingName(id, components, view, players) {
  if (!components || !id) return "";
  const v = view || {};
  const [kind, arg] = id.includes(":") ? [id.slice(0, id.indexOf(":")), id.slice(id.indexOf(":") + 1)] : [id, ""];
  if (kind === "house") {
    const known = v.known && v.known[arg];
    const parts = [word(components, "house_name", { house: arg })];
    parts.push(known && components.house_kinds[known] ? word(components, "seen", { card: components.house_kinds[known].title }) : word(components, "face_down"));
    if ((v.fresh || []).includes(arg)) parts.push(word(components, "fresh"));
    const flooded = (v.floods || []).some((b) => b && (components.blocks[b] || []).includes(arg));
    if (flooded) parts.push(word(components, "flooded"));
    if (v.stampy === arg) parts.push(word(components, "stampy_here"));
    const here = (v.carriers || []).map((c, s) => [c, s]).filter(([c]) => c.position === arg).map(([, s]) => nameOf(players, s));
    if (here.length) parts.push(word(components, "carriers_here", { names: here.join(", ") }));
    return parts.join(", ");
  }
  if (kind === "block") return word(components, "block_name", { houses: (components.blocks[arg] || []).join(", ") });
  if (kind === "post_office" || kind === "shops") return components.places[kind];
  if (kind === "mail") {
    const k = components.mail_kinds[arg] || { title: arg, points: 1 };
    const n = v.hand && v.hand.mail ? v.hand.mail[arg] || 0 : 0;
    return word(components, "mail_name", { card: k.title, points: plural(components, "points", k.points), count: n });
  }
  if (kind === "card") {
    const k = components.action_kinds[arg] || { title: arg };
    return word(components, "action_name", { card: k.title });
  }
  if (kind === "action_deck") return `${word(components, "action_deck")}, ${plural(components, "cards_left", v.action_deck || 0)}`;
  if (kind === "action_discard") return word(components, "action_discard");
  if (kind === "mail_pile") return `${word(components, "mail_deck")}, ${plural(components, "cards_left", v.mail_deck || 0)}`;
  if (kind === "house_pile") return `${word(components, "house_deck")}, ${plural(components, "cards_left", v.house_deck || 0)}`;
  if (kind === "mission") {
    const card = ((v.missions && v.missions.cards) || components.missions || {})[arg] || {};
    return `${word(components, "mission", { mission: arg })}, ${word(components, "mission_at", { house: card.house, points: plural(components, "points", card.points || 0) })}`;
  }
  if (kind === "react") {
    if (arg === "pass") return word(components, "react_pass");
    const k = components.action_kinds[arg] || { title: arg };
    return word(components, "react_use", { card: k.title });
  }
  if (kind === "carrier" || kind === "meeple") {
    const s = Number(arg);
    const c = (v.carriers || [])[s];
    if (!c) return "";
    const place = components.places[c.position] || c.position;
    return word(components, "carrier_name", { name: nameOf(players, s), mark: MARKS[s % MARKS.length], place, score: c.score });
  }
  return "";
}

function cell(components, house) {
  const i = components.houses.indexOf(house);
  const cols = components.columns.length;
  const c = i % cols;
  const r = Math.floor(i / cols);
  const x = X0 + c * (CW + GAP);
  const y = Y0 + r * (CH + GAP);
  return { x, y, cx: x + CW / 2, cy: y + CH / 2 };
}

/** Where a carrier stands, as a point of the SVG: a house, the Post Office or the shops. */
function spot(components, position) {
  if (position === "post_office") return { cx: 100, cy: 60 };
  if (position === "shops") return { cx: 300, cy: 60 };
  return cell(components, position);
}

/** The verb of the action a click on `id` leads to (the first one, read from its notation). */
function verbOf(picker, id) {
  const entry = picker.next.get(id);
  if (!entry || !entry.actions.length) return null;
  return entry.actions[0].notation.split(" ")[0];
}

/** The events of the latest decision the seat saw. */
function latest(log) {
  if (!log || !log.length) return [];
  const step = Math.max(...log.map((e) => e.step || 0));
  return log.filter((e) => (e.step || 0) === step);
}

// -- the neighbourhood ---------------------------------------------------------------------

function House({ components, view, house, picker, mine, flooded, missionFlags, turned, players }) {
  const { x, y } = cell(components, house);
  const id = `house:${house}`;
  const known = view.known && view.known[house];
  const kind = known ? components.house_kinds[known] : null;
  const fresh = (view.fresh || []).includes(house);
  const stampy = view.stampy === house;
  const legal = picker.legal(id);
  const deliver = legal && mine === house && verbOf(picker, id) === "deliver";
  const hint = picker.hint(id);
  const title = [
    house,
    kind ? word(components, "seen", { card: kind.title }) : word(components, "face_down"),
    fresh ? word(components, "fresh") : "",
    flooded ? word(components, "flooded") : "",
    stampy ? word(components, "stampy_here") : "",
    hint ? `→ ${hint}` : "",
  ].filter(Boolean).join(" · ");
  const missionText = missionFlags.map((f) => word(components, "holds_mission", { mission: f.number, house, points: f.points }));
  const name = thingName(id, components, view, players);
  const tip = [name, ...missionText, word(components, "house_tip")].join(". ");
  return html`
    <g class=${`cr-house${flooded ? " flooded" : ""}${fresh ? " fresh" : ""}${picker.cls(id)}`}
      ...${picker.props(id, { name, tip, rule: "house-cards" })} data-house=${house}>
      <title>${[title, ...missionText].join(" · ")}</title>
      <rect class="lot" x=${x} y=${y} width=${CW} height=${CH} rx="10" />
      ${flooded && html`<rect class="lot-water" x=${x} y=${y} width=${CW} height=${CH} rx="10" fill="url(#cr-waves)" />`}
      <rect class="yard" x=${x + 6} y=${y + CH - 30} width=${CW - 12} height="25" rx="6" />
      <path class="roof" d=${`M${x + 22} ${y + 36} L${x + 60} ${y + 8} L${x + 98} ${y + 36} Z`} />
      <rect class="wall" x=${x + 28} y=${y + 34} width="64" height="44" rx="3" />
      <text class="hname" x=${x + 8} y=${y + 19}>${house}</text>
      ${kind
        ? html`<g class="seen-card">
            <rect x=${x + 34} y=${y + 38} width="52" height="36" rx="4" />
            <text x=${x + 60} y=${y + 54} text-anchor="middle" class="abbrev">${kind.abbrev}</text>
            <text x=${x + 60} y=${y + 68} text-anchor="middle" class="seen-label">GPS</text>
          </g>`
        : html`<g class="back-card">
            <rect x=${x + 34} y=${y + 38} width="52" height="36" rx="4" />
            <path d=${`M${x + 40} ${y + 43} h40 v26 h-40 Z`} class="back-inner" />
            <text x=${x + 60} y=${y + 61} text-anchor="middle" class="q">?</text>
          </g>`}
      ${fresh && html`<g class="fresh-tag"><rect x=${x + CW - 27} y=${y + 5} width="22" height="16" rx="8" />
        <text x=${x + CW - 16} y=${y + 17} text-anchor="middle">✱</text></g>`}
      ${missionFlags.map((f, i) => html`
        <g class="mission-flag" key=${f.number}>
          <rect x=${x + CW - 27} y=${y + 26 + i * 20} width="24" height="17" rx="4"
            style=${f.colour ? `stroke:${f.colour};stroke-width:2.5` : ""} />
          <text x=${x + CW - 15} y=${y + 39 + i * 20} text-anchor="middle">${f.mark || "★"}${f.points}</text>
        </g>`)}
      ${stampy && html`<${Dog} x=${x + CW - 20} y=${y + CH - 18} />`}
      ${deliver && html`<g class="deliver-tag">
        <rect x=${x + 22} y=${y + 45} width="76" height="22" rx="11" />
        <text x=${x + 60} y=${y + 60} text-anchor="middle">${word(components, "deliver_here")}</text></g>`}
      ${turned && html`<g class="turned" key=${turned.key}>
        <rect x=${x + 30} y=${y + 34} width="60" height="44" rx="5" />
        <text x=${x + 60} y=${y + 53} text-anchor="middle" class="abbrev">${turned.abbrev}</text>
        <text x=${x + 60} y=${y + 68} text-anchor="middle" class="turned-title">${turned.short}</text>
      </g>`}
    </g>`;
}

function Dog({ x, y }) {
  return html`<g class="cr-dog" transform=${`translate(${x} ${y})`} aria-hidden="true">
    <circle r="13" class="dog-bg" />
    <ellipse cx="-9" cy="-9" rx="5" ry="8" class="dog-ear" transform="rotate(-25 -9 -9)" />
    <ellipse cx="9" cy="-9" rx="5" ry="8" class="dog-ear" transform="rotate(25 9 -9)" />
    <circle r="10" class="dog-face" />
    <circle cx="-4" cy="-2" r="1.6" class="dog-eye" /><circle cx="4" cy="-2" r="1.6" class="dog-eye" />
    <ellipse cx="0" cy="4" rx="3" ry="2.2" class="dog-eye" />
  </g>`;
}

function Place({ components, view, name, x, picker, enabled }) {
  const id = name;
  const label = components.places[name];
  const hint = picker.hint(id);
  return html`
    <g class=${`cr-place cr-${name}${enabled ? "" : " closed"}${picker.cls(id)}`}
      ...${picker.props(id, { name: label, tip: `${label}: ${word(components, `${name}_tip`)}` })}>
      <title>${hint ? `${label} → ${hint}` : label}</title>
      <rect x=${x} y="6" width="180" height="82" rx="10" class="place-lot" />
      ${name === "post_office"
        ? html`<path class="po-roof" d=${`M${x + 14} 32 L${x + 90} 12 L${x + 166} 32 Z`} />
            <rect class="po-wall" x=${x + 22} y="30" width="136" height="52" rx="3" />
            <rect class="po-stripe" x=${x + 22} y="30" width="136" height="6" />`
        : html`<rect class="shop-awning" x=${x + 16} y="16" width="148" height="16" rx="3" />
            <rect class="shop-wall" x=${x + 22} y="32" width="136" height="50" rx="3" />`}
      <text x=${x + 90} y="52" text-anchor="middle" class="place-name">${label}</text>
    </g>`;
}

function Neighbourhood({ components, view, picker, mySeat, log, players }) {
  const carriers = view.carriers || [];
  const flooded = new Set();
  for (const block of view.floods || []) {
    if (block) for (const h of components.blocks[block] || []) flooded.add(h);
  }
  const mine = mySeat !== null && mySeat !== undefined && carriers[mySeat] ? carriers[mySeat].position : null;
  // missions on offer and held, by house
  const flags = {};
  const cards = view.missions && view.missions.cards ? view.missions.cards : {};
  const flag = (number, colour, mark) => {
    const card = cards[String(number)];
    if (!card) return;
    (flags[card.house] = flags[card.house] || []).push({ number, points: card.points, colour, mark });
  };
  if (view.options && view.options.missions) {
    for (const m of view.missions.offer || []) if (m) flag(m, null);
    carriers.forEach((c, s) => { if (c.mission) flag(c.mission, COLOURS[s % COLOURS.length], MARKS[s % MARKS.length]); });
  }
  // the house cards turned by the latest decision (shown turning over on their house)
  const turned = {};
  for (const e of latest(log)) {
    const d = e.data || {};
    if ((e.kind === "reveal" || e.kind === "ride") && d.house && d.card && components.house_kinds[d.card]) {
      const kind = components.house_kinds[d.card];
      turned[d.house] = { key: `${e.step}-${d.house}`, abbrev: kind.abbrev, short: kind.title.length > 14 ? kind.abbrev : kind.title };
    }
  }
  const hovered = picker.hovered;
  // the hovered move as an arrow from where its mover stands
  let arrow = null;
  if (hovered && hovered.startsWith("house:")) {
    const verb = verbOf(picker, hovered);
    const target = hovered.slice(6);
    let from = null;
    if ((verb === "move" || verb === "ride") && mine) from = spot(components, mine);
    else if (verb === "move_stampy" && view.stampy) from = cell(components, view.stampy);
    if (from) {
      const to = cell(components, target);
      arrow = { x1: from.cx, y1: from.cy, x2: to.cx, y2: to.cy };
    }
  }
  const blocks = picker.legalStarting("block:");
  const hoveredBlock = hovered && hovered.startsWith("block:") ? components.blocks[hovered.slice(6)] || [] : [];
  const events = latest(log).map((e) => e.kind);
  const rows = components.rows;
  const height = Y0 + rows * CH + (rows - 1) * GAP + 10;
  const missions = Boolean(view.options && view.options.missions);
  return html`
    <svg class="cr-map" viewBox=${`0 0 ${W} ${height}`} role="group"
      aria-label=${word(components, "neighbourhood")}>
      <defs>
        <pattern id="cr-waves" width="24" height="12" patternUnits="userSpaceOnUse">
          <path d="M0 6 Q6 0 12 6 T24 6" class="wave" />
        </pattern>
        <marker id="cr-arrowhead" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
          <path d="M0 0 L10 5 L0 10 z" class="arrowhead" />
        </marker>
      </defs>
      <rect class="streets" x="2" y=${Y0 - 8} width=${W - 4} height=${height - Y0 + 4} rx="14" />
      <${Place} components=${components} view=${view} name="post_office" x=${10} picker=${picker} enabled=${true} />
      ${missions && html`<${Place} components=${components} view=${view} name="shops" x=${210} picker=${picker} enabled=${true} />`}
      ${components.houses.map((h) => html`<${House} key=${h} components=${components} view=${view} house=${h}
        picker=${picker} mine=${mine} flooded=${flooded.has(h)} missionFlags=${flags[h] || []} turned=${turned[h]} players=${players} />`)}
      ${(view.floods || []).filter(Boolean).map((block) => {
        const hs = components.blocks[block];
        const a = cell(components, hs[0]);
        return html`<g class="cr-flood" key=${block} aria-hidden="true">
          <rect x=${a.x - 3} y=${a.y - 3} width=${2 * CW + GAP + 6} height=${2 * CH + GAP + 6} rx="14" class="water" />
        </g>`;
      })}
      ${hoveredBlock.length > 0 && (() => {
        const a = cell(components, hoveredBlock[0]);
        return html`<rect class="cr-block-preview" x=${a.x - 4} y=${a.y - 4} width=${2 * CW + GAP + 8} height=${2 * CH + GAP + 8} rx="16" />`;
      })()}
      ${arrow && html`<line class="cr-path" x1=${arrow.x1} y1=${arrow.y1} x2=${arrow.x2} y2=${arrow.y2} marker-end="url(#cr-arrowhead)" />`}
      <g class="cr-carriers">
        ${carriers.map((c, s) => {
          const at = spot(components, c.position);
          const same = carriers.map((o, k) => [o, k]).filter(([o]) => o.position === c.position).map(([, k]) => k);
          const i = same.indexOf(s);
          const inPlace = c.position === "post_office" || c.position === "shops";
          const px = inPlace ? at.cx + (i - (same.length - 1) / 2) * 24 : at.x + 18 + i * 22;
          const py = inPlace ? 80 : at.y + CH - 9;
          const mid = `meeple:${s}`;
          return html`<g key=${s} class=${`cr-meeple${s === view.current ? " current" : ""}${picker.cls(mid)}`}
              ...${picker.props(mid, { name: thingName(mid, components, view, players) })}
              style=${`transform: translate(${px}px, ${py}px)`}>
            <circle cy="-18" r="5.5" fill=${COLOURS[s % COLOURS.length]} class="body" />
            <path d="M-8 0 Q-8 -11 0 -12 Q8 -11 8 0 Z" fill=${COLOURS[s % COLOURS.length]} class="body" />
            <text y="-2.5" text-anchor="middle" class="meeple-num">${s}</text>
            <text y="-15.5" text-anchor="middle" class="meeple-mark">${MARKS[s % MARKS.length]}</text>
            ${c.boots && html`<rect x="-8" y="-1" width="16" height="5" rx="2" class="boots" />`}
          </g>`;
        })}
      </g>
      <g data-magnify=${word(components, "flood_pick")} class="cr-blocks">
      ${blocks.map((id) => {
        const hs = components.blocks[id.slice(6)] || [];
        if (!hs.length) return null;
        const a = cell(components, hs[0]);
        const cx = a.x + CW + GAP / 2;
        const cy = a.y + CH + GAP / 2;
        const hint = picker.hint(id);
        const bname = thingName(id, components, view, players);
        return html`<g key=${id} class=${`cr-block${picker.cls(id)}`} ...${picker.props(id, { name: bname, tip: `${bname}: ${word(components, "flood_here")}`, rule: "rain" })}>
          <title>${hint || word(components, "flood_here")}</title>
          <circle cx=${cx} cy=${cy} r="32" />
          <path d=${`M${cx - 10} ${cy + 2} q5 -6 10 0 t10 0`} class="wave-icon" />
          <path d=${`M${cx - 10} ${cy - 5} q5 -6 10 0 t10 0`} class="wave-icon" />
        </g>`;
      })}
      </g>
      ${events.includes("rain") && html`<g class="cr-rain" aria-hidden="true">
        ${Array.from({ length: 26 }, (_, i) => html`<line key=${i} x1=${(i * 53) % W} y1=${-20 - ((i * 37) % 80)}
          x2=${((i * 53) % W) - 6} y2=${-2 - ((i * 37) % 80)} style=${`animation-delay:${(i % 7) * 0.12}s`} />`)}
      </g>`}
      ${events.includes("sunny_day") && html`<g class="cr-sun" aria-hidden="true">
        <circle cx=${W - 40} cy="40" r="26" /></g>`}
    </svg>`;
}

// -- cards, piles and carriers -------------------------------------------------------------

function Status({ components, view, players, mySeat, picker, myTurn }) {
  const limits = components.limits;
  const tasks = view.tasks || [];
  const top = tasks.length ? tasks[tasks.length - 1] : null;
  const current = view.current;
  let line;
  if (view.over) line = word(components, "over");
  else if (view.final) line = word(components, "final");
  else line = `${word(components, "round", { round: view.round })} · ${
    current === mySeat ? word(components, "your_turn") : word(components, "turn_of", { name: nameOf(players, current) })}`;
  let prompt = "";
  if (myTurn && top && top.kind !== "next_turn") {
    if (picker.prefix[0] === "action_discard") prompt = word(components, "replace_pick");
    else prompt = word(components, `${top.kind === "place_stampy" ? "place" : top.kind === "move_stampy" ? "move" : top.kind === "take_mission" ? "mission" : top.kind}_pick`);
    if (top.kind === "react") prompt = "";
  } else if (myTurn && !top) {
    prompt = picker.prefix[0] === "action_discard" ? word(components, "replace_pick") : word(components, "move_hint");
  } else if (top && top.kind !== "next_turn" && top.kind !== "react" && (view.deciders || []).length && !(view.deciders || []).includes(mySeat)) {
    const who = view.deciders[0];
    let card = "";
    const order = components.action_order || [];
    if (top.arg >= 0 && top.arg < order.length) card = components.action_kinds[order[top.arg]].title;
    const waiting = fmt((components.waiting || {})[top.kind] || "", { card, cause: components.causes[top.cause] || top.cause });
    prompt = word(components, "waiting_for", { name: nameOf(players, who), waiting });
  }
  const used = view.actions_used || 0;
  const hover = picker.hovered ? picker.hint(picker.hovered) : "";
  return html`
    <div class="cr-status" data-testid="carteros-status">
      <div class="cr-status-line">
        <b>${line}</b>
        ${!view.over && !view.final && html`<span class="cr-pips" title=${word(components, "actions_used", { used, total: limits.actions })}>
          ${Array.from({ length: limits.actions }, (_, i) => html`<i key=${i} class=${i < used ? "used" : ""}></i>`)}
          <small>${word(components, "actions_used", { used, total: limits.actions })}</small>
        </span>`}
      </div>
      ${prompt && html`<div class="cr-prompt">${prompt}</div>`}
      ${myTurn && html`<div class="cr-hover" data-testid="carteros-hover" title=${hover}>${hover || "\u00a0"}</div>`}
    </div>`;
}

function Hand({ components, view, picker }) {
  const hand = view.hand;
  if (!hand) return null;
  const mail = Object.entries(hand.mail || {}).filter(([, n]) => n > 0);
  const actions = Object.entries(hand.actions || {}).filter(([, n]) => n > 0);
  const held = actions.reduce((a, [, n]) => a + n, 0);
  return html`
    <div class="cr-hand">
      <div class="cr-row-title">${word(components, "your_bag")}</div>
      <div class="cr-cards">
        ${mail.length === 0 && html`<span class="muted cr-none">${word(components, "no_mail")}</span>`}
        ${mail.map(([name, n]) => {
          const kind = components.mail_kinds[name] || { title: name, points: 1 };
          const id = `mail:${name}`;
          const cname = thingName(id, components, view);
          return html`<button type="button" key=${id} class=${`cr-card mail mail-${name}${picker.cls(id)}`}
            ...${picker.props(id, { name: cname, tip: `${cname}. ${word(components, "mail_tip")}`, hand: true, rule: "mail-cards" })}>
            <span class="stamp" aria-hidden="true">${MAIL_MARKS[name] || "✉"}</span>
            <span class="ctitle">${kind.title}</span>
            <span class="cpoints">${kind.points} ★</span>
            ${n > 1 && html`<span class="count">×${n}</span>`}
          </button>`;
        })}
      </div>
      <div class="cr-row-title">${word(components, "your_actions", { count: held, limit: components.limits.hand })}</div>
      <div class="cr-cards">
        ${actions.length === 0 && html`<span class="muted cr-none">${word(components, "no_actions")}</span>`}
        ${actions.map(([name, n]) => {
          const kind = components.action_kinds[name] || { title: name, help: "" };
          const id = `card:${name}`;
          return html`<button type="button" key=${id} class=${`cr-card action act-${name}${picker.cls(id)}`}
            ...${picker.props(id, { name: thingName(id, components, view), tip: `${kind.title}: ${kind.help}`, hand: true, rule: "action-cards" })}>
            <span class="ctitle">${kind.title}</span>
            <span class="chelp">${kind.help}</span>
            ${n > 1 && html`<span class="count">×${n}</span>`}
          </button>`;
        })}
      </div>
    </div>`;
}

function counted(entries, names) {
  return Object.entries(entries || {}).filter(([, n]) => n > 0).map(([k, n]) => `${names(k)} ×${n}`);
}

function Piles({ components, view, picker }) {
  const title = (kinds) => (k) => (kinds[k] ? kinds[k].title : k);
  const actionDiscard = counted(view.action_discard, title(components.action_kinds));
  const mailDiscard = counted(view.mail_discard, title(components.mail_kinds));
  const houseDiscard = counted(view.house_discard, (k) => (components.house_kinds[k] ? components.house_kinds[k].abbrev : k));
  const rains = (view.floods || []).length;
  const pending = (view.floods || []).some((b) => !b);
  return html`
    <div class="cr-piles" aria-label=${word(components, "decks")}>
      <button type="button" class=${`cr-pile deck${picker.cls("action_deck")}`}
        ...${picker.props("action_deck", { name: thingName("action_deck", components, view), tip: `${thingName("action_deck", components, view)}. ${word(components, "deck_tip")}`, rule: "draw" })}>
        <span class="ptitle">${word(components, "action_deck")}</span>
        <span class="pcount">${plural(components, "cards_left", view.action_deck || 0)}</span>
        ${picker.legal("action_deck") && html`<span class="pdo">${word(components, "draw")}</span>`}
      </button>
      <button type="button" class=${`cr-pile discard${picker.cls("action_discard")}`}
        ...${picker.props("action_discard", { name: `${word(components, "action_discard")}: ${actionDiscard.join(", ") || word(components, "empty")}`, tip: `${word(components, "action_discard")}. ${word(components, "replace")}`, rule: "replace" })}>
        <span class="ptitle">${word(components, "action_discard")}</span>
        <span class="plist">${actionDiscard.join(", ") || word(components, "empty")}</span>
        ${(picker.legal("action_discard") || picker.picked("action_discard")) && html`<span class="pdo">${word(components, "replace")}</span>`}
      </button>
      <div class=${`cr-pile static${picker.cls("mail_pile")}`} ...${picker.props("mail_pile", { name: thingName("mail_pile", components, view) })}>
        <span class="ptitle">${word(components, "mail_deck")}</span>
        <span class="pcount">${plural(components, "cards_left", view.mail_deck || 0)}</span>
        <span class="plist">${word(components, "mail_discard")}: ${mailDiscard.join(", ") || word(components, "empty")}</span>
      </div>
      <div class=${`cr-pile static${picker.cls("house_pile")}`} ...${picker.props("house_pile", { name: thingName("house_pile", components, view) })}>
        <span class="ptitle">${word(components, "house_deck")}</span>
        <span class="pcount">${plural(components, "cards_left", view.house_deck || 0)}</span>
        <span class="plist">${word(components, "house_discard")}: ${houseDiscard.join(", ") || word(components, "empty")}</span>
      </div>
      ${rains > 0 && html`<div class="cr-pile static rain-card">
        <span class="ptitle">${word(components, "rain", { count: rains })}</span>
        ${pending && html`<span class="plist">${word(components, "rain_pending")}</span>`}
      </div>`}
    </div>`;
}

function Missions({ components, view, picker }) {
  if (!(view.options && view.options.missions)) return null;
  const offer = (view.missions && view.missions.offer) || [];
  const decks = (view.missions && view.missions.decks) || [];
  const cards = (view.missions && view.missions.cards) || components.missions || {};
  return html`
    <div class="cr-missions">
      <div class="cr-row-title">${word(components, "missions")}</div>
      <div class="cr-cards">
        ${offer.every((m) => !m) && html`<span class="muted cr-none">${word(components, "no_missions")}</span>`}
        ${offer.map((m, i) => {
          if (!m) return null;
          const card = cards[String(m)] || {};
          const id = `mission:${m}`;
          return html`<button type="button" key=${id} class=${`cr-card mission${picker.cls(id)}`}
            ...${picker.props(id, { name: thingName(id, components, view), tip: `${thingName(id, components, view)}. ${word(components, "mission_tip")}`, rule: "missions" })}>
            <span class="ctitle">${word(components, "mission", { mission: m })}</span>
            <span class="chelp">${word(components, "mission_at", { house: card.house, points: plural(components, "points", card.points || 0) })}</span>
            <span class="count">${decks[i] || 0}</span>
          </button>`;
        })}
      </div>
    </div>`;
}

function Carriers({ components, view, players, mySeat, picker }) {
  const goal = components.limits.goal;
  const cards = (view.missions && view.missions.cards) || {};
  return html`
    <div class="cr-carriers-list" aria-label=${word(components, "carriers")}>
      ${(view.carriers || []).map((c, s) => {
        const delivered = Object.entries(c.delivered || {});
        const total = delivered.reduce((a, [, n]) => a + n, 0);
        const mission = c.mission ? cards[String(c.mission)] : null;
        const place = components.places[c.position] || c.position;
        const cid = `carrier:${s}`;
        return html`<div key=${s} class=${`cr-carrier${s === view.current && !view.over ? " current" : ""}${s === mySeat ? " me" : ""}${picker.cls(cid)}`}
            ...${picker.props(cid, { name: thingName(cid, components, view, players) })}
            data-testid=${`carrier-${s}`}>
          <span class="swatch" style=${`background:${COLOURS[s % COLOURS.length]}`} aria-hidden="true">${MARKS[s % MARKS.length]}</span>
          <span class="cname">${nameOf(players, s)}${s === mySeat ? ` (${word(components, "you")})` : ""}</span>
          <span class="cscore">${word(components, "score", { score: c.score })}</span>
          <span class="cwhere">${word(components, "position", { place })}</span>
          <span class="chand" title=${`${word(components, "mail_count")} · ${word(components, "action_count")}`}>
            <span class="mini mail">✉ ${c.mail}</span><span class="mini act">▣ ${c.actions}</span></span>
          <span class="cdelivered" title=${word(components, "delivered", { count: total, goal })}>
            ${delivered.map(([k, n]) => html`<span key=${k} class=${`dl dl-${k}`}>${(components.mail_kinds[k] || {}).abbrev || k} ${n}</span>`)}
            <span class="dbar"><i style=${`width:${Math.min(100, (100 * total) / goal)}%`}></i></span>
            <small>${total}/${goal}</small>
          </span>
          <span class="cextra">
            ${c.boots && html`<span class="tag boots">${word(components, "boots")}</span>`}
            ${c.debt > 0 && html`<span class="tag debt">${word(components, "debt")}</span>`}
            ${c.mission && html`<span class="tag mission" style=${`border-color:${COLOURS[s % COLOURS.length]}`}>${
              mission ? word(components, "holds_mission", { mission: c.mission, house: mission.house, points: mission.points })
                : word(components, "mission", { mission: c.mission })}</span>`}
            ${(c.missions_done || []).length > 0 && html`<span class="tag">${word(components, "missions_done", { missions: c.missions_done.join(", ") })}</span>`}
            ${view.finisher === s && html`<span class="tag finish">${word(components, "first_to_finish")}</span>`}
            ${view.final && c.tiebreak > 0 && html`<span class="tag">${word(components, "tiebreak", { points: c.tiebreak })}</span>`}
          </span>
        </div>`;
      })}
    </div>`;
}

/** The reaction window: for the seat asked, a pop-up with the card it may use, what it cancels,
 * and the clock if the table has one. */
function Reaction({ components, view, state, picker, mySeat }) {
  const uses = picker.legalStarting("react:").filter((id) => id !== "react:pass");
  const canPass = picker.legal("react:pass");
  const [since, setSince] = useState(() => performance.now());
  const [, tick] = useState(0);
  const remaining = state && state.clock && state.clock.remaining ? state.clock.remaining[String(mySeat)] : undefined;
  const timed = remaining !== undefined && remaining !== null;
  useEffect(() => { setSince(performance.now()); }, [state && state.step, remaining]);
  useEffect(() => {
    if (!timed || (!uses.length && !canPass)) return undefined;
    const timer = setInterval(() => tick((n) => n + 1), 500);
    return () => clearInterval(timer);
  }, [timed, uses.length, canPass]);
  if (!uses.length && !canPass) return null;
  const tasks = view.tasks || [];
  const top = tasks.length ? tasks[tasks.length - 1] : null;
  const causeWords = top ? components.causes[top.cause] || top.cause : "";
  const left = timed ? Math.max(0, Math.ceil(remaining - (performance.now() - since) / 1000)) : null;
  return html`
    <div class="cr-react" role="dialog" aria-modal="false" aria-labelledby="cr-react-title" data-testid="carteros-reaction">
      <div class="cr-react-box">
        <div class="cr-react-head">
          <b id="cr-react-title">${word(components, "react_title")}</b>
          ${left !== null && html`<span class=${`cr-timer${left < 10 ? " low" : ""}`} data-testid="reaction-timer">
            ${word(components, "time_left", { seconds: left })}</span>`}
        </div>
        ${uses.map((id) => {
          const name = id.slice(6);
          const kind = components.action_kinds[name] || { title: name, help: "" };
          return html`<div key=${id} class="cr-react-card">
            <p>${word(components, "react_prevents", { card: kind.title, cause: causeWords })} <small class="muted">${kind.help}</small></p>
            <button type="button" class=${`primary cr-react-use${picker.cls(id)}`} ...${picker.props(id, { name: thingName(id, components, view), tip: `${kind.title}: ${kind.help}` })}>
              ${word(components, "react_use", { card: kind.title })}</button>
          </div>`;
        })}
        ${canPass && html`<button type="button" class=${`cr-react-pass${picker.cls("react:pass")}`} ...${picker.props("react:pass", { name: word(components, "react_pass") })}>${word(components, "react_pass")}</button>`}
      </div>
    </div>`;
}

/** Another seat's reaction window, told to everyone else. */
function TheyReact({ components, view, players, mySeat }) {
  const tasks = view.tasks || [];
  const top = tasks.length ? tasks[tasks.length - 1] : null;
  if (!top || top.kind !== "react" || top.seat === mySeat) return null;
  const order = components.action_order || [];
  const card = top.arg >= 0 && top.arg < order.length ? components.action_kinds[order[top.arg]].title : "";
  return html`<div class="cr-they-react" role="status">${word(components, "they_react", {
    name: nameOf(players, top.seat), cause: components.causes[top.cause] || top.cause, card })}</div>`;
}

export function Board(props) {
  const { components, state, players, mySeat, log, picker, myTurn } = props;
  const view = props.view || (state && state.view);
  if (!view || !components || !components.houses) return null;
  const me = mySeat === undefined ? null : mySeat;
  if (props.phone) {
    // a phone: the carriers first (no target among them), then the map with the hand, the piles
    // and the missions beside it, so that every decision's targets fit one screen together with
    // the buttons the shell draws under the board
    return html`
      <div class=${`cr-board cr-phone${props.replay ? " cr-replay" : ""}`}>
        <${Carriers} components=${components} view=${view} players=${players} mySeat=${me} picker=${picker} />
        <${Status} components=${components} view=${view} players=${players} mySeat=${me} picker=${picker} myTurn=${myTurn} />
        <${TheyReact} components=${components} view=${view} players=${players} mySeat=${me} />
        <div class="cr-phone-row">
          <${Neighbourhood} components=${components} view=${view} picker=${picker} mySeat=${me} log=${log} players=${players} />
          <div class="cr-phone-side">
            <${Hand} components=${components} view=${view} picker=${picker} />
            <${Piles} components=${components} view=${view} picker=${picker} />
            <${Missions} components=${components} view=${view} picker=${picker} />
          </div>
        </div>
        <${Reaction} components=${components} view=${view} state=${state} picker=${picker} mySeat=${me} />
      </div>`;
  }
  return html`
    <div class=${`cr-board${props.phone ? " cr-phone" : ""}${props.replay ? " cr-replay" : ""}`}>
      <div class="cr-map-col">
        <${Status} components=${components} view=${view} players=${players} mySeat=${me} picker=${picker} myTurn=${myTurn} />
        <${TheyReact} components=${components} view=${view} players=${players} mySeat=${me} />
        <${Neighbourhood} components=${components} view=${view} picker=${picker} mySeat=${me} log=${log} players=${players} />
      </div>
      <div class="cr-side">
        <${Hand} components=${components} view=${view} picker=${picker} />
        <${Piles} components=${components} view=${view} picker=${picker} />
        <${Missions} components=${components} view=${view} picker=${picker} />
        <${Carriers} components=${components} view=${view} players=${players} mySeat=${me} picker=${picker} />
        <p class="cr-legend muted">${word(components, "legend")}</p>
      </div>
      <${Reaction} components=${components} view=${view} state=${state} picker=${picker} mySeat=${me} />
    </div>`;
}

/** The words of a picked thing (the click bar's "picked: …"). */
export function describe(id, components, view) {
  if (!components) return null;
  if (id === "action_discard") return word(components, "action_discard");
  if (id.startsWith("house:")) return id.slice(6);
  if (id.startsWith("card:")) {
    const kind = (components.action_kinds || {})[id.slice(5)];
    return kind ? kind.title : null;
  }
  return thingName(id, components, view) || null;
}
