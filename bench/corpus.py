"""bench/run.py --corpus DIR: smem-lint on real files against two floors.

DIR is a corpus laid out by ../shared/corpus/extract.sh (never part of this
repository). For every file of DIR/flags.txt whose status is `ok`, from DIR:

- smem-lint FILE -- FLAGS (text output, default checks), wall time and peak
  RSS;
- the parse floor: the command smem-lint parses FILE with
  (--print-parse-command), run by clang++-19 with -fsyntax-only, as for the
  other cases;
- the CodeGen floor: the same command with -emit-llvm -O1 in place of
  -fsyntax-only (device IR, written to /dev/null): what an analysis over the
  optimized IR cannot go below.

Each is run --repeat times (the median is kept). The report gives the median,
p90 and max of the ratios, the files over 10 s whose parse takes under 2 s,
and the ten files with the largest ratio to the parse floor.
"""

import os
import shlex
import statistics
import subprocess


def _absolute_includes(flags, corpus):
    """-I/-isystem/-iquote directories relative to the corpus, made
    absolute (the sources' own #include "..." lines need nothing)."""
    out, expect_dir = [], False
    for flag in flags:
        if expect_dir:
            out.append(flag if os.path.isabs(flag) else os.path.join(corpus, flag))
            expect_dir = False
            continue
        for prefix in ("-I", "-isystem", "-iquote"):
            if flag == prefix:
                expect_dir = True
                break
            if flag.startswith(prefix) and prefix == "-I":
                rest = flag[2:]
                flag = "-I" + (rest if os.path.isabs(rest)
                               else os.path.join(corpus, rest))
                break
        out.append(flag)
    return out


def corpus_files(corpus):
    """(path, flags) of every file flags.txt marks `ok`."""
    files = []
    with open(os.path.join(corpus, "flags.txt"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            parts = line.rstrip("\n").split("\t")
            path = parts[0]
            flags = parts[1] if len(parts) > 1 else ""
            status = parts[2] if len(parts) > 2 else "ok"
            if status.strip() == "ok":
                files.append((path, _absolute_includes(shlex.split(flags),
                                                      corpus)))
    return files


def percentile(values, fraction):
    """The value below which \p fraction of \p values lie (nearest rank)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1,
                      int(round(fraction * len(ordered) + 0.5)) - 1))
    return ordered[rank]


class CorpusCase:
    def __init__(self, bench, corpus):
        self.bench = bench
        self.corpus = os.path.abspath(corpus)

    def floor_commands(self, path, flags):
        headers = os.path.join(self.bench.work, "in-memory-headers")
        out = subprocess.run(
            [self.bench.tool, "--print-parse-command=" + headers, path, "--"] +
            flags, cwd=self.corpus, capture_output=True, text=True)
        lines = [line for line in out.stdout.splitlines() if line.strip()]
        if out.returncode != 0 or len(lines) != 1:
            return None, None
        argv = [self.bench.clang] + shlex.split(lines[0])[1:]
        codegen = []
        for arg in argv:
            codegen += (["-emit-llvm", "-O1", "-c", "-o", os.devnull]
                        if arg == "-fsyntax-only" else [arg])
        return argv, codegen

    def measure_median(self, argv):
        runs = [self.bench.measure_in(argv, self.corpus)
                for _ in range(self.bench.args.repeat)]
        wall = statistics.median(r.wall for r in runs)
        cpu = statistics.median(r.cpu for r in runs)
        rss = statistics.median(r.rss_mib for r in runs)
        return wall, cpu, rss, runs[-1].code

    def run(self):
        rows = []
        files = corpus_files(self.corpus)
        for number, (path, flags) in enumerate(files, 1):
            parse, codegen = self.floor_commands(path, flags)
            if not parse:
                rows.append({"file": path, "skipped": "no parse command"})
                continue
            tool = [self.bench.tool, path, "--"] + flags
            parse_s, parse_cpu, parse_mib, parse_rc = self.measure_median(parse)
            codegen_s, codegen_cpu, codegen_mib, codegen_rc = \
                self.measure_median(codegen)
            tool_s, tool_cpu, tool_mib, tool_rc = self.measure_median(tool)
            row = {"file": path, "parse_s": parse_s, "parse_mib": parse_mib,
                   "parse_exit": parse_rc, "codegen_s": codegen_s,
                   "codegen_mib": codegen_mib, "codegen_exit": codegen_rc,
                   "smem_lint_s": tool_s, "smem_lint_mib": tool_mib,
                   "smem_lint_exit": tool_rc,
                   "parse_cpu_s": parse_cpu, "codegen_cpu_s": codegen_cpu,
                   "smem_lint_cpu_s": tool_cpu,
                   "parse_ratio": tool_s / max(parse_s, 1e-3),
                   "codegen_ratio": tool_s / max(codegen_s, 1e-3),
                   "parse_cpu_ratio": tool_cpu / max(parse_cpu, 1e-3),
                   "codegen_cpu_ratio": tool_cpu / max(codegen_cpu, 1e-3),
                   "memory_ratio": tool_mib / max(parse_mib, 1e-3)}
            rows.append(row)
            print("corpus %3d/%d %-70s parse %.2fs codegen %.2fs smem-lint "
                  "%.2fs (%.2fx, %.2fx)" % (
                      number, len(files), path[-70:], parse_s, codegen_s,
                      tool_s, row["parse_ratio"], row["codegen_ratio"]),
                  flush=True)
        return {"corpus": self.corpus, "rows": rows}


def summary_lines(result):
    """The corpus section of results.md."""
    rows = [r for r in result["rows"] if "skipped" not in r]
    # Files clang itself rejects (exit 1) are parsed anyway, but their floor
    # is not a compile: they are listed apart.
    clean = [r for r in rows if r["parse_exit"] == 0]
    lines = ["", "## Real code: a corpus folder", "",
             "%d files of `%s` (flags.txt status ok; %d more without a parse "
             "command); %d parse without errors, the statistics are over "
             "those." % (len(rows), os.path.basename(result["corpus"]),
                         len(result["rows"]) - len(rows), len(clean)), "",
             "| ratio | median | p90 | max |", "|---|---|---|---|"]
    for key, label in (("parse_ratio", "smem-lint / parse floor (wall)"),
                       ("parse_cpu_ratio", "smem-lint / parse floor (CPU)"),
                       ("codegen_ratio", "smem-lint / CodeGen floor (wall)"),
                       ("codegen_cpu_ratio",
                        "smem-lint / CodeGen floor (CPU)"),
                       ("memory_ratio", "smem-lint / parse floor (peak RSS)")):
        values = [r[key] for r in clean]
        lines.append("| %s | %.2f | %.2f | %.2f |" % (
            label, statistics.median(values) if values else float("nan"),
            percentile(values, 0.9), max(values) if values else float("nan")))
    slow = [r for r in clean if r["smem_lint_s"] > 10 and r["parse_s"] < 2]
    lines += ["", "Files over 10 s whose parse takes under 2 s: %d%s" % (
        len(slow), (": " + ", ".join(r["file"] for r in slow)) if slow else "")]
    lines += ["", "The ten files furthest above the parse floor:", "",
              "| file | parse s | CodeGen s | smem-lint s | / parse | "
              "/ CodeGen | MiB |", "|---|---|---|---|---|---|---|"]
    for r in sorted(clean, key=lambda r: -r["parse_ratio"])[:10]:
        lines.append("| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.0f |" % (
            r["file"], r["parse_s"], r["codegen_s"], r["smem_lint_s"],
            r["parse_ratio"], r["codegen_ratio"], r["smem_lint_mib"]))
    return lines
