#!/usr/bin/env python3
"""Adds a new smem-lint check, or removes one that was only tried out.

  utils/add-check.py smem-foo-bar [--category correctness] [--summary "..."]
  utils/add-check.py --remove smem-foo-bar

Adding writes the check's file pair, lib/Checks/FooBarCheck.h and .cpp (an
info() with every CheckInfo field and a checkKernel() that reports nothing
yet), its docs page docs/checks/smem-foo-bar.md and a lit test
test/checks/smem-foo-bar.cu that passes while the check reports nothing. It
then names the check once in each place that lists the checks:
lib/Checks/CheckRegistry.cpp (an #include and an entry<FooBarCheck>() line),
lib/CMakeLists.txt (its .cpp among the checks), the README's "What it checks"
table and the "## Checks" section of docs/configuration.md.
utils/check-registry.py (test/workflow/check-registry.test) verifies that
these places agree. Every text the author still has to write starts with
"Describe", so `grep -rn Describe` finds what is left to do.

The class is named after the check without its smem-/gmem- prefix
(smem-foo-bar: FooBarCheck, SARIF name FooBar). smem- checks are on by default
and need the shared accesses; gmem- checks are opt-in and need the global
accesses too.

Removing undoes exactly what adding did. It deletes no file that git tracks:
a check that was committed is removed by hand, in review.

Nothing is written unless every edit can be made. Exit status: 0 done, 2
refused (a bad or taken name, a missing anchor, a committed file).
"""
import argparse
import os
import re
import subprocess
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAME_PATTERN = re.compile(r"^(smem|gmem)-[a-z0-9]+(-[a-z0-9]+)*$")
COLUMNS = 80  # .clang-format: BasedOnStyle LLVM

REGISTRY = "lib/Checks/CheckRegistry.cpp"
CMAKE = "lib/CMakeLists.txt"
README = "README.md"
CONFIGURATION = "docs/configuration.md"
# The comment in lib/CMakeLists.txt that ends the list of check files.
CMAKE_CHECKS_START = "set(SMEM_LINT_LAYER_SOURCES_Checks"
CMAKE_CHECKS_END = "# What the checks share, and what runs them."
README_SECTION = "## What it checks"
CONFIGURATION_SECTION = "## Checks"
OPT_IN = "(opt-in: `--checks='smem-*,gmem-*'`) "


class Refused(Exception):
    """A reason not to change anything; exit status 2."""


class NewCheck:
    """The names and paths a check gets from its name."""

    def __init__(self, name, category="performance", summary=None):
        if not NAME_PATTERN.match(name):
            raise Refused(
                "'%s' is not a check name: it must match %s, such as "
                "smem-bank-conflict or gmem-uncoalesced"
                % (name, NAME_PATTERN.pattern))
        if name.startswith("smem-lint-") or name == "smem-lint":
            raise Refused(
                "'%s': smem-lint-* names are the tool's own findings "
                "(smem-lint-input, smem-lint-nolint, ...)" % name)
        words = name.split("-")
        self.name = name
        self.global_memory = words[0] == "gmem"
        if words[1][0].isdigit():
            raise Refused(
                "'%s': the class would be named %sCheck, which is not a C++ "
                "identifier; start the name after %s- with a letter"
                % (name, words[1], words[0]))
        self.sarif_name = "".join(w[0].upper() + w[1:] for w in words[1:])
        self.class_name = self.sarif_name + "Check"
        self.category = category
        self.summary = summary
        self.header = "lib/Checks/%s.h" % self.class_name
        self.source = "lib/Checks/%s.cpp" % self.class_name
        self.docs = "docs/checks/%s.md" % name
        self.test = "test/checks/%s.cu" % name

    @property
    def files(self):
        return [self.header, self.source, self.docs, self.test]

    def include_line(self):
        return '#include "Checks/%s.h"' % self.class_name

    def entry_line(self, indent):
        return "%sentry<%s>()," % (indent, self.class_name)

    def cmake_line(self, indent):
        return "%sChecks/%s.cpp" % (indent, self.class_name)

    def readme_row(self):
        what = self.summary or "Describe in a few words what it finds"
        if self.summary:
            what = what.rstrip(".")
            # "A shared access ..." reads "a shared access ..." in the table;
            # "SARIF ..." and "L2 ..." stay as they are.
            if not re.match(r".[A-Z0-9]", what):
                what = what[0].lower() + what[1:]
        what = what.replace("|", "\\|")  # a cell of the Markdown table
        if self.global_memory:
            what = OPT_IN + what
        return "| `%s` | %s | [%s](%s) |" % (self.name, what, self.docs,
                                            self.docs)


