"""Tournament play, for either game: the round timer, the time call, psi games, randomizers and a match of two games."""
