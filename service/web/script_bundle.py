"""ES modules from `static/` as the text of one inline module script.

A page opened from a file (`frontier replay --html`) cannot load module scripts from beside it:
Chromium refuses module fetches from file://. So the modules a page needs are inlined, each
wrapped in a function of its own (its top-level names stay its own) that returns what it
exports; an import becomes a destructuring of the module it names. Only the plain forms the
verifier is written in are accepted (`import {…} from "./x.mjs"`, `export const|function|class`);
anything else is refused here rather than mis-bundled.
"""

from __future__ import annotations

import posixpath
import re
from functools import cache
from importlib.resources import files

_IMPORT = re.compile(r'^import\s*\{([^}]*)\}\s*from\s*"(\.{1,2}/[^"]+)";?[ \t]*$', re.MULTILINE)
_EXPORT = re.compile(
    r"^export\s+((?:async\s+)?(?:function\*?|const|let|class)\s+([A-Za-z_$][\w$]*))", re.MULTILINE
)
_LEFT_OVER = re.compile(r"^\s*(?:import|export)\b", re.MULTILINE)


class BundleError(ValueError):
    """A module uses a form the bundler does not handle."""


def _source(path: str) -> str:
    return files("service.web").joinpath("static", *path.split("/")).read_text(encoding="utf-8")


def _variable(path: str) -> str:
    return "module_" + re.sub(r"\W", "_", path.removesuffix(".mjs"))


def _bindings(names: str) -> str:
    """`{ a, b as c }` of an import as the destructuring `{ a, b: c }`."""
    parts = [" ".join(n.split()) for n in names.split(",") if n.strip()]
    return ", ".join(p.replace(" as ", ": ") for p in parts)


@cache
def bundle(entry: str) -> str:
    """The module `entry` (a path under static/) and every module it imports, as one script's text."""
    ordered: list[str] = []
    bodies: dict[str, str] = {}

    def visit(path: str, trail: tuple[str, ...]) -> None:
        if path in bodies:
            return
        if path in trail:
            raise BundleError(f"{path} imports itself through {' -> '.join(trail)}")
        text = _source(path)

        def imported(match: re.Match[str]) -> str:
            target = posixpath.normpath(posixpath.join(posixpath.dirname(path), match.group(2)))
            visit(target, (*trail, path))
            return f"const {{ {_bindings(match.group(1))} }} = {_variable(target)};"

        text = _IMPORT.sub(imported, text)
        exported = [m.group(2) for m in _EXPORT.finditer(text)]
        text = _EXPORT.sub(r"\1", text)
        if _LEFT_OVER.search(text):
            raise BundleError(f"{path}: an import or export of a form this bundler does not read")
        if "</script" in text.lower() or "<!--" in text:
            raise BundleError(f"{path}: text that would end or confuse an inline script")
        bodies[path] = f"{text}\nreturn {{ {', '.join(exported)} }};"
        ordered.append(path)

    visit(entry, ())
    return "\n".join(
        f"// module: {path}\nconst {_variable(path)} = await (async () => {{\n{bodies[path]}\n}})();"
        for path in ordered
    )
