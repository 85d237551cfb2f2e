"""Every source file whose texts a person reads belongs to exactly one catalog area: a module
moved to a new folder (``cli/``, ``bench/``) is neither left out of the catalog test nor held to
two catalogs at once."""

from __future__ import annotations

import re

from areas import AREAS, SRC, files_of

#: a text marked for translation, as the extraction finds it (see areas.PYTHON_KEYWORDS)
MARKED = re.compile(r"\b(?:_|N_|NC_|pgettext|t)\(\s*[\"']")


def test_every_file_with_texts_is_in_exactly_one_area() -> None:
    owners: dict[str, list[str]] = {}
    for area in AREAS:
        for path in files_of(area):
            owners.setdefault(str(path.relative_to(SRC)), []).append(area)
    sources = sorted(
        p
        for suffix in ("*.py", "*.js")
        for p in SRC.rglob(suffix)
        if "vendor" not in p.parts and (p.suffix == ".py" or "static" in p.parts)
    )
    marked = [
        str(p.relative_to(SRC)) for p in sources if MARKED.search(p.read_text(encoding="utf-8"))
    ]
    assert len(marked) > 20  # the walk found the texts
    nowhere = [name for name in marked if name not in owners]
    twice = {name: areas for name, areas in owners.items() if len(areas) > 1}
    assert not nowhere, "texts in no catalog area (tests/i18n/areas.py):\n" + "\n".join(nowhere)
    assert not twice, f"files in two catalog areas: {twice}"


def test_the_server_benchmark_keeps_the_servers_catalog() -> None:
    server_bench = {"server.py", "processes.py"}
    assert {p.name for p in files_of("server") if p.parent.name == "bench"} == server_bench
    assert not server_bench & {p.name for p in files_of("play") if p.parent.name == "bench"}
    assert {p.relative_to(SRC).parts[0] for p in files_of("play")} >= {"cli", "bench"}
