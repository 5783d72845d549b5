#!/usr/bin/env python3
"""Writes smem-lint's man page, smem-lint.1, from docs/smem-lint.1.in.

  utils/make-man-page.py --smem-lint build/bin/smem-lint \\
      --template docs/smem-lint.1.in --output build/man/smem-lint.1

The template's prose is maintained by hand. Its lines @OPTIONS@,
@EXIT_STATUS@ and @CHECKS@, and @VERSION@ anywhere, are filled in from the
built binary, so that the page lists every option (with its category, as
`smem-lint --help` groups them), the exit statuses and every kind of finding
(`smem-lint --list-checks --format=json`, the registry) exactly as the
binary has them. The build runs it (the smem-lint-man target) and
`cmake --install` installs the result in share/man/man1.

Exit status: 0 written, 2 smem-lint could not be run or the template lacks a
placeholder.
"""
import argparse
import json
import re
import shlex
import subprocess
import sys

# "  --block-dim=<[kernel=]XxYxZ>    - Block shape ..." and "  -j <N>  - ...".
OPTION = re.compile(r"^  (-{1,2}[A-Za-z][\w-]*)(\S*| <[^>]*>)\s+- (.*)$")
# "Analysis options:" or "Generic Options:", a category of --help.
CATEGORY = re.compile(r"^(\S.*[Oo]ptions):$")


def run(command):
    try:
        return subprocess.run(command, check=True, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        sys.exit("make-man-page: cannot run %s: %s"
                 % (" ".join(command), error))


def roff(text):
    """Text as roff shows it literally: backslashes escaped, hyphens as
    \\- (a minus, which man pages use for options), and a line that would
    start with a request's '.' or "'" protected."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    if text.startswith((".", "'")):
        text = "\\&" + text
    return text


def parse_help(text):
    """The categories of --help, each (title, description, [(name, argument,
    help)]), and the lines after the last option (the exit statuses)."""
    categories = []
    epilog = []
    for line in text.splitlines():
        option = OPTION.match(line)
        category = CATEGORY.match(line)
        if category and category.group(1) != "OPTIONS":
            categories.append((category.group(1), [], []))
            epilog = []
        elif option and categories:
            categories[-1][2].append(option.groups())
            epilog = []
        elif line.strip() and categories and not categories[-1][2]:
            categories[-1][1].append(line.strip())
        elif line.strip() and categories:
            epilog.append(line.strip())
    return categories, epilog


def options_section(categories):
    lines = []
    for title, description, options in categories:
        lines.append(".SS " + roff(title))
        lines.extend(roff(line) for line in description)
        for name, argument, help in options:
            lines.append(".TP")
            argument = argument.strip()
            if argument:
                # "=<sm_XX>" or "<N>" after a space: the name bold, the
                # argument italic.
                separator = "=" if argument.startswith("=") else " "
                lines.append('.BI "%s%s" "%s"' % (roff(name), separator,
                                                   roff(argument.lstrip("="))))
            else:
                lines.append(".B " + roff(name))
            lines.append(roff(help))
    return "\n".join(lines)


def exit_status_section(epilog):
    """The --help lines about exit statuses, one paragraph each."""
    paragraphs = [line for line in epilog
                  if line.startswith(("Exit status", "With "))]
    if not paragraphs:
        sys.exit("make-man-page: --help says nothing about the exit status")
    return "\n.PP\n".join(roff(line) for line in paragraphs)


def checks_section(kinds):
    lines = []
    own = [kind for kind in kinds if kind["origin"] == "check"]
    other = [kind for kind in kinds if kind["origin"] != "check"]
    for kind in own:
        lines.append(".TP")
        lines.append(".B " + roff(kind["name"]))
        text = "%s (%s, %s by default)." % (
            kind["summary"], kind["category"],
            "on" if kind["on_by_default"] else "off")
        lines.append(roff(text))
        for option in kind.get("options", []):
            lines.append(".br")
            lines.append(roff("Option --%s (.smem-lint.yaml: %s, default "
                              "%s): %s." % (option["name"],
                                            option["config_key"],
                                            option["default"],
                                            option["help"])))
    lines.append(".PP")
    lines.append("Findings about the input and about smem\\-lint itself:")
    for kind in other:
        lines.append(".TP")
        lines.append(".B " + roff(kind["name"]))
        lines.append(roff(kind["summary"]))
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smem-lint", required=True,
                        help="the binary, with any options of its own")
    parser.add_argument("--template", required=True)
    parser.add_argument("--output", required=True)
    args = parser.parse_args()
    binary = shlex.split(args.smem_lint)

    categories, epilog = parse_help(run(binary + ["--help"]))
    if not categories:
        sys.exit("make-man-page: no options found in --help")
    kinds = json.loads(run(binary + ["--list-checks", "--format=json"]))
    version = run(binary + ["--version"]).split()
    # "smem-lint version 0.1.0 ..." or "... 0.1.0": the first dotted number.
    number = next((word for word in version
                   if re.fullmatch(r"\d+(\.\d+)+", word)), "")

    with open(args.template, encoding="utf-8") as file:
        page = file.read()
    for placeholder, text in [
            ("@OPTIONS@", options_section(categories)),
            ("@EXIT_STATUS@", exit_status_section(epilog)),
            ("@CHECKS@", checks_section(kinds["checks"]))]:
        if "\n" + placeholder + "\n" not in page:
            sys.exit("make-man-page: the template has no line " + placeholder)
        page = page.replace("\n" + placeholder + "\n", "\n" + text + "\n")
    page = page.replace("@VERSION@", number)
    with open(args.output, "w", encoding="utf-8") as file:
        file.write(page)


if __name__ == "__main__":
    main()
