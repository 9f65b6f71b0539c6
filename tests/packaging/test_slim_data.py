"""The frozen build's cut data (packaging/slim_data.py) gives the app what the whole data
gives: the same cities from the gazetteer, the same month names for a German file's dates,
and from ICU the same sorting, time-zone names, case mapping and codecs in Qt."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def slim_data() -> ModuleType:
    spec = importlib.util.spec_from_file_location("slim_data", ROOT / "packaging" / "slim_data.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_gazetteer_keeps_every_city_and_drops_the_alternate_names(tmp_path: Path) -> None:
    from concierge.travel.places.gazetteer import data_file, read_cities

    cities = json.loads(data_file().read_text(encoding="utf-8"))
    sample = dict(list(cities.items())[:300])
    source = tmp_path / "cities15000.json"
    source.write_text(json.dumps(sample, ensure_ascii=False, indent=1), encoding="utf-8")

    cut = slim_data().slim_gazetteer(source, tmp_path / "slim" / "cities15000.json")

    assert read_cities(cut) == read_cities(source)
    assert len(read_cities(cut)) > 250
    first = next(iter(json.loads(cut.read_text(encoding="utf-8")).values()))
    assert "alternatenames" not in first
    assert cut.stat().st_size < source.stat().st_size / 2


BABEL_PROBE = """
import sys
from babel import localedata
from concierge.model.values.dates import month_language_of, read_date
localedata._dirname = sys.argv[1]
print(month_language_of(["12. März 2027", "3. Mai 2027"]), read_date("12. März 2027", "de"))
print(month_language_of(["12 de março de 2027"], "pt_BR"), read_date("12 mars 2027", "fr"))
"""


def test_babel_keeps_the_month_names_imports_read(tmp_path: Path) -> None:
    module = slim_data()
    kept = module.babel_locales_used(["pt_BR"])
    files = module.slim_babel(kept, ["pt_BR"], tmp_path / "locale-data")

    def probe(folder: Path) -> str:
        return subprocess.run(
            [sys.executable, "-c", BABEL_PROBE, str(folder)],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
        ).stdout

    from babel import localedata

    assert probe(tmp_path / "locale-data") == probe(Path(localedata._dirname))
    assert probe(tmp_path / "locale-data").splitlines() == [
        "de 2027-03-12",
        "pt_BR 2027-03-12",
    ]
    assert {"de.dat", "fr.dat", "pt.dat", "pt_BR.dat", "en.dat", "root.dat"} <= files.keys()
    import pickle

    with files["de.dat"].open("rb") as file:
        german = pickle.load(file)
    with files["pt.dat"].open("rb") as file:
        portuguese = pickle.load(file)
    assert "months" in german and "languages" not in german
    assert "languages" in portuguese and "currency_names" in portuguese


ICU_PROBE = """
import sys
from PySide6.QtCore import QCollator, QLocale, QStringDecoder, QTimeZone
for name in ("sv_SE", "de_DE", "pt_BR", "ja_JP", "ar_EG"):
    collator = QCollator(QLocale(name))
    collator.setNumericMode(True)
    print(name, collator.compare("åska", "zebra"), collator.compare("file10", "file2"))
    for zone in (b"Europe/Lisbon", b"America/Sao_Paulo", b"Asia/Kolkata"):
        for kind in QTimeZone.TimeType:
            for form in QTimeZone.NameType:
                print(QTimeZone(zone).displayName(kind, form, QLocale(name)))
    print(QLocale(name).toUpper("istanbul straße"), QLocale("tr_TR").toUpper("istanbul"))
for codec in ("windows-1252", "Shift_JIS", "GBK", "KOI8-R", "EUC-KR", "Big5"):
    print(codec, QStringDecoder(codec).isValid())
print(len(QStringDecoder.availableCodecs()))
with open("/proc/self/maps") as maps:
    print(next(line.split()[-1] for line in maps if "libicudata" in line), file=sys.stderr)
"""


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or not all(map(shutil.which, ("icupkg", "as", "ld"))),
    reason="ICU's data is cut on Linux, with icu-devtools and binutils",
)
def test_icu_without_the_trees_qt_never_opens_gives_qt_the_same(tmp_path: Path) -> None:
    import PySide6

    library = next((Path(PySide6.__file__).parent / "Qt" / "lib").glob("libicudata.so.*"))
    cut = slim_data().slim_icu(library, tmp_path / "icu")
    assert cut.name == library.name
    assert cut.stat().st_size < library.stat().st_size * 0.6

    def probe(preload: Path | None) -> tuple[str, str]:
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
        if preload is not None:
            env["LD_PRELOAD"] = str(preload)
        done = subprocess.run(
            [sys.executable, "-c", ICU_PROBE], capture_output=True, text=True, check=True, env=env
        )
        return done.stdout, done.stderr.strip()

    whole, loaded = probe(None)
    assert Path(loaded).resolve() == library.resolve()
    assert "sv_SE 1 1" in whole  # å after z in Swedish: the tailoring is read
    assert probe(cut) == (whole, str(cut))
