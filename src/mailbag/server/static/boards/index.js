// The graphical boards, by game name. Each module exports `Board` (a Preact component drawing the
// seat's view from the welcome's `components`, with `picker.props(id)` on every thing a click
// path names) and may export `label(id, components)` (the words of a `do:` button that does not
// complete an action by itself) and `describe(id, components)` (a picked thing in words).
import * as carteros from "./carteros.js";
import * as postOffice from "./post_office.js";
import * as postcards from "./postcards.js";

export const BOARDS = Object.fromEntries(
  [["carteros", carteros], ["post_office", postOffice], ["postcards", postcards]]
    .filter(([, module]) => module.Board),
);
