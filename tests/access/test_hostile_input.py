"""Input no column can hold never reaches a 500, on SQLite and PostgreSQL alike (CI runs this file on both):
lone surrogates, NUL characters, text that grows when case-folded, deep nesting, absurd CSV headers,
oversized bodies and NULs in calendar tokens. Each is a 400 naming the field, a 404 or a 413."""

from __future__ import annotations

import io
import json
import time

import pytest
from django.test import Client
from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart

pytestmark = pytest.mark.django_db


def _raw(client, url: str, text: str, method: str = "post"):
    """Send ``text`` as the JSON body byte for byte (json.dumps would refuse a lone surrogate)."""
    return getattr(client, method)(url, data=text.encode("utf-8"), content_type="application/json")


def _challenge(world, **fields) -> str:
    body = {"voter_name": "J. Doe", "challenged_by": world.union.pk, "ground": "supervisor", **fields}
    return json.dumps(body)


def test_a_lone_surrogate_in_a_json_string_is_a_400_naming_the_field(world, as_union) -> None:
    url = f"/api/v1/elections/{world.election.pk}/challenges/"
    text = _challenge(world).replace('"J. Doe"', '"J. \\ud800Doe"')
    response = _raw(as_union, url, text)
    assert response.status_code == 400
    assert "surrogate" in response.json()["voter_name"][0]


def test_a_lone_surrogate_in_a_json_key_is_a_400(world, as_staff) -> None:
    response = _raw(as_staff, "/api/v1/cases/", '{"\\udfff": 1, "number": "10-RC-300001"}')
    assert response.status_code == 400


def test_a_nul_in_the_details_of_a_proceeding_is_a_400_naming_details(world, as_staff) -> None:
    body = {"event": "notice_of_hearing", "occurred_on": "2021-04-20", "details": {"presiding": "A\u0000B"}}
    response = as_staff.post(f"/api/v1/cases/{world.case.number}/proceedings/", body, format="json")
    assert response.status_code == 400
    assert "NUL" in response.json()["details"][0]
    assert "details.presiding" in response.json()["details"][0]


def test_a_nul_in_free_text_is_a_400(world, as_union) -> None:
    response = _raw(
        as_union,
        f"/api/v1/elections/{world.election.pk}/challenges/",
        _challenge(world, reason="Directs\u0000 work"),
    )
    assert response.status_code == 400
    assert list(response.json()) == ["reason"]


def test_a_nul_in_a_multipart_form_field_is_a_400_naming_it(world, as_union) -> None:
    """The CSV import is the one multipart route (everything else takes JSON only: 415)."""
    response = as_union.post(
        f"/api/v1/elections/{world.election.pk}/challenges/import/",
        {"file": io.BytesIO(b"voter_name,challenged_by,ground\r\n"), "comment": "a\x00b"},
        format="multipart",
    )
    assert response.status_code == 400
    assert list(response.json()) == ["comment"]


def test_a_nul_in_a_query_parameter_is_a_400_naming_it(world, as_paralegal) -> None:
    response = as_paralegal.get("/api/v1/cases/?q=%00")
    assert response.status_code == 400
    assert list(response.json()) == ["q"]
    assert as_paralegal.get("/api/v1/challenges/?case=10-RC-%00").status_code == 400


def test_bytes_that_are_not_utf8_in_a_query_are_read_as_replacement_characters(world, as_paralegal) -> None:
    assert as_paralegal.get("/api/v1/cases/?q=%ED%A0%80").status_code == 200


def test_a_nul_in_the_path_is_a_404(world, as_paralegal) -> None:
    assert as_paralegal.get("/api/v1/cases/10-RC-26%0050/").status_code == 404


@pytest.mark.parametrize("letter", ["ß", "ﬃ", "ΐ"])
def test_a_name_that_grows_when_case_folded_is_stored_or_refused_never_a_500(world, as_union, letter) -> None:
    """'ß' folds to 'ss', 'ﬃ' to 'ffi': a 200-character name becomes a 400- or 600-character key, and is
    stored. Its capitals ('SS', 'FFI', 'Ϊ́') are 400 or 600 characters as typed: a 400 on the name's length."""
    url = f"/api/v1/elections/{world.election.pk}/challenges/"
    response = as_union.post(url, json.loads(_challenge(world, voter_name=letter * 200)), format="json")
    assert response.status_code == 201
    again = as_union.post(url, json.loads(_challenge(world, voter_name=letter.upper() * 200)), format="json")
    assert again.status_code == 400
    assert list(again.json()) == ["voter_name"]


def test_a_party_name_that_grows_when_case_folded_is_not_a_500(world, as_staff) -> None:
    """'ﬃ' normalises to 'ffi' (NFKC): 300 of them are 900 characters, over the 300 a name may have."""
    response = as_staff.post(
        f"/api/v1/cases/{world.case.number}/parties/", {"role": "union", "name": "ﬃ" * 300}, format="json"
    )
    assert response.status_code == 400
    assert response.json() == {"name": ["A party's name has at most 300 characters once normalised."]}


