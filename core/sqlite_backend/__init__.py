"""Django's SQLite backend, keeping the case-version triggers through a table's rebuild (see ``base``)."""
