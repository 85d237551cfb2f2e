// The post_office board: not drawn yet (the text board is shown).
export const Board = null;
