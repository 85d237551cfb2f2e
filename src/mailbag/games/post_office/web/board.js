// The Post Office board: each player's shelving (5×5 cells of 2×2 parcels, their colours and
// icons, the tapes laid over them, the open one-colour squares), with the helper's track of 24
// spaces around it; the seat's desk beside it (the tokens dealt or in hand, the four turns of a
// picked token, the 16 tapes and the forms of a picked one); the round and phase, the goals face
// up, and every player's stamps, goal tokens, score and whether they have chosen in this phase.
//
// Everything is drawn from the seat's view and the welcome's `components` (the game's
// `board_data`: colours, token faces, tape forms, the track and every word, in the reader's
// language). What can be clicked and what a click does come from the server's actions (their
// click paths, see games/post_office/clicks.py), and so do the points a seal earns (its text):
// nothing here computes a rule.
import { useEffect, useState } from "preact/hooks";
import { html } from "/static/api.js";
import { word } from "/static/words.js";

const FILL = ["#8fd0ef", "#3c63b4", "#f2c83c", "#9b6a3f"]; // light blue, blue, yellow, brown
const TAPE = ["#2f8fbf", "#1f3d80", "#c99a0a", "#6b4322"];
const HELPER_FILL = ["#e98b3a", "#8a5a2b", "#7d8fa3", "#d9a066"];
const P = 20; // a parcel, in SVG units
const C = 2 * P; // a cell, and a space of the track
const GAP = 6;
const O = C + GAP; // where the shelving starts
const W = O + 5 * C + GAP + C; // the whole board with its track


let LETTERS = []; // each colour's letter, drawn on every parcel (colour is never the only sign)

/** A token in words: its number and its four parcels (type, icon), turned `rot`. */
export function tokenName(components, token, rot = 0) {
  const face = turned(components, token, rot);
  const printed = components.tokens[token];
  if (!face || !printed) return "";
  const parcels = face.colours.map((c, k) => {
    const kind = (components.colours[c] || {}).label || "";
    const icon = face.icons[k] ? (components.icons[face.icons[k]] || {}).title : "";
    return icon ? word(components, "with_icon", { kind, icon }) : kind;
  });
  return word(components, "token_name", { label: printed[0], parcels: parcels.join(", ") });
}

/** A parcel of a board in words: its place, type and icon, the tape on it. */
function parcelName(components, board, p) {
  const row = Math.floor(p / 10);
  const col = p % 10;
  const colour = (board.colours || [])[p];
  if (colour === undefined || colour < 0) return word(components, "parcel_empty", { row, col });
  let kind = (components.colours[colour] || {}).label || "";
  const icon = (board.icons || [])[p];
  if (icon) kind = word(components, "with_icon", { kind, icon: (components.icons[icon] || {}).title });
  const tape = (board.tapes || [])[p];
  if (tape >= 0) return word(components, "parcel_sealed", { row, col, kind, tape: tapeLabel(components, tape) });
  return word(components, "parcel_open", { row, col, kind });
}

/** A tape (colour × 4 + shape) in words: "fragile L". */
function tapeLabel(components, tape) {
  const colour = components.colours[Math.floor(tape / 4)] || {};
  const shape = components.shapes[tape % 4] || {};
  return `${colour.label || ""} ${shape.name || ""}`.trim();
}

/** A cell of a board in words: free, or the token on it. */
function cellName(components, board, cell) {
  const row = Math.floor(cell / 5);
  const col = cell % 5;
  const token = (board.tokens || [])[cell];
  if (!token) return word(components, "cell_free", { row, col });
  return word(components, "cell_taken", { row, col, label: (components.tokens[token] || [token])[0] });
}

/** Where space `s` of the track lies (its top-left corner). */
function spaceXY(s) {
  const far = O + 5 * C + GAP;
  if (s === 0) return [0, 0];
  if (s < 6) return [O + (s - 1) * C, 0];
  if (s === 6) return [far, 0];
  if (s < 12) return [far, O + (s - 7) * C];
  if (s === 12) return [far, far];
  if (s < 18) return [O + (17 - s) * C, far];
  if (s === 18) return [0, far];
  return [0, O + (23 - s) * C];
}

/** The colours and icons a token shows on its four parcels turned `rot` quarter turns. */
function turned(components, token, rot) {
  const face = components.tokens[token];
  if (!face) return null;
  const source = components.rotation_source[rot || 0];
  return { colours: source.map((k) => face[1][k]), icons: source.map((k) => face[2][k]) };
}

