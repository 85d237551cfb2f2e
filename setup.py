"""mailbag's C parts, each a faster twin of Python code that stays the reference: everything else
is in pyproject.toml.

- the RL layer's (``mailbag/rl/native.py``): action masks, ``Match``'s step, observations;
- Post Office's seal matcher (``games/post_office/_seals.c``, a twin of ``bitboard.seal_hits``).

Each is an optional extension, built where a C compiler is found and otherwise left out, with
the compiler's words (the Python it twins then runs, in either build).
"""

from setuptools import Extension, setup

RL_NATIVE = ["_actions", "_obs_postcards", "_obs_post_office", "_obs_carteros"]

setup(
    ext_modules=[
        *(
            Extension(
                f"mailbag.rl.{name}",
                [f"src/mailbag/rl/{name}.c"],
                depends=["src/mailbag/rl/_native.h"],
                optional=True,
            )
            for name in RL_NATIVE
        ),
        Extension(
            "mailbag.games.post_office._seals",
            ["src/mailbag/games/post_office/_seals.c"],
            optional=True,
        ),
    ]
)
