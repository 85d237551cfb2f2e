"""Carteros: the scenario tests of each rule, card and part of the game."""
