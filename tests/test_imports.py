"""How the modules of lepeuple/ (the engine) and web/ (the page) depend on one another,
read from their sources with ast.

- The imports form a DAG by module: no cycle, counting imports inside functions. An
  import counts as an edge to the module it names (`from .x import y` names lepeuple.x,
  or lepeuple.x.y when y is a module); the parent packages that Python initialises on
  the way are not edges (every module would then depend on lepeuple/__init__.py).
- lepeuple/'s layers import only downwards (LAYERS), and never the page or a browser
  module (web, pyscript, js, pyodide): the engine runs the same under CPython.
- web/render/ turns views into markup: it imports no controller (web/controllers/) and
  none of the modules that run the page (APP: the dispatcher, the start-up, the DOM).
- A private name (a leading underscore, not a dunder) is private to the module that
  defines it: no module imports another's (`from .m import _x`) nor reads one as an
  attribute (`m._x`, `game._x`, `getattr(game, "_x")`) unless its own code defines that
  name (a def, a class, an assignment, an attribute assigned on `self` or `cls`, a
  `__slots__` entry). A namedtuple's public methods (`_make`, `_fields`, ...) are not
  private. Tests may look inside; the engine's and the page's modules may not, bar
  PRIVATE_READS_ALLOWED (each with its reason).
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "lepeuple"
PAGE = ROOT / "web"


def module_name(path):
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def sources():
    """{module name: its parsed source} of every module of lepeuple/ and web/."""
    return {module_name(p): (p, ast.parse(p.read_text(encoding="utf-8")))
            for folder in (PACKAGE, PAGE) for p in sorted(folder.rglob("*.py"))}


MODULES = sources()


def _base(module, path, node):
    """The absolute module an ImportFrom names (its `from` part)."""
    if not node.level:
        return node.module
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{node.module}" if node.module else package


def imported_names(module):
    """Every module name `module` imports, anywhere in its source, absolute: ours and others'."""
    path, tree = MODULES[module]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _base(module, path, node)
            out.update(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names)
    out.discard(module)
    return out


def imports(module):
    """The modules of lepeuple/ and web/ that `module` imports, anywhere in its source."""
    return {name for name in imported_names(module) if name in MODULES}


GRAPH = {module: imports(module) for module in MODULES}


def find_cycle(graph):
    """A list of modules forming a cycle of imports, or None."""
    state, stack = {}, []

    def visit(node):
        state[node] = "open"
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


NAMEDTUPLE_API = {"_make", "_fields", "_replace", "_asdict", "_field_defaults"}


def _private(name):
    return (name.startswith("_") and not (name.startswith("__") and name.endswith("__"))
            and name not in NAMEDTUPLE_API)


def defined_privates(tree):
    """The private names a module's own code defines."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.add(node.id)
        elif (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
              and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
            out.add(node.attr)
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets):
            out.update(c.value for c in ast.walk(node.value) if isinstance(c, ast.Constant) and isinstance(c.value, str))
    return {name for name in out if _private(name)}


def private_reads(module):
    """["line: what"] of another module's private names that `module` reads."""
    path, tree = MODULES[module]
    own = defined_privates(tree)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            out += [f"{node.lineno}: imports {alias.name}" for alias in node.names if _private(alias.name)]
        elif isinstance(node, ast.Attribute) and _private(node.attr) and node.attr not in own:
            out.append(f"{node.lineno}: reads .{node.attr}")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "setattr", "hasattr") and len(node.args) >= 2
              and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)
              and _private(node.args[1].value) and node.args[1].value not in own):
            out.append(f"{node.lineno}: reads .{node.args[1].value}")
    return out


def test_the_imports_of_lepeuple_and_web_form_no_cycle():
    assert find_cycle(GRAPH) is None, " -> ".join(find_cycle(GRAPH))


def test_the_cycle_finder_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_imports_inside_functions_count():
    game = next(m for m in MODULES if m.endswith(".game"))
    example = game.rpartition(".")[0] + ".example"  # a module beside game.py
    MODULES[example] = (MODULES[game][0].with_name("example.py"), ast.parse("def f():\n    from .game import Game\n"))
    try:
        assert imports(example) == {game}
    finally:
        del MODULES[example]


PRIVATE_READS_ALLOWED = {
    ("web.i18n", "_catalog"): "Catalog extends gettext.GNUTranslations, which keeps a .mo's messages in _catalog "
                              "and has no public way to list them (the page needs them as a dict)",
}


def unallowed_private_reads(module):
    return [read for read in private_reads(module) if (module, read.rpartition(" ")[2].lstrip(".")) not in
            PRIVATE_READS_ALLOWED]


def test_no_module_reads_another_modules_private_names():
    found = {module: unallowed_private_reads(module) for module in MODULES}
    assert {module: reads for module, reads in found.items() if reads} == {}
    for module, name in PRIVATE_READS_ALLOWED:  # each allowance still needed
        assert f".{name}" in " ".join(private_reads(module)), (module, name)


def test_a_private_read_is_found():
    MODULES["lepeuple.example"] = (PACKAGE / "example.py", ast.parse(
        "from .game import _MOVES\nclass A:\n    __slots__ = ('_own',)\n"
        "    def f(self, g):\n        g._set = 1\n        return self._own, g._events, g._own, g._set,"
        " getattr(g, '_undo'), g._fields\n"))
    try:
        assert private_reads("lepeuple.example") == [
            "1: imports _MOVES", "5: reads ._set", "6: reads ._events", "6: reads ._set", "6: reads ._undo"]
    finally:
        del MODULES["lepeuple.example"]