/** An icon drawn in a parcel whose top-left corner is (x, y). */
function Icon({ icon, colour, x, y, size = P }) {
  const k = size / P;
  const at = `translate(${x} ${y}) scale(${k})`;
  if (icon === 1) {
    const paths = [
      "M10 3.5 L15.5 10 L10 16.5 L4.5 10 Z", // fragile: a diamond
      "M5 7 H15 V16 H5 Z M10 7 V16 M5 10.5 H15 M10 7 C7 3 5 6 10 7 C15 6 13 3 10 7", // gift
      "M6.5 10 A3.5 3.5 0 1 0 13.5 10 A3.5 3.5 0 1 0 6.5 10 M6.5 10 L3 7.5 V12.5 Z M13.5 10 L17 7.5 V12.5 Z", // sweet
      "M10 16 C2.5 10.5 5 4 10 7.8 C15 4 17.5 10.5 10 16 Z", // personal: a heart
    ];
    return html`<path class="po-symbol" transform=${at} d=${paths[colour] || paths[0]} />`;
  }
  if (icon === 2) {
    return html`<g class="po-stamp" transform=${at}>
      <rect x="5" y="4" width="10" height="12" rx="0.8" class="po-stamp-paper" />
      <rect x="7" y="6" width="6" height="8" class="po-stamp-ink" />
    </g>`;
  }
  if (icon === 3) {
    return html`<g class="po-receipt" transform=${at}>
      <path d="M5.5 3.5 H14.5 V16.5 L13 15.3 L11.5 16.5 L10 15.3 L8.5 16.5 L7 15.3 L5.5 16.5 Z" class="po-receipt-paper" />
      <path d="M7.5 7 H12.5 M7.5 9.5 H12.5 M7.5 12 H11" class="po-receipt-lines" />
    </g>`;
  }
  return null;
}

/** One parcel square: its colour and icon. */
function Parcel({ x, y, colour, icon, size = P, ghost }) {
  const k = size / P;
  return html`<g class=${ghost ? "po-ghost-parcel" : "po-parcel"}>
    <rect x=${x + 0.5} y=${y + 0.5} width=${size - 1} height=${size - 1} rx="2" fill=${FILL[colour] || "#ccc"}
      class=${`po-fill-${colour}`} />
    <${Icon} icon=${icon} colour=${colour} x=${x} y=${y} size=${size} />
    <text x=${x + 2.2 * k} y=${y + 6.8 * k} class="po-letter" style=${`font-size:${6.2 * k}px`}>${LETTERS[colour] || ""}</text>
  </g>`;
}

/** A token as a small picture of its four parcels turned `rot` (a tray's preview). */
function TokenPicture({ components, token, rot, size = 52 }) {
  const face = turned(components, token, rot);
  if (!face) return null;
  const half = P;
  return html`<svg viewBox="0 0 40 40" width=${size} height=${size} class="po-token-svg" aria-hidden="true">
    ${[0, 1, 2, 3].map((k) => html`<${Parcel} key=${k} x=${(k % 2) * half} y=${Math.floor(k / 2) * half}
      colour=${face.colours[k]} icon=${face.icons[k]} />`)}
    <rect x="0.5" y="0.5" width="39" height="39" rx="3" class="po-token-edge" />
  </svg>`;
}

/** A tape shape in one of its forms as a small picture. */
function FormPicture({ form, colour, size = 40 }) {
  const rows = 1 + Math.max(...form.map((sq) => sq[0]));
  const cols = 1 + Math.max(...form.map((sq) => sq[1]));
  const u = 10;
  return html`<svg viewBox=${`-1 -1 ${4 * u + 2} ${4 * u + 2}`} width=${size} height=${size} aria-hidden="true">
    <g transform=${`translate(${((4 - cols) * u) / 2} ${((4 - rows) * u) / 2})`}>
      ${form.map((sq, i) => html`<rect key=${i} x=${sq[1] * u + 0.5} y=${sq[0] * u + 0.5} width=${u - 1} height=${u - 1}
        rx="1.5" fill=${TAPE[colour]} class="po-form-square" />`)}
    </g>
  </svg>`;
}

/** The parcels of each tape laid on a board, from its `tapes` (the tape on every parcel). */
function tapeGroups(board) {
  const groups = new Map();
  (board.tapes || []).forEach((tape, p) => {
    if (tape < 0) return;
    if (!groups.has(tape)) groups.set(tape, []);
    groups.get(tape).push(p);
  });
  return groups;
}

/** A tape over its parcels: a broad band from square to square. */
function TapeBand({ tape, parcels, ghost, legal }) {
  const colour = Math.floor(tape / 4);
  const centre = (p) => [O + (p % 10) * P + P / 2, O + Math.floor(p / 10) * P + P / 2];
  const segments = [];
  for (const a of parcels) {
    for (const b of parcels) {
      if (a < b && ((b - a === 1 && Math.floor(a / 10) === Math.floor(b / 10)) || b - a === 10)) {
        segments.push([centre(a), centre(b)]);
      }
    }
  }
  const cls = ghost ? `po-tape ghost${legal ? " legal" : " illegal"}` : "po-tape";
  return html`<g class=${cls}>
    ${parcels.map((p) => html`<rect key=${`s${p}`} x=${O + (p % 10) * P + 3} y=${O + Math.floor(p / 10) * P + 3}
      width=${P - 6} height=${P - 6} fill=${TAPE[colour]} class="po-tape-square" />`)}
    ${segments.map(([a, b], i) => html`<line key=${`e${i}`} x1=${a[0]} y1=${a[1]} x2=${b[0]} y2=${b[1]}
      class="po-tape-edge" />`)}
    ${segments.map(([a, b], i) => html`<line key=${i} x1=${a[0]} y1=${a[1]} x2=${b[0]} y2=${b[1]}
      stroke=${TAPE[colour]} class="po-tape-band" />`)}
    ${segments.map(([a, b], i) => html`<line key=${`c${i}`} x1=${a[0]} y1=${a[1]} x2=${b[0]} y2=${b[1]}
      class="po-tape-mark" />`)}
    ${parcels.map((p) => html`<text key=${`l${p}`} x=${O + (p % 10) * P + P / 2} y=${O + Math.floor(p / 10) * P + P / 2 + 3}
      class="po-tape-letter-svg">${(LETTERS[colour] || "").toLowerCase()}</text>`)}
  </g>`;
}

