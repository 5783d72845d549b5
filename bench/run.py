#!/usr/bin/env python3
"""smem-lint against Clang's own parse: wall time and peak memory as ratios to
`clang++-19 -fsyntax-only` with the flags smem-lint parses with, the time the
evaluation takes per kernel and how it grows, and `-j 2` against a serial run.

Usage (see bench/README.md):

  python3 bench/run.py --smem-lint build/bin/smem-lint [--out bench/results]
                       [--repeat 5] [--quick] [--setup]

It prints ratios and writes results.md, results.json, evaluation.csv and
evaluation.png under --out. It never asserts a timing: the numbers depend on
the machine and on what else runs on it.
"""

import argparse
import datetime
import glob
import json
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus  # noqa: E402
import generate  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Measured:
    def __init__(self, wall, cpu, rss_mib, code, output):
        self.wall, self.cpu, self.rss_mib = wall, cpu, rss_mib
        self.code, self.output = code, output


def run_measured(argv, stdout=subprocess.DEVNULL, cwd=None):
    """Runs argv: wall seconds, CPU seconds (user + system, all threads),
    peak RSS, exit code and, with stdout=PIPE, the output."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=stdout, stderr=subprocess.DEVNULL,
                            cwd=cwd)
    output = proc.stdout.read() if stdout == subprocess.PIPE else None
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    return Measured(wall, usage.ru_utime + usage.ru_stime,
                    usage.ru_maxrss / 1024.0,
                    os.waitstatus_to_exitcode(status), output)


def median(values):
    return statistics.median(values) if values else float("nan")


class Bench:
    def __init__(self, args):
        self.args = args
        self.tool = os.path.abspath(args.smem_lint)
        self.clang = args.clang
        self.work = tempfile.mkdtemp(prefix="smem-lint-bench-")
        self.results = {"ratios": [], "evaluation": {}, "jobs": None,
                        "corpus": None}

    def measure_in(self, argv, cwd):
        return run_measured(argv, cwd=cwd)

    # The floor: the command smem-lint parses with, run by clang++-19.
    def floor_command(self, file, mode_flags):
        headers = os.path.join(self.work, "in-memory-headers")
        out = subprocess.run(
            [self.tool, "--print-parse-command=" + headers] + mode_flags +
            [file], check=True, capture_output=True, text=True).stdout
        lines = [line for line in out.splitlines() if line.strip()]
        if len(lines) != 1:
            sys.exit("expected one parse command for %s, got %r" % (file, out))
        argv = shlex.split(lines[0])
        return [self.clang] + argv[1:]

    def evaluation_ms(self, file, mode_flags, runs=None):
        """Per kernel: the median of the evaluation_ms of JSON runs (\p runs,
        already measured, or --repeat new ones), and the last report."""
        if runs is None:
            runs = [run_measured(
                [self.tool, "--format=json"] + mode_flags + [file],
                stdout=subprocess.PIPE) for _ in range(self.args.repeat)]
        samples = {}
        for run in runs:
            report = json.loads(run.output)
            for kernel in report["kernels"]:
                samples.setdefault(kernel["name"], []).append(
                    kernel["evaluation_ms"])
        return {name: median(values) for name, values in samples.items()}, report

    def ratio_case(self, label, file, mode_flags):
        floor = self.floor_command(file, mode_flags)
        tool = [self.tool] + mode_flags + [file]
        # The JSON report shows global accesses, so they are evaluated too;
        # the default text run skips them (no gmem-* check is on).
        tool_json = [self.tool, "--format=json"] + mode_flags + [file]
        runs = {"floor": [], "tool": [], "json": []}
        # Interleaved, so that a burst of load elsewhere hits all three.
        for _ in range(self.args.repeat):
            for key, argv in (("floor", floor), ("tool", tool),
                              ("json", tool_json)):
                run = run_measured(argv, stdout=subprocess.PIPE
                                   if key == "json" else subprocess.DEVNULL)
                if key == "floor" and run.code != 0:
                    sys.exit("the floor command failed (%d): %s" %
                             (run.code, " ".join(map(shlex.quote, argv))))
                runs[key].append(run)
        evaluation, report = self.evaluation_ms(file, mode_flags, runs["json"])
        row = {
            "case": label,
            "mode": report["mode"],
            "kernels": len(report["kernels"]),
            "floor_s": median([r.wall for r in runs["floor"]]),
            "smem_lint_s": median([r.wall for r in runs["tool"]]),
            "floor_cpu_s": median([r.cpu for r in runs["floor"]]),
            "smem_lint_cpu_s": median([r.cpu for r in runs["tool"]]),
            "json_s": median([r.wall for r in runs["json"]]),
            "floor_mib": median([r.rss_mib for r in runs["floor"]]),
            "smem_lint_mib": median([r.rss_mib for r in runs["tool"]]),
            "evaluation_ms_total": sum(evaluation.values()),
            "evaluation_ms_max": max(evaluation.values(), default=0.0),
            "budget_exceeded": any(k["budget_exceeded"]
                                   for k in report["kernels"]),
            "sampled": sorted({a["reason"] for k in report["kernels"]
                               for a in k["accesses"]
                               if a["status"] == "sampled"}),
            "floor_command": " ".join(map(shlex.quote, floor)),
        }
        row["time_ratio"] = row["smem_lint_s"] / row["floor_s"]
        row["cpu_ratio"] = row["smem_lint_cpu_s"] / row["floor_cpu_s"]
        row["json_ratio"] = row["json_s"] / row["floor_s"]
        row["memory_ratio"] = row["smem_lint_mib"] / row["floor_mib"]
        self.results["ratios"].append(row)
        print("%-32s %-12s floor %6.3f s %4.0f MiB | smem-lint %6.3f s %4.0f "
              "MiB | wall x%.2f cpu x%.2f memory x%.2f json x%.2f | "
              "evaluation %.1f ms" % (
                  label, row["mode"], row["floor_s"], row["floor_mib"],
                  row["smem_lint_s"], row["smem_lint_mib"], row["time_ratio"],
                  row["cpu_ratio"], row["memory_ratio"], row["json_ratio"],
                  row["evaluation_ms_total"]), flush=True)

    def write(self, name, text):
        path = os.path.join(self.work, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def ratios(self):
        print("== smem-lint against the parse floor (median of %d runs)" %
              self.args.repeat, flush=True)
        examples = sorted(glob.glob(os.path.join(REPO, "examples", "*.cu")))
        cases = [("examples/" + os.path.basename(e), e) for e in examples]
        cases.append(("cuda_runtime+cg+cub",
                      self.write("headers.cu", generate.HEADERS_FILE)))
        cases.append(("500 kernels",
                      self.write("kernels500.cu",
                                 generate.many_kernels_file(500))))
        cases.append(("1024 thr, 256x256 iter, 50 acc",
                      self.write("big_kernel.cu", generate.big_kernel_file())))
        for label, file in cases:
            self.ratio_case(label, file, [])
        if not self.args.quick:
            for label, file in cases:
                if "cub" in label:
                    continue  # the prelude does not declare CUB
                self.ratio_case(label, file, ["--no-cuda-toolkit"])

    def evaluation(self):
        print("== evaluation time per kernel (median of %d runs, prelude mode)"
              % self.args.repeat, flush=True)
        sweeps = [
            ("threads per block", "threads", generate.thread_sweep(), 1),
            ("loop trip count", "trips", generate.trip_sweep(), 2),
            ("shared accesses", "accesses", generate.access_sweep(), 4),
            ("1024 threads, 50 accesses: trip count", "trips",
             generate.big_trip_sweep(), 2),
        ]
        for title, axis, configs, position in sweeps:
            file = self.write(axis + str(len(self.results["evaluation"])) +
                              ".cu", generate.sweep_file(configs))
            times, report = self.evaluation_ms(file, ["--no-cuda-toolkit"])
            rows = []
            for config in configs:
                name = config[0]
                kernel = next(k for k in report["kernels"] if k["name"] == name)
                x = config[position]
                if axis == "trips":
                    x = max(config[2], 1) * config[3]
                sampled = sorted({a["reason"] for a in kernel["accesses"]
                                  if a["status"] == "sampled"})
                rows.append({"x": x, "ms": times[name],
                             "threads": config[1],
                             "trips": max(config[2], 1) * config[3],
                             "accesses": config[4] + (config[5] if len(config) > 5 else 0),
                             "budget_exceeded": kernel["budget_exceeded"],
                             "sampled": sampled})
                print("  %-40s %-6s %8d: %9.2f ms%s%s" % (
                    title, axis, x, times[name],
                    "  (budget exceeded)" if kernel["budget_exceeded"] else "",
                    "  (sampled)" if sampled else ""), flush=True)
            self.results["evaluation"][title] = {"axis": axis, "rows": rows}

    def jobs(self):
        count = self.args.jobs_files or (20 if self.args.quick else 100)
        print("== -j 2 against a serial run over %d files (median of %d runs)"
              % (count, max(1, self.args.repeat // 2)), flush=True)
        directory = os.path.join(self.work, "jobs")
        os.makedirs(directory, exist_ok=True)
        source = open(os.path.join(REPO, "examples", "transpose.cu")).read()
        files = []
        for k in range(count):
            path = os.path.join(directory, "copy%03d.cu" % k)
            with open(path, "w") as f:
                f.write(source)
            files.append(path)
        serial, parallel = [], []
        for _ in range(max(1, self.args.repeat // 2)):
            serial.append(run_measured([self.tool] + files))
            parallel.append(run_measured([self.tool, "-j", "2"] + files))
        row = {"files": count,
               "serial_s": median([r.wall for r in serial]),
               "j2_s": median([r.wall for r in parallel]),
               # Cores -j 2 kept busy on average: below 2 when other work
               # on the machine took them.
               "j2_cores": median([r.cpu / r.wall for r in parallel]),
               "load_average": os.getloadavg()[0]}
        row["ratio"] = row["j2_s"] / row["serial_s"]
        # Pairs run back to back: the best one saw the least other load.
        row["best_ratio"] = min(p.wall / s.wall
                                for s, p in zip(serial, parallel))
        self.results["jobs"] = row
        print("  serial %.2f s, -j 2 %.2f s: ratio %.2f, best pair %.2f "
              "(ideal 0.50); -j 2 kept %.2f cores busy, load average %.1f" %
              (row["serial_s"], row["j2_s"], row["ratio"], row["best_ratio"],
               row["j2_cores"], row["load_average"]), flush=True)

    def plot(self, out):
        try:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            print("matplotlib is missing (apt-get install python3-matplotlib, "
                  "or run with --setup): no plot written", flush=True)
            return None
        sweeps = self.results["evaluation"]
        if not sweeps:
            return None
        fig, axes = plt.subplots(1, len(sweeps), figsize=(4.2 * len(sweeps), 3.8))
        for axis, (title, sweep) in zip(axes, sweeps.items()):
            xs = [r["x"] for r in sweep["rows"]]
            ys = [r["ms"] for r in sweep["rows"]]
            axis.plot(xs, ys, marker="o")
            for r in sweep["rows"]:
                if r["sampled"] or r["budget_exceeded"]:
                    axis.plot([r["x"]], [r["ms"]], marker="o", color="red")
            axis.set_xscale("log", base=2)
            axis.set_ylim(bottom=0)
            axis.set_title(title, fontsize=9)
            axis.set_xlabel(sweep["axis"])
            axis.set_ylabel("evaluation ms per kernel")
            axis.grid(True, which="both", alpha=0.3)
            if title.startswith("1024"):
                axis.axhline(50, color="gray", linestyle="--", linewidth=1)
        fig.suptitle("smem-lint: evaluation time per kernel (red: sampled)",
                     fontsize=10)
        fig.tight_layout()
        path = os.path.join(out, "evaluation.png")
        fig.savefig(path, dpi=110)
        return path

    def report(self, out):
        os.makedirs(out, exist_ok=True)
        meta = self.results["machine"] = {
            "date": datetime.datetime.now().isoformat(timespec="seconds"),
            "cpu": cpu_name(), "cores": os.cpu_count(),
            "load_average_end": os.getloadavg(),
            "python": platform.python_version(),
            "repeat": self.args.repeat,
            "smem_lint": self.tool,
            "clang": shutil.which(self.clang) or self.clang,
        }
        with open(os.path.join(out, "results.json"), "w") as f:
            json.dump(self.results, f, indent=2)
        with open(os.path.join(out, "evaluation.csv"), "w") as f:
            f.write("sweep,threads,trips,accesses,evaluation_ms,sampled,"
                    "budget_exceeded\n")
            for title, sweep in self.results["evaluation"].items():
                for r in sweep["rows"]:
                    f.write("%s,%d,%d,%d,%.3f,%s,%s\n" % (
                        title.replace(",", ";"), r["threads"], r["trips"],
                        r["accesses"], r["ms"], bool(r["sampled"]),
                        r["budget_exceeded"]))
        lines = ["# smem-lint benchmark results", "",
                 "%s, %s (%d cores), load average at the end %.1f; medians "
                 "of %d runs. Other work on the machine adds noise: compare "
                 "ratios, not seconds." % (
                     meta["date"], meta["cpu"], meta["cores"],
                     meta["load_average_end"][0], meta["repeat"]), "",
                 "## Against the parse floor", "",
                 "| case | mode | kernels | floor s | smem-lint s | wall ratio "
                 "| CPU ratio | floor MiB | smem-lint MiB | memory ratio "
                 "| --format=json ratio | evaluation ms (JSON) |",
                 "|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for r in self.results["ratios"]:
            lines.append("| %s | %s | %d | %.3f | %.3f | %.2f | %.2f | %.0f | "
                         "%.0f | %.2f | %.2f | %.1f |" % (
                             r["case"], r["mode"], r["kernels"], r["floor_s"],
                             r["smem_lint_s"], r["time_ratio"], r["cpu_ratio"],
                             r["floor_mib"], r["smem_lint_mib"],
                             r["memory_ratio"], r["json_ratio"],
                             r["evaluation_ms_total"]))
        sampled = [r for r in self.results["ratios"] if r["sampled"]]
        if sampled:
            lines += [""] + ["Sampled, %s (%s): %s" % (
                r["case"], r["mode"], " / ".join(r["sampled"]))
                for r in sampled]
        lines += ["", "## Evaluation time per kernel", "",
                  "| sweep | threads | trip count | accesses | ms | |",
                  "|---|---|---|---|---|---|"]
        for title, sweep in self.results["evaluation"].items():
            for r in sweep["rows"]:
                lines.append("| %s | %d | %d | %d | %.2f | %s |" % (
                    title, r["threads"], r["trips"], r["accesses"], r["ms"],
                    "budget exceeded" if r["budget_exceeded"] else
                    ("sampled" if r["sampled"] else "")))
        if self.results["jobs"]:
            j = self.results["jobs"]
            lines += ["", "## -j 2 against serial", "",
                      "%d files: serial %.2f s, -j 2 %.2f s, ratio %.2f, best "
                      "pair %.2f (ideal 0.50); -j 2 kept %.2f cores busy on "
                      "average (load average %.1f): below 2, other work had "
                      "the cores." % (
                          j["files"], j["serial_s"], j["j2_s"], j["ratio"],
                          j["best_ratio"], j["j2_cores"], j["load_average"])]
        if self.results["corpus"]:
            lines += corpus.summary_lines(self.results["corpus"])
        lines += ["", "## Floor commands", ""]
        for r in self.results["ratios"]:
            lines += ["- %s (%s): `%s`" % (
                r["case"], r["mode"],
                r["floor_command"].replace(self.work, "$WORK").replace(
                    REPO + "/", ""))]
        plot = self.plot(out)
        if plot:
            lines += ["", "![evaluation time](evaluation.png)"]
        with open(os.path.join(out, "results.md"), "w") as f:
            f.write("\n".join(lines) + "\n")
        print("written: %s" % ", ".join(
            os.path.join(out, n) for n in sorted(os.listdir(out))))


def cpu_name():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def setup():
    """Installs matplotlib for the plot when it is missing (Debian)."""
    try:
        import matplotlib  # noqa: F401
        return
    except ImportError:
        pass
    if shutil.which("apt-get"):
        subprocess.run(["apt-get", "install", "-y", "python3-matplotlib"],
                       check=False)


def reexec_with_matplotlib():
    """Debian's python3-matplotlib serves /usr/bin/python3; another python3
    first on PATH (pyenv, a venv) would not see it."""
    try:
        import matplotlib  # noqa: F401
        return
    except ImportError:
        pass
    system = "/usr/bin/python3"
    if (os.path.realpath(sys.executable) != os.path.realpath(system) and
            os.path.exists(system) and
            subprocess.run([system, "-c", "import matplotlib"],
                           capture_output=True).returncode == 0):
        os.execv(system, [system] + sys.argv)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smem-lint", required=True,
                        help="the smem-lint binary to measure")
    parser.add_argument("--out", default=os.path.join(REPO, "bench", "results"),
                        help="where results.md, results.json, evaluation.csv "
                             "and evaluation.png go")
    parser.add_argument("--clang", default="clang++-19",
                        help="the compiler that runs the floor command")
    parser.add_argument("--repeat", type=int, default=5,
                        help="runs per measurement; the median is reported")
    parser.add_argument("--quick", action="store_true",
                        help="fewer cases and 20 files for -j")
    parser.add_argument("--jobs-files", type=int, default=0,
                        help="files for the -j 2 run (default 100, 20 with "
                             "--quick)")
    parser.add_argument("--only",
                        choices=["ratios", "evaluation", "jobs", "corpus"],
                        action="append", help="run only these parts")
    parser.add_argument("--corpus", metavar="DIR",
                        help="also measure every file of a corpus folder laid "
                             "out by ../shared/corpus/extract.sh against the "
                             "parse and CodeGen floors (bench/corpus.py)")
    parser.add_argument("--setup", action="store_true",
                        help="install python3-matplotlib if it is missing")
    parser.add_argument("--keep", action="store_true",
                        help="keep the generated inputs (printed)")
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    if args.setup:
        setup()
    reexec_with_matplotlib()
    bench = Bench(args)
    parts = args.only or ["ratios", "evaluation", "jobs", "corpus"]
    if "corpus" in parts and not args.corpus:
        if args.only and "corpus" in args.only:
            parser.error("--only corpus needs --corpus DIR")
        parts.remove("corpus")
    try:
        if "ratios" in parts:
            bench.ratios()
        if "evaluation" in parts:
            bench.evaluation()
        if "jobs" in parts:
            bench.jobs()
        if "corpus" in parts:
            bench.results["corpus"] = corpus.CorpusCase(bench,
                                                        args.corpus).run()
        bench.report(args.out)
    finally:
        if args.keep:
            print("inputs kept in", bench.work)
        else:
            shutil.rmtree(bench.work, ignore_errors=True)


if __name__ == "__main__":
    main()
