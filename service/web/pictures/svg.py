"""A tiny SVG writer that escapes every text and attribute, so player names cannot inject markup."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr


def _attrs(attrs: dict[str, object]) -> str:
    parts = []
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")  # class_ -> class, font_size -> font-size
        parts.append(f" {name}={quoteattr(str(value))}")
    return "".join(parts)


class Svg:
    """Collects shapes and renders one <svg> element."""

    def __init__(self, width: int, height: int, label: str) -> None:
        self.width, self.height, self.label = width, height, label
        self._parts: list[str] = []

    def rect(self, x: float, y: float, w: float, h: float, **attrs: object) -> None:
        self._parts.append(f"<rect{_attrs({'x': x, 'y': y, 'width': w, 'height': h, **attrs})}/>")

    def circle(self, cx: float, cy: float, r: float, **attrs: object) -> None:
        self._parts.append(f"<circle{_attrs({'cx': cx, 'cy': cy, 'r': r, **attrs})}/>")

    def line(self, x1: float, y1: float, x2: float, y2: float, **attrs: object) -> None:
        self._parts.append(f"<line{_attrs({'x1': x1, 'y1': y1, 'x2': x2, 'y2': y2, **attrs})}/>")

    def text(self, x: float, y: float, content: object, **attrs: object) -> None:
        self._parts.append(f"<text{_attrs({'x': x, 'y': y, **attrs})}>{escape(str(content))}</text>")

    def use(self, ref: str) -> None:
        """Draw a shape defined once per page (see `defs`), instead of repeating it in every step."""
        self._parts.append(f"<use{_attrs({'href': '#' + ref})}/>")

    def render(self) -> str:
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width} {self.height}"'
            f' role="img"{_attrs({"aria_label": self.label})}>'
        )
        return head + "".join(self._parts) + "</svg>"

    def render_defs(self, ref: str) -> str:
        """A hidden SVG holding these shapes as a group that every step's picture can `use`."""
        group = f"<g{_attrs({'id': ref})}>" + "".join(self._parts) + "</g>"
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" aria-hidden="true" '
            f'style="position:absolute"><defs>{group}</defs></svg>'
        )
