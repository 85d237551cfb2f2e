// The table page's reducer (static/tablestate.js): every action it handles, and the action each
// socket message becomes (`actionFor`), the path table.js dispatches through.
import { actionFor, initial, reducer } from "/static/tablestate.js";
import { equal, frozen, ok, test } from "./harness.js";

const welcomeMsg = { type: "welcome", v: 1, table: "t1", seat: 0, game: "postcards", players: [] };

function stateMsg(step, extra = {}) {
  return {
    type: "state", v: 1, step, to_move: [0], over: false,
    actions: [{ notation: `play ${step}`, text: `play ${step}`, clicks: [] }],
    events: [], ...extra,
  };
}

/** Run `actions` through the reducer from `start`, each step on a frozen state. */
function play(actions, start = initial) {
  return actions.reduce((s, a) => reducer(frozen(s), a), start);
}

/** A seat at step `n` (welcome and state through the socket's path), its choices free. */
function seatedAt(n) {
  return play([actionFor(welcomeMsg), actionFor(stateMsg(n))]);
}

/** Whether the seat's choices can be clicked (table.js: myTurn && connected && !busy). */
const enabled = (s) => !s.busy;

test("initial: nothing yet, connecting, not busy", () => {
  equal(initial.state, null, "state");
  equal(initial.welcome, null, "welcome");
  equal(initial.log, [], "log");
  equal(initial.status, "connecting", "status");
  equal(initial.busy, false, "busy");
  equal(initial.awaitStep, null, "awaitStep");
});

test("status: the connection's word and its detail", () => {
  let s = play([{ type: "status", status: "failed", detail: "no such table" }]);
  equal(s.status, "failed", "status");
  equal(s.failure, "no such table", "failure");
  s = play([{ type: "status", status: "connected" }], s);
  equal(s.status, "connected", "status");
  equal(s.failure, null, "failure without a detail");
});

test("welcome: kept, the next state answers it (fresh), a request in flight is over", () => {
  const s = play([{ type: "busy", busy: true }, actionFor(welcomeMsg)]);
  equal(s.welcome, welcomeMsg, "welcome");
  equal(s.fresh, true, "fresh");
  equal(s.busy, false, "busy");
});

test("state with reset: the state kept, its events the whole log, fresh over", () => {
  const first = stateMsg(3, { reset: true, events: [{ kind: "setup", text: "a", step: 0 }, { kind: "play", text: "b" }] });
  const s = play([actionFor(welcomeMsg), actionFor(first)]);
  equal(s.state, first, "state");
  equal(s.log, [{ kind: "setup", text: "a", step: 0 }, { kind: "play", text: "b", step: 3 }], "log");
  equal(s.fresh, false, "fresh");
  ok(s.clockAt > 0, "clockAt set");
  const again = play([actionFor(welcomeMsg), actionFor(stateMsg(3, { reset: true, events: [{ kind: "x", text: "only" }] }))], s);
  equal(again.log, [{ kind: "x", text: "only", step: 3 }], "a second reset replaces the log");
});

test("state without reset: its events appended to the log", () => {
  let s = play([actionFor(welcomeMsg), actionFor(stateMsg(1, { reset: true, events: [{ kind: "a", text: "one" }] }))]);
  s = play([actionFor(stateMsg(2, { events: [{ kind: "b", text: "two" }] }))], s);
  s = play([actionFor(stateMsg(3))], s);
  equal(s.state.step, 3, "step");
  equal(s.log, [{ kind: "a", text: "one", step: 1 }, { kind: "b", text: "two", step: 2 }], "log");
});

test("busy: a new request clears the last refusal and any awaited step; busy false frees it", () => {
  let s = play([{ type: "refused", reason: "no" }, { type: "busy", busy: true }]);
  equal(s.busy, true, "busy");
  equal(s.refusal, null, "refusal");
  equal(s.awaitStep, null, "awaitStep");
  s = play([{ type: "busy", busy: false }], s);
  equal(s.busy, false, "busy after the timer");
});

test("ack before its state: busy until the state it led to arrives", () => {
  let s = play([{ type: "busy", busy: true }, actionFor({ type: "ack", v: 1, step: 5 })], seatedAt(4));
  equal(s.busy, true, "busy after the ack");
  equal(s.awaitStep, 5, "awaitStep");
  // a state of an earlier step (resent, or another seat's) does not free the choices
  s = play([actionFor(stateMsg(4))], s);
  equal(s.busy, true, "busy after an older state");
  equal(s.awaitStep, 5, "still awaiting step 5");
  s = play([actionFor(stateMsg(5))], s);
  ok(enabled(s), "the choices of step 5 are enabled");
  equal(s.awaitStep, null, "awaitStep");
});

test("ack after its state: the ack frees the choices at once", () => {
  // state N+1 came first (the request still in flight: busy), then the ack naming step N+1
  let s = play([{ type: "busy", busy: true }, actionFor(stateMsg(5))], seatedAt(4));
  equal(s.busy, true, "busy until the answer");
  s = play([actionFor({ type: "ack", v: 1, step: 5 })], s);
  ok(enabled(s), "the choices are enabled after the ack");
  equal(s.awaitStep, null, "awaitStep");
});

test("socket path: an ack keeps its step (actionFor)", () => {
  equal(actionFor({ type: "ack", v: 1, step: 7 }), { type: "ack", step: 7 }, "action");
});

test("socket path: state N+1 then its ack leaves the choices enabled", () => {
  // the defect of issue 29: table.js dispatched {type: "ack"} without the step, so a state
  // that came before its ack left the choices disabled until the next message or the timer
  const s = play([{ type: "busy", busy: true }, actionFor(stateMsg(5)), actionFor({ type: "ack", v: 1, step: 5 })], seatedAt(4));
  ok(enabled(s), "the choices are enabled");
  equal(s.awaitStep, null, "awaitStep");
});

