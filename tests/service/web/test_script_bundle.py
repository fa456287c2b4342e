"""The verifier as the pages inline it (one bundled script) gives what its modules give, on every
conformance case: bundling changes how the modules are loaded, never what they decide."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from service.web.script_bundle import bundle
from tests.node_packages import node
from tests.service.web.verifier_js import ROOT, SAMPLE_KEY, run_js_verifier

CORPUS = ROOT / "seeds" / "conformance"

# The bundled verifier over files named on the command line, as cli.mjs prints its results.
RUN_BUNDLED = """
import { readFileSync } from "node:fs";
const [key, ...files] = process.argv.slice(2);
for (const file of files) {
  const bytes = new Uint8Array(readFileSync(file));
  const result = await module_verifier_verify.verifyLog(bytes, readFileSync(key, "utf8"));
  console.log(JSON.stringify({ file, ...result }));
}
"""


def test_the_bundled_verifier_agrees_with_its_modules_on_every_case(tmp_path: Path) -> None:
    cases = [CORPUS / str(case["file"]) for case in json.loads((CORPUS / "manifest.json").read_text())]
    script = tmp_path / "bundled.mjs"
    script.write_text(bundle("verifier/verify.mjs") + RUN_BUNDLED)
    done = subprocess.run(
        [node(), str(script), str(SAMPLE_KEY), *map(str, cases)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    bundled = {result.pop("file"): result for result in map(json.loads, done.stdout.splitlines())}
    assert bundled == run_js_verifier(cases)
    assert len(bundled) == len(cases) > 70


def test_a_page_script_holds_every_module_it_needs_once_and_loads_none() -> None:
    text = bundle("verdict.mjs")
    inlined = [
        line.removeprefix("// module: ") for line in text.splitlines() if line.startswith("// module: ")
    ]
    assert (
        len(inlined) == len(set(inlined))
        and "verifier/verify.mjs" in inlined
        and "verifier/cli.mjs" not in inlined
    )
    assert inlined[-1] == "verdict.mjs"  # the panel last, after everything it uses
    assert "\nimport " not in text and "\nexport " not in text and "</script" not in text