# --- Text the check starts with -------------------------------------------


def banner(file_name, what, header):
    """The first line of a source file, 80 columns wide like the others':
    //===--- WarpSyncCheck.h - smem-warp-sync ---------*- C++ -*-===//"""
    ends = ["-*- C++ -*-===//", "-*- C++ -*-//"] if header else ["===//"]
    for start in ["//===--- %s - %s " % (file_name, what),
                  "//===--- %s " % file_name]:
        for end in ends:
            room = COLUMNS - len(start) - len(end)
            if room >= 0:
                return start + "-" * room + end
    return "//===--- %s ---===//" % file_name


def escape(text):
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def string_literal(text, indent=6, last=","):
    """\\p text as adjacent C++ string literals of at most 80 columns, broken
    after a space or a newline, as clang-format and the other checks break
    them."""
    pieces = []
    for line in re.findall(r"[^\n]*\n|[^\n]+$", text) or [""]:
        words = re.findall(r"\S+\s*|\s+", escape(line))
        piece = ""
        for word in words:
            if piece and len(piece) + len(word.rstrip()) > COLUMNS - indent - 3:
                pieces.append(piece)
                piece = ""
            piece += word
        pieces.append(piece)
    lines = ['%s"%s"' % (" " * indent, p) for p in pieces]
    lines[-1] += last
    return "\n".join(lines)


def comment(text, indent=0):
    """\\p text as // lines of at most 80 columns."""
    prefix = " " * indent + "// "
    return "\n".join(textwrap.wrap(text, COLUMNS, initial_indent=prefix,
                                   subsequent_indent=prefix,
                                   break_long_words=False,
                                   break_on_hyphens=False))


def header_text(check):
    upper = check.class_name.upper()
    return """{banner}
//
{about}
//
{docs_line}
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_CHECKS_{upper}_H
#define SMEMLINT_CHECKS_{upper}_H

#include "Checks/Check.h"

namespace smemlint {{

class {cls} : public Check {{
public:
  {cls}() : Check(info()) {{}}
  static const CheckInfo &info();
  void checkKernel(const CheckContext &Context,
                   std::vector<Diagnostic> &Findings) override;
}};

}} // namespace smemlint

#endif
""".format(banner=banner(check.class_name + ".h", check.name, True),
           about=comment("Describe what %s warns about and why it matters, "
                         "in a few lines: what the code does, and what that "
                         "costs or breaks." % check.name),
           docs_line=comment("For the user-facing documentation see: " +
                             check.docs),
           upper=upper, cls=check.class_name)


def check_kernel_signature(class_name):
    start = "void %s::checkKernel(" % class_name
    first = start + "const CheckContext &Context,"
    second = " " * len(start) + "std::vector<Diagnostic> &Findings) {"
    if len(first) <= COLUMNS and len(second) <= COLUMNS:
        return first + "\n" + second
    return (start + "\n    const CheckContext &Context, "
            "std::vector<Diagnostic> &Findings) {")


