"""Post Office: the scenario tests of each rule, goal and part of the game."""
