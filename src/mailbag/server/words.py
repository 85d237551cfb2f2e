"""The server's words for things that are codes inside mailbag: seat kinds (``greedy``,
``automa:normal``, ``human``) as names a person reads, the rules a refusal cites as a title and a
summary with a link (never a bare id such as ``PC-8``), and a hint's choices as a plain strength
and one sentence why — all in the reader's language (call them inside ``use_language``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from mailbag.core import Game, IllegalAction, MailbagError, Observation, Rng
from mailbag.core.i18n import N_, _, ngettext
from mailbag.core.presentation import cited_rules

#: the bots' and engine seats' names (a kind's part before ":"), words to translate
_KIND_WORDS = {
    "random": N_("Random bot"),
    "greedy": N_("Greedy bot"),
    "mcts": N_("Search bot"),
    "planner": N_("Planning bot"),
}
_AUTOMA_WORDS = {
    "easy": N_("Automa — easy"),
    "normal": N_("Automa — normal"),
    "expert": N_("Automa — expert"),
}

#: the world a hint's "why" is read from (fixed: the words depend on the view alone)
_HINT_WORLD = 0x68696E74


def kind_label(kind: str, own: bool = False) -> str:
    """A seat's kind in words: "You" (``own``: the reader's seat), "Person", "Greedy bot",
    "Automa — normal"…; an unknown kind by the name of its bot (never its parameters)."""
    if kind == "human":
        return _("You") if own else _("Person")
    head, _sep, rest = kind.partition(":")
    if head == "automa":
        word = _AUTOMA_WORDS.get(rest)
        return _(word) if word is not None else _("Automa")
    word = _KIND_WORDS.get(head)
    if word is None:
        return _("Bot ({name})", name=head[:20])
    seconds = _seconds(rest)
    if seconds is not None:
        return ngettext(
            "{bot}, {count} second a move",
            "{bot}, {count} seconds a move",
            seconds,
            bot=_(word),
            count=seconds,
        )
    return _(word)


def _seconds(params: str) -> int | None:
    """The thinking time a bot kind's parameters give (``time=1``), a whole number of seconds."""
    for part in params.split(","):
        key, _sep, value = part.partition("=")
        if key.strip() == "time":
            try:
                number = float(value)
            except ValueError:
                return None
            return max(1, round(number)) if 0 < number < 10_000 else None
    return None


def kind_labels(kinds: Sequence[str]) -> dict[str, str]:
    """``{kind: words}`` for the lobby's seat menus (``seat_kind_labels`` of ``/api/games``)."""
    return {kind: kind_label(kind) for kind in kinds}


def rule_info(game: Game[Any], rule: str | None) -> dict[str, str] | None:
    """A rule the game cites, as the reader sees it: its title, one-sentence summary and the
    link to its explanation (``/rules/<game>#<id>``); ``None`` when the game says nothing of it
    (the refusal's reason stands alone, and the id is never shown)."""
    if not rule:
        return None
    try:
        rules = game.presentation.rules()
    except Exception:  # a game's words are never worth a failed answer
        return None
    try:
        section = game.presentation.rule_section(rule)
    except Exception:  # a game's words are never worth a failed answer
        section = None
    found = rules.get(rule)
    if found is None:
        # a rule the game does not summarise (the table's own: a lesson, the undo) is told by
        # its section of the reference: its title and first sentence
        found = _section_summary(game, section)
        if found is None:
            return None
    title, summary = found
    return {
        "id": rule,
        "title": title,
        "summary": summary,
        "section": section or rule,
        "href": f"/rules/{game.spec.name}#{section or rule}",
    }


def _section_summary(game: Game[Any], section: str | None) -> tuple[str, str] | None:
    """A section's title and first sentence in the reader's language, or None."""
    if section is None:
        return None
    try:
        reference = game.presentation.rules_reference()
    except Exception:  # a game's words are never worth a failed answer
        return None
    found = reference.get(section) if reference is not None else None
    if found is None:
        return None
    text = " ".join(found.text().split())
    first = re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0]
    return found.title, first


def rules_data(game: Game[Any], lang: str) -> dict[str, Any] | None:
    """The game's rules reference as the browser's rules panel reads it (``/api/rules/<game>``):
    each section's id, title, level, parent, safe HTML (links to other sections as
    ``data-section``) and plain text (what the panel searches), in ``lang``; None when the game
    brings none."""
    try:
        reference = game.presentation.rules_reference(lang)
    except Exception:  # a game's words are never worth a failed answer
        return None
    if reference is None:
        return None
    return {
        "game": game.spec.name,
        "lang": reference.lang,
        "title": reference.title,
        "intro": reference.intro,
        "sections": [
            {
                "id": s.id,
                "title": s.title,
                "level": s.level,
                "parent": s.parent,
                "html": s.html(),
                "text": s.text(),
            }
            for s in reference.sections
        ],
    }


def refusal_words(game: Game[Any], exc: MailbagError) -> tuple[str, dict[str, str] | None]:
    """A refusal's reason without the rule ids cited in it, and the rule it names (from the
    exception's ``rule``, else the first id cited in its words) as :func:`rule_info`."""
    if isinstance(exc, IllegalAction):
        reason, cited = cited_rules(exc.reason)
        info = rule_info(game, exc.rule)
        for other in cited:
            if info is not None:
                break
            info = rule_info(game, other)
        return reason, info
    reason, cited = cited_rules(str(exc))
    return reason, next((i for i in (rule_info(game, c) for c in cited) if i), None)