def source_text(check):
    if check.global_memory:
        reads = ("globalAccesses() has its global loads and stores, profile() "
                 "its shared accesses")
        names = "Context.nameGlobalAccess()"
    else:
        reads = "profile() has its shared accesses, barriers() its hazards"
        names = "Context.nameSharedAccess()"
    todo = comment(
        "Describe what the check looks for, and find it here. "
        "Context.Analysis is one kernel under one block shape: %s. Append one "
        "Diagnostic per finding to Findings, with Check = name().str(), Where "
        "at the token it is about, a message in the user's units, and its "
        "accesses named with %s. Until then the check reports nothing."
        % (reads, names), indent=2)
    summary = check.summary or (
        "Describe in one line what %s finds" % check.name)
    description = (
        "Describe in a paragraph what %s finds and why it matters: what the "
        "code does, what that costs or breaks, and what the finding names."
        % check.name)
    help_text = "Describe in plain text what to do about a finding."
    markdown = ("Describe the problem in a sentence.\n"
                "\n"
                "```cuda\n"
                "// Describe the code the check warns about.\n"
                "```\n"
                "\n"
                "**Fix:** Describe the fix:\n"
                "\n"
                "```cuda\n"
                "// Describe the fixed code.\n"
                "```")
    return """{banner}

#include "Checks/{cls}.h"

namespace smemlint {{

{signature}
{todo}
}}

const CheckInfo &{cls}::info() {{
  static const CheckInfo Info = {{
      "{name}",
      "{sarif}",
      FindingOrigin::Check,
      CheckCategory::{category},
      Severity::Warning,
      /*OnByDefault=*/{on},
      /*AlwaysShown=*/false,
      /*AboutTheTool=*/false,
      {needs},
      "{docs}",
{summary}
{description}
{help}
{markdown}
  }};
  return Info;
}}

}} // namespace smemlint
""".format(banner=banner(check.class_name + ".cpp", check.name, False),
           cls=check.class_name, signature=check_kernel_signature(
               check.class_name), todo=todo,
           name=check.name, sarif=check.sarif_name,
           category=check.category.capitalize(),
           on="false" if check.global_memory else "true",
           needs=("NeedsGlobalAccesses" if check.global_memory
                  else "NeedsSharedAccesses"),
           docs=check.docs, summary=string_literal(summary),
           description=string_literal(description),
           help=string_literal(help_text), markdown=string_literal(markdown))


def paragraph(text):
    """\\p text as Markdown lines of at most 80 columns."""
    return "\n".join(textwrap.wrap(text, COLUMNS, break_long_words=False,
                                   break_on_hyphens=False))


def docs_text(check):
    opt_in = ""
    if check.global_memory:
        opt_in = "\n" + paragraph(
            "The check is not in the default set (`smem-*`); turn it on with "
            "`--checks='smem-*,gmem-*'` or `Checks: 'smem-*,gmem-*'` in "
            "`.smem-lint.yaml`.") + "\n"
    return """# {name}

{about}
{opt_in}
## Example

```cuda
// Describe the code that {name} warns about: a short kernel.
```

```
kernel.cu:12:5: warning: Describe the diagnostic as smem-lint prints it [{name}]
```

The fix: Describe it.

```cuda
// Describe the fixed code.
```

## How it decides

{decides}
""".format(name=check.name, opt_in=opt_in, about=paragraph(
        "Describe what %s warns about, in the user's words: what the code "
        "does, what that costs (in wavefronts, sectors, bytes or blocks per "
        "SM) or breaks, and when it is not reported." % check.name),
        decides=paragraph(
            "Describe what the check reads from the analysis, what it "
            "assumes, and what it leaves unreported."))


def test_text(check):
    # No "CHECK:" in the comments: FileCheck would take it for a directive.
    return """// Describe the behaviour this file tests (one behaviour per file).
// RUN: %smem-lint --checks='-*,{name}' %s 2>&1 | FileCheck %s
//
{todo}
// CHECK-NOT: [{name}]

__global__ void describeTheKernel(float *out, const float *in) {{
  __shared__ float tile[256];
  tile[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[255 - threadIdx.x];
}}
""".format(name=check.name, todo=comment(
        "While %s reports nothing, this only checks that it can be selected "
        "and stays quiet. Replace the CHECK-NOT line with the diagnostics it "
        "gives, each next to the line it is about ([[@LINE-1]]) with the "
        "arithmetic in a comment beside it, and run `not %%smem-lint` once it "
        "warns." % check.name))


# --- Reading and changing the repository ----------------------------------


