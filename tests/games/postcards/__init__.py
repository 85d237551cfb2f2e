"""Postcards: the scenario tests of each rule, card effect and part of the game."""
