// The click path walker of the graphical board (static/clicks.js): what can be clicked after
// the clicks made so far, and which click completes an action.
import { begins, changedIds, hintedClick, nextClicks, spatialNext, withoutRuleIds } from "/static/clicks.js";
import { equal, frozen, ok, test } from "./harness.js";

const A = frozen({ notation: "take 3", clicks: ["card:3"] });
const B = frozen({ notation: "give 1 to 2", clicks: ["card:1", "seat:2"] });
const C = frozen({ notation: "give 2 to 1", clicks: ["card:2", "seat:1"] });
const D = frozen({ notation: "give 2 to 3", clicks: ["card:2", "seat:3"] });
const END = frozen({ notation: "end", clicks: ["do:end"] });
const TEXT = frozen({ notation: "say hello" }); // no click path: the text list only
const EMPTY = frozen({ notation: "pass", clicks: [] });

/** The ids of `next` with, for each, its actions' notations and the one it completes. */
function summary(next) {
  return [...next.entries()].map(([id, e]) => [id, e.actions.map((a) => a.notation), e.complete && e.complete.notation]);
}

test("no actions: nothing to click", () => {
  for (const actions of [undefined, null, []]) {
    const next = nextClicks(actions, []);
    ok(next instanceof Map, "a Map");
    equal(next.size, 0, `size for ${JSON.stringify(actions)}`);
  }
  equal(nextClicks(frozen([TEXT, EMPTY]), []).size, 0, "actions without a click path");
});

test("empty prefix: every first click, in the actions' order, grouped", () => {
  equal(summary(nextClicks(frozen([C, A, B, END, D, TEXT]), [])), [
    ["card:2", ["give 2 to 1", "give 2 to 3"], null],
    ["card:3", ["take 3"], "take 3"],
    ["card:1", ["give 1 to 2"], null],
    ["do:end", ["end"], "end"],
  ], "next");
});

test("a prefix: the clicks that go on from it, and what each completes", () => {
  equal(summary(nextClicks(frozen([A, B, C, D, END]), ["card:2"])), [
    ["seat:1", ["give 2 to 1"], "give 2 to 1"],
    ["seat:3", ["give 2 to 3"], "give 2 to 3"],
  ], "after card:2");
  equal(summary(nextClicks(frozen([A, B, C, D]), ["card:1"])), [["seat:2", ["give 1 to 2"], "give 1 to 2"]], "after card:1");
});

test("a completed path: nothing goes on from it", () => {
  equal(nextClicks(frozen([A, B, C, D]), ["card:2", "seat:1"]).size, 0, "after a whole path");
  equal(nextClicks(frozen([END]), ["do:end"]).size, 0, "after a one-click path");
});

test("a prefix no action begins with: nothing to click", () => {
  equal(nextClicks(frozen([A, B, C, D]), ["seat:1"]).size, 0, "a second click first");
  equal(nextClicks(frozen([A, B, C, D]), ["card:9"]).size, 0, "an unknown id");
});

test("one path beginning another (never sent): the click completes the short one, the long goes on", () => {
  const long = frozen({ notation: "route 1 2 3", clicks: ["card:1", "seat:2", "seat:3"] });
  equal(summary(nextClicks(frozen([B, long]), ["card:1"])), [["seat:2", ["give 1 to 2", "route 1 2 3"], "give 1 to 2"]], "next");
  equal(summary(nextClicks(frozen([long]), ["card:1"])), [["seat:2", ["route 1 2 3"], null]], "only the longer one");
});

test("begins: a path begins with each of its prefixes and nothing else", () => {
  ok(begins(["a", "b"], []), "the empty prefix");
  ok(begins(["a", "b"], ["a"]), "a first part");
  ok(begins(["a", "b"], ["a", "b"]), "the whole path");
  ok(!begins(["a", "b"], ["b"]), "another first part");
  ok(!begins(["a"], ["a", "b"]), "a longer prefix");
});

test("spatialNext: the nearest box that way, straight ahead before off to a side", () => {
  //  0 1 2     (a row at y=0)
  //  3         (below 0)
  const r = (x, y) => ({ x, y, w: 10, h: 10 });
  const rects = [r(0, 0), r(20, 0), r(40, 0), r(0, 30)];
  equal(spatialNext(rects, -1, "right"), 0, "nothing focused: the first");
  equal(spatialNext(rects, 0, "right"), 1, "right of 0: 1, not 2");
  equal(spatialNext(rects, 1, "right"), 2, "right of 1: 2");
  equal(spatialNext(rects, 2, "right"), 2, "nothing further right: stays");
  equal(spatialNext(rects, 2, "left"), 1, "left of 2: 1");
  equal(spatialNext(rects, 0, "down"), 3, "below 0: 3");
  equal(spatialNext(rects, 3, "up"), 0, "above 3: 0 (straight up), not 1 or 2");
  equal(spatialNext(rects, 1, "down"), 3, "below 1: the only one below");
  equal(spatialNext([], 0, "up"), -1, "no boxes: none");
});

test("changedIds: one change's things, or every change's", () => {
  const changes = [{ step: 4, seat: 1, text: "a", things: ["x", "y"] }, { step: 5, seat: 2, text: "b", things: ["y", "z"] }];
  equal([...changedIds(changes, null)].sort(), ["x", "y", "z"], "all of them");
  equal([...changedIds(changes, 1)].sort(), ["y", "z"], "the second only");
  equal([...changedIds(undefined, null)], [], "no changes: nothing");
  equal([...changedIds([{ step: 1, text: "c" }], null)], [], "a change without things");
});

test("withoutRuleIds: the bracketed rule ids go, the words stay", () => {
  equal(withoutRuleIds("there is no campsite 99 [PC-8]"), "there is no campsite 99", "square brackets");
  equal(withoutRuleIds("not your card (CA-6)."), "not your card.", "round brackets, the full stop kept");
  equal(withoutRuleIds("the grid is full (PO-101, PO-4)"), "the grid is full", "several ids");
  equal(withoutRuleIds("take 2 (of 5) cards"), "take 2 (of 5) cards", "other brackets stay");
  equal(withoutRuleIds(null), "", "nothing");
});

test("hintedClick: the hint's next click after the clicks made so far", () => {
  const hint = { choices: [{ notation: "give 1 to 2", clicks: ["card:1", "seat:2"] }, { clicks: ["card:2"] }] };
  equal(hintedClick(hint, []), "card:1", "its first click");
  equal(hintedClick(hint, ["card:1"]), "seat:2", "then its second");
  equal(hintedClick(hint, ["card:2"]), null, "another thing picked: no hint on the board");
  equal(hintedClick(hint, ["card:1", "seat:2"]), null, "its path is done");
  equal(hintedClick({ choices: [{ notation: "x" }] }, []), null, "an older server's hint: no clicks");
  equal(hintedClick(null, []), null, "no hint");
});
