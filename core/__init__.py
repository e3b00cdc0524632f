"""The shared kernel: what every app may import and what imports no app.

Errors and their HTTP mapping, who acts, the clock, the notification outbox and its delivery, the API's
permissions, scoping, pagination and schema helpers, the health view, and the admin kit. Nothing here
imports another app of ours (tests/test_layering.py checks it); one model names another app's by its label,
the outbox row's ``case`` (``"elections.Case"``), and the layering test allows that one only."""
