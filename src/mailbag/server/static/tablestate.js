// The table page's state, kept from the socket's messages: a pure reducer (no DOM, no socket),
// the log merge, and the action each socket message becomes. table.js draws from it;
// tests/browser/client_units/ tests it in Chromium.
import { t } from "./i18n.js";
import { withoutRuleIds } from "./clicks.js";

export const initial = {
  welcome: null,
  state: null,
  log: [],
  status: "connecting",
  failure: null,
  refusal: null,
  awaitStep: null, // an ack's step whose state has not arrived yet
  busy: false,
  rematch: null,
  clockAt: 0,
  fresh: false, // the next state answers a hello
  hint: null, // the last hint message (for its step only)
  hinting: false, // a hint was asked for and has not come yet
  refusalRule: null, // the rule a refusal names: {id, title, summary, href} (its words, not its id)
  why: null, // the server's latest answer to a `why` (a refused click's reason)
};

/** Merge a `state` message's events into the log: `reset` means they are the whole log;
 * otherwise they are appended (a reconnect's resent steps and steps taken back are dropped
 * first, for a server that does not say `reset`). */
export function mergeLog(log, lastStep, msg, fresh) {
  const incomingAll = (msg.events || []).map((e) => ({ ...e, step: e.step ?? msg.step }));
  if (msg.reset === true) return incomingAll;
  let out = log;
  if (lastStep !== null && msg.step < lastStep) out = out.filter((e) => e.step <= msg.step);
  const incoming = incomingAll;
  if (fresh) {
    if (lastStep === null) out = [];
    else if (incoming.length) {
      const from = Math.min(...incoming.map((e) => e.step));
      out = out.filter((e) => e.step < from);
    }
  }
  return incoming.length ? out.concat(incoming) : out;
}

/** The next state of the table page after action `a` (a socket message made an action by
 * `actionFor`, or one of the page's own: `status`, `busy`, `dismiss`, `hint-asked`). */
export function reducer(s, a) {
  switch (a.type) {
    case "status":
      return { ...s, status: a.status, failure: a.detail || null };
    case "welcome":
      return { ...s, welcome: a.msg, fresh: true, busy: false };
    case "state": {
      const last = s.state ? s.state.step : null;
      const log = mergeLog(s.log, last, a.msg, s.fresh);
      // `busy` stays until the answer (ack or refused) to what this page sent: one request in
      // flight at a time, so an answer always belongs to the latest request
      // an acknowledged request stays busy until the state it led to has arrived (else the
      // previous step's choices would come back for a moment and a quick tap be refused)
      const waited = s.awaitStep !== null && a.msg.step < s.awaitStep;
      return {
        ...s, state: a.msg, log, fresh: false, clockAt: performance.now(),
        busy: waited ? s.busy : s.awaitStep !== null ? false : s.busy,
        awaitStep: waited ? s.awaitStep : null,
      };
    }
    case "ack":
      return s.state && s.state.step >= a.step
        ? { ...s, busy: false, awaitStep: null }
        : { ...s, awaitStep: a.step };
    case "refused":
      return {
        ...s, busy: false, hinting: false, refusal: withoutRuleIds(a.reason) || t("not accepted"),
        refusalRule: a.rule || null,
      };
    case "error":
      return { ...s, busy: false, refusal: withoutRuleIds(a.reason) || t("the server did not understand that"), refusalRule: null };
    case "why":
      return { ...s, why: { ...a.msg, reason: withoutRuleIds(a.msg.reason) } };
    case "busy":
      // a new request: the last refusal was about an earlier one
      return a.busy ? { ...s, busy: true, refusal: null, refusalRule: null, awaitStep: null } : { ...s, busy: false };
    case "dismiss":
      return { ...s, refusal: null, refusalRule: null };
    case "rematch":
      return { ...s, rematch: a.msg };
    case "hint-asked":
      return { ...s, hinting: true, hint: null, refusal: null };
    case "hint":
      return { ...s, hinting: false, hint: a.msg };
    default:
      return s;
  }
}

/** The reducer's action for a message from the socket (docs/protocol.md), or null for one the
 * state does not keep (pong, synced, …). */
export function actionFor(msg) {
  switch (msg && msg.type) {
    case "welcome":
    case "state":
    case "hint":
    case "rematch":
    case "why":
      return { type: msg.type, msg };
    case "ack":
      // the step the request led to: the reducer frees the choices once the state of that
      // step is here (it may have come before the ack)
      return { type: "ack", step: msg.step };
    case "refused":
    case "error":
      return { type: msg.type, reason: msg.reason, rule: msg.rule_info || null };
    default:
      return null;
  }
}
