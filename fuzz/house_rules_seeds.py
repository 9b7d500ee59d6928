#!/usr/bin/env python3
"""Writes the seeds of the house-rules fuzz harness (fuzz/fuzz_house_rules.cpp) into a directory:
for each built-in table, a few small rules files cut from its --print-rules text at the headers of
its top-level tables and rows (each a whole [table] or [[row]] block, so most seeds parse and
merge, and mutations start from real keys), each with a first byte choosing the format and the
probe. Usage: house_rules_seeds.py BIN_DIR OUT_DIR (fuzz/corpus/house-rules is what it wrote)."""
import os
import re
import subprocess
import sys

bin_dir, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
tables = subprocess.run([os.path.join(bin_dir, "unit-br"), "--print-rules", "nosuch"], capture_output=True,
                        text=True).stderr
names = re.search(r"\(tables: ([^)]*)\)", tables).group(1).split(", ")
n = 0
for t in names:
    text = subprocess.run([os.path.join(bin_dir, "unit-br"), "--print-rules", t], capture_output=True,
                          text=True, check=True).stdout
    # Without comments and notes (a source or title a rules file gives is refused: a seed that
    # every mutation keeps refused would fuzz nothing).
    lines = [l for l in text.splitlines()
             if not l.startswith("#") and not re.match(r"^(source|title|note|notes|description)\s*=", l)]
    # Blocks: each starts at a header line "[...]" or "[[...]]" at the left margin.
    blocks, cur = [], []
    for l in lines:
        if re.match(r"^\[", l) and cur:
            blocks.append(cur)
            cur = []
        cur.append(l)
    if cur:
        blocks.append(cur)
    picks = [b for b in blocks if b and b[0].startswith("[") and 2 <= len(b) <= 40][:3]
    for i, b in enumerate(picks):
        body = "[house_rules]\ntable = \"%s\"\n\n%s\n" % (t, "\n".join(b))
        mode = (i * 8 + n) % 256 & ~0xC0  # format and probe vary; bits 6-7 unused
        with open(os.path.join(out, "%s-%d" % (t, i)), "wb") as f:
            f.write(bytes([mode]) + body.encode())
        n += 1
print("%d seeds for %d tables" % (n, len(names)))