class Changes:
    """Every file to write or delete, kept until all edits are known to be
    possible."""

    def __init__(self, root):
        self.root = root
        self.texts = {}
        self.created = []
        self.deleted = []
        self.changed = []

    def path(self, relative):
        return os.path.join(self.root, relative)

    def exists(self, relative):
        return os.path.exists(self.path(relative))

    def read(self, relative):
        if relative not in self.texts:
            try:
                with open(self.path(relative), encoding="utf-8",
                          newline="") as f:
                    self.texts[relative] = f.read()
            except OSError as e:
                raise Refused("cannot read %s: %s" % (relative, e.strerror))
        return self.texts[relative]

    def update(self, relative, text, why):
        self.texts[relative] = text
        self.changed.append((relative, why))

    def create(self, relative, text):
        self.texts[relative] = text
        self.created.append(relative)

    def delete(self, relative):
        self.deleted.append(relative)

    def apply(self):
        written = set(self.created) | {p for p, _ in self.changed}
        for relative in sorted(written):
            path = self.path(relative)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(self.texts[relative])
        for relative in self.deleted:
            path = self.path(relative)
            os.remove(path)
            # Leave no empty test/checks/ behind.
            folder = os.path.dirname(path)
            if relative.startswith("test/checks/") and not os.listdir(folder):
                os.rmdir(folder)


def find_line(lines, text, start=0, what=None, file=None):
    for i in range(start, len(lines)):
        if lines[i].strip() == text:
            return i
    raise Refused("%s: no line '%s'%s; was the file reorganised? Edit it by "
                  "hand or update utils/add-check.py"
                  % (file, text, " (" + what + ")" if what else ""))


def section(lines, heading, file):
    """The range of lines under a Markdown heading, up to the next one of the
    same level."""
    start = find_line(lines, heading, what="the section heading", file=file)
    level = heading.split(" ")[0] + " "
    end = start + 1
    while end < len(lines) and not lines[end].startswith(level):
        end += 1
    return start + 1, end


def lines_of(text):
    """The lines of \\p text without their ends; "\\n".join() gives it back."""
    return text.split("\n")


INCLUDE = re.compile(r'^#include "Checks/\w+Check\.h"$')
ENTRY = re.compile(r"^(\s*)entry<\w+>\(\),$")
README_ROW = re.compile(r"^\| `([a-z0-9-]+)` \|")


def insert_sorted(lines, first, last, line):
    """Inserts \\p line among lines[first:last] before the first that sorts
    after it."""
    at = last
    for i in range(first, last):
        if lines[i].strip() > line.strip():
            at = i
            break
    lines.insert(at, line)


def edit_registry(changes, check, add):
    text = changes.read(REGISTRY)
    lines = lines_of(text)
    includes = [i for i, l in enumerate(lines) if INCLUDE.match(l)]
    entries = [i for i, l in enumerate(lines) if ENTRY.match(l)]
    if not includes:
        raise Refused('%s: no #include "Checks/...Check.h" lines to add to'
                      % REGISTRY)
    if not entries:
        raise Refused("%s: no entry<...Check>() lines to add to" % REGISTRY)
    indent = ENTRY.match(lines[entries[-1]]).group(1)
    include, entry = check.include_line(), check.entry_line(indent)
    missing = None
    if add:
        lines.insert(entries[-1] + 1, entry)
        insert_sorted(lines, includes[0], includes[-1] + 1, include)
    else:
        gone = [l.strip() for l in (include, entry) if l not in lines]
        if len(gone) == 2:
            return "no '%s' or '%s' in %s" % (gone[0], gone[1], REGISTRY)
        if gone:
            missing = "no '%s' in %s" % (gone[0], REGISTRY)
        lines = [l for l in lines if l not in (include, entry)]
    changes.update(REGISTRY, "\n".join(lines),
                   "an #include and entry<%s>()" % check.class_name)
    return missing


