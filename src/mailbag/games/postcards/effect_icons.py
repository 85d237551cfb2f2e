"""The effect icons (rulebook, Effects; PC-4, PC-5): the behaviour of each ``[[effects]]`` entry
of the component data, registered in :data:`behaviours.EFFECTS`, and a player gaining an effect.

An effect function says what the icon gives in the words every seat understands (one more
action, a stamp, a star, one more card); the seat gaining it (:class:`behaviours.Gainer`) carries
that out by its own rules: a player here (PC-4, PC-5), an Automa in ``automa.py`` (PC-15).
"""

from __future__ import annotations

from mailbag.core.game import Event
from mailbag.core.i18n import N_
from mailbag.games.postcards import pieces
from mailbag.games.postcards.behaviours import EFFECTS, ActionName, Gainer
from mailbag.games.postcards.kinds import Components, Effect
from mailbag.games.postcards.state import STAMP, STAR, Frame, PostcardsState


@EFFECTS.register("keep_action")
def keep_action(who: Gainer, effect: Effect, *, action: ActionName) -> None:
    """A Movement, Postcard or Camp icon: one more such action this turn (PC-4)."""
    who.keep(action)


@EFFECTS.register("stamp")
def stamp(who: Gainer, effect: Effect) -> None:
    """A Stamp icon: a stamp at once on any open stamp space, any colour (PC-4)."""
    who.stamp()


@EFFECTS.register("star")
def star(who: Gainer, effect: Effect) -> None:
    """A Star icon: its points at once (PC-4), or on side B a choice (PC-5)."""
    who.star(effect.points)


@EFFECTS.register("plus")
def plus(who: Gainer, effect: Effect) -> None:
    """A Plus icon: one more Travel card this turn, if the player wants (PC-4)."""
    who.extra_card()


class PlayerGain:
    """A player gaining effects during their own turn."""

    def __init__(self, components: Components, state: PostcardsState, seat: int) -> None:
        self.components = components
        self.state = state
        self.seat = seat
        self.events: list[Event] = []

    def keep(self, action: ActionName) -> None:
        """PC-4: kept, to be used at any later moment of this turn."""
        self.components.action(action).rule.keep(self.state.turn, 1)

    def stamp(self) -> None:
        """PC-4: placed now or declined (a decision; dropped when no stamp can be placed)."""
        self.state.turn.stack.append(Frame(STAMP))

    def star(self, points: int) -> None:
        """PC-5: on side B taken as points or converted (a decision); PC-106: side A scores."""
        if self.state.side == "B":
            self.state.turn.stack.append(Frame(STAR, value=points))
        else:
            self.score(points, N_("star effect"))

    def extra_card(self) -> None:
        """PC-4, PC-6: one more Travel card may be played this turn."""
        self.state.turn.plus += 1

    def score(self, points: int, reason: str) -> None:
        self.events += pieces.score(self.state, self.seat, points, reason)


def gain_effect(
    components: Components, state: PostcardsState, seat: int, effect: Effect
) -> list[Event]:
    """A player gains ``effect`` (PC-4, PC-5): its kind's behaviour, then one event saying so
    unless the effect was only scored."""
    who = PlayerGain(components, state, seat)
    components.effects[effect.index].function(who, effect)
    if who.events:
        return who.events
    return [
        Event(
            "effect",
            N_("{seat} gains a {effect} effect"),
            {"seat": seat, "effect": effect.label()},
        )
    ]


def convert_star(components: Components, state: PostcardsState, seat: int, choice: str) -> None:
    """PC-5: a side-B star taken as the effect ``choice`` (movement, postcard or stamp)."""
    kind = components.effects[components.effect_index[choice]]
    kind.function(PlayerGain(components, state, seat), Effect(kind.name, 0, kind.index))