test("an ack without its step (the old dispatch) keeps the choices disabled", () => {
  // what table.js used to dispatch: the reducer cannot tell which step was acknowledged
  const s = play([{ type: "busy", busy: true }, actionFor(stateMsg(5)), { type: "ack" }], seatedAt(4));
  equal(s.busy, true, "busy");
});

test("ack of a take-back (back) at the step shown: not busy", () => {
  const s = play([actionFor({ type: "ack", v: 1, step: 4 })], seatedAt(4));
  ok(enabled(s), "enabled");
  equal(s.awaitStep, null, "awaitStep");
});

test("refused: its reason shown, not busy, no hint coming", () => {
  let s = play([{ type: "busy", busy: true }, { type: "hint-asked" }, actionFor({ type: "refused", v: 1, step: 4, reason: "not your turn" })], seatedAt(4));
  equal(s.busy, false, "busy");
  equal(s.hinting, false, "hinting");
  equal(s.refusal, "not your turn", "refusal");
  s = play([actionFor({ type: "refused", v: 1, step: 4 })], s);
  equal(s.refusal, "not accepted", "refusal without a reason");
});

test("error: its reason shown, not busy", () => {
  let s = play([{ type: "busy", busy: true }, actionFor({ type: "error", v: 1, reason: "bad message" })], seatedAt(2));
  equal(s.busy, false, "busy");
  equal(s.refusal, "bad message", "refusal");
  s = play([actionFor({ type: "error", v: 1 })], s);
  equal(s.refusal, "the server did not understand that", "refusal without a reason");
});

test("dismiss: the refusal goes", () => {
  const s = play([{ type: "refused", reason: "no" }, { type: "dismiss" }]);
  equal(s.refusal, null, "refusal");
});

test("rematch: the message kept", () => {
  const msg = { type: "rematch", v: 1, table: "t2", link: "/t/t2#seat=0&token=x" };
  equal(play([actionFor(msg)]).rematch, msg, "rematch");
});

test("hint: asked, then the answer; a new ask drops the old hint", () => {
  const hint = { type: "hint", v: 1, step: 4, iterations: 100, choices: [] };
  let s = play([{ type: "refused", reason: "no" }, { type: "hint-asked" }], seatedAt(4));
  equal(s.hinting, true, "hinting");
  equal(s.refusal, null, "refusal");
  s = play([actionFor(hint)], s);
  equal(s.hinting, false, "hinting after the answer");
  equal(s.hint, hint, "hint");
  s = play([{ type: "hint-asked" }], s);
  equal(s.hint, null, "hint after a new ask");
});

test("an unknown action leaves the state as it is", () => {
  const s = seatedAt(3);
  equal(reducer(frozen(s), { type: "nonsense" }) === s, true, "same object");
});

test("actionFor: every message the state keeps, and null for the rest", () => {
  const state = stateMsg(1);
  equal(actionFor(welcomeMsg), { type: "welcome", msg: welcomeMsg }, "welcome");
  equal(actionFor(state), { type: "state", msg: state }, "state");
  equal(actionFor({ type: "refused", step: 1, reason: "r" }), { type: "refused", reason: "r", rule: null }, "refused");
  const rule = { id: "PC-8", title: "Campsites", summary: "s", href: "/rules/postcards#PC-8" };
  equal(actionFor({ type: "refused", step: 1, reason: "r", rule_info: rule }), { type: "refused", reason: "r", rule }, "refused with its rule");
  equal(actionFor({ type: "error", reason: "e" }), { type: "error", reason: "e", rule: null }, "error");
  const why = { type: "why", step: 1, clicks: ["a"], reason: "no", rule: null };
  equal(actionFor(why), { type: "why", msg: why }, "why");
  const hint = { type: "hint", step: 1 };
  equal(actionFor(hint), { type: "hint", msg: hint }, "hint");
  const rematch = { type: "rematch", link: "/t/x" };
  equal(actionFor(rematch), { type: "rematch", msg: rematch }, "rematch");
  for (const other of [{ type: "pong" }, { type: "synced" }, { type: "whatever" }, {}, null]) {
    equal(actionFor(other), null, `actionFor(${JSON.stringify(other)})`);
  }
});

test("refused: the rule ids leave the words, the rule is kept in words", () => {
  const rule = { id: "PC-8", title: "Campsites", summary: "One tent a campsite.", href: "/rules/postcards#PC-8" };
  const s = play([{ type: "busy", busy: true }, actionFor({ type: "refused", step: 2, reason: "there is no campsite 99 [PC-8]", rule_info: rule })]);
  equal(s.refusal, "there is no campsite 99", "the reason without its id");
  equal(s.refusalRule, rule, "the rule, to be named by its title");
  const d = play([{ type: "dismiss" }], s);
  equal([d.refusal, d.refusalRule], [null, null], "dismissed, the rule goes too");
  const b = play([{ type: "busy", busy: true }], s);
  equal(b.refusalRule, null, "a new request drops the old refusal's rule");
});

test("why: the latest answer kept, its reason without rule ids", () => {
  const s = play([actionFor({ type: "why", step: 3, clicks: ["site:99"], reason: "full (PC-8, PC-9)", rule: { id: "PC-8", title: "t" } })]);
  equal(s.why.reason, "full", "the reason in words only");
  equal(s.why.clicks, ["site:99"], "the clicks it answers");
  equal(s.why.step, 3, "the step it answers");
  equal(s.refusal, null, "a why is no refusal");
});
