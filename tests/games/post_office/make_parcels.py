"""One-off generator of ``post_office/data/parcels.toml`` (run once, output committed).

Not part of the package and never run by the game or the tests: the parcel list is component
data, authored once. Run ``python tests/games/post_office/make_parcels.py`` to regenerate it
with the fixed seed (it writes the same file again).

Targets (RULINGS.md, Post Office components): colours equally common over all 112 tokens
(112 parcels each); about 25% of parcels with a type symbol, 10% with a stamp, 8% with a receipt;
each helper's 4 starting tokens hold 4 parcels of each colour, one symbol of each type, two
stamps and one receipt, so that no helper starts better than another.
"""

from __future__ import annotations

import random
from pathlib import Path

SEED = 20261130
COLOURS = ("fragile", "gift", "sweet", "personal")
HELPERS = ("cat", "dog", "pigeon", "hamster")
CORNERS = ("top_left", "top_right", "bottom_left", "bottom_right")
OUT = Path(__file__).parents[3] / "src/mailbag/games/post_office/data/parcels.toml"

# colour patterns over (top-left, top-right, bottom-left, bottom-right), with weights
PATTERNS = (
    ("AABB", 20),  # two horizontal halves
    ("ABAB", 20),  # two vertical halves
    ("AAAB", 20),  # three and one
    ("AABC", 20),  # a pair and two singles
    ("ABBA", 8),  # diagonals
    ("ABCD", 8),  # four colours
    ("AAAA", 4),  # one colour
)
ROTATE = (2, 0, 3, 1)  # a quarter turn clockwise: new[i] = old[ROTATE[i]]


def pattern_token(rng: random.Random) -> list[int]:
    pattern = rng.choices([p for p, _ in PATTERNS], [w for _, w in PATTERNS])[0]
    for _ in range(rng.randrange(4)):
        pattern = "".join(pattern[i] for i in ROTATE)
    labels = sorted(set(pattern))
    colours = rng.sample(range(4), len(labels))
    return [colours[labels.index(ch)] for ch in pattern]


def balance(tokens: list[list[int]], per_colour: int, rng: random.Random) -> None:
    """Relabel colours inside single tokens until every colour is used ``per_colour`` times."""

    def deviation() -> int:
        counts = [sum(t.count(c) for t in tokens) for c in range(4)]
        return sum(abs(n - per_colour) for n in counts)

    current = deviation()
    while current:
        token = rng.choice(tokens)
        x, y = rng.sample(range(4), 2)
        if x not in token or y in token:
            continue
        before = list(token)
        token[:] = [y if c == x else c for c in token]
        after = deviation()
        if after < current:
            current = after
        else:
            token[:] = before


def icons_for(colours: list[list[int]], per_colour: dict[str, list[int]], rng: random.Random):
    """Icons: for each icon kind, how many parcels of each colour carry it."""
    icons = [["none"] * 4 for _ in colours]
    free = {
        c: [(t, i) for t, tok in enumerate(colours) for i in range(4) if tok[i] == c]
        for c in range(4)
    }
    for spots in free.values():
        rng.shuffle(spots)
    for icon, counts in per_colour.items():
        for c in range(4):
            for _ in range(counts[c]):
                t, i = free[c].pop()
                icons[t][i] = icon
    return icons


def write_token(lines: list[str], head: list[str], colours: list[int], icons: list[str]) -> None:
    lines.append("")
    lines.extend(head)
    for corner, colour, icon in zip(CORNERS, colours, icons, strict=True):
        lines.append(f'{corner} = {{ colour = "{COLOURS[colour]}", icon = "{icon}" }}')


def main() -> None:
    rng = random.Random(SEED)
    regular = [pattern_token(rng) for _ in range(96)]
    balance(regular, 96, rng)
    stamps, receipts = [10, 10, 9, 9], [8, 8, 8, 7]
    rng.shuffle(stamps)
    rng.shuffle(receipts)
    regular_icons = icons_for(
        regular, {"symbol": [24] * 4, "stamp": stamps, "receipt": receipts}, rng
    )
    lines = [
        "# Post Office: the 96 parcel tokens and the 16 starting parcel tokens.",
        f"# Generated once by tests/games/post_office/make_parcels.py (seed {SEED}) and committed;",
        "# a user file given with --components may replace either list with the printed tokens.",
        "# Each token is 2×2 parcels as printed (rotation 0); a parcel has a colour (= its type)",
        "# and at most one icon: none, symbol (its own type's symbol), stamp or receipt.",
    ]
    for tid, (colours, icons) in enumerate(zip(regular, regular_icons, strict=True), 1):
        write_token(lines, ["[[tokens]]", f"id = {tid}"], colours, icons)
    for helper in HELPERS:
        halves = [c for c in range(4) for _ in range(2)]
        rng.shuffle(halves)
        tokens = []
        for k in range(4):
            a, b = halves[2 * k], halves[2 * k + 1]
            tokens.append([a, a, b, b] if rng.random() < 0.5 else [a, b, a, b])
        per = {"symbol": [1, 1, 1, 1], "stamp": [0, 0, 0, 0], "receipt": [0, 0, 0, 0]}
        extra = rng.sample(range(4), 3)
        per["stamp"][extra[0]] = per["stamp"][extra[1]] = 1
        per["receipt"][extra[2]] = 1
        for k, (colours, icons) in enumerate(
            zip(tokens, icons_for(tokens, per, rng), strict=True), 1
        ):
            write_token(
                lines,
                ["[[starting_tokens]]", f'helper = "{helper}"', f"number = {k}"],
                colours,
                icons,
            )
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
