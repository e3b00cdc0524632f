import pytest
from django.core.management import call_command
from io import StringIO

@pytest.mark.django_db
def test_smoke(nlrb_db, tmp_path):
    out = StringIO()
    call_command("import_nlrb", str(nlrb_db), "--report", str(tmp_path / "r.csv"), stdout=out)
    print(out.getvalue())
    print((tmp_path / "r.csv").read_text())
    out = StringIO()
    call_command("import_nlrb", str(nlrb_db), stdout=out)
    print(out.getvalue())
