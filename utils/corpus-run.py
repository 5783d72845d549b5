#!/usr/bin/env python3
"""Runs smem-lint over a laid-out third-party CUDA corpus and measures how it
copes: which files it parses, how many kernels it finds, how long it takes.

The corpus itself is never part of this repository (see the corpus MANIFEST):
CORPUS_DIR is a folder laid out by its extract.sh, holding the sources and
`flags.txt`, one line per file:

  PATH<TAB>FLAGS<TAB>STATUS        (lines starting with '#' are comments)

PATH is relative to CORPUS_DIR; FLAGS (split shell-style) are the extra flags
the file needs to parse, e.g. `-I HeCBench/src/mis-cuda` or `-x cu`. Their
include directories are relative to CORPUS_DIR, so each file runs as

  cd CORPUS_DIR && BIN --format=json PATH -- FLAGS

with relative -I/-isystem/-iquote directories made absolute under CORPUS_DIR
(the sources' own `#include "..."` lines resolve against the including file's
folder either way). A `files.txt` entry that flags.txt lacks runs with no
flags, and the summary names it.

Per file it prints: the exit status (0, 1, 2, 3, `timeout` past --timeout
seconds, or `crash`: killed by a signal, another exit code, or JSON that does
not parse), kernels found (len of the JSON `kernels`), warnings and notes
(JSON diagnostics by severity), `clang-diagnostic-error` diagnostics,
`smem-lint-incomplete` notes, diagnostics whose message contains
"not analysed", and wall seconds; in the JSON also the shared accesses
reported `sampled` (and the last clause of each reason, numbers made N: the
summary lists the commonest), the kernels with one, the accesses reported
`assumed` (a branch on data, a value nothing gave), and the kernels past
their budget. The summary gives the counts per exit
status, the files smem-lint rejects (exit 2) although the verdict table says
nvcc accepts them (target 0; each with its first error), kernels in total, and
total and max seconds.

The verdict table (--verdicts, default corpus-nvcc-verdicts.tsv beside this
script) has lines `PATH<TAB>accepts|rejects<TAB>note`; '#' lines are comments.

"First error" is the first `clang-diagnostic-error` of the JSON report other
than "too many errors emitted"; smem-lint sorts its findings by file and line,
so this is the lowest-placed error, not necessarily the first clang emitted.

BIN is copied to a temporary folder first (and checked with --version), so a
rebuild of BIN while the run goes on neither mixes two builds nor fails the
run; the first line names the build that ran (mtime, sha256).

This is a measurement, not a test: it exits 0 whatever smem-lint does, and
non-zero only when it cannot run itself (no flags.txt, no usable BIN); a
missing verdict table only leaves every file without a verdict.

Usage:
  utils/corpus-run.py CORPUS_DIR [--smem-lint BIN] [--jobs N] [--timeout S]
                      [--verdicts FILE] [--json OUT] [--only SUBSTR]
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_BIN = os.path.join(HERE, os.pardir, "build", "bin", "smem-lint")
DEFAULT_VERDICTS = os.path.join(HERE, "corpus-nvcc-verdicts.tsv")
STATUSES = ["0", "1", "2", "3", "timeout", "crash"]
TOO_MANY = "too many errors emitted"
INCLUDE_FLAGS = ("-I", "-isystem", "-iquote", "-idirafter")


def read_entries(corpus):
    """(path, flags, status, note) for flags.txt, then files.txt's extras."""
    entries, seen = [], set()
    with open(os.path.join(corpus, "flags.txt"), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            cols = line.split("\t")
            cols += [""] * (3 - len(cols))
            entries.append((cols[0], cols[1], cols[2], ""))
            seen.add(cols[0])
    files_txt = os.path.join(corpus, "files.txt")
    if os.path.exists(files_txt):
        with open(files_txt, encoding="utf-8") as f:
            for line in f:
                path = line.strip()
                if path and not path.startswith("#") and path not in seen:
                    entries.append((path, "", "", "not in flags.txt: no flags"))
                    seen.add(path)
    return entries


def read_verdicts(path):
    verdicts = {}
    if not os.path.exists(path):
        return verdicts
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            cols = line.split("\t") + ["", ""]
            verdicts[cols[0]] = (cols[1].strip(), cols[2].strip())
    return verdicts


def absolute_includes(flags, corpus):
    """Makes the relative include directories of FLAGS absolute under CORPUS."""
    out, i = [], 0
    while i < len(flags):
        flag = flags[i]
        if flag in INCLUDE_FLAGS and i + 1 < len(flags):
            d = flags[i + 1]
            out += [flag, d if os.path.isabs(d) else os.path.join(corpus, d)]
            i += 2
            continue
        for prefix in INCLUDE_FLAGS:
            if flag.startswith(prefix) and len(flag) > len(prefix):
                d = flag[len(prefix):]
                if not os.path.isabs(d):
                    flag = prefix + os.path.join(corpus, d)
                break
        out.append(flag)
        i += 1
    return out


def where(diag, corpus):
    path = diag.get("file") or ""
    if path.startswith(corpus + os.sep):
        path = path[len(corpus) + 1:]
    if not path:
        return ""
    return "%s:%s:%s: " % (path, diag.get("line", 0), diag.get("column", 0))


def snapshot_binary(binary, folder, tries=30, delay=10):
    """Copies BINARY into FOLDER and returns (copy, its sha256); while
    BINARY is being relinked it retries every DELAY seconds, TRIES times."""
    copy = os.path.join(folder, os.path.basename(binary))
    last = ""
    for attempt in range(tries):
        if attempt:
            time.sleep(delay)
        try:
            shutil.copy2(binary, copy)
            out = subprocess.run([copy, "--version"], stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, timeout=60)
            text = out.stdout.decode("utf-8", "replace").strip()
            if out.returncode == 0:
                with open(copy, "rb") as f:
                    return copy, hashlib.sha256(f.read()).hexdigest()
            last = "--version exited %d: %s" % (out.returncode, text[-200:])
        except (OSError, subprocess.SubprocessError) as e:
            last = str(e)
        print("corpus-run: %s not usable yet (%s); retrying" % (binary, last),
              file=sys.stderr)
    raise SystemExit("corpus-run: cannot use %s: %s" % (binary, last))


def run_one(entry, args, corpus):
    path, flags, status_col, note = entry
    result = {"path": path, "flags": flags, "flags_status": status_col,
              "note": note, "status": None, "exit_code": None, "kernels": 0,
              "severities": {}, "warnings": 0, "notes": 0, "errors": 0,
              "compile_errors": 0, "incomplete_notes": 0, "not_analysed": 0,
              "assumption_warnings": 0, "assumption_warning_messages": [],
              "evaluated_from_device_ir": 0, "unseen_shared_variables": [],
              "shared_accesses": 0, "unknown_accesses": 0,
              "assumed_accesses": 0,
              "sampled_accesses": 0, "sampled_kernels": 0,
              "budget_kernels": 0, "sampling_reasons": {},
              "shapes_from_source": 0, "shapes_by_default": 0,
              "first_error": "", "error_messages": [], "seconds": 0.0,
              "stderr_tail": ""}
    try:
        extra = absolute_includes(shlex.split(flags), corpus)
    except ValueError as e:
        result.update(status="crash", stderr_tail="cannot split flags: %s" % e)
        return result
    cmd = [args.binary, "--format=json", path, "--"] + extra
    # Recorded with BIN, not its temporary copy, so that it can be rerun.
    result["command"] = " ".join(shlex.quote(c) for c in [args.smem_lint] + cmd[1:])
    start = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=corpus, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=args.timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        result["status"] = "timeout"
    result["seconds"] = round(time.monotonic() - start, 2)
    result["exit_code"] = proc.returncode
    result["stderr_tail"] = err.decode("utf-8", "replace")[-2000:]
    if result["status"] is None:
        rc = proc.returncode
        result["status"] = str(rc) if rc in (0, 1, 2, 3) else "crash"
    try:
        report = json.loads(out.decode("utf-8", "replace")) if out.strip() else None
    except ValueError:
        report = None
        if result["status"] in ("0", "1", "2", "3"):
            result["status"] = "crash"
            result["note"] = (result["note"] + "; " if result["note"] else "") + \
                "JSON output does not parse"
    if report is None:
        return result
    result["kernels"] = len(report.get("kernels") or [])
    for kernel in report.get("kernels") or []:
        # The IR core's figures (issue note): which evaluator ran, the shared
        # variables the compiled code accesses that no reported access names,
        # accesses whose address stayed unknown, where the block shape came
        # from (launch or annotation vs an assumed default).
        if kernel.get("evaluator") == "device-ir":
            result["evaluated_from_device_ir"] += 1
        # An mbarrier the evaluation followed is accessed through mbarrier
        # instructions, which accesses[] does not list.
        seen = {a.get("array") for a in kernel.get("accesses") or []}
        seen |= set(kernel.get("mbarrier_variables") or [])
        dynamic = {v.get("name") for v in kernel.get("shared") or []
                   if v.get("dynamic")}
        seen_dynamic = bool(seen & dynamic)
        for name in kernel.get("compiled_shared_variables") or []:
            if name not in seen and not (name in dynamic and seen_dynamic):
                result["unseen_shared_variables"].append(
                    "%s: %s" % (kernel.get("name"), name))
        sampled = False
        for access in kernel.get("accesses") or []:
            result["shared_accesses"] += 1
            if access.get("status") == "unknown":
                result["unknown_accesses"] += 1
            if access.get("status") == "assumed":
                result["assumed_accesses"] += 1
            if access.get("status") == "sampled":
                result["sampled_accesses"] += 1
                sampled = True
                # The kind of reason: its wording up to the first number.
                why = re.sub(r"\bat line \d+|\d+", "N",
                             (access.get("reason") or "").split(";")[-1].strip())
                why = why.split(":")[-1].strip()[:90]
                reasons = result["sampling_reasons"]
                reasons[why] = reasons.get(why, 0) + 1
        result["sampled_kernels"] += sampled
        result["budget_kernels"] += bool(kernel.get("budget_exceeded"))
        for dim in (kernel.get("block_dims") or [])[:1]:
            if dim.get("source") in ("launch", "annotation"):
                result["shapes_from_source"] += 1
            elif dim.get("source") == "default":
                result["shapes_by_default"] += 1
    severities = {}
    for diag in report.get("diagnostics") or []:
        sev = diag.get("severity", "?")
        severities[sev] = severities.get(sev, 0) + 1
        check = diag.get("check", "")
        message = diag.get("message", "")
        if check == "clang-diagnostic-error":
            result["compile_errors"] += 1
            if TOO_MANY not in message:
                text = where(diag, corpus) + message
                result["error_messages"].append(text)
                if not result["first_error"]:
                    result["first_error"] = text
        if check == "smem-lint-incomplete" and sev == "note":
            result["incomplete_notes"] += 1
        if "not analysed" in message:
            result["not_analysed"] += 1
        # Never a warning on a guess: a warning whose assumptions include an
        # assumed block shape or an assumed value should have been a note.
        if sev in ("warning", "error") and not diag.get(
                "holds_for_every_value_tried") and any(
                a.get("kind") == "assumed-value" or
                (a.get("kind") == "block-shape" and
                 a.get("source") == "default")
                for a in diag.get("assumptions") or []):
            result["assumption_warnings"] += 1
            result["assumption_warning_messages"].append(
                where(diag, corpus) + message)
    result["severities"] = severities
    result["warnings"] = severities.get("warning", 0)
    result["notes"] = severities.get("note", 0)
    result["errors"] = severities.get("error", 0)
    return result


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="See the docstring at the top of this script for the details.")
    parser.add_argument("corpus", metavar="CORPUS_DIR",
                        help="laid-out corpus holding flags.txt")
    parser.add_argument("--smem-lint", default=DEFAULT_BIN, metavar="BIN",
                        help="smem-lint binary (default: build/bin/smem-lint "
                             "of this repository)")
    parser.add_argument("--jobs", type=int, default=1, metavar="N",
                        help="files analysed at once (default 1)")
    parser.add_argument("--timeout", type=float, default=120, metavar="S",
                        help="seconds per file before it counts as timeout "
                             "(default 120)")
    parser.add_argument("--verdicts", default=DEFAULT_VERDICTS, metavar="FILE",
                        help="PATH<TAB>accepts|rejects<TAB>note table of nvcc's "
                             "verdicts (default: corpus-nvcc-verdicts.tsv "
                             "beside this script)")
    parser.add_argument("--json", metavar="OUT",
                        help="also write the per-file results to OUT as JSON")
    parser.add_argument("--only", metavar="SUBSTR",
                        help="only the files whose path contains SUBSTR")
    args = parser.parse_args()

    corpus = os.path.abspath(args.corpus)
    if not os.path.exists(os.path.join(corpus, "flags.txt")):
        parser.error("%s has no flags.txt" % corpus)
    args.smem_lint = os.path.abspath(args.smem_lint)
    if not os.access(args.smem_lint, os.X_OK):
        parser.error("%s is not an executable" % args.smem_lint)
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    verdicts = read_verdicts(args.verdicts)
    entries = read_entries(corpus)
    if args.only:
        entries = [e for e in entries if args.only in e[0]]
    with tempfile.TemporaryDirectory(prefix="corpus-run-") as folder:
        args.binary, args.sha256 = snapshot_binary(args.smem_lint, folder)
        stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(
            os.path.getmtime(args.binary)))
        print("smem-lint: %s (built %s, sha256 %s)" % (
            args.smem_lint, stamp, args.sha256[:12]))
        return report(args, corpus, entries, verdicts)


