"""Checks that the rules of a SARIF log and the docs pages agree: every page in
docs/checks/ is a rule, and every rule's help names a file of the repository
(and, with a repository URI, links it).

Usage: check-rule-docs.py SOURCE_ROOT LOG [REPOSITORY_URI]
"""
import glob
import json
import os
import sys

root, log = sys.argv[1], sys.argv[2]
repository = sys.argv[3] if len(sys.argv) > 3 else ""
rules = json.load(open(log))["runs"][0]["tool"]["driver"]["rules"]
ids = [rule["id"] for rule in rules]
failures = []
for page in sorted(glob.glob(os.path.join(root, "docs", "checks", "*.md"))):
    check = os.path.splitext(os.path.basename(page))[0]
    if check not in ids:
        failures.append("docs/checks/%s.md has no rule" % check)
for rule in rules:
    markdown = rule["help"]["markdown"]
    path = markdown.rsplit("Documentation: ", 1)[-1]
    path = path.strip("`[.").split("]")[0].split("`")[0]
    if not os.path.exists(os.path.join(root, path.split("#")[0])):
        failures.append("%s: help names %s, which does not exist"
                        % (rule["id"], path))
    if repository and rule.get("helpUri") != repository + "/" + path:
        failures.append("%s: helpUri %s is not %s/%s"
                        % (rule["id"], rule.get("helpUri"), repository, path))
    if not repository and "helpUri" in rule:
        failures.append("%s: helpUri without a repository" % rule["id"])
for failure in failures:
    print("check-rule-docs: " + failure)
print("check-rule-docs: %d rules, %d problems" % (len(rules), len(failures)))
sys.exit(1 if failures else 0)
