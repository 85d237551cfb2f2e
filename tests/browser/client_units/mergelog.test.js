// The log merge of the table page (static/tablestate.js `mergeLog`): reset, append, steps
// taken back, and a reconnect's resent steps.
import { mergeLog } from "/static/tablestate.js";
import { equal, frozen, test } from "./harness.js";

const line = (step, text) => ({ kind: "play", text, step });
const log = () => frozen([line(0, "setup"), line(1, "a"), line(2, "b"), line(3, "c")]);

test("reset: the incoming events are the whole log, each with its step", () => {
  const msg = frozen({ step: 5, reset: true, events: [{ kind: "setup", text: "s", step: 0 }, { kind: "play", text: "x" }] });
  equal(mergeLog(log(), 3, msg, false), [{ kind: "setup", text: "s", step: 0 }, { kind: "play", text: "x", step: 5 }], "log");
  equal(mergeLog(log(), 3, frozen({ step: 5, reset: true }), true), [], "a reset without events empties the log");
});

test("append: a later step's events follow the log", () => {
  const msg = frozen({ step: 4, events: [{ kind: "play", text: "d" }, { kind: "score", text: "e", step: 4 }] });
  equal(mergeLog(log(), 3, msg, false), [...log(), line(4, "d"), { kind: "score", text: "e", step: 4 }], "log");
});

test("append: a state without events keeps the log as it is", () => {
  const before = log();
  equal(mergeLog(before, 3, frozen({ step: 4, events: [] }), false) === before, true, "same log");
  equal(mergeLog(before, 3, frozen({ step: 4 }), false) === before, true, "same log without events");
});

test("the first state of a page: its events start the log", () => {
  const msg = frozen({ step: 2, events: [line(1, "a"), line(2, "b")] });
  equal(mergeLog(frozen([]), null, msg, true), [line(1, "a"), line(2, "b")], "log");
  equal(mergeLog(frozen([line(9, "stale")]), null, msg, true), [line(1, "a"), line(2, "b")], "an old log dropped");
});

test("taken back: the lines after the step the table went back to are dropped", () => {
  equal(mergeLog(log(), 3, frozen({ step: 1, events: [] }), false), [line(0, "setup"), line(1, "a")], "log");
  equal(mergeLog(log(), 3, frozen({ step: 1, events: [{ kind: "undo", text: "taken back" }] }), false),
    [line(0, "setup"), line(1, "a"), { kind: "undo", text: "taken back", step: 1 }], "with the take-back's own line");
});

test("reconnect (fresh): the resent steps replace what the log had of them, no line twice", () => {
  const msg = frozen({ step: 4, events: [line(2, "b"), line(3, "c"), line(4, "d")] });
  equal(mergeLog(log(), 3, msg, true), [line(0, "setup"), line(1, "a"), line(2, "b"), line(3, "c"), line(4, "d")], "log");
});

test("reconnect (fresh) with nothing resent: the log stays", () => {
  equal(mergeLog(log(), 3, frozen({ step: 3, events: [] }), true), log(), "log");
});

test("the log given is never changed", () => {
  const before = log();
  mergeLog(before, 3, frozen({ step: 1, events: [line(1, "z")] }), true);
  equal(before, log(), "log");
});
