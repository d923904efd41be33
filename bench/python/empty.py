"""The empty program: measures the start-up of CPython (twin of bench/lse/empty.lse)."""