/** The open 2×2 squares of one colour (marked for the eye; the score counts the groups). */
function openSquares(board) {
  const out = [];
  const colour = board.colours || [];
  const tape = board.tapes || [];
  for (let r = 0; r < 9; r += 1) {
    for (let c = 0; c < 9; c += 1) {
      const ps = [r * 10 + c, r * 10 + c + 1, (r + 1) * 10 + c, (r + 1) * 10 + c + 1];
      const k = colour[ps[0]];
      if (k >= 0 && ps.every((p) => colour[p] === k && tape[p] < 0)) out.push([r, c, k]);
    }
  }
  return out;
}

/** The parcels a tape form covers with its first square on `anchor` (null: off the board). */
function formCells(form, anchor) {
  const r0 = Math.floor(anchor / 10);
  const c0 = anchor % 10;
  const [fr, fc] = form[0];
  const cells = [];
  for (const [r, c] of form) {
    const rr = r0 + r - fr;
    const cc = c0 + c - fc;
    if (rr < 0 || rr > 9 || cc < 0 || cc > 9) return null;
    cells.push(rr * 10 + cc);
  }
  return cells;
}

/** The words of the notation of the seat's own pending choice, split. */
function pendingParts(view) {
  return view && view.pending ? String(view.pending).trim().split(/\s+/) : [];
}

/**
 * One player's shelving with its track. `mine`: the seat's own (every thing a click path names
 * is drawn on it, with the picker's props); others are drawn small and cannot be clicked.
 */