def not_a_target(count: int, started: bool) -> str:
    """What a click on something that names no action is told: choose among the highlighted
    things (``count`` of them; ``started``: the earlier clicks began an action)."""
    if count == 0:
        return _("This cannot be chosen now: pick your move from the list of choices.")
    if started:
        return ngettext(
            "This cannot be chosen now: finish your move with the highlighted thing.",
            "This cannot be chosen now: finish your move with one of the {count} highlighted "
            "things.",
            count,
            count=count,
        )
    return ngettext(
        "This cannot be chosen now: choose the highlighted thing.",
        "This cannot be chosen now: choose one of the {count} highlighted things.",
        count,
        count=count,
    )


def change_without_words(own: bool, things: bool) -> str:
    """A change of another seat's (``own``: set off by the reader's own decision) that told the
    reader no event: what it shows, in words that tell nothing the reader cannot see
    (``things``: it changed things drawn on the board)."""
    if own:
        return _("what your move set off is highlighted on the board")
    if things:
        return _("made a move, highlighted on the board")
    return _("made a choice you will see when it is revealed")


def not_deciding(held: bool, over: bool) -> str:
    """What a click is told when the seat owes no decision."""
    if over:
        return _("The game is over: nothing can be chosen any more.")
    if held:
        return _("Your choice is ready: reveal it, choose again, or take it back.")
    return _("It is not your turn: wait until the others have chosen.")


def hint_words(
    game: Game[Any],
    observation: Observation,
    seat: int,
    entries: list[dict[str, Any]],
    actions: Sequence[Any],
) -> list[dict[str, Any]]:
    """Each hint choice with ``strength`` (a plain word) and ``why`` (one sentence: what it
    scores at once, or what the search saw it lead to), from the seat's view alone."""
    if not entries:
        return entries
    best = entries[0]["value"]
    second = entries[1]["value"] if len(entries) > 1 else None
    gains = _gains(game, observation, seat, list(actions))
    out = []
    for rank, entry in enumerate(entries):
        value = entry["value"]
        if len(entries) == 1:
            strength = _("the only choice")
        elif rank == 0:
            clear = entry["share"] >= 0.6 or (second is not None and best - second >= 0.08)
            close = second is not None and best - second < 0.03
            strength = (
                _("clearly the best")
                if clear
                else _("one of several close choices")
                if close
                else _("a good choice")
            )
        else:
            strength = (
                _("one of several close choices") if best - value < 0.03 else _("a weaker choice")
            )
        gain = gains[rank]
        if gain is not None and gain > 0:
            why = ngettext(
                "It scores {count} point at once.",
                "It scores {count} points at once.",
                gain,
                count=gain,
            )
        elif rank == 0 and len(entries) > 1:
            why = _("Played out many times from what you can see, it led to the best results.")
        elif len(entries) == 1:
            why = _("Nothing else can be chosen now.")
        else:
            why = _("Played out from what you can see, it did a little less well later on.")
        out.append({**entry, "strength": strength, "why": why})
    return out


def _gains(
    game: Game[Any], observation: Observation, seat: int, actions: list[Any]
) -> list[int | None]:
    """The points each action scores at once for ``seat``, read on one world drawn from its
    view (so the words depend on nothing it cannot see); ``None`` where that cannot be said."""
    from mailbag.core import apply

    try:
        world = game.determinize(observation, Rng.from_seed(_HINT_WORLD))
        before = game.scores(world)[seat].total
    except Exception:
        return [None] * len(actions)
    gains: list[int | None] = []
    for action in actions:
        try:
            after, _events = apply(game, world, seat, action)
            gains.append(game.scores(after)[seat].total - before)
        except Exception:
            gains.append(None)
    return gains


def rules_html(game: Game[Any], lang: str) -> str:
    """The page of the game's rules (``/rules/<game>``), in the reader's language: its rules
    reference in mailbag's words (:mod:`mailbag.core.rulebook`), each section under an anchor
    that is its id (a ruling's id, or a slug such as ``setup``), with a table of contents; a game
    without a reference shows the title and summary of each rule it cites."""
    from html import escape

    try:
        reference = game.presentation.rules_reference(lang)
    except Exception:
        reference = None
    if reference is not None:
        contents = "".join(
            f'<li class="level{s.level}"><a href="#{escape(s.id)}">{escape(s.title)}</a></li>'
            for s in reference.sections
        )
        body = "".join(
            f'<section id="{escape(s.id)}"><h{s.level}>{escape(s.title)}</h{s.level}>'
            f"{s.html()}</section>"
            for s in reference.sections
        )
        return (
            f'<!doctype html><html lang="{escape(lang)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(reference.title)}</title></head><body><main>"
            f"<h1>{escape(reference.title)}</h1><p>{escape(reference.intro)}</p>"
            f"<nav><ul>{contents}</ul></nav>{body}</main></body></html>"
        )

    try:
        rules = game.presentation.rules()
    except Exception:
        rules = {}
    title = _("The rules of {game}", game=_(game.spec.title))
    items = "".join(
        f'<section id="{escape(rule)}"><h2>{escape(head)}</h2><p>{escape(summary)}</p></section>'
        for rule, (head, summary) in rules.items()
    )
    if not items:
        items = "<p>" + escape(_("This game explains no rules here yet.")) + "</p>"
    return (
        f'<!doctype html><html lang="{escape(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title></head><body><main><h1>{escape(title)}</h1>"
        f"{items}</main></body></html>"
    )
