#!/usr/bin/env python3
"""Checks that everything that lists smem-lint's checks agrees with the
registry, the one list the binary is built from (lib/Checks/CheckRegistry.cpp
and lib/Report/ToolFindings.cpp).

  utils/check-registry.py --smem-lint build/bin/smem-lint --repo .

It reads the registry from `smem-lint --list-checks --format=json`, and the
SARIF rules from `smem-lint --format=sarif` on a small kernel it writes to a
temporary directory, then reports every disagreement:

  - the checks (origin "check") and the pages docs/checks/*.md differ, or a
    check's docs is not its own page;
  - a kind of finding names a docs file that does not exist (a #fragment is
    not checked);
  - a kind has no SARIF rule, or its rule's name, default level or help
    (which must name the docs) differ from the registry;
  - a SARIF rule is not a kind of the registry;
  - the README's "What it checks" table lists other checks, or links other
    docs, than the registry;
  - the "## Checks" section of docs/configuration.md does not name every
    check, or names one that is not a kind of finding.

--smem-lint takes the binary and any options of its own, up to the next
option of this script, as lit's %smem-lint is `smem-lint --no-cuda-toolkit`.

Exit status: 0 all agree (one OK line), 1 disagreements (one line each), 2
smem-lint or a file could not be read.
"""
import argparse
import glob
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

PREFIX = "check-registry: "
KIND_FIELDS = ["name", "sarif_name", "origin", "category", "default_level",
               "on_by_default", "always_shown", "about_the_tool",
               "needs_global_accesses", "docs", "summary", "options"]
README_SECTION = "## What it checks"
CONFIGURATION_SECTION = "## Checks"
# Analysed only for its SARIF rules: a kernel with nothing to report.
KERNEL = """__global__ void copy(float *out, const float *in) {
  out[threadIdx.x] = in[threadIdx.x];
}
"""


class CannotRun(Exception):
    """Exit status 2: there is nothing to compare."""


def run(command, what):
    try:
        result = subprocess.run(command, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE,
                                universal_newlines=True)
    except OSError as e:
        raise CannotRun("cannot run %s: %s" % (command[0], e.strerror))
    # 1: findings; the rules are in the log all the same.
    if result.returncode not in (0, 1):
        raise CannotRun("%s exited with %d:\n%s" % (
            " ".join(shlex.quote(c) for c in command), result.returncode,
            result.stderr.strip()))
    try:
        return json.loads(result.stdout)
    except ValueError as e:
        raise CannotRun("%s is not JSON (%s): %s" % (what, e,
                                                     result.stdout[:200]))


def registry_kinds(smem_lint):
    document = run(smem_lint + ["--list-checks", "--format=json"],
                   "--list-checks --format=json")
    if not isinstance(document, dict) or \
            not isinstance(document.get("checks"), list):
        raise CannotRun('--list-checks --format=json has no "checks" list')
    return document["checks"]


def sarif_rules(smem_lint):
    with tempfile.TemporaryDirectory(prefix="check-registry-") as folder:
        source = os.path.join(folder, "copy.cu")
        with open(source, "w") as f:
            f.write(KERNEL)
        log = run(smem_lint + ["--format=sarif", source], "--format=sarif")
    try:
        return log["runs"][0]["tool"]["driver"]["rules"]
    except (KeyError, IndexError, TypeError):
        raise CannotRun("the SARIF log has no runs[0].tool.driver.rules")


def read(root, relative):
    try:
        with open(os.path.join(root, relative), encoding="utf-8") as f:
            return f.read()
    except OSError as e:
        raise CannotRun("cannot read %s: %s" % (relative, e.strerror))


def section(text, heading, file):
    """The lines under a Markdown heading, up to the next of its level."""
    lines = text.split("\n")
    if heading not in lines:
        raise CannotRun("%s has no '%s' section" % (file, heading))
    start = lines.index(heading) + 1
    level = heading.split(" ")[0] + " "
    end = start
    while end < len(lines) and not lines[end].startswith(level):
        end += 1
    return lines[start:end]


def duplicates(values):
    seen, twice = set(), []
    for value in values:
        if value in seen and value not in twice:
            twice.append(value)
        seen.add(value)
    return twice


def check_kinds(kinds, problems):
    """The shape of --list-checks' records; returns those that can be
    compared."""
    usable = []
    for index, kind in enumerate(kinds):
        missing = [f for f in KIND_FIELDS
                   if not isinstance(kind, dict) or f not in kind]
        if missing:
            problems.append("--list-checks: kind %d (%s) has no %s" % (
                index, kind.get("name", "?") if isinstance(kind, dict)
                else kind, ", ".join(missing)))
            continue
        usable.append(kind)
    for name in duplicates(k["name"] for k in usable):
        problems.append("--list-checks: %s is listed twice" % name)
    return usable


def check_docs(root, kinds, checks, problems):
    pages = sorted(os.path.splitext(os.path.basename(p))[0] for p in
                   glob.glob(os.path.join(root, "docs", "checks", "*.md")))
    for name in sorted(set(pages) - set(checks)):
        problems.append("docs/checks/%s.md: no check of the registry is "
                        "named %s" % (name, name))
    for name in checks:
        if name not in pages:
            problems.append("%s: no docs/checks/%s.md" % (name, name))
    for kind in kinds:
        page = kind["docs"].split("#")[0]
        if not page or not os.path.isfile(os.path.join(root, page)):
            problems.append("%s: its docs %s does not exist" % (
                kind["name"], kind["docs"] or '""'))
        if kind["origin"] == "check" and \
                page != "docs/checks/%s.md" % kind["name"]:
            problems.append("%s: its docs is %s, not docs/checks/%s.md" % (
                kind["name"], kind["docs"], kind["name"]))