function Shelving({ components, view, seat, mine, picker, costs, label, players }) {
  const board = view.players[seat];
  const [hoverCell, setHoverCell] = useState(null);
  const [hoverParcel, setHoverParcel] = useState(null);
  const phase = view.phase;
  const prefix = mine ? picker.prefix : [];
  const helperName = (components.helpers || {})[board.helper] || board.helper;
  const squares = openSquares(board);
  const groups = tapeGroups(board);
  const [hx, hy] = spaceXY(board.space);
  const line = (components.spaces[board.space] || {}).line;

  // the ghost of a placement: a token picked and turned, a cell hovered
  let ghost = null;
  if (mine && prefix.length === 2 && prefix[0].startsWith("token:") && prefix[1].startsWith("rot:") && hoverCell !== null) {
    const face = turned(components, Number(prefix[0].slice(6)), Number(prefix[1].slice(4)));
    const legal = picker.legal(`cell:${hoverCell}`);
    if (face) ghost = { cell: hoverCell, face, legal };
  }
  // the pending placement (the seat's own choice, shown to it only)
  const pend = mine ? pendingParts(view) : [];
  if (!ghost && pend[0] === "place" && pend.length === 5) {
    const face = turned(components, Number(pend[1]), Number(pend[4]));
    if (face) ghost = { cell: Number(pend[2]) * 5 + Number(pend[3]), face, legal: true, pending: true };
  }
  // the ghost of a seal: a tape and a form picked, a parcel hovered
  let tapeGhost = null;
  if (mine && prefix.length === 2 && prefix[0].startsWith("tape:") && prefix[1].startsWith("form:") && hoverParcel !== null) {
    const [, colourName, shapeName] = prefix[0].split(":");
    const colour = components.colours.findIndex((c) => c.name === colourName);
    const shape = components.shapes.findIndex((s) => s.name === shapeName);
    const form = ((components.shapes[shape] || {}).forms || [])[Number(prefix[1].slice(5))];
    const cells = form ? formCells(form, hoverParcel) : null;
    if (cells && colour >= 0) {
      tapeGhost = { tape: colour * 4 + shape, cells, legal: picker.legal(`parcel:${hoverParcel}`) };
    }
  }
  if (!tapeGhost && pend[0] === "seal" && pend.length === 6) {
    const colour = components.colours.findIndex((c) => c.name === pend[1]);
    const shape = components.shapes.findIndex((s) => s.name === pend[2]);
    const form = ((components.shapes[shape] || {}).forms || [])[Number(pend[3])];
    const cells = form ? formCells(form, Number(pend[4]) * 10 + Number(pend[5])) : null;
    if (cells) tapeGhost = { tape: colour * 4 + shape, cells, legal: true, pending: true };
  }

  const hit = (id, enter, leave, opts) => {
    const props = picker.props(id, opts);
    return {
      ...props,
      onMouseEnter: (e) => { enter(); if (props.onMouseEnter) props.onMouseEnter(e); },
      onMouseLeave: (e) => { leave(); if (props.onMouseLeave) props.onMouseLeave(e); },
    };
  };
  const layer = phase === "seal" ? "seal" : "place";
  const own = mine ? "" : `p${seat}:`; // the other seats' things: p1:cell:12 (never clicked)
  const who = ((players || []).find((x) => x.seat === seat) || {});
  const whoName = who.name || who.label || `#${seat}`;

  return html`
    <svg viewBox=${`0 0 ${W} ${W}`} class=${`po-shelving${mine ? " mine" : ""} layer-${layer}`}
      role="group" aria-label=${label}>
      <rect x=${O - 3} y=${O - 3} width=${5 * C + 6} height=${5 * C + 6} rx="6" class="po-shelf-frame" />
      ${line && html`<rect class="po-line-mark"
        x=${line[0] === "col" ? O + line[1] * C : O - 3} y=${line[0] === "row" ? O + line[1] * C : O - 3}
        width=${line[0] === "col" ? C : 5 * C + 6} height=${line[0] === "row" ? C : 5 * C + 6} rx="4" />`}
      ${Array.from({ length: 25 }, (_, cell) => {
        const x = O + (cell % 5) * C;
        const y = O + Math.floor(cell / 5) * C;
        return html`<rect key=${`e${cell}`} x=${x + 1} y=${y + 1} width=${C - 2} height=${C - 2} rx="3"
          class=${`po-cell-empty${components.starting_cells.includes(cell) ? " start" : ""}`} />`;
      })}
      ${(board.colours || []).map((colour, p) => colour >= 0 && html`<${Parcel} key=${`p${p}`}
        x=${O + (p % 10) * P} y=${O + Math.floor(p / 10) * P} colour=${colour} icon=${board.icons[p]} />`)}
      ${Array.from({ length: 25 }, (_, cell) => board.tokens[cell] ? html`<rect key=${`t${cell}`}
        x=${O + (cell % 5) * C + 0.5} y=${O + Math.floor(cell / 5) * C + 0.5} width=${C - 1} height=${C - 1} rx="3"
        class="po-token-edge" />` : null)}
      ${squares.map(([r, c, k]) => html`<rect key=${`q${r}-${c}`} x=${O + c * P + 2} y=${O + r * P + 2}
        width=${2 * P - 4} height=${2 * P - 4} rx="5" class="po-square"><title>${word(components, "square_title")}</title></rect>`)}
      ${[...groups.entries()].map(([tape, parcels]) => html`<${TapeBand} key=${`tape${tape}`} tape=${tape} parcels=${parcels} />`)}
      ${ghost && html`<g class=${`po-ghost${ghost.legal ? " legal" : " illegal"}${ghost.pending ? " pending" : ""}`}>
        ${[0, 1, 2, 3].map((k) => html`<${Parcel} key=${k} ghost x=${O + (ghost.cell % 5) * C + (k % 2) * P}
          y=${O + Math.floor(ghost.cell / 5) * C + Math.floor(k / 2) * P} colour=${ghost.face.colours[k]} icon=${ghost.face.icons[k]} />`)}
        <rect x=${O + (ghost.cell % 5) * C + 1} y=${O + Math.floor(ghost.cell / 5) * C + 1} width=${C - 2} height=${C - 2}
          rx="3" class="po-ghost-edge" />
      </g>`}
      ${tapeGhost && html`<${TapeBand} tape=${tapeGhost.tape} parcels=${tapeGhost.cells} ghost legal=${tapeGhost.legal} />`}
      ${Array.from({ length: 24 }, (_, s) => {
        const [x, y] = spaceXY(s);
        const corner = s % 6 === 0;
        const id = `${own}space:${s}`;
        const cost = costs && costs.get(s);
        const sp = components.spaces[s] || {};
        let spaceName = word(components, "space", { number: s, name: sp.name });
        if (cost !== undefined && cost > 0) spaceName = word(components, "space_cost", { name: spaceName, count: cost });
        if (s === board.space) spaceName = word(components, "space_helper", { name: spaceName, player: mine ? word(components, "you") : whoName });
        const props = mine || s === board.space ? picker.props(id, { name: spaceName, tip: `${spaceName}. ${word(components, "tip_space")}`, rule: "move" }) : {};
        const cls = mine || s === board.space ? picker.cls(id) : "";
        return html`<g key=${`s${s}`} class=${`po-space${corner ? " corner" : ""}${cls}`} ...${props}>
          <rect x=${x + 1} y=${y + 1} width=${C - 2} height=${C - 2} rx=${corner ? 8 : 4} />
          ${!corner && html`<path class="po-arrow" d=${arrow(s, x, y)} />`}
          ${s === 0 && html`<path class="po-start" d=${`M${x + 20} ${y + 9} l3 7 h7 l-5.5 4.5 l2 7.5 l-6.5 -4.5 l-6.5 4.5 l2 -7.5 l-5.5 -4.5 h7 z`} />`}
          ${cost !== undefined && html`<g class="po-cost-mark">
            <${Icon} icon=${2} colour=${0} x=${x + 2} y=${y + 9} size=${22} />
            <text x=${x + 29} y=${y + 26} class="po-cost">${cost}</text>
          </g>`}
        </g>`;
      })}
      <g class="po-helper" style=${`transform: translate(${hx}px, ${hy}px)`}>
        <title>${word(components, "helper_here", { name: helperName })}</title>
        <circle cx=${C / 2} cy=${C / 2} r="13" fill=${helperFill(components, board.helper)} />
        <text x=${C / 2} y=${C / 2 + 5} class="po-helper-letter">${String(helperName).slice(0, 1).toUpperCase()}</text>
      </g>
      ${mine && html`<g class="po-hits po-hits-place" data-magnify=${word(components, "magnify_cells")}>
        ${Array.from({ length: 25 }, (_, cell) => {
          const id = `cell:${cell}`;
          const name = cellName(components, board, cell);
          return html`<rect key=${id} x=${O + (cell % 5) * C} y=${O + Math.floor(cell / 5) * C} width=${C} height=${C}
            class=${`po-hit${picker.cls(id)}`} ...${hit(id, () => setHoverCell(cell), () => setHoverCell((h) => (h === cell ? null : h)),
              { name, tip: `${name}. ${word(components, "tip_cell")}` })} />`;
        })}
      </g>`}
      ${mine && html`<g class="po-hits po-hits-seal" data-magnify=${word(components, "magnify_parcels")}>
        ${Array.from({ length: 100 }, (_, p) => {
          const id = `parcel:${p}`;
          const name = parcelName(components, board, p);
          return html`<rect key=${id} x=${O + (p % 10) * P} y=${O + Math.floor(p / 10) * P} width=${P} height=${P}
            class=${`po-hit${picker.cls(id)}`} ...${hit(id, () => setHoverParcel(p), () => setHoverParcel((h) => (h === p ? null : h)),
              { name, tip: `${name}. ${word(components, "tip_parcel")}`, rule: "parcels" })} />`;
        })}
      </g>`}
      ${!mine && html`<g class="po-marks">
        ${Array.from({ length: 25 }, (_, cell) => {
          const id = `${own}cell:${cell}`;
          return html`<rect key=${id} x=${O + (cell % 5) * C} y=${O + Math.floor(cell / 5) * C} width=${C} height=${C}
            class=${`po-mark${picker.cls(id)}`} ...${picker.props(id, { name: cellName(components, board, cell) })} />`;
        })}
        ${(board.tapes || []).map((tape, p) => tape >= 0 && html`<rect key=${`m${p}`} x=${O + (p % 10) * P} y=${O + Math.floor(p / 10) * P}
          width=${P} height=${P} class=${`po-mark${picker.cls(`${own}parcel:${p}`)}`}
          ...${picker.props(`${own}parcel:${p}`, { name: parcelName(components, board, p) })} />`)}
      </g>`}
    </svg>`;
}