def test_deeply_nested_json_is_a_400(world, as_staff) -> None:
    assert _raw(as_staff, "/api/v1/cases/", "[" * 100_000 + "]" * 100_000).status_code == 400
    nested: dict = {}
    for _ in range(40):
        nested = {"x": nested}
    body = {"event": "notice_of_hearing", "occurred_on": "2021-04-20", "details": nested}
    response = as_staff.post(f"/api/v1/cases/{world.case.number}/proceedings/", body, format="json")
    assert response.status_code == 400


def test_a_csv_header_of_20000_columns_is_refused_by_its_header(world, as_union) -> None:
    header = ",".join(f"c{n}" for n in range(20_000))
    data = (header + "\r\n" + ",".join("x" for _ in range(20_000)) + "\r\n").encode()
    started = time.perf_counter()
    response = as_union.post(
        f"/api/v1/elections/{world.election.pk}/challenges/import/",
        {"file": io.BytesIO(data)},
        format="multipart",
    )
    print(f"20,000-column header refused in {time.perf_counter() - started:.3f} s")
    assert response.status_code == 400
    assert "20,000 columns" in response.json()["file"][0]


def test_a_csv_with_a_surrogate_or_a_nul_is_refused_with_its_line(world, as_union) -> None:
    url = f"/api/v1/elections/{world.election.pk}/challenges/import/"
    head = b"voter_name,challenged_by,ground\r\n"
    for bad in (b"J. \xed\xa0\x80Doe", b"J. \x00Doe"):
        data = (
            head
            + b"A. Voter,"
            + str(world.union.pk).encode()
            + b",supervisor\r\n"
            + bad
            + b",1,supervisor\r\n"
        )
        response = as_union.post(url, {"file": io.BytesIO(data)}, format="multipart")
        assert response.status_code == 400
        assert response.json()["file"][0].startswith("line 3")


class CountingStream:
    """A request body of ``size`` bytes that records how much of it the server read."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.read_bytes = 0

    def read(self, n: int = -1) -> bytes:
        n = self.size - self.read_bytes if n is None or n < 0 else min(n, self.size - self.read_bytes)
        self.read_bytes += n
        return b"a" * n

    def readline(self, n: int = -1) -> bytes:
        return self.read(min(n, 1024) if n and n > 0 else 1024)


def test_an_upload_over_the_limit_is_a_413_before_any_of_it_is_read(world, as_union) -> None:
    body = CountingStream(300 * 1024 * 1024)
    response = as_union.generic(
        "POST",
        f"/api/v1/elections/{world.election.pk}/challenges/import/",
        content_type=MULTIPART_CONTENT,
        CONTENT_LENGTH=str(body.size),
        **{"wsgi.input": body},
    )
    assert response.status_code == 413
    assert "limit" in response.json()["detail"]
    assert body.read_bytes == 0


def test_an_upload_within_the_limit_is_read(world, as_union) -> None:
    data = encode_multipart(BOUNDARY, {"file": io.BytesIO(b"voter_name,challenged_by,ground\r\n")})
    response = as_union.generic(
        "POST", f"/api/v1/elections/{world.election.pk}/challenges/import/", data, MULTIPART_CONTENT
    )
    assert response.status_code == 400  # a header and no rows: read, checked, refused by its content


def test_an_anonymous_oversized_body_is_a_413_too(world) -> None:
    body = CountingStream(50 * 1024 * 1024)
    response = Client().generic(
        "POST",
        "/api-auth/login/",
        content_type="application/x-www-form-urlencoded",
        CONTENT_LENGTH=str(body.size),
        **{"wsgi.input": body},
    )
    assert response.status_code == 413
    assert body.read_bytes == 0


@pytest.mark.parametrize(
    "token",
    ["%00" + "a" * 30, "a" * 30 + "%00", "%ED%A0%80" + "a" * 30, "a" * 25 + "%2F..%2F", "%C3%BC" * 20],
)
def test_a_calendar_token_that_is_not_ours_is_a_404_never_a_500(token: str) -> None:
    assert Client().get(f"/api/v1/calendar/{token}.ics").status_code == 404


def test_a_user_who_may_not_act_gets_403_before_any_word_about_the_body(world, as_employer) -> None:
    """The employer's counsel withdrawing the union's challenge with a nonsense body: 403, not 400."""
    from tests.factories import log_challenge

    challenge = log_challenge(
        world.election, "A. Voter", by=world.union, ground="supervisor", actor=world.staff
    )
    response = as_employer.post(f"/api/v1/challenges/{challenge.pk}/withdraw/", {"withdrawn_on": "nonsense"})
    assert response.status_code == 403
    response = as_employer.post("/api/v1/objections/999/withdraw/", {"withdrawn_at": "nonsense"})
    assert response.status_code == 404
