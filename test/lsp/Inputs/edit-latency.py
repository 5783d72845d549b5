#!/usr/bin/env python3
"""Measures how long `smem-lint --lsp` takes to publish diagnostics for a
file: when it is opened, after each of a few edits of its code (the
preamble, the #include and #define lines at the top, unchanged), and after
an edit of the preamble. Prints the times; asserts nothing about them.

usage: edit-latency.py FILE [--edits N] -- SERVER...

Each edit appends a comment line to the end of the text, as typing in a
kernel's body does to everything after the preamble. Prints
`open: T ms`, `edit I: T ms`, `median edit: T ms`, `preamble edit: T ms`,
and `diagnostics: N` for the last version, then the server's exit code.
"""

import json
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
import os


def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Published(threading.Thread):
    """Reads the server's messages; remembers when each version of the
    document got its diagnostics."""

    def __init__(self, stream, uri):
        super().__init__(daemon=True)
        self.stream, self.uri = stream, uri
        self.at = {}
        self.counts = {}
        self.changed = threading.Condition()

    def run(self):
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = self.stream.read(1)
                if not byte:
                    with self.changed:
                        self.changed.notify_all()
                    return
                header += byte
            length = int(header.split(b":")[1].strip().split(b"\r\n")[0])
            message = json.loads(self.stream.read(length))
            params = message.get("params", {})
            if (message.get("method") == "textDocument/publishDiagnostics"
                    and params.get("uri") == self.uri):
                with self.changed:
                    self.at[params.get("version")] = time.monotonic()
                    self.counts[params.get("version")] = len(
                        params["diagnostics"])
                    self.changed.notify_all()

    def wait(self, version, timeout=300):
        deadline = time.monotonic() + timeout
        with self.changed:
            while version not in self.at:
                if time.monotonic() > deadline or not self.is_alive():
                    raise SystemExit("no diagnostics for version %d" % version)
                self.changed.wait(1)
            return self.at[version]


def main():
    args = sys.argv[1:]
    split = args.index("--")
    options, server = args[:split], args[split + 1:]
    path = os.path.abspath(options[0])
    edits = int(options[options.index("--edits") + 1]) if "--edits" in options else 5
    uri = "file://" + urllib.parse.quote(path)
    with open(path, encoding="utf-8", newline="") as f:
        text = f.read()

    process = subprocess.Popen(server, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
    published = Published(process.stdout, uri)
    published.start()

    def send(message):
        process.stdin.write(frame(message))
        process.stdin.flush()

    def change(version, new_text):
        sent = time.monotonic()
        send({"jsonrpc": "2.0", "method": "textDocument/didChange",
              "params": {"textDocument": {"uri": uri, "version": version},
                         "contentChanges": [{"text": new_text}]}})
        return (published.wait(version) - sent) * 1000

    send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
          "params": {"capabilities": {}}})
    sent = time.monotonic()
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
          "params": {"textDocument": {"uri": uri, "languageId": "cuda",
                                      "version": 1, "text": text}}})
    print("open: %.0f ms" % ((published.wait(1) - sent) * 1000))
    times = []
    for i in range(edits):
        text += "// edit %d\n" % (i + 1)
        times.append(change(i + 2, text))
        print("edit %d: %.0f ms" % (i + 1, times[-1]))
    print("median edit: %.0f ms" % statistics.median(times))
    version = edits + 2
    print("preamble edit: %.0f ms" %
          change(version, "#define SMEM_LINT_LATENCY_PROBE 1\n" + text))
    print("diagnostics: %d" % published.counts[version])
    send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    send({"jsonrpc": "2.0", "method": "exit"})
    process.stdin.close()
    print("exit code %d" % process.wait(60))


if __name__ == "__main__":
    main()
