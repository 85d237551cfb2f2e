"""Game review: each decision of a game judged by the bots' search from what its player knew
(:mod:`mailbag.review.engine`), and how a review is shown in a terminal
(:mod:`mailbag.review.report`)."""

from mailbag.review.engine import (
    DEPTHS,
    MARKS,
    THRESHOLDS,
    DecisionReview,
    Review,
    ReviewError,
    Settings,
    decisions_of,
    review_decision,
    review_record,
)

__all__ = [
    "DEPTHS",
    "MARKS",
    "THRESHOLDS",
    "DecisionReview",
    "Review",
    "ReviewError",
    "Settings",
    "decisions_of",
    "review_decision",
    "review_record",
]
