"""The RL layer's C parts (mailbag/rl/native.py): everything else is in pyproject.toml.

Each is an optional extension, built where a C compiler is found and otherwise left out (the
Python it twins then runs).
"""

from setuptools import Extension, setup

NATIVE = ["_actions", "_obs_postcards", "_obs_post_office", "_obs_carteros"]

setup(
    ext_modules=[
        Extension(
            f"mailbag.rl.{name}",
            [f"src/mailbag/rl/{name}.c"],
            depends=["src/mailbag/rl/_native.h"],
            optional=True,
        )
        for name in NATIVE
    ]
)
