"""How Django formats a date-time for a person: with the zone named ("April 7, 2022, 11:59 p.m. EDT").

The same shape as ``elections.law.local_time.local_time``; the admin activates the regional office's zone
(``core.admin_local_time``), so ``T`` names it.
"""

DATETIME_FORMAT = "F j, Y, g:i a T"
SHORT_DATETIME_FORMAT = "F j, Y, g:i a T"
DATE_FORMAT = "F j, Y"
