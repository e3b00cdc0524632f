#!/usr/bin/env python
"""Django's command-line utility for nlrb-tracker."""

import os
import sys


def main() -> None:
    # Production unless told otherwise: a forgotten variable fails loudly (no secret key) instead of
    # serving debug pages. `make run` asks for config.settings.local.
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
