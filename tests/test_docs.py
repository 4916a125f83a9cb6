"""The docs and the code's comments name what is there.

Links: every Markdown link of the README and docs/ names a file of the repository
(no link leaves it).

File names: a file name mentioned in the README, in docs/, in a Python comment or
docstring, or in a JavaScript comment names a file of the repository. What counts as
a file name: a word ending in one of NAMED's extensions (`.py`, `.md`, `.json`,
`.mjs` …), with or without folders before it (`learned.json`, `web/model/eyes.py`).
A bare name must be the name of some file of the repository; a path must exist from
the repository's root, from the folder of the file that mentions it, or as the end
of a path of the repository (`model/eyes.py` for `web/model/eyes.py`). Not counted,
within reason: names in angle brackets or with a `*` (`rules/<lang>.html`,
`*.po`); placeholders in capitals for a JSON file the reader names (`GAME.json`,
`lepeuple-YYYYMMDD-HHMM.json`); files in the built site (`_site/…`, the build's
`out/…`) checked by their name against ELSEWHERE; and ELSEWHERE, the few names of
files that are by design not in the repository (the build's output, third-party
files), each with its reason. So a reference to a file that was moved, renamed or
never here fails.
"""

import ast
import io
import re
import subprocess
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
NAMED = ("py", "md", "mjs", "js", "json", "toml", "txt", "yml", "yaml", "sh", "css", "html", "po", "png", "svg")
FILE_NAME = re.compile(rf"(?<![\w/.<>*$-])((?:[\w.-]+/)*[\w-][\w.-]*\.(?:{'|'.join(NAMED)}))(?![\w/<>*-])")
PLACEHOLDER = re.compile(r"(?:^|[-/])[A-Z]+(?:[-.].*)?\.json$")  # GAME.json, NAME-logit.json, lepeuple-YYYYMMDD-HHMM.json
BUILT = ("_site/", "out/")  # the built site, and scripts/build_site.py's name for it
ELSEWHERE = {
    "sw.js", "python-files.zip", "manifest.json",  # written by scripts/build_site.py into the built site
    "pyodide.mjs", "pyodide.asm.mjs", "src/stdlib/pyscript.js",  # Pyodide's and PyScript's own, from npm
    "core.js", "vendor/pyscript/core.js",  # PyScript's, from npm, copied into the built site
    "Tools/i18n/msgfmt.py",  # CPython's, which web/msgfmt.py follows
    "Node.js",  # the runtime's name, not a file
}


def tracked():
    """The repository's files: git's list, new files not ignored included, deleted ones left out."""
    command = ["git", "ls-files", "--cached", "--others", "--exclude-standard"]
    listed = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [name for name in listed.splitlines() if (ROOT / name).exists()]


FILES = tracked()
NAMES = {Path(name).name for name in FILES}


def exists(name, folder):
    """Does the file name `name`, mentioned in a file of `folder`, name a file of the repository?"""
    if name in ELSEWHERE or PLACEHOLDER.search(name):
        return True
    if name.startswith(BUILT):
        return exists(name.split("/", 1)[1], ROOT)
    if "/" not in name:
        return name in NAMES
    name = name.removeprefix("./")
    return (ROOT / name).exists() or (folder / name).exists() or any(f.endswith("/" + name) for f in FILES)


def python_comments(text):
    """The comments and docstrings of a Python source."""
    found = [t.string for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type == tokenize.COMMENT]
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return found + [ast.get_docstring(n, clean=False) or "" for n in ast.walk(ast.parse(text)) if isinstance(n, kinds)]


def mentions(path):
    """The texts of `path` whose file names count: a doc's whole text, a source's comments."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".md":
        return [text]
    if path.suffix == ".py":
        return python_comments(text)
    return re.findall(r"//[^\n]*|/\*.*?\*/", text, re.S)  # JavaScript


SOURCES = [ROOT / name for name in FILES if name.endswith((".py", ".mjs", ".js"))]


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_link_names_a_file_of_the_repository(doc):
    for target in LINK.findall(doc.read_text()):
        path = target.split("#", 1)[0]
        assert not re.match(r"[a-z]+:", target), target  # no link outside the repository
        if path:
            assert (doc.parent / path).resolve().is_relative_to(ROOT) and (doc.parent / path).exists(), target


def test_every_file_name_in_the_docs_and_the_comments_names_a_file_of_the_repository():
    missing = [f"{path.relative_to(ROOT)}: {name}" for path in DOCS + SOURCES for text in mentions(path)
               for name in FILE_NAME.findall(text) if not exists(name, path.parent)]
    assert missing == []


@pytest.mark.parametrize("text, name", [("cite CHANGES.md", "CHANGES.md"), ("see `web/eyes.py`", "web/eyes.py"),
                                        ("(docs/missing.md)", "docs/missing.md")])
def test_a_file_name_that_is_not_there_is_found(text, name):
    assert FILE_NAME.findall(text) == [name] and not exists(name, ROOT)


@pytest.mark.parametrize("name", ["learned.json", "web/model/eyes.py", "model/eyes.py", "GAME.json", "_site/sw.js"])
def test_a_file_name_that_is_there_or_stands_for_one_counts(name):
    assert FILE_NAME.findall(f"see {name}.") == [name] and exists(name, ROOT)


def test_no_placeholder_is_left_in_the_docs():
    """A token standing for a figure not yet known (SPRT_SH10, TODO_X …) never lands in the docs."""
    token = re.compile(r"(?:^|[^`A-Za-z_])((?:SPRT|TODO|TBD|FIXME|XXX)_[A-Z0-9_]+)")
    found = [(path.name, m[1]) for path in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
             for m in token.finditer(path.read_text(encoding="utf-8"))]
    assert found == []


def test_the_readme_says_what_each_entry_of_the_top_level_is():
    """README's "What is where" names every file and folder git keeps at the top (but .gitignore)."""
    import subprocess

    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    top = {name.split("/", 1)[0] + ("/" if "/" in name else "") for name in tracked} - {".gitignore"}
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text[text.index("## What is where"):].split("```")[1]
    listed = {line.split()[0].split("/", 1)[0] + ("/" if "/" in line.split()[0] else "")
              for line in block.splitlines() if line.strip()}
    assert top - listed == set()
