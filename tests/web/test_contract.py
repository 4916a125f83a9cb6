"""One contract for the seam (web/contract.py): the page's JavaScript, the worker's
Python, the page's WebRTC module and docs/web.md name exactly the messages it declares.

The JavaScript is read as text (its handler tables and the messages it sends); the
page also checks its handlers against the written contract.mjs as it starts, and
says so in the console (every end-to-end test fails on a console error).
"""

import ast
import json
import re
from pathlib import Path

import pytest

from web import contract
from web.contract import ContractError, check
from web.startup import boot

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "web/page"


def js(name):
    return (PAGE / name).read_text(encoding="utf-8")


def object_keys(source, name):
    """The top-level keys of the object literal `const NAME = { ... };` in JavaScript `source`."""
    start = source.index(f"const {name} = {{") + len(f"const {name} = {{")
    depth, top, at = 1, [], start
    skip = re.compile(r'"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`|//[^\n]*|[{}()\[\]]')
    for match in skip.finditer(source, start):
        text = match.group()
        if depth == 1:
            top.append(source[at:match.start()])
        if text in "{([":
            depth += 1
        elif text in "})]":
            depth -= 1
            if depth == 0:
                break
        elif depth == 1 and text.startswith('"'):
            top.append(text)
        at = match.end()
    entries = "".join(top).split(",")
    return {m[1] or m[2] for e in entries if (m := re.match(r'\s*(?:"([\w-]+)"|([A-Za-z_]\w*))', e))}


def sent_types(source, key="type"):
    """The `KEY: "name"` literals of messages built in JavaScript `source`."""
    return set(re.findall(rf'\b{key}: "([\w-]+)"', source))


def python_literals(path, key):
    """The `{"KEY": "name", ...}` literals of a Python module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            for k, v in zip(node.keys, node.values):
                if isinstance(k, ast.Constant) and k.value == key and isinstance(v, ast.Constant):
                    found.add(v.value)
    return found


def test_the_written_javascript_contract_is_the_python_one():
    assert js("contract.mjs") == contract.contract_module()
    assert set(contract.INPUTS) <= set(contract.TO_WORKER)


def test_the_page_handles_every_message_of_the_worker_and_no_other():
    assert object_keys(js("page.mjs"), "HANDLERS") == set(contract.TO_PAGE)


def test_the_page_sends_only_messages_the_worker_handles():
    sent = set()
    for name in ("page.mjs", "input.mjs", "store.mjs"):
        sent |= sent_types(js(name))
    # what page.mjs sends is "boot", and what the others hand it
    assert sent == set(contract.TO_WORKER)
    assert set(boot.HANDLERS) | {"boot"} == set(contract.TO_WORKER)
    assert boot.INPUTS == contract.INPUTS


def test_the_worker_sends_only_declared_messages():
    python = set()
    for path in (ROOT / "web/dom.py", ROOT / "web/startup/boot.py", ROOT / "web/model/storage.py"):
        python |= python_literals(path, "type")
    interpreter = sent_types((ROOT / "web/startup/interpreter.mjs").read_text(encoding="utf-8"))
    assert python | interpreter == set(contract.TO_PAGE)


def rtc_source():
    found = [p for p in (PAGE / "rtc.mjs", ROOT / "web/net/rtc.mjs") if p.exists()]
    return found[0].read_text(encoding="utf-8")


def test_the_webrtc_module_takes_the_declared_commands_with_their_fields():
    source = rtc_source()
    fields = re.search(r"const FIELDS = \{(.*?)\n\};", source, re.S)[1]
    declared = dict(re.findall(r'^\s*"?([\w-]+)"?: \{([^}]*)\}', fields, re.M))
    assert set(declared) == set(contract.NET_COMMANDS)
    for name, body in declared.items():
        assert set(re.findall(r"(\w+):", body)) == contract.NET_COMMANDS[name].allowed(), name
    assert object_keys(source, "OPS") == set(contract.NET_COMMANDS)


def test_the_webrtc_module_emits_only_declared_events():
    emitted = set(re.findall(r'emit\(\{ op: "([\w-]+)"', rtc_source()))
    assert emitted and emitted <= set(contract.NET_EVENTS)


def test_the_python_asks_webrtc_only_declared_commands():
    remote = [p for p in (ROOT / "web/remote/controller.py", ROOT / "web/controllers/remote.py") if p.exists()][0]
    assert python_literals(remote, "op") <= set(contract.NET_COMMANDS)


@pytest.mark.parametrize("message, why", [
    ({"type": "render"}, "fields"),
    ({"type": "ready", "extra": 1}, "fields"),
    ({"type": "pyton"}, "no message 'pyton'"),
    (["ready"], "a message is an object"),
])
def test_a_message_the_contract_does_not_declare_is_refused(message, why):
    with pytest.raises(ContractError, match=why):
        check("TO_PAGE", message)


def test_a_declared_message_passes_with_its_optional_fields_or_without():
    render = {"type": "render", "seq": 1, "regions": {}, "focus": None, "keep": None}
    assert check("TO_PAGE", render) is render
    assert check("TO_PAGE", {**render, "skeleton": "<main></main>"})
    assert check("TO_WORKER", {"type": "redraw", "seq": 4})


def test_the_worker_refuses_a_message_of_the_page_the_contract_does_not_declare():
    sent = []
    link = boot.Link(sent.append, schedule=lambda callback: callback())
    link.receive(json.dumps({"type": "comand", "act": "start"}))
    errors = [m for text in sent for m in json.loads(text) if m["type"] == "error"]
    assert errors and "no message 'comand'" in errors[0]["text"]


def docs_section():
    text = (ROOT / "docs/web.md").read_text(encoding="utf-8")
    return text[text.index("## The messages"):].split("\n## ", 1)[0]


def test_the_docs_list_every_message_of_the_contract():
    section = docs_section()
    for table, messages in contract.TABLES.items():
        listed = re.search(rf"<!-- {table} -->(.*?)<!-- /{table} -->", section, re.S)[1]
        names = re.findall(r"^\| `([\w-]+)` \|", listed, re.M)
        assert names == list(messages), table
