"""Letterbox's state: the mail bag (the deck), each seat's hand, the letterbox pile, the sorted
heap and the points. Every field is plain data (the JSON round trip of the contract)."""

from __future__ import annotations

import msgspec


class LetterboxState(msgspec.Struct):
    #: the mail bag, face down; the next letter drawn is the last
    bag: list[int]
    #: each seat's hand of letters (postcodes), hidden from the other seats
    hands: list[list[int]]
    #: the letterbox, face up: letters posted since it was last emptied, the top last
    pile: list[int] = []
    #: letters the postman has collected, face up
    sorted_heap: list[int] = []
    points: list[int] = []
    #: letters each seat has posted (the tie-break)
    posted: list[int] = []
    current: int = 0
    turn: int = 0
