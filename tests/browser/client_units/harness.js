// A tiny test harness for the client's pure modules, run in Chromium by
// tests/browser/test_client_units.py (no node, no bundler): a `*.test.js` file registers its
// tests with `test(name, fn)`; the runner page imports it and calls `run()`, whose results
// ({name, ok, error}) the Python test reads and reports by name.

const registered = [];

/** Register the test `name`: `fn` passes unless it throws (or its promise rejects). */
export function test(name, fn) {
  if (registered.some((t) => t.name === name)) throw new Error(`two tests named ${JSON.stringify(name)}`);
  registered.push({ name, fn });
}

/** Run every registered test, in order. */
export async function run() {
  const results = [];
  for (const { name, fn } of registered) {
    try {
      await fn();
      results.push({ name, ok: true, error: null });
    } catch (err) {
      const text = err && err.stack ? err.stack : String(err);
      results.push({ name, ok: false, error: text });
    }
  }
  return results;
}

function show(value) {
  return JSON.stringify(value, (key, v) => {
    if (v instanceof Map) return { Map: [...v.entries()] };
    if (v === undefined) return "<undefined>";
    return v;
  });
}

/** Whether `a` and `b` are the same value: primitives by `Object.is`, arrays, Maps and plain
 * objects member by member (an object's keys in any order, an absent key ≠ an undefined one). */
export function same(a, b) {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (a instanceof Map || b instanceof Map) {
    if (!(a instanceof Map && b instanceof Map) || a.size !== b.size) return false;
    const left = [...a.entries()];
    const right = [...b.entries()];
    return left.every(([k, v], i) => Object.is(k, right[i][0]) && same(v, right[i][1]));
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && same(a[k], b[k]));
}

/** Throw unless `actual` is the same value as `expected`. */
export function equal(actual, expected, what = "value") {
  if (!same(actual, expected)) throw new Error(`${what}: expected ${show(expected)}, got ${show(actual)}`);
}

/** Throw unless `value` is truthy. */
export function ok(value, what = "condition") {
  if (!value) throw new Error(`${what}: expected true, got ${show(value)}`);
}

/** `value` frozen all the way down: a function that changes its argument throws (modules are
 * strict), so a test sees a reducer that mutates the state it is given. */
export function frozen(value) {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) frozen(member);
  }
  return value;
}
