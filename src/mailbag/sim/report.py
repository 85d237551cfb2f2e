"""The simulation report: the summary's tables as Markdown or HTML, with PNG plots.

matplotlib is imported lazily inside :func:`write_plots` (headless ``Agg`` backend); without it
the report is written with its tables only and says so. The report is in the reader's language
(its score categories too); the summary it is made from stays language-neutral.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mailbag.core.i18n import NC_, _, ngettext, pgettext
from mailbag.core.records import seat_kind_label, seat_label
from mailbag.sim.stats import cpu_text
from mailbag.sim.worker import Outcome

#: every seat's total, beside the game's own score categories
TOTAL = NC_("score", "total")


@dataclass
class Section:
    title: str
    headers: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    text: str = ""
    images: list[str] = field(default_factory=list)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _num(x: float) -> str:
    return f"{x:.2f}"


def _ci(entry: dict[str, Any]) -> str:
    low, high = entry["ci95"]
    return f"{_pct(low)} – {_pct(high)}"


def sections(summary: dict[str, Any], images: dict[str, str]) -> list[Section]:
    """The report's content, independent of the output format."""
    stats = summary["stats"]
    out: list[Section] = []
    options = ", ".join(f"{k}={v}" for k, v in sorted(summary["options"].items())) or _("defaults")
    state = (
        _("interrupted — statistics of the finished games only") if summary["interrupted"] else ""
    )
    finished = _(
        "{finished} of {requested}",
        finished=summary["games_finished"],
        requested=summary["games_requested"],
    )
    out.append(
        Section(
            _("Set-up"),
            ["", ""],
            [
                [_("game"), summary["game"]],
                [_("seats (as listed)"), ", ".join(summary["seats"])],
                [_("options"), options],
                [_("seed"), str(summary["seed"])],
                [_("seat rotation"), _("yes") if summary["rotation"] else _("no")],
                [_("games"), finished],
                [
                    _("backend"),
                    ngettext(
                        "{backend}, {count} worker",
                        "{backend}, {count} workers",
                        summary["workers"],
                        backend=summary["backend"],
                        count=summary["workers"],
                    ),
                ],
                [_("speed"), _("{speed:.2f} games/s", speed=summary["games_per_second"])],
            ],
            text=state,
        )
    )
    if not stats.get("games"):
        return out
    fair = stats["fair_win_rate"]
    rows = []
    for kind, entry in stats["by_kind"].items():
        total = entry["scores"]["total"]
        rows.append(
            [
                seat_kind_label(kind),
                str(entry["n"]),
                _num(entry["wins"]),
                _pct(entry["win_rate"]),
                _ci(entry),
                _num(entry["mean_place"]),
                _num(total["mean"]),
                cpu_text(summary.get("cpu_per_move", {}).get(kind, {}).get("per_move")),
            ]
        )
    out.append(
        Section(
            _("Win rate by seat kind"),
            [
                _("seat kind"),
                _("seat-games"),
                _("wins"),
                _("win rate"),
                _("95% CI (Wilson)"),
                _("mean place"),
                _("score"),
                _("CPU per move"),
            ],
            rows,
            text=_("An equally strong field would win {rate} each.", rate=_pct(fair)),
            images=[images[k] for k in ("win_rate",) if k in images],
        )
    )
    rows = [
        [str(seat), str(e["n"]), _pct(e["win_rate"]), _ci(e)]
        for seat, e in enumerate(stats["by_seat"])
    ]
    out.append(
        Section(
            _("Win rate by seat position"),
            [_("seat"), _("games"), _("win rate"), _("95% CI (Wilson)")],
            rows,
            text=_(
                "First-player advantage (seat 0's win rate minus {rate}): {advantage:+.1f} points.",
                rate=_pct(fair),
                advantage=100 * stats["first_player_advantage"],
            ),
            images=[images[k] for k in ("seats",) if k in images],
        )
    )
    for kind, entry in stats["by_kind"].items():
        rows = [
            [
                pgettext("score", category),
                _num(d["mean"]),
                _num(d["sd"]),
                _num(d["min"]),
                _num(d["q25"]),
                _num(d["median"]),
                _num(d["q75"]),
                _num(d["max"]),
            ]
            for category, d in entry["scores"].items()
        ]
        out.append(
            Section(
                _("Scores of {kind}", kind=seat_kind_label(kind)),
                [_("category"), *_stat_headers()],
                rows,
            )
        )
    if "scores" in images:
        out.append(Section(_("Score distributions"), images=[images["scores"]]))
    length = stats["length"]
    out.append(
        Section(
            _("Game length (decisions per game)"),
            _stat_headers(),
            [[_num(length[k]) for k in ("mean", "sd", "min", "q25", "median", "q75", "max")]],
            images=[images[k] for k in ("length",) if k in images],
        )
    )
    for category, tags in stats["balance"].items():
        rows = [
            [tag, str(e["n"]), _pct(e["win_rate"]), _ci(e), _num(e["mean_score"])]
            for tag, e in sorted(tags.items(), key=lambda kv: -kv[1]["win_rate"])
        ]
        key = f"balance-{category}"
        out.append(
            Section(
                _("Balance: {category}", category=category),
                [category, _("seat-games"), _("win rate"), _("95% CI (Wilson)"), _("mean score")],
                rows,
                text=_("Win rate of the seats whose game involved each component."),
                images=[images[key]] if key in images else [],
            )
        )
    return out


def _stat_headers() -> list[str]:
    return [_("mean"), _("sd"), _("min"), _("q25"), _("median"), _("q75"), _("max")]


