#!/usr/bin/env python3
"""Marks the cases of the Realm conformance corpus that Geode does not yet answer
as Realm does, and unmarks those it now answers.

Runs `GeodeTestWorker realm-corpus FILE 0` (build the tests first) on each file of
Data/Fixtures/realm/ and sets each failing case's `divergence` to what Geode does
instead; a case that passes loses its `divergence`. Cases with a `deviation` are
left alone. The corpus test expects every marked case to fail and every other
case to pass, so the marks are the list of known divergences.

    swift build --build-tests && python3 Scripts/mark-divergences.py
"""
import json
import pathlib
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parent.parent
worker = root / ".build" / "debug" / "GeodeTestWorker"
files = sys.argv[1:] or sorted(str(p) for p in (root / "Data" / "Fixtures" / "realm").glob("*.json"))

for name in files:
    path = pathlib.Path(name)
    corpus = json.loads(path.read_text())
    cases = [c for g in corpus.get("groups", []) for c in g.get("cases", [])] + corpus.get("shapes", [])
    outcomes = {}
    start = 0
    while start < len(cases):
        run = subprocess.run([str(worker), "realm-corpus", str(path), str(start)], capture_output=True, text=True)
        last = start - 1
        for line in run.stdout.splitlines():
            parts = line.split(" ", 2)
            if len(parts) >= 2 and parts[1].lstrip("-").isdigit():
                index = int(parts[1])
                outcomes[index] = None if parts[0] == "ok" else (parts[2] if len(parts) > 2 else "failed")
                last = max(last, index)
        if last + 1 >= len(cases):
            break
        outcomes[last + 1] = f"crashes the process ({run.returncode})"
        start = last + 2
    marked = 0
    for index, case in enumerate(cases):
        failure = outcomes.get(index, "no outcome")
        if failure is None:
            case.pop("divergence", None)
        else:
            case["divergence"] = "Geode " + failure if not failure.startswith("Geode") else failure
            marked += 1
    path.write_text(json.dumps(corpus, indent=1, ensure_ascii=False) + "\n")
    print(f"{path.name}: {len(cases) - marked} of {len(cases)} answered as Realm does, {marked} marked")
