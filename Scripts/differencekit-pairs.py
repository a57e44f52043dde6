#!/usr/bin/env python3
"""Runs `reorder diff` on every pair of DifferenceKit's algorithm tests and prints a table.

Run by hand, never by `make test` (which is offline): DifferenceKit's code and its pairs are
not ours to commit. Fetch a copy into a scratch folder and point the script at its
`Tests/AlgorithmTest.swift`:

    git clone --depth 1 https://github.com/ra1028/DifferenceKit /tmp/dk
    swift build --product reorder
    Scripts/differencekit-pairs.py /tmp/dk/Tests/AlgorithmTest.swift

Each `let sourceN = …` / `let targetN = …` of a test becomes an old and a new document of
`reorder diff`: a flat list is one section; `ArraySection(model: m, elements: […])` is a
section whose identifier is the model's identifier and whose content is the rest of the model
(`M(i, b)`: identifier i, content b; `Int` and `D` models are identifiers only); elements the
same way (`M(i, b)`, integers, strings, `A(n)`). With `--drop-section-models` sections carry
no content (what `reorder diff` could answer before sections had content). A pair that repeats
an identifier is run again with `--duplicates pair`. A pair is answered when `reorder diff`
exits 0, every stage keeps UIKit's rules (counts, and nothing updated, moved, inserted or deleted
where the stage moves or reloads its section) and its last stage's sections are the new document's.

Options: `--reorder PATH` (default .build/debug/reorder), `--updates reloadItems|reconfigure`,
`--drop-section-models`, `--keep DIR` (write each pair's documents there).
Exit status: 0 when every pair is answered, 1 otherwise, 2 on a usage error.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile


class Parser:
    """A recursive-descent reader of the Swift literals DifferenceKit's tests use."""

    def __init__(self, text):
        # Typed empty arrays (`[Int]()`, `[ArraySection<D, Int>]()`) are empty lists.
        self.text = re.sub(r"\[[A-Za-z_][A-Za-z0-9_<>, ]*\]\(\)", "[]", text)
        self.pos = 0

    def skip(self):
        while self.pos < len(self.text) and self.text[self.pos] in " \t\r\n":
            self.pos += 1

    def peek(self, s):
        self.skip()
        return self.text.startswith(s, self.pos)

    def expect(self, s):
        self.skip()
        if not self.text.startswith(s, self.pos):
            raise ValueError(f"expected {s!r} at {self.text[self.pos:self.pos + 40]!r}")
        self.pos += len(s)

    def value(self):
        self.skip()
        if self.peek("["):
            self.expect("[")
            items = []
            while not self.peek("]"):
                items.append(self.value())
                if self.peek(","):
                    self.expect(",")
            self.expect("]")
            return ("list", items)
        if self.peek('"'):
            end = self.text.index('"', self.pos + 1)
            s = self.text[self.pos + 1:end]
            self.pos = end + 1
            return ("id", s)
        m = re.compile(r"-?\d+").match(self.text, self.pos)
        if m:
            self.pos = m.end()
            return ("id", int(m.group()))
        m = re.compile(r"D\.([a-z]+)").match(self.text, self.pos)
        if m:
            self.pos = m.end()
            return ("id", m.group(1))
        m = re.compile(r"ArraySection\(\s*model:").match(self.text, self.pos)
        if m:
            self.pos = m.end()
            model = self.value()
            self.expect(",")
            self.expect("elements:")
            elements = self.value()
            self.expect(")")
            return ("section", model, elements)
        m = re.compile(r"M\(\s*(-?\d+)\s*,\s*(true|false)\s*\)").match(self.text, self.pos)
        if m:
            self.pos = m.end()
            return ("model", int(m.group(1)), m.group(2) == "true")
        m = re.compile(r"A\(\s*(-?\d+)\s*\)").match(self.text, self.pos)
        if m:
            self.pos = m.end()
            return ("id", int(m.group(1)))
        raise ValueError(f"unknown literal at {self.text[self.pos:self.pos + 40]!r}")


