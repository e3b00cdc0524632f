"""The import report's CSV holds the public record's own text, opened by staff in a spreadsheet: a cell that
starts like a formula is written with a leading apostrophe, as in every CSV the tracker writes."""

from __future__ import annotations

import csv
from pathlib import Path

from public_record.report import Report


def test_a_formula_in_the_public_record_is_written_as_text(tmp_path: Path) -> None:
    report = Report(source="nlrb.db")
    report.gaps.append(("10-RC-269250", '=HYPERLINK("http://evil.example","click")'))
    report.skips.append(("10-RC-269251", "@SUM(1+1)"))
    path = tmp_path / "report.csv"
    report.write_csv(path)
    cells = [cell for row in csv.reader(path.open()) for cell in row]
    assert '\'=HYPERLINK("http://evil.example","click")' in cells
    assert not any(cell.startswith(("=", "+", "@")) for cell in cells)
