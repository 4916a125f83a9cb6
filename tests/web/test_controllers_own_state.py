"""Each controller owns its state (issue 32): no module of web/ writes the fields of
another controller, of the device state they share (web/controllers/device.Device) or of the
dispatcher (web/app.App). A controller asks the owner instead, by a method of the
owner's (as chessground's API: a call changes state, then one redraw follows).

Read from the sources with ast. A controller object is `app.X` or `self.app.X`
(anywhere), `self.X` inside App, or a local name bound to one of these, where X is
one of the objects App.__init__ makes (its controllers and its Device); the dispatcher
is `app` or `self.app`. A write is an assignment or deletion of one of its attributes
(`app.form.draft = …`, `form.notices += …`, `app.form.items[k] = …`) or a call that
changes a field in place (`app.form.notices.append(…)`; the browser's and storage's
own methods, `app.device.store.clear()`, are no such change)."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
MUTATORS = {"append", "extend", "insert", "remove", "pop", "clear", "update", "add", "discard", "setdefault",
            "popitem", "sort", "reverse"}
SERVICES = {"dom", "store"}  # the browser and storage (Device.dom, Device.store): their methods are their API


def owned_objects():
    """The names of the objects App.__init__ makes: `self.X = SomeController(…)` or `Device(…)`."""
    tree = ast.parse((WEB / "app.py").read_text(encoding="utf-8"))
    init = next(n for c in tree.body if isinstance(c, ast.ClassDef) and c.name == "App"
                for n in c.body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    return {t.attr for n in ast.walk(init) if isinstance(n, ast.Assign) and isinstance(n.value, ast.Call)
            and isinstance(n.value.func, ast.Name) and n.value.func.id.endswith(("Controller", "Device"))
            for t in n.targets if isinstance(t, ast.Attribute)}


OWNED = owned_objects()


def _is_app(node, in_app):
    """`app`, `self.app`, or `self` inside App: the dispatcher."""
    if isinstance(node, ast.Name):
        return node.id == "app" or (in_app and node.id == "self")
    return isinstance(node, ast.Attribute) and node.attr == "app" and isinstance(node.value, ast.Name)


def _is_owned(node, in_app, aliases):
    """A controller (or the Device) reached from the dispatcher, or a local name bound to one."""
    if isinstance(node, ast.Name):
        return node.id in aliases
    return isinstance(node, ast.Attribute) and node.attr in OWNED and _is_app(node.value, in_app)


def _aliases(function, in_app):
    """Local names bound to a controller: `form = self.form`, `device, form = self.device, self.form`."""
    out = set()
    for node in ast.walk(function):
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            pairs = (zip(target.elts, node.value.elts) if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple)
                     else [(target, node.value)])
            out |= {t.id for t, v in pairs if isinstance(t, ast.Name) and _is_owned(v, in_app, set())}
    return out


def _written(node):
    """The objects whose attributes `node` writes (assigns, deletes, changes in place)."""
    if isinstance(node, (ast.Assign, ast.Delete)):
        targets = node.targets
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        targets = [node.target]
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
        field = node.func.value
        return [field.value] if isinstance(field, ast.Attribute) and field.attr not in SERVICES else []
    else:
        return []
    flat = [e for t in targets for e in (t.elts if isinstance(t, ast.Tuple) else [t])]
    flat = [t.value if isinstance(t, ast.Subscript) else t for t in flat]
    return [t.value for t in flat if isinstance(t, ast.Attribute)]


def cross_writes(root=WEB):
    """["path:line: the statement"] of every write to another controller's state under `root`."""
    out = []
    for path in sorted(root.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        for cls_or_fn in ast.walk(tree):
            if not isinstance(cls_or_fn, ast.ClassDef | ast.Module):
                continue
            in_app = path.name == "app.py" and isinstance(cls_or_fn, ast.ClassDef) and cls_or_fn.name == "App"
            for function in cls_or_fn.body:
                if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                aliases = _aliases(function, in_app)
                for node in ast.walk(function):
                    for obj in _written(node):
                        if _is_owned(obj, in_app, aliases) or (not in_app and _is_app(obj, False)):
                            line = ast.get_source_segment(source, node).splitlines()[0]
                            out.append((path.relative_to(root.parent).as_posix(), node.lineno, line))
    return [f"{p}:{n}: {line}" for p, n, line in sorted(set(out))]


def test_the_check_finds_a_controller_writing_another_ones_field(tmp_path):
    """The check itself can fail: each way of writing another's state is found."""
    (tmp_path / "bad.py").write_text(
        "class C:\n"
        "    def f(self, app):\n"
        "        self.app.form.draft = 1\n"
        "        app.game.session = None\n"
        "        self.app.form.notices.append(2)\n"
        "        self.app.said = 3\n"
        "        form = self.app.form\n"
        "        form.errors += [4]\n"
        "        self.app.replay.paths[1] = 5\n"
        "        self.mine = self.app.form.draft\n"  # reading is fine, and so is one's own field
        "        self.app.form.ask_discard('x')\n"  # a method of the owner's is the way
        "        self.app.device.store.clear()\n")  # and storage's own methods are storage's
    assert [w.split(": ", 1)[1] for w in cross_writes(tmp_path)] == [
        "self.app.form.draft = 1", "app.game.session = None", "self.app.form.notices.append(2)",
        "self.app.said = 3", "form.errors += [4]", "self.app.replay.paths[1] = 5"]


def test_no_module_writes_another_controllers_state():
    assert {"device", "game", "form", "guide", "replay", "stats"} <= OWNED
    assert cross_writes() == []