/** The colour of a helper's pawn. */
function helperFill(components, helper) {
  const k = Object.keys(components.helpers || {}).indexOf(helper);
  return HELPER_FILL[k >= 0 ? k % HELPER_FILL.length : 0];
}

/** The small arrow of a space, pointing at its row or column. */
function arrow(s, x, y) {
  const m = C / 2;
  if (s < 6) return `M${x + m - 6} ${y + m - 3} L${x + m + 6} ${y + m - 3} L${x + m} ${y + m + 6} Z`;
  if (s < 12) return `M${x + m + 3} ${y + m - 6} L${x + m + 3} ${y + m + 6} L${x + m - 6} ${y + m} Z`;
  if (s < 18) return `M${x + m - 6} ${y + m + 3} L${x + m + 6} ${y + m + 3} L${x + m} ${y + m - 6} Z`;
  return `M${x + m - 3} ${y + m - 6} L${x + m - 3} ${y + m + 6} L${x + m + 6} ${y + m} Z`;
}

/** A player's name, helper, stamps, goal tokens, score and whether they have chosen. */
function PlayerCard({ components, view, state, seat, players, mySeat, picker }) {
  const board = view.players[seat];
  const player = (players || []).find((p) => p.seat === seat) || {};
  const name = player.name || player.label || `#${seat}`;
  const helper = (components.helpers || {})[board.helper] || board.helper;
  const scores = (state && state.scores) || [];
  const score = scores[seat];
  const result = state && state.over && state.result;
  // the breakdown on hover: the final one, else the running one (where the seat can know it)
  let breakdown = "";
  const final = result && result.breakdown && result.breakdown[seat];
  const running = !result && state && state.breakdowns && state.breakdowns[seat];
  const labels = { ...(components.score_labels || {}), ...((state && state.score_labels) || {}) };
  if (final || running) {
    const parts = Object.entries(final || running)
      .map(([key, value]) => `${labels[key] || key} ${value}`);
    breakdown = word(components, final ? "final" : "running", { parts: parts.join(" · ") });
  }
  const shown = result && result.scores ? result.scores[seat] : score;
  const over = view.phase === "over";
  const goals = (board.goals || []).map((g) => ((components.goals || {})[g] || {}).title || g);
  const tapesLeft = (board.placed || []).filter((pid) => pid < 0).length;
  return html`
    <div class=${`po-player${seat === mySeat ? " me" : ""}`} data-testid=${`po-player-${seat}`}>
      <span class="po-helper-dot" style=${`background:${helperFill(components, board.helper)}`} aria-hidden="true">${String(helper).slice(0, 1).toUpperCase()}</span>
      <span class="po-pname">${name}${seat === mySeat ? ` (${word(components, "you")})` : ""} <small>${helper}</small></span>
      <span class="po-pscore" title=${breakdown || word(components, "score", { points: shown ?? "–" })} data-testid=${`po-score-${seat}`}>
        ${shown === null || shown === undefined ? "–" : word(components, "score", { points: shown })}
      </span>
      <span class=${`po-pstamps${picker.cls(`p${seat}:stamps`)}`} ...${picker.props(`p${seat}:stamps`, {
        name: word(components, "stamps_of", { player: name, count: board.stamps }), tip: word(components, "stamps_title") })}>
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true"><${Icon} icon=${2} colour=${0} x=${0} y=${0} /></svg>
        ${board.stamps}</span>
      <span class="po-ptapes" title=${word(components, "tapes")}>▭ ${tapesLeft}</span>
      ${goals.length > 0 && html`<span class=${`po-pgoals${picker.cls(`p${seat}:goals`)}`}
        ...${picker.props(`p${seat}:goals`, { name: word(components, "goals_held", { goals: goals.join(", ") }) })}>${word(components, "goals_held", { goals: goals.join(", ") })}</span>`}
      ${!over && html`<span class=${`po-chosen${board.chosen ? " yes" : ""}`} title=${word(components, "chosen_title")}
        data-testid=${`po-chosen-${seat}`}>${board.chosen ? `✓ ${word(components, "chosen")}` : `… ${word(components, "choosing")}`}</span>`}
    </div>`;
}

