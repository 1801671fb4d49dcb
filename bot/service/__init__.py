"""Use-cases: load a game, lock it, apply an engine action, save it, publish the result."""
