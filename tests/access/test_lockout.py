"""Sign-in lockout: repeated failures for a user name from one address, from one address, or for a user
name from anywhere (many more) lock sign-in — even the right password — with 429 and Retry-After, on the
admin's login, the browsable API's and the counsel desk's. A guesser cannot keep the owner out, nor make
up addresses."""

from __future__ import annotations

import time

import pytest
from django.core import mail
from django.core.cache import cache
from django.test import Client

from tests.factories import StaffFactory, UserFactory

pytestmark = pytest.mark.django_db

ADMIN = "/admin/login/"
API = "/api-auth/login/"
DESK = "/desk/sign-in/"  # the counsel desk


@pytest.fixture(autouse=True)
def _clean_cache() -> None:
    cache.clear()


@pytest.fixture
def staff():
    user = StaffFactory(username="desk")
    user.set_password("right-password-1")
    user.save()
    return user


def _post(client: Client, url: str, username: str, password: str, address: str = "198.51.100.7"):
    return client.post(url, {"username": username, "password": password}, REMOTE_ADDR=address)


@pytest.mark.parametrize("url", [ADMIN, API, DESK])
def test_after_five_failures_even_the_right_password_is_refused_with_429(staff, url: str) -> None:
    client = Client()
    for _ in range(5):
        assert _post(client, url, "desk", "wrong").status_code == 200  # the form again, with its error
    response = _post(client, url, "desk", "right-password-1")
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0
    assert "_auth_user_id" not in client.session


def test_the_lockout_counts_the_user_name_whatever_its_case(staff) -> None:
    client = Client()
    for n in range(5):
        _post(client, API, "DESK" if n % 2 else "desk", "wrong")
    assert _post(Client(), ADMIN, "Desk", "right-password-1").status_code == 429


def test_a_guesser_elsewhere_does_not_keep_the_owner_out(staff) -> None:
    """Five wrong guesses every fifteen minutes from the guesser's address lock the guesser, not the
    owner signing in from the office."""
    for _ in range(10):
        _post(Client(), API, "desk", "wrong", address="203.0.113.66")
    assert _post(Client(), API, "desk", "right-password-1", address="203.0.113.66").status_code == 429
    assert _post(Client(), API, "desk", "right-password-1", address="192.0.2.10").status_code == 302


def test_a_user_name_guessed_from_many_addresses_is_locked_after_many_more_and_its_owner_is_told(
    staff, settings, django_capture_on_commit_callbacks
) -> None:
    settings.LOGIN_FAILURES_PER_USER = 12  # (50 by default) the pair locks at 5
    with django_capture_on_commit_callbacks(execute=True):
        for n in range(11):
            _post(Client(), API, "desk", "wrong", address=f"203.0.113.{n}")
        assert _post(Client(), API, "desk", "right-password-1", address="192.0.2.10").status_code == 302
        _post(Client(), API, "desk", "wrong", address="192.0.2.11")  # the sign-in forgot the eleven
        for n in range(12):
            _post(Client(), API, "desk", "wrong", address=f"198.51.100.{n}")
        locked = _post(Client(), API, "desk", "right-password-1", address="192.0.2.10")

    assert locked.status_code == 429
    [told] = [m for m in mail.outbox if "locked" in m.subject]
    assert told.to == [staff.email] and "12 failed sign-ins" in told.body


def test_a_forged_x_forwarded_for_gives_no_fresh_address(staff) -> None:
    """With no proxy configured, the header is the client's own words: 21 failures (21 names), each with a
    new forged address, are 21 failures from one address, which is locked."""
    client = Client()
    for n in range(21):
        client.post(
            API,
            {"username": f"guess{n}", "password": "wrong"},
            REMOTE_ADDR="198.51.100.7",
            HTTP_X_FORWARDED_FOR=f"10.0.{n}.1",
        )
    response = client.post(
        API,
        {"username": "desk", "password": "right-password-1"},
        REMOTE_ADDR="198.51.100.7",
        HTTP_X_FORWARDED_FOR="10.9.9.9",
    )
    assert response.status_code == 429


def test_behind_our_proxy_the_address_it_saw_counts_and_what_the_client_wrote_does_not(
    staff, settings
) -> None:
    settings.TRUSTED_PROXIES = 1  # one proxy of ours appends the address that connected to it
    proxy = "10.0.0.2"
    for n in range(5):  # the guesser at 203.0.113.5 writes a new address of its own before it each time
        _post_via = {"HTTP_X_FORWARDED_FOR": f"192.0.2.{n}, 203.0.113.5"}
        Client().post(API, {"username": "desk", "password": "wrong"}, REMOTE_ADDR=proxy, **_post_via)
    guesser = Client().post(
        API,
        {"username": "desk", "password": "right-password-1"},
        REMOTE_ADDR=proxy,
        HTTP_X_FORWARDED_FOR="203.0.113.5",
    )
    owner = Client().post(
        API,
        {"username": "desk", "password": "right-password-1"},
        REMOTE_ADDR=proxy,
        HTTP_X_FORWARDED_FOR="192.0.2.77",
    )
    assert (guesser.status_code, owner.status_code) == (429, 302)