/** The round, the phase, the supplies. */
function Header({ components, view }) {
  const rounds = (view.params && view.params.rounds) || 11;
  const phaseName = (components.phases || {})[view.phase] || view.phase;
  const phase = view.step && view.phase !== "keep" && view.phase !== "over"
    ? word(components, "second", { phase: phaseName }) : phaseName;
  return html`
    <div class="po-header" data-testid="po-header">
      ${view.phase === "over"
        ? html`<strong>${word(components, "over")}</strong>`
        : html`<strong>${word(components, "round", { round: view.round, rounds })}</strong>
          ${view.round === rounds && html`<span class="po-half">${word(components, "half")}</span>`}
          <span class="po-phase" data-testid="po-phase">${word(components, "phase", { phase })}</span>`}
      <span class="po-supply">${word(components, "stamp_supply", { count: view.stamp_supply })}</span>
      <span class="po-supply">${word(components, "parcel_supply", { count: view.supply_size })}</span>
    </div>`;
}

/** The goals face up (with the goals option). */
function Goals({ components, view, picker }) {
  if (!view.goals_on) return null;
  return html`
    <div class="po-goals" data-testid="po-goals">
      <span class="po-goals-title">${word(components, "goals")} <small>${word(components, "goal_stack", { count: view.goal_stack_size })}</small></span>
      ${(view.goal_display || []).map((g) => {
        const goal = (components.goals || {})[g] || { title: g, help: "" };
        return html`<span class=${`po-goal${picker.cls(`goal:${g}`)}`} key=${g}
          ...${picker.props(`goal:${g}`, { name: goal.title, tip: goal.help ? `${goal.title}: ${goal.help}` : goal.title, rule: "goals" })}><b>${goal.title}</b><small>${goal.help}</small></span>`;
      })}
    </div>`;
}

