"""The games mailbag plays, found by name: ``mailbag.games.get("postcards")``."""

from mailbag.core.registry import get, names, register, register_builtin

register_builtin("postcards", "mailbag.games.postcards")
register_builtin("post_office", "mailbag.games.post_office")
register_builtin("carteros", "mailbag.games.carteros")

__all__ = ["get", "names", "register"]
