#!/usr/bin/env python3
"""Plays a scripted LSP session against `smem-lint --lsp` and prints what the
server sent, one message per block, for FileCheck.

usage: lsp-session.py SCRIPT [--prefix P] [--var NAME=VALUE]... -- SERVER...

SCRIPT holds directives, anywhere on a line (so a .test file can hold them):
  SEND: <json>     frame <json> with a correct Content-Length and send it
  BODY: <text>     frame <text> as it is (it need not be JSON) and send it
  RAW: <literal>   send a Python bytes literal as it is (framing included)
  WAIT: <regex>    send nothing more until a message received matches <regex>
                   (in its compact JSON form)
With --prefix P only P-SEND:, P-BODY:, ... lines count, so that one file can
hold several sessions.
In SEND and BODY, ${NAME} is the value of --var NAME, ${URI:NAME} its file
URI, and ${TEXT:NAME} the JSON-escaped contents of the file it names.

After the script the server's stdin is closed. Each message received is
printed as `--- message N` and pretty JSON with sorted keys; framing that is
not exactly `Content-Length: N\\r\\n\\r\\n` is reported as `--- bad framing`.
Last comes `--- exit code N`.
"""

import ast
import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.parse

TIMEOUT = 120


def substitute(text, variables):
    def replace(match):
        kind, name = match.group(1), match.group(2)
        value = variables[name]
        if kind == "URI:":
            return "file://" + urllib.parse.quote(os.path.abspath(value))
        if kind == "TEXT:":
            # newline="": the text as the file holds it, CRLF included.
            with open(value, encoding="utf-8", newline="") as f:
                return json.dumps(f.read())[1:-1]
        return value

    return re.sub(r"\$\{(URI:|TEXT:)?([A-Za-z_][A-Za-z0-9_]*)\}", replace, text)


def frame(body):
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Receiver(threading.Thread):
    def __init__(self, stream):
        super().__init__(daemon=True)
        self.stream = stream
        self.messages = []
        self.problem = None
        self.changed = threading.Condition()

    def run(self):
        header = re.compile(rb"Content-Length: (\d+)\r\n\r\n")
        while True:
            line = self.stream.read(len(b"Content-Length: "))
            if not line:
                break
            rest = b""
            while not rest.endswith(b"\r\n\r\n"):
                byte = self.stream.read(1)
                if not byte:
                    break
                rest += byte
            match = header.fullmatch(line + rest)
            if not match:
                self.problem = repr(line + rest)
                break
            body = self.stream.read(int(match.group(1)))
            with self.changed:
                try:
                    self.messages.append(json.loads(body))
                except ValueError:
                    self.problem = "a body that is not JSON: " + repr(body)
                    break
                self.changed.notify_all()
        with self.changed:
            self.changed.notify_all()

    def wait_for(self, pattern):
        regex = re.compile(pattern)
        deadline = time.time() + TIMEOUT
        with self.changed:
            while True:
                if any(regex.search(json.dumps(m, sort_keys=True,
                                               separators=(",", ":")))
                       for m in self.messages):
                    return True
                if not self.is_alive() or time.time() > deadline:
                    return False
                self.changed.wait(1)


def main():
    args = sys.argv[1:]
    split = args.index("--")
    options, server = args[:split], args[split + 1:]
    script, variables, prefix = options[0], {}, ""
    for i, option in enumerate(options[1:]):
        if option == "--var":
            name, value = options[i + 2].split("=", 1)
            variables[name] = value
        elif option == "--prefix":
            prefix = options[i + 2] + "-"

    process = subprocess.Popen(server, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
    receiver = Receiver(process.stdout)
    receiver.start()
    directive = re.compile(r"(?<![\w-])" + re.escape(prefix) +
                           r"(SEND|BODY|RAW|WAIT): ?(.*)$")
    with open(script, encoding="utf-8") as f:
        for line in f:
            match = directive.search(line.rstrip("\n"))
            if not match:
                continue
            kind, text = match.groups()
            try:
                if kind == "SEND":
                    body = substitute(text, variables)
                    json.loads(body)  # a typo in a test, not a server bug
                    process.stdin.write(frame(body.encode()))
                elif kind == "BODY":
                    process.stdin.write(frame(substitute(text, variables)
                                              .encode()))
                elif kind == "RAW":
                    process.stdin.write(ast.literal_eval(text))
                else:
                    process.stdin.flush()
                    if not receiver.wait_for(text):
                        print("--- timed out waiting for " + text)
                process.stdin.flush()
            except BrokenPipeError:
                break
    try:
        process.stdin.close()
    except BrokenPipeError:
        pass
    try:
        code = process.wait(TIMEOUT)
    except subprocess.TimeoutExpired:
        process.kill()
        code = "timeout"
    receiver.join(TIMEOUT)
    for number, message in enumerate(receiver.messages, 1):
        print("--- message %d" % number)
        print(json.dumps(message, indent=1, sort_keys=True))
    if receiver.problem:
        print("--- bad framing: " + receiver.problem)
    print("--- exit code %s" % code)


if __name__ == "__main__":
    main()