/** The seat's desk: what to choose from in this phase, and how. */
function Desk({ components, view, state, picker, myTurn }) {
  const prefix = picker.prefix;
  const phase = view.phase;
  const dealt = view.dealt || [];
  const hand = view.hand || [];
  const pend = pendingParts(view);
  const actions = (state && state.actions) || [];
  const board = view.players[view.seat];
  const hovered = picker.hovered;
  const hint = hovered && picker.legal(hovered) ? picker.hint(hovered) : "";

  const pickedToken = prefix[0] && prefix[0].startsWith("token:") ? Number(prefix[0].slice(6)) : null;
  const pickedTape = prefix[0] && prefix[0].startsWith("tape:") ? prefix[0] : null;
  // the forms of the picked tape some seal goes on with (from the server's actions)
  const forms = new Set(actions.filter((a) => (a.clicks || [])[0] === pickedTape).map((a) => a.clicks[1]));

  const switchTo = (id) => (e) => {
    // another turn or form in place of the picked one
    e.stopPropagation();
    picker.set([prefix[0], id]);
  };

  let status = "";
  if (phase === "over") status = "";
  else if (!myTurn && view.players[view.seat].chosen) status = word(components, "waiting");
  else if (phase === "keep") status = word(components, "dealt");
  else if (phase === "move") status = word(components, "move_hint");
  else if (phase === "place") status = pickedToken === null ? word(components, "hand") : prefix.length < 2 ? word(components, "turns") : word(components, "place_hint");
  else if (phase === "seal") {
    const any = actions.some((a) => (a.clicks || [])[0] !== "skip");
    status = !any ? word(components, "tapes_none") : pickedTape === null ? word(components, "tapes") : prefix.length < 2 ? word(components, "forms") : word(components, "seal_hint");
  }

  const dealtPart = html`
      ${dealt.length > 0 && html`<div class="po-tray">
        ${dealt.map((tk) => {
          const id = `deal:${tk}`;
          const kept = pend[0] === "keep" && Number(pend[1]) === tk;
          const name = tokenName(components, tk);
          return html`<button type="button" key=${id} class=${`po-token${picker.cls(id)}${kept ? " kept" : ""}`}
            ...${picker.props(id, { name, tip: `${name}. ${word(components, "tip_deal")}`, hand: true })}>
            <${TokenPicture} components=${components} token=${tk} rot=${0} size=${64} />
            <span class="po-token-label">${components.tokens[tk][0]}${kept ? ` · ${word(components, "kept")}` : ""}</span>
          </button>`;
        })}
      </div>`}
  `;
  const handPart = html`
      ${hand.length > 0 && html`<div class="po-tray">
        <span class="po-tray-title">${word(components, "hand_wait")}</span>
        ${hand.map((tk) => {
          const id = `token:${tk}`;
          const rot = pickedToken === tk && prefix[1] ? Number(prefix[1].slice(4)) : 0;
          const name = tokenName(components, tk, rot);
          return html`<button type="button" key=${id} class=${`po-token${picker.cls(id)}`}
            ...${picker.props(id, { name, tip: `${name}. ${word(components, "tip_hand")}`, hand: true })}>
            <${TokenPicture} components=${components} token=${tk} rot=${rot} size=${64} />
            <span class="po-token-label">${components.tokens[tk][0]}</span>
          </button>`;
        })}
      </div>`}
      ${pickedToken !== null && html`<div class="po-tray po-turns" data-testid="po-turns">
        ${[0, 1, 2, 3].map((r) => {
          const id = `rot:${r}`;
          const name = word(components, "turn_name", { label: components.tokens[pickedToken][0], degrees: 90 * r });
          const props = picker.props(id, { name, tip: tokenName(components, pickedToken, r) });
          const other = !props.onClick && prefix.length === 2 ? { onClick: switchTo(id), role: "button" } : {};
          return html`<button type="button" key=${id} class=${`po-turn${picker.cls(id)}`} ...${props} ...${other}>
            <${TokenPicture} components=${components} token=${pickedToken} rot=${r} size=${44} />
            <span class="po-token-label">${90 * r}°</span>
          </button>`;
        })}
      </div>`}
  `;
  const sealPart = html`
      ${phase === "seal" && html`<div class="po-tray">
        <button type="button" class=${`po-skip${picker.cls("skip")}`}
          ...${picker.props("skip", { name: word(components, "skip"), tip: word(components, "tip_skip") })}>${word(components, "skip")}</button>
      </div>`}
      ${(phase === "seal" || (board.placed || []).some((pid) => pid >= 0)) && html`<div class="po-tapes">
        <span class="po-tray-title">${word(components, "tapes_title")}</span>
        <div class="po-tape-grid">
          ${components.colours.map((colour, ci) => components.shapes.map((shape, si) => {
            const id = `tape:${colour.name}:${shape.name}`;
            const used = board.placed[ci * 4 + si] >= 0;
            const name = word(components, used ? "tape_name_used" : "tape_name", { tape: `${colour.label} ${shape.name}` });
            const attrs = picker.props(id, { name, tip: `${name}. ${word(components, "tip_tape")}` });
            // a button says what it is also when it cannot be chosen (the shell names it then only
            // as clickable)
            if (!attrs["aria-label"]) attrs["aria-label"] = name;
            return html`<button type="button" key=${id} class=${`po-tape-pick${picker.cls(id)}${used ? " used" : ""}`}
              ...${attrs}>
              <${FormPicture} form=${shape.forms[0]} colour=${ci} size=${30} />
              <span class="po-tape-letter" aria-hidden="true">${LETTERS[ci] || ""}${shape.name}</span>
            </button>`;
          }))}
        </div>
      </div>`}
      ${pickedTape && html`<div class="po-tray po-forms" data-testid="po-forms">
        ${(() => {
          const [, , shapeName] = pickedTape.split(":");
          const ci = components.colours.findIndex((c) => c.name === pickedTape.split(":")[1]);
          const shape = components.shapes.find((s) => s.name === shapeName);
          return (shape ? shape.forms : []).map((form, o) => {
            const id = `form:${o}`;
            const colourLabel = (components.colours[ci] || {}).label || "";
            const name = word(components, "form_name", { tape: `${colourLabel} ${shapeName}`, number: o });
            const props = picker.props(id, { name, tip: `${name}. ${word(components, "tip_form")}` });
            const other = !props.onClick && prefix.length === 2 && forms.has(id) ? { onClick: switchTo(id), role: "button" } : {};
            return html`<button type="button" key=${id} class=${`po-form${picker.cls(id)}${forms.has(id) ? "" : " none"}`}
              ...${props} ...${other}>
              <${FormPicture} form=${form} colour=${ci} size=${40} />
            </button>`;
          });
        })()}
      </div>`}
  `;
  return html`
    <div class="po-desk">
      ${status && html`<p class="po-status" data-testid="po-status">${status}</p>`}
      ${phase === "seal" ? html`${sealPart}${dealtPart}${handPart}` : html`${dealtPart}${handPart}${sealPart}`}
      <p class="po-hint" aria-live="polite" data-testid="po-hint">${hint}</p>
    </div>`;
}

