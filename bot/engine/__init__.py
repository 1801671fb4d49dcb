"""The rules of UNO: pure, deterministic, no I/O."""
