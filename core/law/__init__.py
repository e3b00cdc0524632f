"""Plain-Python helpers the apps' law modules share (no Django)."""
