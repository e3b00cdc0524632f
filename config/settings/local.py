"""Development on a laptop: the embedded default with DEBUG on unless told otherwise."""

from config.settings.base import *  # noqa: F403
from config.settings.base import env

DEBUG = env.bool("DJANGO_DEBUG", default=True)
