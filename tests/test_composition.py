"""The core is composed once, and decides rights in one place.

- No module of `service/` keeps state per application in a module-level registry (a weak-key map, a
  map keyed by an application, a cache on a function of one): each server's parts live in its
  composition root (`service/core/root.py`), built at start-up and handed to the front ends, so two
  servers in one process share nothing and nothing is found by looking an application up.
- The root's parts (the gate, the public views, the tournaments' application, the tournament desk,
  the permissions) are built there alone.
- Who may do what is decided in `service/core/permissions.py`: no other module raises a permission
  refusal, and the gRPC and WebSocket front ends neither import the policy's helpers nor look at what
  kind of caller they serve; they decode, ask the permissions (or the core) and encode.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SERVICE = ROOT / "service"
PERMISSIONS = SERVICE / "core" / "permissions.py"
ROOT_MODULE = SERVICE / "core" / "root.py"
ROOT_PARTS = {
    "Gate",
    "PublicViews",
    "Tournaments",
    "TournamentDesk",
    "Permissions",
    "ServiceLog",
}  # one each per server

WEAK_MAPS = {"WeakKeyDictionary", "WeakValueDictionary", "WeakSet"}
CACHES = {"cache", "lru_cache"}
MAPS = r"(?:dict|Dict|Mapping|MutableMapping|defaultdict|OrderedDict|WeakKeyDictionary|WeakValueDictionary)"

# The refusals only the permissions policy gives.
PERMISSION_REASONS = {"ORGANISER_REQUIRED", "NO_ORGANISER", "RELAY_TOKEN_REQUIRED", "ORGANISER_ONLY"}
# The policy's helpers: a front end that called one would decide a right itself.
POLICY_HELPERS = {
    "organiser_only",
    "require_organiser",
    "require_an_organiser",
    "holds_relay_token",
    "require_relay_token",
    "check_tag",
}
# What a front end would read of a caller or the settings to decide a right itself.
DECIDING_ATTRIBUTES = {"is_organiser", "is_spectator", "open_create", "open_import"}
FRONT_ENDS_WITHOUT_DECISIONS = ("grpc_api", "wsplay")


def sources(folder: Path) -> Iterator[tuple[str, ast.Module]]:
    for path in sorted(folder.rglob("*.py")):
        if "generated" not in path.parts:
            yield str(path.relative_to(ROOT)), ast.parse(path.read_text(encoding="utf-8"))


def application_types() -> set[str]:
    """The classes one of which a server has one of: the eventsourcing applications, the tournaments'
    application over the kernel's store, and the root."""
    found = {"Application", "Ledger", "Tournaments"}
    for _, tree in sources(SERVICE):
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and any(
                re.match(r"Application\b", ast.unparse(base)) for base in node.bases
            ):
                found.add(node.name)
    return found


def _name(node: ast.expr) -> str:
    return node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""


def registries(tree: ast.Module, apps: set[str]) -> list[str]:
    """The module-level names of `tree` that keep something per application object."""
    keyed = re.compile(rf"\b{MAPS}\[\s*(?:\w+\.)*(?:{'|'.join(sorted(apps))})\b")
    found = []
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            name = ", ".join(ast.unparse(target) for target in targets)
            value = node.value
            if isinstance(value, ast.Call) and _name(value.func) in WEAK_MAPS:
                found.append(f"{name}: a {_name(value.func)}")
            annotation = node.annotation if isinstance(node, ast.AnnAssign) else None
            if annotation is not None and keyed.search(ast.unparse(annotation)):
                found.append(f"{name}: {ast.unparse(annotation)}")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            cached = any(
                _name(d.func if isinstance(d, ast.Call) else d) in CACHES for d in node.decorator_list
            )
            takes_app = any(
                arg.annotation is not None
                and re.search(rf"\b(?:{'|'.join(apps)})\b", ast.unparse(arg.annotation))
                for arg in node.args.args
            )
            if cached and takes_app:
                found.append(f"{node.name}(): a cache keyed by an application")
    return found


def test_no_module_keeps_a_registry_keyed_by_an_application() -> None:
    apps = application_types()
    assert "Games" in apps  # the scan knows the kernel's application
    found = {path: names for path, tree in sources(SERVICE) if (names := registries(tree, apps))}
    assert found == {}


def test_the_scan_finds_each_kind_of_registry() -> None:
    """The positive control: the shapes the three registries the root replaced had, and a cache."""
    sample = ast.parse(
        "import weakref\n"
        "_gates: weakref.WeakKeyDictionary[Games, Gate] = weakref.WeakKeyDictionary()\n"
        "_closed = WeakKeyDictionary()\n"
        "_views: dict[Games, PublicViews] = {}\n"
        "@functools.cache\n"
        "def views_of(app: Games) -> PublicViews: ...\n"
        "_names: dict[str, str] = {}\n"
    )
    assert [entry.split(":")[0] for entry in registries(sample, {"Games"})] == [
        "_gates",
        "_gates",
        "_closed",
        "_views",
        "views_of()",
    ]


def test_the_roots_parts_are_built_in_the_root_alone() -> None:
    """A front end that built its own gate, public views, desk or permissions would not share the core's."""
    builders = set()
    for path, tree in sources(SERVICE):
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) in ROOT_PARTS:
                builders.add((path, _name(node.func)))
    assert builders == {(str(ROOT_MODULE.relative_to(ROOT)), part) for part in ROOT_PARTS}


def test_only_the_permissions_module_refuses_for_want_of_a_right() -> None:
    raisers = set()
    for path, tree in sources(SERVICE):
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and node.args and _reason_named(node.args[0]) in PERMISSION_REASONS:
                raisers.add(path)
    assert raisers == {str(PERMISSIONS.relative_to(ROOT))}


def _reason_named(expression: ast.expr) -> object:
    """The reason a raise site names: a Reason member (`Reason.X`) or a literal."""
    if isinstance(expression, ast.Attribute) and _name(expression.value) == "Reason":
        return expression.attr
    return expression.value if isinstance(expression, ast.Constant) else None


def test_the_grpc_and_websocket_front_ends_make_no_permission_decision() -> None:
    decisions = []
    for front in FRONT_ENDS_WITHOUT_DECISIONS:
        for path, tree in sources(SERVICE / front):
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom):
                    decisions += [f"{path}: imports {a.name}" for a in node.names if a.name in POLICY_HELPERS]
                    if node.module == "service.core.create_policy":
                        decisions.append(f"{path}: imports the create policy")
                elif isinstance(node, ast.Attribute) and node.attr in DECIDING_ATTRIBUTES:
                    decisions.append(f"{path}:{node.lineno}: reads .{node.attr}")
    assert decisions == []
