#!/usr/bin/env python3
"""Checks that the language server finds what the command line finds: for
each file, the findings `smem-lint --lsp` publishes after an edit below the
preamble (so on a preamble it reuses) against those `smem-lint
--format=json FILE` prints for the same file: place, check, severity,
message and every note. Prints `same: NAME (N findings)` per file, or
`DIFFERENT: NAME` and both lists.

usage: compare-with-cli.py DIR FILE... -- SMEM_LINT...

The files are copied to DIR, next to an empty compile_flags.txt, so that
both read the same flags. SMEM_LINT is the binary and its options, without
--lsp. Files that include a header of their own directory are skipped
(their findings in the header are shown at the #include line by the
server).
"""

import json
import os
import re
import shutil
import subprocess
import sys
import threading
import urllib.parse

SEVERITY = {1: "error", 2: "warning", 3: "note"}


def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Server(threading.Thread):
    def __init__(self, command):
        super().__init__(daemon=True)
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
        self.published = {}
        self.changed = threading.Condition()
        self.start()

    def run(self):
        stream = self.process.stdout
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = stream.read(1)
                if not byte:
                    with self.changed:
                        self.changed.notify_all()
                    return
                header += byte
            length = int(re.search(rb"Content-Length: (\d+)", header).group(1))
            message = json.loads(stream.read(length))
            if message.get("method") == "textDocument/publishDiagnostics":
                params = message["params"]
                with self.changed:
                    self.published[(params["uri"], params.get("version"))] = \
                        params["diagnostics"]
                    self.changed.notify_all()

    def send(self, message):
        self.process.stdin.write(frame(message))
        self.process.stdin.flush()

    def diagnostics(self, uri, version):
        with self.changed:
            while (uri, version) not in self.published:
                if not self.is_alive():
                    raise SystemExit("the server stopped")
                self.changed.wait(1)
            return self.published[(uri, version)]


def from_server(diagnostics):
    found = []
    for d in diagnostics:
        start = d["range"]["start"]
        found.append((start["line"] + 1, start["character"] + 1,
                      d.get("code", ""), SEVERITY[d["severity"]],
                      d["message"].split("\n")[0],
                      [r["message"] for r in d.get("relatedInformation", [])]))
    return sorted(found)


def from_command_line(command, path):
    run = subprocess.run(command + ["--format=json", path],
                         capture_output=True, text=True,
                         cwd=os.path.dirname(path))
    report = json.loads(run.stdout)
    found = []
    for d in report["diagnostics"]:
        if os.path.basename(d["file"]) != os.path.basename(path):
            continue
        found.append((d["line"], d["column"], d["check"], d["severity"],
                      d["message"], [n["message"] for n in d["notes"]]))
    return sorted(found)


def main():
    args = sys.argv[1:]
    split = args.index("--")
    directory, files, command = args[0], args[1:split], args[split + 1:]
    os.makedirs(directory, exist_ok=True)
    open(os.path.join(directory, "compile_flags.txt"), "w").close()
    copies = []
    for source in sorted(files):
        with open(source, encoding="utf-8", errors="replace") as f:
            if re.search(r'^\s*#\s*include\s*"', f.read(), re.M):
                continue
        copy = os.path.join(os.path.abspath(directory),
                            os.path.basename(source))
        shutil.copyfile(source, copy)
        copies.append(copy)

    server = Server(command + ["--lsp"])
    server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                 "params": {"capabilities": {"textDocument": {
                     "publishDiagnostics": {"relatedInformation": True}}}}})
    different = 0
    for path in copies:
        uri = "file://" + urllib.parse.quote(path)
        with open(path, encoding="utf-8", newline="") as f:
            text = f.read()
        server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                     "params": {"textDocument": {
                         "uri": uri, "languageId": "cuda", "version": 1,
                         "text": text}}})
        server.diagnostics(uri, 1)
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
                     "params": {"textDocument": {"uri": uri, "version": 2},
                                "contentChanges": [
                                    {"text": text + "\n// edited\n"}]}})
        edited = from_server(server.diagnostics(uri, 2))
        server.send({"jsonrpc": "2.0", "method": "textDocument/didClose",
                     "params": {"textDocument": {"uri": uri}}})
        expected = from_command_line(command, path)
        name = os.path.basename(path)
        if edited == expected:
            print("same: %s (%d findings)" % (name, len(expected)))
            continue
        different += 1
        print("DIFFERENT: " + name)
        print("  server:       " + json.dumps(edited, indent=1))
        print("  command line: " + json.dumps(expected, indent=1))
    server.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    server.send({"jsonrpc": "2.0", "method": "exit"})
    server.process.stdin.close()
    server.process.wait(60)
    print("%d files, %d different" % (len(copies), different))


if __name__ == "__main__":
    main()