def check_sarif(kinds, rules, problems):
    ids = [rule.get("id") for rule in rules]
    for rule_id in duplicates(ids):
        problems.append("SARIF: rule %s appears twice" % rule_id)
    by_id = {rule.get("id"): rule for rule in rules}
    names = {kind["name"] for kind in kinds}
    for kind in kinds:
        rule = by_id.get(kind["name"])
        if rule is None:
            problems.append("%s: no SARIF rule with this id" % kind["name"])
            continue
        if rule.get("name") != kind["sarif_name"]:
            problems.append("%s: SARIF rule name %s, registry sarif_name %s"
                            % (kind["name"], rule.get("name"),
                               kind["sarif_name"]))
        level = rule.get("defaultConfiguration", {}).get("level")
        if level != kind["default_level"]:
            problems.append("%s: SARIF default level %s, registry "
                            "default_level %s" % (kind["name"], level,
                                                  kind["default_level"]))
        help_text = rule.get("help", {})
        for form in ("text", "markdown"):
            if kind["docs"] not in help_text.get(form, ""):
                problems.append("%s: the SARIF rule's help.%s does not name "
                                "%s" % (kind["name"], form, kind["docs"]))
    for rule_id in ids:
        if rule_id not in names:
            problems.append("SARIF: rule %s is not a kind of the registry"
                            % rule_id)


README_ROW = re.compile(
    r"^\|\s*`(?P<name>[^`]+)`\s*\|.*\|\s*\[(?P<text>[^\]]*)\]"
    r"\((?P<link>[^)]*)\)\s*\|\s*$")


def check_readme(root, checks, docs, problems):
    rows = {}
    for line in section(read(root, "README.md"), README_SECTION, "README.md"):
        if not line.startswith("| `"):
            continue
        match = README_ROW.match(line)
        if not match:
            problems.append("README.md: a row of '%s' is not "
                            "| `name` | what | [docs](docs) |: %s"
                            % (README_SECTION, line[:60]))
            continue
        name = match.group("name")
        if name in rows:
            problems.append("README.md: %s has two rows" % name)
        rows[name] = match
    for name in rows:
        if name not in checks:
            problems.append("README.md: '%s' lists %s, which is not a check "
                            "of the registry" % (README_SECTION, name))
    for name in checks:
        row = rows.get(name)
        if row is None:
            problems.append("README.md: '%s' has no row for %s"
                            % (README_SECTION, name))
            continue
        for part in ("text", "link"):
            if row.group(part) != docs[name]:
                problems.append("README.md: the row of %s links [%s](%s), "
                                "not its docs %s" % (name, row.group("text"),
                                                     row.group("link"),
                                                     docs[name]))
                break


def check_configuration(root, checks, kinds, problems):
    file = "docs/configuration.md"
    text = "\n".join(section(read(root, file), CONFIGURATION_SECTION, file))
    for name in checks:
        if not re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(name), text):
            problems.append("%s: '%s' does not name %s" % (
                file, CONFIGURATION_SECTION, name))
    known = {kind["name"] for kind in kinds}
    for name in sorted(set(re.findall(
            r"`((?:smem|gmem)-[a-z0-9]+(?:-[a-z0-9]+)*)`", text)) - known):
        problems.append("%s: '%s' names %s, which is not a kind of finding"
                        % (file, CONFIGURATION_SECTION, name))


def split_command(argv):
    """Takes `--smem-lint BIN [ITS OPTIONS...]` out of \\p argv: it ends at the
    next option of this script."""
    own = ("--repo", "-h", "--help")
    if "--smem-lint" not in argv:
        return argv, None
    at = argv.index("--smem-lint")
    end = at + 1
    while end < len(argv) and not argv[end].split("=")[0] in own:
        end += 1
    command = argv[at + 1:end]
    # A single quoted "smem-lint --no-cuda-toolkit" works too.
    if len(command) == 1 and not os.path.exists(command[0]):
        command = shlex.split(command[0])
    return argv[:at] + argv[end:], command


def main():
    parser = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        usage="%(prog)s --smem-lint BIN [OPTIONS...] --repo ROOT")
    parser.add_argument("--repo", required=True, metavar="ROOT",
                        help="the root of the smem-lint repository")
    rest, smem_lint = split_command(sys.argv[1:])
    args = parser.parse_args(rest)
    if not smem_lint:
        parser.error("--smem-lint BIN is required")
    problems = []
    try:
        kinds = check_kinds(registry_kinds(smem_lint), problems)
        rules = sarif_rules(smem_lint)
        checks = [k["name"] for k in kinds if k["origin"] == "check"]
        docs = {k["name"]: k["docs"] for k in kinds}
        check_docs(args.repo, kinds, checks, problems)
        check_sarif(kinds, rules, problems)
        check_readme(args.repo, checks, docs, problems)
        check_configuration(args.repo, checks, kinds, problems)
    except CannotRun as e:
        print(PREFIX + "error: %s" % e, file=sys.stderr)
        return 2
    for problem in problems:
        print(PREFIX + problem)
    if problems:
        print(PREFIX + "%d disagreement%s" % (len(problems),
                                             "s" if len(problems) > 1 else ""))
        return 1
    print(PREFIX + "OK: %d checks and %d other kinds of finding agree with "
          "docs/checks/, the SARIF rules, README.md and docs/configuration.md"
          % (len(checks), len(kinds) - len(checks)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
