"""A Content-Security-Policy in each page that allows exactly the page's own inline scripts.

The pages carry their scripts inline (an offline file has nowhere else to load them from), so the
policy names each by its SHA-256 hash rather than allowing inline script in general: a script
smuggled in through a name or a tag, or edited into the file, does not run. It is a `<meta>`
policy so the offline file keeps it; the served pages' header adds `frame-ancestors`.
"""

from __future__ import annotations

import base64
import hashlib
import re

# Executable inline scripts: no type, or a module. Data blocks (type="application/json") never run.
_SCRIPT = re.compile(r'<script(?: type="module")?>(.*?)</script>', re.DOTALL)


def _hash(script: str) -> str:
    digest = hashlib.sha256(script.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def with_script_policy(html: str) -> str:
    """`html` with a CSP `<meta>` early in its head (after the charset) allowing only its inline scripts."""
    allowed = " ".join(dict.fromkeys(_hash(s) for s in _SCRIPT.findall(html))) or "'none'"
    policy = f"script-src {allowed}; object-src 'none'; base-uri 'none'"
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
    charset = '<meta charset="utf-8">'
    anchor = charset if charset in html else "<head>"
    return html.replace(anchor, f"{anchor}\n{meta}", 1)