def item(v):
    if v[0] == "id":
        return v[1]
    if v[0] == "model":
        return {"id": v[1], "content": v[2]}
    raise ValueError(f"not an element: {v}")


def document(v, keep_models, sectioned):
    """A `reorder diff` document from a parsed literal: sections, or one section of elements."""
    assert v[0] == "list"
    values = v[1]
    if sectioned:
        sections = []
        for s in values:
            _, model, elements = s
            section = {"id": model[1]}
            if model[0] == "model" and keep_models:
                section["content"] = model[2]
            section["items"] = [item(e) for e in elements[1]]
            sections.append(section)
        return {"sections": sections}
    return {"sections": [{"id": "section", "items": [item(e) for e in values]}]}


def pairs(source_text):
    """(test name, suffix, old literal, new literal, sectioned) for each source/target pair."""
    tests = re.split(r"\n\s*func (test\w+)\(\)", source_text)
    result = []
    for name, body in zip(tests[1::2], tests[2::2]):
        lets = {}
        body = Parser(body).text  # the typed empty arrays replaced, so that positions agree
        for m in re.finditer(r"let (source|target)(\d*)\s*=", body):
            p = Parser(body)
            p.pos = m.end()
            try:
                lets[(m.group(1), m.group(2))] = p.value()
            except ValueError as error:
                lets[(m.group(1), m.group(2))] = error
        for (kind, suffix), old in sorted(lets.items(), key=lambda kv: kv[0][1]):
            if kind != "source":
                continue
            new = lets.get(("target", suffix))
            sectioned = "ArraySection" in body
            result.append((name, suffix, old, new, sectioned))
    return result


def shape(sections):
    """Sections as identifiers only, for comparing the last stage with the new document."""
    out = []
    for s in sections:
        items = [i["id"] if isinstance(i, dict) else i for i in s["items"]]
        out.append((json.dumps(s["id"]), json.dumps(s.get("content")), json.dumps(items)))
    return out