def test_failures_from_one_address_lock_that_address_for_every_user(staff, settings) -> None:
    settings.LOGIN_FAILURES_PER_ADDRESS = 6
    client = Client()
    for n in range(6):
        _post(client, API, f"guess{n}", "wrong", address="198.51.100.50")
    assert _post(client, API, "desk", "right-password-1", address="198.51.100.50").status_code == 429
    elsewhere = _post(Client(), API, "desk", "right-password-1", address="198.51.100.51")
    assert elsewhere.status_code == 302  # signed in


def test_a_success_before_the_limit_forgets_the_earlier_failures(staff) -> None:
    client = Client()
    for _ in range(4):
        _post(client, API, "desk", "wrong")
    assert _post(client, API, "desk", "right-password-1").status_code == 302
    for _ in range(4):
        _post(Client(), API, "desk", "wrong")
    assert _post(Client(), API, "desk", "right-password-1").status_code == 302


def test_the_lockout_ends_by_itself(staff, settings) -> None:
    settings.LOGIN_LOCKOUT_SECONDS = 1
    for _ in range(5):
        _post(Client(), API, "desk", "wrong")
    assert _post(Client(), API, "desk", "right-password-1").status_code == 429
    time.sleep(1.1)  # the lockout's own expiry, not a timing assertion
    assert _post(Client(), API, "desk", "right-password-1").status_code == 302


def test_every_authenticate_call_is_refused_during_a_lockout(staff) -> None:
    """The backend refuses too, so a sign-in surface added later cannot let a guess through."""
    from django.contrib.auth import authenticate
    from django.test import RequestFactory

    for _ in range(5):
        _post(Client(), API, "desk", "wrong")
    request = RequestFactory().post(API, REMOTE_ADDR="198.51.100.7")
    assert authenticate(request, username="desk", password="right-password-1") is None


def test_with_the_cache_unreachable_sign_in_still_works(staff, settings) -> None:
    """A Redis outage must not lock everyone out: the guard fails open (and logs it)."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
            "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
        }
    }
    assert _post(Client(), API, "desk", "wrong").status_code == 200
    assert _post(Client(), API, "desk", "right-password-1").status_code == 302


def test_a_bug_in_the_lockouts_cache_is_raised_not_taken_for_an_outage(staff, settings) -> None:
    """Failing open is for a cache that cannot be reached; any other error would silently switch the lockout
    off, so it is raised."""
    settings.CACHES = {"default": {"BACKEND": "tests.access.buggy_cache.BuggyCache"}}
    with pytest.raises(TypeError, match="a bug"):
        _post(Client(), API, "desk", "wrong")


def test_a_counsel_locked_out_of_the_admin_is_locked_out_of_the_api_login_too() -> None:
    counsel = UserFactory(username="lawyer")
    counsel.set_password("lawyer-password-9")
    counsel.save()
    for _ in range(5):
        _post(Client(), ADMIN, "lawyer", "nope")
    assert _post(Client(), API, "lawyer", "lawyer-password-9").status_code == 429


@pytest.mark.broker
def test_a_lockout_recorded_by_one_process_holds_in_another(staff, settings) -> None:
    """Two gunicorn workers share the lockout through Redis: failures counted here lock sign-in for a
    separate process reading the same cache."""
    import os
    import subprocess
    import sys
    import uuid
    from pathlib import Path

    redis_url = os.environ.get("CACHE_URL") or os.environ.get("CELERY_BROKER_URL", "")
    if not redis_url.startswith("redis"):
        pytest.skip("needs Redis (CACHE_URL or CELERY_BROKER_URL; CI's second pass)")
    prefix = f"lockout-test-{uuid.uuid4().hex[:8]}"
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis_url,
            "KEY_PREFIX": prefix,
        }
    }
    for _ in range(5):
        _post(Client(), API, "desk", "wrong")
    worker = (
        "import sys, django; django.setup()\n"
        "from django.test import override_settings\n"
        "override_settings(CACHES={'default': {'BACKEND': 'django.core.cache.backends.redis.RedisCache',"
        " 'LOCATION': sys.argv[1], 'KEY_PREFIX': sys.argv[2]}}).enable()\n"
        "from django.test import RequestFactory\n"
        "from access.lockout import locked_for\n"
        "print(locked_for('desk', RequestFactory().post('/', REMOTE_ADDR='198.51.100.7')))\n"
    )
    other_worker = subprocess.run(
        [sys.executable, "-c", worker, redis_url, prefix],
        cwd=Path(__file__).resolve().parents[2],
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert other_worker.returncode == 0, other_worker.stderr[-1500:]
    assert int(other_worker.stdout.strip().splitlines()[-1]) > 0
