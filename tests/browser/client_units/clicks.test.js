// The click path walker of the graphical board (static/clicks.js): what can be clicked after
// the clicks made so far, and which click completes an action.
import { begins, nextClicks } from "/static/clicks.js";
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
