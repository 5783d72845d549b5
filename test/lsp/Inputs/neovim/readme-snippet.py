#!/usr/bin/env python3
"""Prints the Neovim configuration the README gives (the first ```lua block
of its "## In an editor" section), as written, after checking that
docs/editors.md gives the same block for Neovim 0.7.

usage: readme-snippet.py README.md docs/editors.md > init.lua
"""

import re
import sys


def main():
    readme, editors = (open(path, encoding="utf-8").read()
                       for path in sys.argv[1:3])
    section = readme.split("\n## In an editor\n", 1)[1].split("\n## ", 1)[0]
    match = re.search(r"```lua\n(.*?)```", section, re.S)
    if not match:
        sys.exit("README.md: no ```lua block under '## In an editor'")
    snippet = match.group(1)
    if "```lua\n" + snippet + "```" not in editors:
        sys.exit("docs/editors.md does not give the README's Neovim snippet")
    sys.stdout.write(snippet)


if __name__ == "__main__":
    main()
