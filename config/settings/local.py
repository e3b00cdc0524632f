"""Development on a laptop: the embedded default with DEBUG on unless told otherwise."""

from config.settings.base import *  # noqa: F403
from config.settings.base import env

DEBUG = env.bool("DJANGO_DEBUG", default=True)

# A laptop: no throttles unless asked for; the demo users keep their published passwords, and
# load_demo issues them fresh tokens on every run (only a new key can be shown).
API_THROTTLE_ANON = env("API_THROTTLE_ANON", default="off")
API_THROTTLE_USER = env("API_THROTTLE_USER", default="off")
DEMO_PUBLISHED_PASSWORDS = True
