#!/usr/bin/env python3
"""Validates SARIF files the way a consumer would before trusting them:

1. against the SARIF 2.1.0 JSON schema, with python3-jsonschema; the schema is
   the one Microsoft's SARIF multitool ships and validates with
   (sarif-2.1.0.json in the npm package @microsoft/sarif-multitool-linux);
2. with the multitool's `validate` command, which adds the SARIF spec's rules
   (SARIF1xxx: consistent indices, regions and URIs; SARIF2xxx: advice) and
   GitHub code scanning's ingestion rules (GH1xxx/GH2xxx: what GitHub Advanced
   Security requires).

A file is valid when the schema reports nothing and the multitool reports no
error. The multitool's warnings and notes (advice such as "terminate messages
with a period") are printed, not failed on. The multitool exits 0 even when it
finds errors, so its own SARIF log is read instead of its exit code.

Set up (pinned; the binary is self-contained .NET, no runtime needed):
  apt-get install -y python3-jsonschema
  npm install --prefix build/sarif-tools --no-audit --no-fund \\
      @microsoft/sarif-multitool-linux@5.7.0

Usage:
  validate-sarif.py [--tools DIR] FILE...   validate; exit 0 valid, 1 invalid,
                                            2 validator missing
  validate-sarif.py [--tools DIR] --probe   exit 0 if the validator can run

DIR is the npm prefix above (default: $SMEM_LINT_SARIF_TOOLS, else
build/sarif-tools in this repository).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

PACKAGE = "@microsoft/sarif-multitool-linux"
VERSION = "5.7.0"
INSTALL_HINT = (
    "install it with: apt-get install -y python3-jsonschema && "
    "npm install --prefix %s --no-audit --no-fund " + PACKAGE + "@" + VERSION)


def default_tools_dir():
    if os.environ.get("SMEM_LINT_SARIF_TOOLS"):
        return os.environ["SMEM_LINT_SARIF_TOOLS"]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return os.path.join(root, "build", "sarif-tools")


def package_dir(tools):
    return os.path.join(tools, "node_modules", *PACKAGE.split("/"))


def multitool_env():
    env = dict(os.environ)
    # The multitool needs no ICU for what it does here; without this a
    # machine lacking libicu makes .NET abort at start.
    env["DOTNET_SYSTEM_GLOBALIZATION_INVARIANT"] = "1"
    env["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1"
    return env


def find_problems(tools):
    """What is missing to validate, as a list of sentences (empty: ready)."""
    problems = []
    try:
        import jsonschema  # noqa: F401
    except ImportError:
        problems.append("python module jsonschema not found for %s"
                        % sys.executable)
    pkg = package_dir(tools)
    manifest = os.path.join(pkg, "package.json")
    if not os.path.exists(manifest):
        problems.append("%s not installed under %s" % (PACKAGE, tools))
        return problems
    with open(manifest) as f:
        installed = json.load(f).get("version")
    if installed != VERSION:
        problems.append("%s is %s, expected %s" % (PACKAGE, installed, VERSION))
    exe = os.path.join(pkg, "Sarif.Multitool")
    try:
        run = subprocess.run([exe, "--version"], capture_output=True,
                             text=True, env=multitool_env(), timeout=120)
        if run.returncode != 0 or "SARIF Multitool" not in run.stdout + run.stderr:
            problems.append("%s --version failed: %s" %
                            (exe, (run.stdout + run.stderr).strip()[-500:]))
    except OSError as error:
        problems.append("cannot run %s: %s" % (exe, error))
    return problems


def schema_errors(path, schema):
    import jsonschema
    with open(path, encoding="utf-8") as f:
        try:
            document = json.load(f)
        except ValueError as error:
            return ["not JSON: %s" % error]
    cls = jsonschema.validators.validator_for(schema)
    validator = cls(schema, format_checker=cls.FORMAT_CHECKER)
    errors = sorted(validator.iter_errors(document),
                    key=lambda e: list(e.absolute_path))
    return ["%s: %s" % ("/".join(str(p) for p in e.absolute_path) or "(root)",
                        e.message) for e in errors]


def multitool_findings(path, tools):
    """(errors, other findings) the multitool reports, as printable lines."""
    exe = os.path.join(package_dir(tools), "Sarif.Multitool")
    with tempfile.TemporaryDirectory() as scratch:
        log = os.path.join(scratch, "validation.sarif")
        run = subprocess.run(
            [exe, "validate", os.path.abspath(path), "--output", log,
             "--log", "ForceOverwrite", "--rule-kind", "Sarif;Gh",
             "--level", "Error;Warning;Note", "--quiet"],
            capture_output=True, text=True, env=multitool_env(), timeout=300)
        if not os.path.exists(log):
            return (["the multitool wrote no log (exit %d): %s" %
                     (run.returncode, (run.stdout + run.stderr).strip())], [])
        with open(log, encoding="utf-8-sig") as f:
            validation = json.load(f)
    errors, others = [], []
    for result_run in validation.get("runs", []):
        for invocation in result_run.get("invocations", []):
            if not invocation.get("executionSuccessful", False):
                errors.append("the multitool's validation did not complete")
            for note in (invocation.get("toolExecutionNotifications", []) +
                         invocation.get("toolConfigurationNotifications", [])):
                if note.get("level", "warning") == "error":
                    errors.append("multitool: %s" %
                                  note.get("message", {}).get("text", note))
        rules = {r.get("id"): r for r in
                 result_run.get("tool", {}).get("driver", {}).get("rules", [])}
        for result in result_run.get("results", []):
            level = result.get("level", "warning")
            line = "%s %s: %s" % (level, result.get("ruleId"),
                                  format_message(result, rules))
            (errors if level == "error" else others).append(line)
    return errors, others


def format_message(result, rules):
    """The multitool's message: its rule's template filled with arguments."""
    message = result.get("message", {})
    if "text" in message:
        return message["text"]
    rule = rules.get(result.get("ruleId"), {})
    template = (rule.get("messageStrings", {}).get(message.get("id"), {})
                .get("text", message.get("id", "")))
    for index, argument in enumerate(message.get("arguments", [])):
        template = template.replace("{%d}" % index, str(argument))
    return template


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tools", default=default_tools_dir())
    parser.add_argument("--probe", action="store_true")
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()

    problems = find_problems(args.tools)
    if args.probe:
        for problem in problems:
            print("validate-sarif: %s" % problem)
        if problems:
            print("validate-sarif: " + INSTALL_HINT % args.tools)
        return 1 if problems else 0
    if problems:
        for problem in problems:
            print("validate-sarif: error: %s" % problem, file=sys.stderr)
        print("validate-sarif: " + INSTALL_HINT % args.tools, file=sys.stderr)
        return 2
    if not args.files:
        parser.error("no SARIF file given")

    with open(os.path.join(package_dir(args.tools), "sarif-2.1.0.json"),
              encoding="utf-8-sig") as f:
        schema = json.load(f)
    invalid = 0
    for path in args.files:
        errors = ["schema: %s" % e for e in schema_errors(path, schema)]
        others = []
        # The multitool silently skips its rules on a file it cannot read
        # into its object model, so it only runs on schema-valid files.
        if not errors:
            tool_errors, others = multitool_findings(path, args.tools)
            errors += tool_errors
        for line in errors:
            print("%s: error: %s" % (path, line))
        # Notes are advice for any SARIF producer (rule ids like CS2001,
        # embedded file contents): counted, not listed.
        notes = {}
        for line in others:
            level, rule = line.split(" ", 2)[:2]
            if level == "note":
                notes[rule.rstrip(":")] = notes.get(rule.rstrip(":"), 0) + 1
            else:
                print("%s: %s" % (path, line))
        if errors:
            invalid += 1
        print("validate-sarif: %s: %s: %d errors, %d warnings, notes %s "
              "(SARIF 2.1.0 schema, and %s %s with rules Sarif;Gh)" %
              (path, "INVALID" if errors else "valid", len(errors),
               len(others) - sum(notes.values()),
               ", ".join("%s x%d" % item for item in sorted(notes.items()))
               or "none", PACKAGE, VERSION))
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main())
