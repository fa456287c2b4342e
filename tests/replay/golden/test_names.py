"""Generated games name their seeds and game ids in one place (replay/golden/names.py).

The corpus, the fuzzer, the samples and the conformance tools derive a game's seed and id from
its name; spelled by hand in a second place, a changed spelling would quietly regenerate
different games in one of them and not the others.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
NAMES = ROOT / "replay" / "golden" / "names.py"
SPELLINGS = ('"frontier-ledger ', 'f"frontier-ledger ', "frontier-ledger.invalid/")


def test_only_the_names_module_spells_a_generated_seed_or_game_id() -> None:
    spelled = [
        f"{path.relative_to(ROOT)}:{number}"
        for folder in ("engines", "replay", "service", "tools")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path != NAMES
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if any(spelling in line for spelling in SPELLINGS)
    ]
    assert spelled == [], f"derive seeds and game ids with replay/golden/names.py, not by hand: {spelled}"
    assert any(spelling in NAMES.read_text(encoding="utf-8") for spelling in SPELLINGS)