def to_markdown(title: str, parts: Sequence[Section], note: str = "") -> str:
    lines = [f"# {title}", ""]
    if note:
        lines += [note, ""]
    for part in parts:
        lines += [f"## {part.title}", ""]
        if part.text:
            lines += [part.text, ""]
        if part.rows:
            lines.append("| " + " | ".join(h or " " for h in part.headers) + " |")
            lines.append("|" + "|".join("---" for _ in part.headers) + "|")
            for row in part.rows:
                lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |")
            lines.append("")
        for image in part.images:
            lines += [f"![{part.title}]({image})", ""]
    return "\n".join(lines)


def to_html(title: str, parts: Sequence[Section], note: str = "") -> str:
    e = html.escape
    body = [f"<h1>{e(title)}</h1>"]
    if note:
        body.append(f"<p>{e(note)}</p>")
    for part in parts:
        body.append(f"<h2>{e(part.title)}</h2>")
        if part.text:
            body.append(f"<p>{e(part.text)}</p>")
        if part.rows:
            body.append("<table>")
            body.append("<tr>" + "".join(f"<th>{e(h)}</th>" for h in part.headers) + "</tr>")
            for row in part.rows:
                body.append("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>")
            body.append("</table>")
        for image in part.images:
            body.append(f'<p><img src="{e(image)}" alt="{e(part.title)}"></p>')
    style = (
        "body{font-family:sans-serif;max-width:60em;margin:2em auto;}"
        "table{border-collapse:collapse;margin:1em 0;}"
        "td,th{border:1px solid #bbb;padding:.25em .6em;text-align:right;}"
        "td:first-child,th:first-child{text-align:left;}img{max-width:100%;}"
    )
    return (
        '<!DOCTYPE html>\n<html><head><meta charset="utf-8">'
        f"<title>{e(title)}</title><style>{style}</style></head><body>\n"
        + "\n".join(body)
        + "\n</body></html>\n"
    )


def write_report(
    summary: dict[str, Any], outcomes: Sequence[Outcome], out: Path, fmt: str = "md"
) -> Path:
    """Write ``report.md`` or ``report.html`` (and the plots) into ``out``; returns its path."""
    note = ""
    try:
        images = write_plots(summary, outcomes, out / "plots")
    except ImportError:
        images = {}
        note = _(
            "Plots were not drawn: matplotlib is not installed (pip install 'mailbag[plots]')."
        )
    relative = {key: f"plots/{Path(path).name}" for key, path in images.items()}
    title = _("mailbag simulation: {game}", game=summary["game"])
    parts = sections(summary, relative)
    if fmt == "html":
        path = out / "report.html"
        path.write_text(to_html(title, parts, note), encoding="utf-8")
    else:
        path = out / "report.md"
        path.write_text(to_markdown(title, parts, note), encoding="utf-8")
    return path


def write_plots(
    summary: dict[str, Any], outcomes: Sequence[Outcome], folder: Path
) -> dict[str, str]:
    """Draw the plots as PNG files in ``folder``; returns name -> file path."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder.mkdir(parents=True, exist_ok=True)
    stats = summary["stats"]
    fair = stats["fair_win_rate"]
    paths: dict[str, str] = {}

    def save(fig: Any, name: str) -> None:
        path = folder / f"{name}.png"
        fig.tight_layout()
        fig.savefig(path, dpi=90)
        plt.close(fig)
        paths[name] = str(path)

    def rate_bars(name: str, labels: list[str], entries: list[dict[str, Any]], title: str) -> None:
        fig, ax = plt.subplots(figsize=(6.4, 0.5 * len(labels) + 1.6))
        rates = [e["win_rate"] for e in entries]
        low = [max(0.0, e["win_rate"] - e["ci95"][0]) for e in entries]
        high = [max(0.0, e["ci95"][1] - e["win_rate"]) for e in entries]
        ax.barh(labels, rates, xerr=[low, high], capsize=4, color="#4c72b0")
        ax.axvline(
            fair, color="#c44e52", linestyle="--", label=_("fair share {rate:.2f}", rate=fair)
        )
        ax.set_xlim(0, 1)
        ax.set_xlabel(_("win rate (95% Wilson interval)"))
        ax.set_title(title)
        ax.invert_yaxis()
        ax.legend(loc="lower right")
        save(fig, name)

    kinds = list(stats["by_kind"])
    shown = [seat_kind_label(k) for k in kinds]
    rate_bars("win_rate", shown, [stats["by_kind"][k] for k in kinds], _("Win rate by seat kind"))
    seats = [seat_label(i) for i in range(stats["seats"])]
    rate_bars("seats", seats, stats["by_seat"], _("Win rate by seat position"))

    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    totals = [
        [o.scores[s] for o in outcomes for s, k in enumerate(o.seats) if k == kind]
        for kind in kinds
    ]
    ax.boxplot(totals)
    ax.set_xticks(range(1, len(kinds) + 1), shown)
    ax.set_ylabel(_("final score"))
    ax.set_title(_("Final score by seat kind"))
    save(fig, "scores")

    fig, ax = plt.subplots(figsize=(6.4, 3.2))
    ax.hist(
        [o.decisions for o in outcomes], bins=min(30, max(5, len(outcomes) // 5)), color="#55a868"
    )
    ax.set_xlabel(_("decisions per game"))
    ax.set_ylabel(_("games"))
    ax.set_title(_("Game length"))
    save(fig, "length")

    for category, tags in stats["balance"].items():
        labels = sorted(tags, key=lambda t: -tags[t]["win_rate"])[:40]
        rate_bars(
            f"balance-{category}",
            labels,
            [tags[t] for t in labels],
            _("Win rate by {category}", category=category),
        )
    return paths
