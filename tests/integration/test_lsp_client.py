"""A small LSP client over a `cyclecheck server` subprocess, for the language server's tests and benchmark.

Run as a test file it checks its own framing; test_lsp_protocol.py, test_lsp_features.py and
bench/lsp_latency.py import it.
"""
import json
import os
import pathlib
import queue
import subprocess
import threading
import time
import unittest


def encode(message):
    body = json.dumps(message).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def decode_frames(stream):
    """Yields each message body read from a binary stream until it ends."""
    while True:
        length = None
        while True:
            line = stream.readline()
            if not line:
                return
            line = line.strip()
            if not line:
                break
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip())
        if length is None:
            continue
        body = stream.read(length)
        if len(body) < length:
            return
        yield json.loads(body)


def file_uri(path):
    return pathlib.Path(path).resolve().as_uri()


class LspClient:
    """Drives `cyclecheck server`; a reader thread queues everything the server sends."""

    def __init__(self, cwd, args=(), binary=None):
        binary = binary or os.environ["CYCLECHECK_BIN"]
        self.process = subprocess.Popen([binary, "server", *args], cwd=cwd, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.incoming = queue.Queue()
        self.seen = []  # notifications and server requests, in arrival order
        self.next_id = 1
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for message in decode_frames(self.process.stdout):
            self.incoming.put(message)
        self.incoming.put(None)

    def _take(self, deadline):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError("no message from the server in time")
        try:
            message = self.incoming.get(timeout=remaining)
        except queue.Empty:
            raise TimeoutError("no message from the server in time") from None
        if message is None:
            self.incoming.put(None)
            raise EOFError("the server closed its output")
        return message

    def send(self, message):
        self.send_raw(encode(message))

    def send_raw(self, data):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def notify(self, method, params=None):
        self.send({"jsonrpc": "2.0", "method": method, "params": params if params is not None else {}})

    def request(self, method, params=None, timeout=10.0):
        request_id = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": request_id, "method": method,
                   "params": params if params is not None else {}})
        return self.response(request_id, timeout)

    def response(self, request_id, timeout=10.0):
        deadline = time.monotonic() + timeout
        while True:
            message = self._take(deadline)
            if message.get("id") == request_id and "method" not in message:
                return message
            self.seen.append(message)

    def wait_for(self, predicate, timeout=10.0):
        """The first notification (already seen or new) for which predicate(message) holds."""
        for index, message in enumerate(self.seen):
            if predicate(message):
                return self.seen.pop(index)
        deadline = time.monotonic() + timeout
        while True:
            message = self._take(deadline)
            if predicate(message):
                return message
            self.seen.append(message)

    def published(self, uri, version=None, timeout=10.0):
        def matches(message):
            params = message.get("params") or {}
            return (message.get("method") == "textDocument/publishDiagnostics" and params.get("uri") == uri
                    and (version is None or params.get("version") == version))
        return self.wait_for(matches, timeout)["params"]["diagnostics"]

    def initialize(self, root, capabilities=None, options=None):
        params = {"processId": os.getpid(), "rootUri": file_uri(root),
                  "capabilities": capabilities if capabilities is not None else {}}
        if options is not None:
            params["initializationOptions"] = options
        result = self.request("initialize", params)
        self.notify("initialized")
        return result

    def open(self, path, text, version=1):
        uri = file_uri(path)
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "python",
                                                              "version": version, "text": text}})
        return uri

    def change(self, uri, version, changes):
        self.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                               "contentChanges": changes})

    def shutdown(self, timeout=10.0):
        self.request("shutdown", None)
        self.notify("exit")
        return self.process.wait(timeout)

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            try:
                stream.close()
            except OSError:
                pass


def edit(start_line, start_character, end_line, end_character, text):
    return {"range": {"start": {"line": start_line, "character": start_character},
                      "end": {"line": end_line, "character": end_character}}, "text": text}


class FramingTest(unittest.TestCase):
    def test_round_trip(self):
        import io
        messages = [{"id": 1, "text": "é😀"}, {"method": "x"}]
        stream = io.BytesIO(b"".join(encode(m) for m in messages))
        self.assertEqual(list(decode_frames(stream)), messages)

    def test_truncated_stream_ends(self):
        import io
        stream = io.BytesIO(encode({"id": 1})[:-2])
        self.assertEqual(list(decode_frames(stream)), [])


if __name__ == "__main__":
    unittest.main()