def edit_cmake(changes, check, add):
    lines = lines_of(changes.read(CMAKE))
    start = find_line(lines, CMAKE_CHECKS_START, file=CMAKE)
    end = find_line(lines, CMAKE_CHECKS_END, start,
                    what="the end of the check files", file=CMAKE)
    if ")" in lines[start + 1:end]:
        raise Refused("%s: '%s' is not inside %s" %
                      (CMAKE, CMAKE_CHECKS_END, CMAKE_CHECKS_START))
    indent = re.match(r"\s*", lines[end]).group(0)
    line = check.cmake_line(indent)
    if add:
        insert_sorted(lines, start + 1, end, line)
    else:
        if line not in lines[start + 1:end]:
            return "no '%s' among the check files of %s" % (line.strip(),
                                                            CMAKE)
        lines.remove(line)
    changes.update(CMAKE, "\n".join(lines), "Checks/%s.cpp" % check.class_name)


def edit_readme(changes, check, add):
    lines = lines_of(changes.read(README))
    first, end = section(lines, README_SECTION, README)
    rows = [i for i in range(first, end) if README_ROW.match(lines[i])]
    if not rows:
        raise Refused("%s: no table rows `| `name` | ... |` under '%s'"
                      % (README, README_SECTION))
    if add:
        lines.insert(rows[-1] + 1, check.readme_row())
    else:
        mine = [i for i in rows
                if README_ROW.match(lines[i]).group(1) == check.name]
        if not mine:
            return "no row for %s under '%s' in %s" % (check.name,
                                                        README_SECTION, README)
        del lines[mine[0]]
    changes.update(README, "\n".join(lines), "a row in '%s'" % README_SECTION)


def edit_configuration(changes, check, add):
    text = changes.read(CONFIGURATION)
    lines = lines_of(text)
    first, end = section(lines, CONFIGURATION_SECTION, CONFIGURATION)
    before = "\n".join(lines[:first]) + "\n"
    body = "\n".join(lines[first:end])
    after = "\n" + "\n".join(lines[end:]) if end < len(lines) else ""
    mention = "`%s`" % check.name
    if add:
        # The new name goes after the last name of its kind, before
        # "(on by default" for smem-, "(opt-in)" for gmem-.
        pattern = (r"`gmem-[a-z0-9-]+`(?= \(opt-in\))" if check.global_memory
                   else r"`smem-[a-z0-9-]+`(?= \(on by default)")
        found = list(re.finditer(pattern, body))
        if not found:
            raise Refused(
                "%s: under '%s', no %s followed by '%s' to add %s after"
                % (CONFIGURATION, CONFIGURATION_SECTION,
                   "`gmem-...`" if check.global_memory else "`smem-...`",
                   "(opt-in)" if check.global_memory else "(on by default",
                   check.name))
        at = found[-1].end()
        line_start = body.rfind("\n", 0, at) + 1
        line_end = body.find("\n", at)
        line_end = len(body) if line_end < 0 else line_end
        glue = ", " if line_end - line_start + len(", " + mention) <= COLUMNS \
            else ",\n"
        body = body[:at] + glue + mention + body[at:]
    else:
        for glue in (",\n", ", "):
            if glue + mention in body:
                body = body.replace(glue + mention, "", 1)
                break
        else:
            return "no ', %s' under '%s' in %s" % (mention,
                                                    CONFIGURATION_SECTION,
                                                    CONFIGURATION)
    changes.update(CONFIGURATION, before + body + after,
                   "%s under '%s'" % (mention, CONFIGURATION_SECTION))


