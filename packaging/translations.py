"""Keep the translations in step with the code, with PySide6's lupdate and lrelease.

    python packaging/translations.py update     # read every marked string into the .ts files
    python packaging/translations.py release    # compile the .ts files into the .qm the app loads
    python packaging/translations.py todo [CONTEXT...]   # untranslated strings, as JSON
    python packaging/translations.py apply FILE.json     # fill translations from such JSON
    python packaging/translations.py merge OTHER.ts...   # take others' translations (merges)
    python packaging/translations.py check      # what the tests assert: nothing stale or missing

The .ts files carry no source locations (``-locations none``), so that moving code changes
nothing in them and two branches' translations merge by message. JSON for `apply` maps a
context to {source: translation}; a plural ("%n") source takes a list of forms.
"""

from __future__ import annotations

import argparse
import filecmp
import json
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "concierge"
FOLDER = SOURCES / "resources" / "translations"
LANGUAGES = ("pt_BR",)


def ts_file(language: str) -> Path:
    return FOLDER / f"concierge_{language}.ts"


def qm_file(language: str) -> Path:
    return FOLDER / f"concierge_{language}.qm"


def tool(name: str) -> str:
    found = shutil.which(f"pyside6-{name}", path=str(Path(sys.executable).parent))
    if found is None:
        found = shutil.which(f"pyside6-{name}")
    if found is None:
        raise SystemExit(f"pyside6-{name} is missing: install PySide6-Essentials.")
    return found


def python_sources() -> list[str]:
    return sorted(str(path.relative_to(ROOT)) for path in SOURCES.rglob("*.py"))


def lupdate(target: Path) -> None:
    subprocess.run(
        [
            tool("lupdate"),
            *python_sources(),
            "-ts",
            str(target),
            "-no-obsolete",
            "-locations",
            "none",
            "-silent",
        ],
        cwd=ROOT,
        check=True,
    )


def lrelease(source: Path, target: Path) -> None:
    subprocess.run(
        [tool("lrelease"), "-silent", "-removeidentical", str(source), "-qm", str(target)],
        check=True,
    )


def messages(tree: ET.ElementTree) -> list[tuple[str, ET.Element]]:
    return [
        (context.findtext("name") or "", message)
        for context in tree.getroot().iter("context")
        for message in context.iter("message")
    ]


def key(context: str, message: ET.Element) -> tuple[str, str, str]:
    return (context, message.findtext("source") or "", message.findtext("comment") or "")


def is_done(message: ET.Element) -> bool:
    translation = message.find("translation")
    if translation is None or translation.get("type") in {"unfinished", "obsolete", "vanished"}:
        return False
    if message.get("numerus") == "yes":
        return all((form.text or "").strip() for form in translation.iter("numerusform"))
    return bool((translation.text or "").strip())


def write(tree: ET.ElementTree, path: Path) -> None:
    """As lupdate writes it, so that the next update changes nothing it need not."""
    ET.indent(tree, space="    ")
    body = ET.tostring(tree.getroot(), encoding="unicode")
    path.write_text(
        '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n", encoding="utf-8"
    )


def set_translation(message: ET.Element, value: str | list[str]) -> None:
    translation = message.find("translation")
    if translation is None:
        translation = ET.SubElement(message, "translation")
    translation.attrib.pop("type", None)
    if message.get("numerus") == "yes":
        forms = [value] if isinstance(value, str) else value
        for old in list(translation):
            translation.remove(old)
        translation.text = None
        for form in forms:
            ET.SubElement(translation, "numerusform").text = form
    else:
        if not isinstance(value, str):
            raise SystemExit(f"{message.findtext('source')!r} is not a plural; give one string.")
        translation.text = value


def todo(language: str, contexts: list[str]) -> dict[str, dict[str, str | list[str]]]:
    found: dict[str, dict[str, str | list[str]]] = {}
    for context, message in messages(ET.parse(ts_file(language))):
        if is_done(message) or (contexts and context not in contexts):
            continue
        source = message.findtext("source") or ""
        found.setdefault(context, {})[source] = [] if message.get("numerus") == "yes" else ""
    return found


def apply(language: str, table: dict[str, dict[str, str | list[str]]]) -> int:
    path = ts_file(language)
    tree = ET.parse(path)
    filled = 0
    for context, message in messages(tree):
        value = table.get(context, {}).get(message.findtext("source") or "")
        if value:
            set_translation(message, value)
            filled += 1
    write(tree, path)
    return filled


def merge(language: str, others: list[Path]) -> int:
    """Fill every untranslated message from the first of `others` that translates it."""
    done: dict[tuple[str, str, str], ET.Element] = {}
    for other in others:
        for context, message in messages(ET.parse(other)):
            if is_done(message):
                done.setdefault(key(context, message), message)
    path = ts_file(language)
    tree = ET.parse(path)
    filled = 0
    for context, message in messages(tree):
        source = done.get(key(context, message))
        if source is not None and not is_done(message):
            old = message.find("translation")
            if old is not None:
                message.remove(old)
            copied = source.find("translation")
            assert copied is not None
            message.append(copied)
            filled += 1
    write(tree, path)
    return filled


def update(language: str) -> None:
    path = ts_file(language)
    if not path.exists():
        FOLDER.mkdir(parents=True, exist_ok=True)
        path.write_text(
            '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n'
            f'<TS version="2.1" language="{language}" sourcelanguage="en"></TS>\n',
            encoding="utf-8",
        )
    lupdate(path)
    write(ET.parse(path), path)


def check(language: str) -> list[str]:
    """What is wrong with `language`'s files: strings not in the .ts, untranslated ones, or a
    .qm that is not the .ts compiled."""
    problems: list[str] = []
    path = ts_file(language)
    if not path.exists():
        return [f"{path.name} is missing: run `python packaging/translations.py update`."]
    with tempfile.TemporaryDirectory() as scratch:
        fresh = Path(scratch) / path.name
        shutil.copy(path, fresh)
        lupdate(fresh)
        write(ET.parse(fresh), fresh)
        if fresh.read_text(encoding="utf-8") != path.read_text(encoding="utf-8"):
            problems.append(
                f"{path.name} is not up to date with the code: run "
                "`python packaging/translations.py update`, translate, then `release`."
            )
        for context, message in messages(ET.parse(fresh)):
            if not is_done(message):
                problems.append(f"untranslated in {context}: {message.findtext('source')!r}")
        compiled = Path(scratch) / "fresh.qm"
        lrelease(path, compiled)
        if not qm_file(language).exists() or not filecmp.cmp(
            compiled, qm_file(language), shallow=False
        ):
            problems.append(
                f"{qm_file(language).name} is not {path.name} compiled: run "
                "`python packaging/translations.py release`."
            )
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["update", "release", "todo", "apply", "merge", "check"])
    parser.add_argument("arguments", nargs="*")
    parser.add_argument("--language", default=LANGUAGES[0], choices=LANGUAGES)
    arguments = parser.parse_args(argv)
    language = arguments.language
    if arguments.command == "update":
        update(language)
    elif arguments.command == "release":
        lrelease(ts_file(language), qm_file(language))
    elif arguments.command == "todo":
        print(json.dumps(todo(language, arguments.arguments), ensure_ascii=False, indent=1))
    elif arguments.command == "apply":
        for name in arguments.arguments:
            table = json.loads(Path(name).read_text(encoding="utf-8"))
            print(f"{name}: {apply(language, table)} translations filled")
    elif arguments.command == "merge":
        print(f"{merge(language, [Path(n) for n in arguments.arguments])} translations taken")
    else:
        problems = check(language)
        for problem in problems:
            print(problem)
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
