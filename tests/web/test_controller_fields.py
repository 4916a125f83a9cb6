"""No controller keeps more than MOST instance attributes (issue 50): a controller that holds
more is doing more than one thing and is split (GameController's seating is its own class).
Counted from the sources: the distinct `self.x = …` (and `self.x += …`, tuple targets) of
each class under web/controllers, with those of the classes it inherits from there."""

import ast
from pathlib import Path

CONTROLLERS = Path(__file__).resolve().parents[2] / "web" / "controllers"
MOST = 15


def classes():
    """name -> (ClassDef, its file) of every class defined under web/controllers."""
    out = {}
    for path in sorted(CONTROLLERS.glob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef):
                out[node.name] = (node, path.name)
    return out


def own_fields(cls):
    """The attribute names a class assigns on self."""
    names = set()
    for node in ast.walk(cls):
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        else:
            continue
        for target in targets:
            for t in target.elts if isinstance(target, ast.Tuple) else [target]:
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self":
                    names.add(t.attr)
    return names


def fields(name, found):
    cls, _ = found[name]
    out = set(own_fields(cls))
    for base in cls.bases:
        if isinstance(base, ast.Name) and base.id in found:
            out |= fields(base.id, found)
    return out


def test_the_count_sees_every_kind_of_assignment():
    cls = ast.parse("class C:\n def f(self):\n  self.a = 1\n  self.b, self.c = 2, 3\n  self.d += 1\n  x.e = 4\n").body[0]
    assert own_fields(cls) == {"a", "b", "c", "d"}


def test_no_controller_keeps_more_than_15_instance_attributes():
    found = classes()
    assert "GameController" in found and len(found) >= 8
    counts = {f"{path}:{name}": len(fields(name, found)) for name, (_, path) in found.items()}
    assert all(n <= MOST for n in counts.values()), {k: n for k, n in counts.items() if n > MOST}