def tracked_by_git(root, relative):
    try:
        result = subprocess.run(
            ["git", "-C", root, "ls-files", "--error-unmatch", relative],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except OSError:
        return False
    return result.returncode == 0


def names_in_use(changes, check):
    """Why \\p check cannot be added: the places that already have its name
    or its class."""
    taken = ["%s exists" % f for f in check.files if changes.exists(f)]
    registry = changes.read(REGISTRY)
    if re.search(r"\b%s\b" % check.class_name, registry):
        taken.append("%s names %s" % (REGISTRY, check.class_name))
    if "Checks/%s.cpp" % check.class_name in changes.read(CMAKE):
        taken.append("%s lists Checks/%s.cpp" % (CMAKE, check.class_name))
    for folder, _, files in os.walk(changes.path("lib")):
        for file in sorted(files):
            if not file.endswith((".cpp", ".h")):
                continue
            path = os.path.join(folder, file)
            relative = os.path.relpath(path, changes.root)
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
            if '"%s"' % check.name in text:
                taken.append('%s has "%s"' % (relative, check.name))
            if re.search(r"\b(class|struct) %s\b" % check.class_name, text):
                taken.append("%s declares %s" % (relative, check.class_name))
    readme = lines_of(changes.read(README))
    if any(l.startswith("| `%s` |" % check.name) for l in readme):
        taken.append("%s has a row for %s" % (README, check.name))
    configuration = lines_of(changes.read(CONFIGURATION))
    first, end = section(configuration, CONFIGURATION_SECTION, CONFIGURATION)
    if "`%s`" % check.name in "\n".join(configuration[first:end]):
        taken.append("%s names it under '%s'" % (CONFIGURATION,
                                                  CONFIGURATION_SECTION))
    return taken


def add(root, check):
    changes = Changes(root)
    taken = names_in_use(changes, check)
    if taken:
        raise Refused("%s (%s) is taken: %s" % (check.name, check.class_name,
                                                "; ".join(taken)))
    changes.create(check.header, header_text(check))
    changes.create(check.source, source_text(check))
    changes.create(check.docs, docs_text(check))
    changes.create(check.test, test_text(check))
    for edit in (edit_registry, edit_cmake, edit_readme, edit_configuration):
        edit(changes, check, add=True)
    changes.apply()
    print("add-check: added %s (%s, %s, %s)" % (
        check.name, check.class_name, check.category,
        "opt-in" if check.global_memory else "on by default"))
    for relative in changes.created:
        print("  created %s" % relative)
    for relative, why in changes.changed:
        print("  changed %s: %s" % (relative, why))
    print("Next: write the check in %s, replace every \"Describe\" in the "
          "files above\n(grep -rn Describe %s), and the CHECK-NOT line of %s "
          "with its diagnostics."
          % (check.source, " ".join(changes.created), check.test))


def remove(root, check):
    changes = Changes(root)
    present = [f for f in check.files if changes.exists(f)]
    committed = [f for f in present if tracked_by_git(root, f)]
    if committed:
        raise Refused("git tracks %s: a committed check is removed by hand"
                      % ", ".join(committed))
    if check.source in present and \
            '"%s",' % check.name not in changes.read(check.source):
        raise Refused("%s is not the class of %s (its info() has another "
                      "name); nothing removed" % (check.source, check.name))
    missing = []
    for edit in (edit_registry, edit_cmake, edit_readme, edit_configuration):
        why = edit(changes, check, add=False)
        if why:
            missing.append(why)
    if not present and not changes.changed:
        raise Refused("%s is not in this repository: no files, no lines"
                      % check.name)
    for relative in present:
        changes.delete(relative)
    changes.apply()
    print("add-check: removed %s (%s)" % (check.name, check.class_name))
    for relative in present:
        print("  deleted %s" % relative)
    for relative, why in changes.changed:
        print("  changed %s: %s" % (relative, why))
    for why in missing + ["no %s" % f for f in check.files
                          if f not in present]:
        print("  already gone: %s" % why)


def main():
    parser = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("name", metavar="NAME",
                        help="the check's name: smem-... (on by default) or "
                        "gmem-... (opt-in)")
    parser.add_argument("--category", choices=["performance", "correctness"],
                        default="performance",
                        help="what its findings are about (default: "
                        "performance)")
    parser.add_argument("--summary", metavar="TEXT",
                        help="one line, as the SARIF rule's short "
                        "description and the README row; without it, a "
                        "'Describe ...' placeholder")
    parser.add_argument("--remove", action="store_true",
                        help="undo what adding NAME did")
    args = parser.parse_args()
    try:
        if args.summary is not None and (not args.summary.strip() or
                                         "\n" in args.summary):
            raise Refused("--summary must be one non-empty line")
        check = NewCheck(args.name, args.category, args.summary)
        if args.remove:
            remove(ROOT, check)
        else:
            add(ROOT, check)
    except Refused as e:
        print("add-check: error: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