def report(args, corpus, entries, verdicts):

    width = max([len(e[0]) for e in entries] + [4])
    header = "%-*s %7s %7s %5s %5s %6s %7s %6s %8s" % (
        width, "file", "status", "kernels", "warn", "note", "errors",
        "incompl", "n/a", "seconds")
    print(header)
    print("-" * len(header))
    sys.stdout.flush()
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(run_one, e, args, corpus) for e in entries]
        for future in futures:
            r = future.result()
            results.append(r)
            print("%-*s %7s %7d %5d %5d %6d %7d %6d %8.2f" % (
                width, r["path"], r["status"], r["kernels"], r["warnings"],
                r["notes"], r["compile_errors"], r["incomplete_notes"],
                r["not_analysed"], r["seconds"]))
            sys.stdout.flush()

    counts = {s: 0 for s in STATUSES}
    for r in results:
        counts[r["status"]] += 1
        verdict = verdicts.get(r["path"])
        r["nvcc"] = verdict[0] if verdict else None
        r["nvcc_note"] = verdict[1] if verdict else None
    false_rejects = [r for r in results if r["status"] == "2" and r["nvcc"] == "accepts"]
    both_reject = [r for r in results if r["status"] == "2" and r["nvcc"] == "rejects"]
    no_verdict = [r for r in results if r["nvcc"] not in ("accepts", "rejects")]
    accepted_by_both = [r for r in results
                        if r["status"] in ("0", "1") and r["nvcc"] == "accepts"]
    nvcc_rejects_lint_parses = [r for r in results if r["status"] in ("0", "1")
                                and r["nvcc"] == "rejects"]
    seconds = [r["seconds"] for r in results]
    slowest = max(results, key=lambda r: r["seconds"]) if results else None

    print()
    print("summary")
    print("  files: %d" % len(results))
    print("  exit status: " + ", ".join("%s=%d" % (s, counts[s]) for s in STATUSES))
    print("  nvcc verdicts: %d accepts, %d rejects, %d without a verdict (%s)" % (
        sum(r["nvcc"] == "accepts" for r in results),
        sum(r["nvcc"] == "rejects" for r in results), len(no_verdict),
        args.verdicts))
    print("  parsed (exit 0/1) where nvcc accepts: %d" % len(accepted_by_both))
    print("  rejected (exit 2) where nvcc rejects too: %d" % len(both_reject))
    print("  parsed (exit 0/1) where nvcc rejects: %d" % len(nvcc_rejects_lint_parses))
    print("  rejected (exit 2) although nvcc accepts: %d (target 0)" % len(false_rejects))
    for r in false_rejects:
        print("    %s: %s" % (r["path"], r["first_error"] or "(no compiler error in the report)"))
    for r in no_verdict:
        print("  no verdict: %s" % r["path"])
    for r in results:
        if r["note"]:
            print("  note: %s: %s" % (r["path"], r["note"]))
    for r in results:
        if r["status"] in ("3", "timeout", "crash"):
            tail = r["stderr_tail"].strip().splitlines()
            print("  %s: %s%s" % (r["status"], r["path"],
                                   (": " + tail[-1]) if tail else ""))
    print("  kernels found: %d" % sum(r["kernels"] for r in results))
    print("  kernels evaluated from device IR: %d" %
          sum(r["evaluated_from_device_ir"] for r in results))
    unseen = [v for r in results for v in r["unseen_shared_variables"]]
    print("  shared variables the compiled code accesses with no access "
          "reported: %d" % len(unseen))
    print("  shared accesses: %d, address unknown: %d, resting on an "
          "assumption (a branch on data, a value nothing gave): %d" % (
              sum(r["shared_accesses"] for r in results),
              sum(r["unknown_accesses"] for r in results),
              sum(r["assumed_accesses"] for r in results)))
    print("  shared accesses sampled: %d, in %d kernels; kernels past the "
          "budget: %d" % (sum(r["sampled_accesses"] for r in results),
                          sum(r["sampled_kernels"] for r in results),
                          sum(r["budget_kernels"] for r in results)))
    reasons = {}
    for r in results:
        for why, n in r["sampling_reasons"].items():
            reasons[why] = reasons.get(why, 0) + n
    for why, n in sorted(reasons.items(), key=lambda kv: -kv[1])[:8]:
        print("    %5d  %s" % (n, why))
    print("  block shape of the first analysis: from the source %d, assumed "
          "%d" % (sum(r["shapes_from_source"] for r in results),
                  sum(r["shapes_by_default"] for r in results)))
    print("  smem-lint-incomplete notes: %d; 'not analysed' diagnostics: %d" % (
        sum(r["incomplete_notes"] for r in results),
        sum(r["not_analysed"] for r in results)))
    print("  warnings that rest on an assumed block shape or value: %d" %
          sum(r["assumption_warnings"] for r in results))
    for r in results:
        for text in r["assumption_warning_messages"]:
            print("    " + text[:200])
    print("  seconds: total %.1f, max %.1f%s" % (
        sum(seconds), max(seconds) if seconds else 0.0,
        (" (%s)" % slowest["path"]) if slowest else ""))

    if args.json:
        summary = {"files": len(results), "exit_status": counts,
                   "false_rejects": [r["path"] for r in false_rejects],
                   "kernels": sum(r["kernels"] for r in results),
                   "incomplete_notes": sum(r["incomplete_notes"] for r in results),
                   "assumption_warnings":
                       sum(r["assumption_warnings"] for r in results),
                   "not_analysed": sum(r["not_analysed"] for r in results),
                   "evaluated_from_device_ir":
                       sum(r["evaluated_from_device_ir"] for r in results),
                   "unseen_shared_variables": unseen,
                   "shared_accesses": sum(r["shared_accesses"] for r in results),
                   "unknown_accesses":
                       sum(r["unknown_accesses"] for r in results),
                   "sampled_accesses":
                       sum(r["sampled_accesses"] for r in results),
                   "sampled_kernels":
                       sum(r["sampled_kernels"] for r in results),
                   "budget_kernels": sum(r["budget_kernels"] for r in results),
                   "sampling_reasons": reasons,
                   "shapes_from_source":
                       sum(r["shapes_from_source"] for r in results),
                   "shapes_by_default":
                       sum(r["shapes_by_default"] for r in results),
                   "seconds_total": round(sum(seconds), 2),
                   "seconds_max": max(seconds) if seconds else 0.0}
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"corpus": corpus, "smem_lint": args.smem_lint,
                       "smem_lint_mtime": os.path.getmtime(args.binary),
                       "smem_lint_sha256": args.sha256,
                       "verdicts": os.path.abspath(args.verdicts),
                       "timeout": args.timeout, "summary": summary,
                       "files": results}, f, indent=2, sort_keys=True)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