LAYERS = ("core", "bots", "coach", "lepeuple", "research", "tools")
"""lepeuple/'s layers, lowest first (docs/README.md, The repository): the rules (lepeuple/core/);
the page's bots on them (lepeuple/bots/); what a player is told, built on both
(lepeuple/coach/: preview, explain, reason, review, the tutorial's script); the package's
API (lepeuple/__init__.py); research bots (lepeuple/research/); developers' tools
(lepeuple/tools/ and __main__)."""


def layer(module):
    """The layer of a module of lepeuple/, by its folder."""
    parts = module.split(".")
    if module == "lepeuple.__main__":
        return "tools"
    if len(parts) > 2 or (len(parts) == 2 and parts[1] in LAYERS):
        return parts[1]
    return "lepeuple"


ENGINE = {m for m in MODULES if m.split(".")[0] == "lepeuple"}


def test_every_module_of_lepeuple_is_in_a_layer_folder():
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders == set(LAYERS) - {"lepeuple"}
    assert {layer(m) for m in ENGINE} == set(LAYERS)


def upward_imports(graph):
    return sorted(f"{m} ({layer(m)}) imports {t} ({layer(t)})" for m, targets in graph.items() for t in targets
                  if t in ENGINE and LAYERS.index(layer(t)) > LAYERS.index(layer(m)))


def test_imports_go_only_down_the_layers():
    assert upward_imports({m: GRAPH[m] for m in ENGINE}) == []


def test_an_upward_import_is_found():
    graph = {"lepeuple.core.game": {"lepeuple.core.view", "lepeuple.bots"}, "lepeuple.bots": {"lepeuple.core.game"},
             "lepeuple.research.infer": {"lepeuple.bots", "lepeuple.tools.arena"},
             "lepeuple": {"lepeuple.coach.preview"}, "lepeuple.__main__": {"lepeuple.tools.cli"}}
    assert upward_imports(graph) == ["lepeuple.core.game (core) imports lepeuple.bots (bots)",
                                     "lepeuple.research.infer (research) imports lepeuple.tools.arena (tools)"]


BROWSER = ("web", "pyscript", "js", "pyodide")
"""The page and the browser's modules (PyScript's, Pyodide's JavaScript bridge)."""


def browser_imports(modules):
    return sorted(f"{m} imports {name}" for m in modules for name in imported_names(m)
                  if name.split(".")[0] in BROWSER)


def test_the_engine_never_imports_the_page_or_the_browser():
    assert browser_imports(ENGINE) == []


def test_a_browser_import_of_the_engine_is_found():
    MODULES["lepeuple.example"] = (PACKAGE / "example.py", ast.parse(
        "import json\nfrom web.i18n import t\ndef f():\n    import js\n    from pyscript import document\n"))
    try:
        assert browser_imports(["lepeuple.example"]) == ["lepeuple.example imports js",
                                                         "lepeuple.example imports pyscript",
                                                         "lepeuple.example imports web.i18n"]
    finally:
        del MODULES["lepeuple.example"]


APP = {"web.app", "web.main", "web.startup.boot", "web.dom"}
"""The modules that run the page: the dispatcher of screens and commands, the start-up
under PyScript, the browser's DOM."""


def render_reaches_up(graph):
    return sorted(f"{m} imports {t}" for m, targets in graph.items() if m.startswith("web.render")
                  for t in targets if t.startswith("web.controllers") or t in APP)


def test_render_imports_no_controller_and_nothing_that_runs_the_page():
    assert APP - set(MODULES) == set()  # a module moved: say where it went
    assert render_reaches_up(GRAPH) == []


def model_reaches_up(graph):
    return sorted(f"{m} imports {t}" for m, targets in graph.items() if m.startswith("web.model")
                  for t in targets if t.startswith(("web.render", "web.controllers")) or t in APP)


def test_the_model_imports_no_drawing_no_controller_and_nothing_that_runs_the_page():
    """web/model/ holds the page's state and its rules of play: the floors above it (render,
    controllers, the page's runners) build on it, never the other way."""
    assert model_reaches_up(GRAPH) == []
    assert model_reaches_up({"web.model.guide_game": {"web.render.common", "web.i18n"}}) == [
        "web.model.guide_game imports web.render.common"]


def test_render_reaching_up_is_found():
    graph = {"web.render.table": {"web.markup", "web.controllers.game"}, "web.render.log": {"web.app", "web.i18n"},
             "web.controllers.game": {"web.render.table"}}
    assert render_reaches_up(graph) == ["web.render.log imports web.app",
                                        "web.render.table imports web.controllers.game"]


def test_the_page_reaches_the_engine_through_its_public_names():
    """web/ imports the rules core only through lepeuple's public names (lepeuple/__init__.py's
    __all__), never a module of lepeuple/core/; the layers built on it (bots, coach) it imports."""
    import lepeuple

    inside = {m: sorted(n for n in imported_names(m) if n.startswith("lepeuple.core"))
              for m in MODULES if m.startswith("web")}
    assert {m: names for m, names in inside.items() if names} == {}
    for module in (m for m in MODULES if m.startswith("web")):
        path, tree = MODULES[module]
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "lepeuple":
                names = {a.name for a in node.names if f"lepeuple.{a.name}" not in MODULES}  # bots, coach: layers
                assert names <= set(lepeuple.__all__), (module, sorted(names))
