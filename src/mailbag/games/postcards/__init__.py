"""Postcards (2–4 seats): cycle across France, camp, and send postcards home.

Rules summary (Postcards rulebook, RULINGS.md PC-1…PC-17, docs/postcards.md PC-101…):

- Set-up: 3 gift cards and 5 Travel cards face up; each seat gets an itinerary card (its start
  region), 5 Travel cards (not an Automa) and 1 postcard; 3 postcards face up; a random first
  player.
- A turn: play 3 Travel cards, one at a time, each either for its action — Movement (to an
  adjacent region), Postcard (take a face-up postcard or the deck top; PC-7 refresh) or Camp
  (a camp token on an empty campsite here, maybe a souvenir of that type, PC-8) — or to stick
  a stamp of its colour. Two cards together act as any one card (PC-6). Effects: stamp and
  star now, movement/postcard/camp later in the turn, plus = one more card (PC-4); side B
  stars may be converted (PC-5). Filling a region with one's camps scores the best traveller.
- At any moment of the turn a fully stamped postcard of the current region may be sent: its
  tokens return to the finite supply (PC-2), its points are scored and a gift card is taken
  (PC-9, PC-10). Lightning gifts are used during one's turn, bell gifts score at the end.
- End of turn: draw back to 5 cards one at a time from the display or the deck (PC-11).
- The first seat to have sent 4 postcards takes the End Game Bonus (+3); the round is
  finished (PC-12). Final score: during play + itinerary (2/4/7/11) + 1 per unsent postcard +
  bell gifts + bonus; ties: most postcards sent, then most camps, then shared.
- Options: ``edition=en|nl`` (PC-7, PC-16), ``side=A|B`` (player board side).
- Automa seats (``automa:easy|normal|expert``) play their turn inside ``apply`` (issue 4).
"""

from __future__ import annotations

from typing import Final

from mailbag.core.i18n import N_
from mailbag.core.spec import GameSpec, OptionSpec
from mailbag.games.postcards.components import load_default
from mailbag.games.postcards.game import PostcardsGame
from mailbag.games.postcards.legal import VERBS
from mailbag.games.postcards.state import PostcardsState
from mailbag.games.postcards.turn import AUTOMA_KINDS


def _edition(state: PostcardsState) -> str:
    return state.edition


def _side(state: PostcardsState) -> str:
    return state.side


_OPTIONS: Final = (
    OptionSpec(
        "edition",
        str,
        "en",
        N_(
            "which rulebook edition to follow where the two differ: the English one lets you "
            "refresh the postcards once, the Dutch one scores the Automa's gifts its own way"
        ),
        choices=("en", "nl"),
        label=N_("Rulebook edition"),
        choice_labels=(N_("English"), N_("Dutch")),
        read=_edition,
    ),
    OptionSpec(
        "side",
        str,
        "A",
        N_("which side of the player boards is used: A has fixed effects, B has stars"),
        choices=("A", "B"),
        label=N_("Player board side"),
        choice_labels=(N_("A: fixed effects"), N_("B: stars")),
        read=_side,
    ),
)

_CONTRACT_SEATS: Final[tuple[tuple[str, ...], ...]] = (
    ("player", "automa:normal"),
    ("player", "automa:easy", "automa:expert"),
    ("player", "player", "automa:normal", "automa:easy"),
)

SPEC: Final = GameSpec(
    name="postcards",
    title=N_("Postcards"),
    min_seats=1,
    max_seats=4,
    options=_OPTIONS,
    summary=N_(
        "Cycle across France, camp, and send postcards to your loved ones (2–4 seats, "
        "or solo against the Automa)."
    ),
    engine_seats=AUTOMA_KINDS,
    contract_seats=_CONTRACT_SEATS,
    verbs=VERBS,
)

GAME: Final = PostcardsGame(SPEC, load_default())

__all__ = ["GAME", "SPEC", "PostcardsGame"]
