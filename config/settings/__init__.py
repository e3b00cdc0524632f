"""Settings, one module per environment: base (shared), local, test, production."""
