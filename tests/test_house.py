"""The house's floors, written down once, and the rule that imports only go down them.

`engines` (the rules, pure) is the ground floor, `replay` (the record) stands on it, `service`
(the running system) on both. A module may import its own floor and those below, never one
above: the record must not depend on the server, nor the rules on either; and no two modules
import each other, so each can be read, tested and changed from the bottom up. These three are the
wheel's only top-level import names, so installing it puts no `web` or `trust` into a user's
environment. `tools` (the corpus writers, the protobuf generator) is run from the repository only: it
may import any floor, no floor imports it, and the wheel does not ship it.
"""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FLOORS = ("engines", "replay", "service")  # bottom first
LEVEL = {name: level for level, name in enumerate(FLOORS)}
OUTSIDE = ("tests", "tools")  # repo-only: never imported by the product, never installed

# Inside `service`, bottom first: the application core (and the message schema it speaks), the
# server's settings and the Play protocol (one session per seat, spoken by the gRPC and the
# WebSocket front alike), the front ends side by side, the server that runs them, and on top the
# Python clients and the command line. A front end never imports another one.
SERVICE_FLOORS: tuple[tuple[str, ...], ...] = (
    ("service.core", "service.generated"),
    ("service.config", "service.organiser_token", "service.extra_engines", "service.play", "service.ops"),
    ("service.grpc_api", "service.wsplay", "service.web"),
    ("service.server",),
    ("service.seat_key", "service.client", "service.ws_client", "service.cli"),
)
FRONT_ENDS = SERVICE_FLOORS[2]
# The core knows no transport: these are for front ends only.
TRANSPORTS = ("grpc", "websockets", "starlette", "uvicorn", "jinja2")


def modules(floor: str) -> Iterator[Path]:
    for path in sorted((ROOT / floor).rglob("*.py")):
        if "generated" not in path.parts:  # protoc's output imports only its own kind
            yield path


def imported(path: Path) -> Iterator[tuple[int, str]]:
    """Every absolute import in the module, at any depth (functions, TYPE_CHECKING blocks)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module


def test_imports_only_go_down_the_floors() -> None:
    upward = []
    for floor in FLOORS:
        for path in modules(floor):
            for line, module in imported(path):
                top = module.split(".")[0]
                if top in OUTSIDE or LEVEL.get(top, -1) > LEVEL[floor]:
                    upward.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert not upward, "imports that run up a floor:\n" + "\n".join(upward)


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def dependencies(path: Path, known: set[str]) -> set[str]:
    """The modules of the house that `path` imports: `from pkg import sub` names the module `sub`."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                found.add(submodule if submodule in known else node.module)
    return found & known


def test_no_two_modules_import_each_other() -> None:
    paths = {module_name(path): path for floor in (*FLOORS, "tools") for path in modules(floor)}
    known = set(paths)
    graph = {name: dependencies(path, known) - {name} for name, path in paths.items()}
    pairs = sorted({tuple(sorted((a, b))) for a, deps in graph.items() for b in deps if a in graph[b]})
    assert not pairs, "modules that import each other: " + ", ".join(" <-> ".join(p) for p in pairs)


def test_the_floors_are_the_only_top_level_packages() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    included = config["tool"]["setuptools"]["packages"]["find"]["include"]
    assert sorted(included) == sorted(f"{floor}*" for floor in FLOORS)
    packages = {p.parent.name for p in ROOT.glob("*/__init__.py")}
    assert packages == {*FLOORS, *OUTSIDE}, f"top-level packages besides the floors: {packages}"


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from service.core.games import Games\n")
    assert [m for _, m in imported(module)] == ["service.core.games"]


def service_part(module: str) -> tuple[int, str] | None:
    """The sub-floor of `service` that `module` belongs to, and which part of it."""
    for level, parts in enumerate(SERVICE_FLOORS):
        for part in parts:
            if module == part or module.startswith(part + "."):
                return level, part
    return None


def test_every_service_module_has_a_place_in_the_service_floors() -> None:
    homeless = [module_name(p) for p in modules("service") if module_name(p) != "service"]
    homeless = [m for m in homeless if service_part(m) is None]
    assert not homeless, f"service modules on no floor of SERVICE_FLOORS: {homeless}"


