"""The shared kernel: what every app may import and what imports no app.

Errors and their HTTP mapping, who acts, the clock, the notification outbox and its delivery, the API's
permissions, scoping, pagination and schema helpers, the health view, and the admin kit. Nothing here
imports ``elections``, ``challenges``, ``objections``, ``proceedings``, ``notes`` or ``public_record``
(tests/test_layering.py checks it)."""
