// The words a board shows come in its game's component data (`components.words`, in the reader's
// language: the server builds them inside it); these fill their `{field}`s.

/** `text` with its `{field}`s filled from `fields` (a field not given stays as written). */
export function fmt(text, fields) {
  return String(text || "").replace(/\{([a-z_]+)\}/g, (whole, name) =>
    fields && Object.prototype.hasOwnProperty.call(fields, name) ? String(fields[name]) : whole);
}

/** The board's word `key` (its English key when the data has none), filled from `fields`. */
export function word(components, key, fields) {
  const words = (components && components.words) || {};
  return fmt(words[key] || key, fields);
}