def test_inside_the_service_imports_only_go_down_and_front_ends_stand_apart() -> None:
    wrong = []
    for path in modules("service"):
        here = service_part(module_name(path))
        if here is None:
            continue
        for line, module in imported(path):
            there = service_part(module)
            if there is None:
                continue
            up = there[0] > here[0]
            sideways = here[1] in FRONT_ENDS and there[1] in FRONT_ENDS and there[1] != here[1]
            if up or sideways:
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert not wrong, "imports that run up or across the service's floors:\n" + "\n".join(wrong)


def test_the_application_core_knows_no_transport() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for path in (ROOT / "service" / "core").rglob("*.py")
        for line, module in imported(path)
        if module.split(".")[0] in TRANSPORTS
    ]
    assert not found, "the core imports a transport:\n" + "\n".join(found)


def test_the_service_floors_place_a_front_end_above_the_core_and_below_the_cli() -> None:
    core, front, cli = (
        service_part(m) for m in ("service.core.games", "service.web.app", "service.cli.main")
    )
    assert core is not None and front is not None and cli is not None
    assert core[0] < front[0] < cli[0] and front[1] in FRONT_ENDS
    assert service_part("service.corey") is None  # a prefix is not a package


# The kernel stays small: capabilities are modules that hand it lines, not methods of it.
KERNEL = ROOT / "service" / "core" / "games.py"
MAX_KERNEL_LINES = 350
MAX_METHODS = 30


def crowded_classes(
    source: str, limit: int = MAX_METHODS, rpcs: frozenset[str] = frozenset()
) -> Iterator[tuple[str, int]]:
    """(class, its own methods) of each class in `source` defining more than `limit` methods. A gRPC
    servicer's methods named by the protocol (`rpcs`) are not counted: the .proto fixes them."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef):
            serves = any(ast.unparse(base).endswith("Servicer") for base in node.bases)
            methods = sum(
                isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and not (serves and n.name in rpcs)
                for n in node.body
            )
            if methods > limit:
                yield node.name, methods


def protocol_rpcs() -> frozenset[str]:
    """Every RPC of the generated servicer interfaces (service/generated/)."""
    names: set[str] = set()
    for path in (ROOT / "service" / "generated").rglob("*_pb2_grpc.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.name.endswith("Servicer"):
                names |= {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
    return frozenset(names)


def test_the_kernel_stays_small_and_no_service_class_grows_a_crowd_of_methods() -> None:
    tree = ast.parse(KERNEL.read_text(encoding="utf-8"))
    length = max((getattr(node, "end_lineno", 0) or 0) for node in ast.walk(tree))
    assert length <= MAX_KERNEL_LINES, f"service/core/games.py is {length} lines (at most {MAX_KERNEL_LINES})"
    rpcs = protocol_rpcs()
    assert len(rpcs) > MAX_METHODS  # the servicer's protocol alone would cross the line
    found = [
        f"{path.relative_to(ROOT)}: {name} has {count} methods (at most {MAX_METHODS})"
        for path in (ROOT / "service").rglob("*.py")
        if "generated" not in path.parts
        for name, count in crowded_classes(path.read_text(encoding="utf-8"), rpcs=rpcs)
    ]
    assert not found, "classes over the method limit:\n" + "\n".join(found)


def test_the_method_count_sees_a_crowded_class() -> None:
    source = "class Big:\n" + "".join(f"    def m{n}(self): ...\n" for n in range(MAX_METHODS + 1))
    assert list(crowded_classes(source)) == [("Big", MAX_METHODS + 1)]
    assert not list(crowded_classes(source, limit=MAX_METHODS + 1))
    # A servicer's protocol methods are not its own; any others are.
    served = source.replace("class Big:", "class Big(pb2_grpc.BigServicer):")
    assert not list(crowded_classes(served, rpcs=frozenset({"m0", "m1"})))
    assert list(
        crowded_classes(
            served + "    def extra(self): ...\n    def more(self): ...\n", rpcs=frozenset({"m0"})
        )
    )
