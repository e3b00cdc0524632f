"""Settings of the processes the fault tests start: local settings (DEBUG on, as on a laptop), mail into a
directory through the fault-injecting file backend, short leases so recovery fits a test."""

from config.settings.local import *  # noqa: F403
from config.settings.local import env

EMAIL_BACKEND = "tests.faults.killing_backend.EmailBackend"
EMAIL_FILE_PATH = env("FAULT_MAIL_DIR")
NOTIFICATION_HANDOVER_LEASE_SECONDS = 3
NOTIFICATION_SWEEP_SECONDS = 3
