#!/usr/bin/env python3
"""Shrinks compute-sanitizer racecheck logs for storing as test fixtures.

A racy kernel run under racecheck prints one entry per hazard and word, with
a host backtrace each: tens of megabytes for one block of a matrix multiply.
The comparison (runtime_verify/RawOutputs.cpp) needs the kinds, the two
accesses' source lines and the summary line, so this keeps every line but the
host backtraces, and of each group of entries with the same kind and the
same two accesses (function, offset, file:line) the first KEEP entries. The
summary lines are kept as printed.

    utils/trim-racecheck-logs.py [--keep 20] DIR/raw/*.racecheck.txt
"""
import argparse
import re

START = re.compile(r"^=+ (Error|Warning): .*Potential")
ACCESS = re.compile(r"^=+\s+(Read|Write)\s+Thread \([^)]*\) at (.*)$")


def trim(lines, keep):
    """The lines to keep: entries run from "Error/Warning: Potential ..."
    to the next bare "=========" line."""
    out, seen, entry = [], {}, None
    for line in lines:
        if "Saved host backtrace" in line or "Host Frame:" in line:
            continue
        if START.match(line):
            entry = [line]
            continue
        if entry is None:
            out.append(line)
            continue
        entry.append(line)
        if line.strip() != "=========":
            continue
        kind = entry[0].split(" at __shared__")[0]
        accesses = tuple(m.group(1) + " " + m.group(2)
                         for m in map(ACCESS.match, entry) if m)
        seen[(kind, accesses)] = seen.get((kind, accesses), 0) + 1
        if seen[(kind, accesses)] <= keep:
            out.extend(entry)
        entry = None
    out.extend(entry or [])
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=int, default=20)
    parser.add_argument("logs", nargs="+")
    args = parser.parse_args()
    for path in args.logs:
        with open(path, errors="replace") as f:
            lines = f.read().splitlines()
        kept = trim(lines, args.keep)
        with open(path, "w") as f:
            f.write("\n".join(kept) + "\n")


if __name__ == "__main__":
    main()
