"""mailbag's C parts, each a faster twin of Python code that stays the reference: everything else
is in pyproject.toml.

- the RL layer's (``mailbag/rl/native.py``): action masks and ``Match``'s step (``rl/_actions.c``);
- each game's observation encoding (``games/<game>/_encoder.c``, a twin of its ``encoder.py``'s
  ``write_state``; what they share is in ``core/_encoder.h``);
- Post Office's seal matcher (``games/post_office/_seals.c``, a twin of ``bitboard.seal_hits``).

Each is an optional extension, built where a C compiler is found and otherwise left out, with
the compiler's words (the Python it twins then runs, in either build).
"""

from setuptools import Extension, setup

RL_NATIVE = ["_actions"]
#: the games whose folder holds an encoder's C twin, ``_encoder.c``
ENCODER_NATIVE = ["postcards", "post_office", "carteros"]

setup(
    ext_modules=[
        *(
            Extension(f"mailbag.rl.{name}", [f"src/mailbag/rl/{name}.c"], optional=True)
            for name in RL_NATIVE
        ),
        *(
            Extension(
                f"mailbag.games.{game}._encoder",
                [f"src/mailbag/games/{game}/_encoder.c"],
                include_dirs=["src/mailbag/core"],
                depends=["src/mailbag/core/_encoder.h"],
                optional=True,
            )
            for game in ENCODER_NATIVE
        ),
        Extension(
            "mailbag.games.post_office._seals",
            ["src/mailbag/games/post_office/_seals.c"],
            optional=True,
        ),
    ]
)
