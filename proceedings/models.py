"""The appeal ladder, deadlines and reminders."""