def stage_errors(stage, before_counts):
    """UIKit's rules for one stage, from the counts before it (a short copy of BatchUpdate.violations)."""
    errors = []
    after = [len(s["items"]) for s in stage["sections"]]
    deleted, inserted = set(stage["deleteSections"]), set(stage["insertSections"])
    moved = {f: t for f, t in stage["moveSections"]}
    reloaded = set(stage.get("reloadSections", []))
    if len(before_counts) - len(deleted) + len(inserted) != len(after):
        return [f"{len(after)} sections after; expected {len(before_counts) - len(deleted) + len(inserted)}"]
    free = iter(i for i in range(len(after)) if i not in inserted and i not in moved.values())
    destination = {}
    for b in range(len(before_counts)):
        if b not in deleted:
            destination[b] = moved[b] if b in moved else next(free)
    if reloaded & (deleted | set(moved)):
        errors.append(f"sections {sorted(reloaded & (deleted | set(moved)))} are reloaded and deleted or moved")
    lost = [0] * len(before_counts)
    gained = [0] * len(after)
    updates = stage.get("reloadItems", []) + stage.get("reconfigureItems", [])
    sources = [m[0] for m in stage["moveItems"]]
    for s, i in stage["deleteItems"] + sources:
        if s not in deleted:
            lost[s] += 1
        if s in moved or s in reloaded:
            errors.append(f"[{s}, {i}] leaves section {s}, which moves or is reloaded")
    for s, i in stage["insertItems"] + [m[1] for m in stage["moveItems"]]:
        gained[s] += 1
        if s in inserted or s in moved.values():
            errors.append(f"[{s}, {i}] enters section {s}, which is inserted or moves")
        if any(destination.get(b) == s for b in reloaded):
            errors.append(f"[{s}, {i}] enters section {s}, which is reloaded")
    for s, i in updates:
        if [s, i] in sources or [s, i] in stage["deleteItems"] or s in moved or s in deleted or s in reloaded:
            errors.append(f"item [{s}, {i}] is updated while it, or its section, changes")
    for b, a in destination.items():
        if before_counts[b] - lost[b] + gained[a] != after[a]:
            errors.append(f"section {a} has {after[a]} items; expected {before_counts[b] - lost[b] + gained[a]}")
    return errors


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("algorithm_test", help="DifferenceKit's Tests/AlgorithmTest.swift")
    parser.add_argument("--reorder", default=".build/debug/reorder")
    parser.add_argument("--updates", choices=["reloadItems", "reconfigure"], default="reloadItems")
    parser.add_argument("--drop-section-models", action="store_true")
    parser.add_argument("--keep")
    args = parser.parse_args()
    if not os.access(args.reorder, os.X_OK):
        print(f"differencekit-pairs: {args.reorder} is not built (swift build --product reorder)", file=sys.stderr)
        sys.exit(2)
    with open(args.algorithm_test, encoding="utf-8") as f:
        found = pairs(f.read())
    scratch = args.keep or tempfile.mkdtemp(prefix="differencekit-pairs-")
    os.makedirs(scratch, exist_ok=True)
    rows = []
    answered = 0
    for name, suffix, old, new, sectioned in found:
        label = name + suffix
        if isinstance(old, Exception) or isinstance(new, Exception) or new is None:
            rows.append((label, "-", "-", "-", "-", "-", f"not converted: {old if isinstance(old, Exception) else new}"))
            continue
        keep = not args.drop_section_models
        old_doc, new_doc = document(old, keep, sectioned), document(new, keep, sectioned)
        paths = []
        for side, doc in (("old", old_doc), ("new", new_doc)):
            path = os.path.join(scratch, f"{label}.{side}.json")
            with open(path, "w", encoding="utf-8") as f:
                json.dump(doc, f)
            paths.append(path)
        options = ["--updates", args.updates]
        run = subprocess.run([args.reorder, "diff", *options, *paths], capture_output=True, text=True)
        pairing = "refuse"
        if run.returncode == 2 and "duplicate" in run.stderr:
            pairing = "pair"
            run = subprocess.run(
                [args.reorder, "diff", "--duplicates", "pair", *options, *paths], capture_output=True, text=True)
        if run.returncode != 0:
            rows.append((label, pairing, "-", "-", "-", "-", "refused: " + run.stderr.strip()))
            continue
        stages = json.loads(run.stdout)["stages"]
        last = stages[-1]["sections"] if stages else old_doc["sections"]
        ok = shape(last) == shape(new_doc["sections"])
        counts = [len(sec["items"]) for sec in old_doc["sections"]]
        broken = []
        for t, stage in enumerate(stages):
            broken += [f"stage {t}: {e}" for e in stage_errors(stage, counts)]
            counts = [len(sec["items"]) for sec in stage["sections"]]
        if broken:
            ok = False
        moves = sum(len(s["moveItems"]) + len(s["moveSections"]) for s in stages)
        updates = sum(len(s.get("reloadItems", s.get("reconfigureItems", []))) for s in stages)
        section_updates = sum(len(s.get("reloadSections", [])) for s in stages)
        answered += ok
        rows.append(
            (label, pairing, str(len(stages)), str(moves), str(updates), str(section_updates),
             "answered" if ok else "WRONG: " + ("; ".join(broken) or "the last stage is not the new data")))
    header = ("pair", "duplicates", "stages", "moves", "item updates", "section reloads", "result")
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(len(header) - 1)]
    for r in [header] + rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)) + "  " + r[-1])
    mode = "section models dropped" if args.drop_section_models else "section models kept as content"
    print(f"\n{answered} of {len(found)} pairs answered ({mode}, --updates {args.updates}); documents in {scratch}")
    sys.exit(0 if answered == len(found) else 1)


if __name__ == "__main__":
    main()