function Legend({ components }) {
  return html`<div class="po-legend">
    ${components.colours.map((c, k) => html`<span key=${c.name} class="po-legend-item">
      <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true"><${Parcel} x=${0} y=${0} colour=${k} icon=${1} /></svg>${c.label}</span>`)}
    <span class="po-legend-item"><svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true"><rect width="20" height="20" rx="2" fill="#ddd" /><${Icon} icon=${2} colour=${0} x=${0} y=${0} /></svg>${word(components, "legend_stamp")}</span>
    <span class="po-legend-item"><svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true"><rect width="20" height="20" rx="2" fill="#ddd" /><${Icon} icon=${3} colour=${0} x=${0} y=${0} /></svg>${word(components, "legend_receipt")}</span>
    <span class="po-legend-item"><svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true"><rect x="2" y="2" width="16" height="16" rx="4" class="po-square" /></svg>${word(components, "legend_square")}</span>
  </div>`;
}

/** The R key and the mouse wheel turn the picked token or tape to its next turn or form; returns
 * the wheel's handler. */
function useTurning(picker, state) {
  const next = (step) => {
    const prefix = picker.prefix;
    if (prefix.length !== 2) return false;
    const [first, second] = prefix;
    let kind = null;
    if (first.startsWith("token:") && second.startsWith("rot:")) kind = "rot:";
    else if (first.startsWith("tape:") && second.startsWith("form:")) kind = "form:";
    if (!kind) return false;
    const options = [];
    for (const a of (state && state.actions) || []) {
      const c = a.clicks || [];
      if (c[0] === first && c[1] && !options.includes(c[1])) options.push(c[1]);
    }
    options.sort((a, b) => Number(a.split(":")[1]) - Number(b.split(":")[1]));
    const at = options.indexOf(second);
    if (at < 0 || options.length < 2) return false;
    picker.set([first, options[(at + step + options.length) % options.length]]);
    return true;
  };
  useEffect(() => {
    const onKey = (e) => {
      if (e.target && /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) return;
      if (e.key === "r" || e.key === "R") {
        if (picker.prefix.length === 1 && picker.prefix[0].startsWith("token:") && picker.legal("rot:0")) picker.pick("rot:0");
        else if (picker.prefix.length === 1 && picker.prefix[0].startsWith("tape:")) {
          const first = picker.legalStarting("form:").sort()[0];
          if (first) picker.pick(first);
        } else next(e.shiftKey ? -1 : 1);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });
  return (e) => { if (next(e.deltaY < 0 ? -1 : 1)) e.preventDefault(); };
}

export function Board(props) {
  const { components, state, players, mySeat, picker, myTurn } = props;
  const view = props.view || (state && state.view);
  const wheel = useTurning(picker, state);
  if (!view || !components || !components.tokens || !view.players) return null;
  LETTERS = (components.colours || []).map((c) => c.letter || "");
  const me = mySeat === null || mySeat === undefined ? null : mySeat;
  const focus = me === null ? 0 : me;
  const costs = new Map();
  for (const a of (state && state.actions) || []) {
    const c = a.clicks || [];
    const m = /^move (\d+)$/.exec(a.notation || "");
    if (c.length === 1 && c[0].startsWith("space:") && m) costs.set(Number(c[0].slice(6)), Number(m[1]));
  }
  const name = (seat) => {
    const p = (players || []).find((x) => x.seat === seat);
    return (p && (p.name || p.label)) || `#${seat}`;
  };
  const others = view.players.map((_, i) => i).filter((i) => i !== focus);
  return html`
    <div class="po-board" data-testid="po-board">
      <${Header} components=${components} view=${view} />
      <${Goals} components=${components} view=${view} picker=${picker} />
      <div class="po-main">
        <div class="po-mine" onWheel=${wheel}>
          <${PlayerCard} components=${components} view=${view} state=${state} seat=${focus} players=${players} mySeat=${me} picker=${picker} />
          <${Shelving} components=${components} view=${view} seat=${focus} mine=${me !== null} picker=${picker}
            costs=${costs} players=${players} label=${me === null ? word(components, "board_of", { player: name(focus) }) : word(components, "your_board")} />
        </div>
        ${me !== null && html`<${Desk} components=${components} view=${view} state=${state} picker=${picker} myTurn=${myTurn} />`}
      </div>
      <${Legend} components=${components} />
      <div class="po-others">
        ${others.map((i) => html`<div class="po-other" key=${i}>
          <${PlayerCard} components=${components} view=${view} state=${state} seat=${i} players=${players} mySeat=${me} picker=${picker} />
          <${Shelving} components=${components} view=${view} seat=${i} mine=${false} picker=${picker} players=${players}
            label=${word(components, "board_of", { player: name(i) })} />
        </div>`)}
      </div>
    </div>`;
}

/** A thing of the board in words (the click bar's "picked: …", the log's things): `view` the
 * seat's view, for the cells, parcels and spaces of a board. */
export function describe(id, components, view) {
  if (!components || !components.words) return null;
  const parts = id.split(":");
  let board = view && view.players ? view.players[view.seat === null || view.seat === undefined ? 0 : view.seat] : null;
  if (/^p\d+$/.test(parts[0])) {
    board = view && view.players ? view.players[Number(parts[0].slice(1))] : null;
    parts.shift();
  }
  const [kind, a, b] = parts;
  if (kind === "token" || kind === "deal") return tokenName(components, Number(a)) || null;
  if (kind === "rot") return word(components, "turned", { degrees: 90 * Number(a) });
  if (kind === "tape") {
    const colour = components.colours.find((c) => c.name === a);
    return word(components, "tape_name", { tape: `${colour ? colour.label : a} ${b}` });
  }
  if (kind === "form") return word(components, "form", { number: Number(a) });
  if (kind === "skip") return word(components, "skip");
  if (kind === "goal") return ((components.goals || {})[a] || {}).title || null;
  if (kind === "space") {
    const sp = (components.spaces || [])[Number(a)] || {};
    return word(components, "space", { number: Number(a), name: sp.name });
  }
  if (!board) return null;
  if (kind === "cell") return cellName(components, board, Number(a));
  if (kind === "parcel") return parcelName(components, board, Number(a));
  return null;
}
