"""Remake the desks' pictures for the README and the docs: the staff desk (``docs/site/img/staff-desk.png``),
or with ``--counsel`` the counsel desk on a phone after union counsel filed an objection in the live demo
case, loaded as ``make run`` loads it (``docs/site/img/counsel-desk.png``, the whole page, uncropped).

Runs the browser test that lands staff on the work queue (Playwright driving Debian's Chromium, as
``tests/browser`` always does), then keeps the top of its full-page screenshot: the work queue, without the
admin's list of models below it. The cropping is done by the same Chromium, so nothing else is installed.

    .venv/bin/python tools/desk_screenshot.py [--width 1400] [--height 1030] [--counsel]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEST = "tests/browser/test_staff_desk.py::test_staff_land_on_the_work_queue_with_what_needs_action"
SHOT = "01-work-queue.png"
OUT = ROOT / "docs" / "site" / "img" / "staff-desk.png"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
COUNSEL_TEST = "tests/browser/test_demo_desk.py"
COUNSEL_SHOT = "demo-desk-04-objection-filed.png"
COUNSEL_OUT = ROOT / "docs" / "site" / "img" / "counsel-desk.png"


def counsel() -> int:
    with tempfile.TemporaryDirectory() as shots:
        subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", COUNSEL_TEST],
            cwd=ROOT,
            env={**os.environ, "BROWSER_SHOTS": shots},
            check=True,
        )
        shutil.copyfile(Path(shots, COUNSEL_SHOT), COUNSEL_OUT)
    print(f"wrote {COUNSEL_OUT.relative_to(ROOT)}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, default=1400)
    parser.add_argument("--height", type=int, default=1030)
    parser.add_argument("--counsel", action="store_true", help="the counsel desk's picture instead")
    args = parser.parse_args()
    if args.counsel:
        return counsel()
    with tempfile.TemporaryDirectory() as shots:
        subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", TEST],
            cwd=ROOT,
            env={**os.environ, "BROWSER_SHOTS": shots},
            check=True,
        )
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": args.width, "height": args.height})
            frame = Path(shots, "crop.html")
            frame.write_text(f'<body style="margin:0"><img src="{SHOT}" style="display:block"></body>')
            page.goto(frame.as_uri())
            page.screenshot(path=str(OUT), clip={"x": 0, "y": 0, "width": args.width, "height": args.height})
            browser.close()
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
