"""`cyclecheck server` under protocol abuse: malformed frames and JSON, unknown methods, requests out of order
or for unopened files, and clients that vanish. Each must get the protocol's error or a clean exit."""
import os
import pathlib
import signal
import subprocess
import tempfile
import unittest

import test_lsp_client as lsp

PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS, NOT_INITIALIZED = -32700, -32600, -32601, -32602, -32002


@unittest.skipUnless(os.environ.get("CYCLECHECK_BIN"), "CYCLECHECK_BIN is not set")
class ProtocolTest(unittest.TestCase):
    def setUp(self):
        self.workspace = tempfile.TemporaryDirectory(prefix="cyclecheck-lsp-")
        self.root = pathlib.Path(self.workspace.name)
        self.client = lsp.LspClient(cwd=self.root)

    def tearDown(self):
        self.client.close()
        self.workspace.cleanup()

    def assert_alive(self):
        """The server still answers (a hover on an unopened file gives a clean InvalidParams)."""
        reply = self.client.request("textDocument/hover", {"textDocument": {"uri": "file:///nope.py"},
                                                           "position": {"line": 0, "character": 0}})
        self.assertEqual(reply["error"]["code"], INVALID_PARAMS)

    def test_request_before_initialize(self):
        reply = self.client.request("textDocument/diagnostic", {"textDocument": {"uri": "file:///x.py"}})
        self.assertEqual(reply["error"]["code"], NOT_INITIALIZED)
        self.client.initialize(self.root)
        self.assert_alive()

    def test_malformed_messages_get_errors_and_the_server_goes_on(self):
        self.client.initialize(self.root)
        self.client.send_raw(b"Content-Length: 9\r\n\r\n{not json")
        self.assertEqual(self.client.wait_for(lambda m: "error" in m)["error"]["code"], PARSE_ERROR)
        self.client.send_raw(b"Content-Type: text/plain\r\n\r\n")  # a header block without a length
        self.assertEqual(self.client.wait_for(lambda m: "error" in m)["error"]["code"], PARSE_ERROR)
        self.client.send_raw(b"Content-Length: 2\r\n\r\n[]")
        self.assertEqual(self.client.wait_for(lambda m: "error" in m)["error"]["code"], INVALID_REQUEST)
        self.client.send({"jsonrpc": "2.0", "id": 99, "method": 12})
        reply = self.client.response(99)
        self.assertEqual(reply["error"]["code"], INVALID_REQUEST)
        self.assert_alive()

    def test_unknown_methods_and_bad_params(self):
        self.client.initialize(self.root)
        self.assertEqual(self.client.request("textDocument/formatting", {})["error"]["code"], METHOD_NOT_FOUND)
        self.client.notify("$/unknownNotification", {"x": 1})  # ignored
        self.client.notify("textDocument/didOpen", {"textDocument": 5})  # malformed: logged and ignored
        reply = self.client.request("textDocument/codeAction", {"textDocument": {"uri": 3}})
        self.assertEqual(reply["error"]["code"], INVALID_PARAMS)
        unopened = {"textDocument": {"uri": lsp.file_uri(self.root / "never_opened.py")}}
        self.assertEqual(self.client.request("textDocument/diagnostic", unopened)["error"]["code"], INVALID_PARAMS)
        self.client.change(unopened["textDocument"]["uri"], 2, [lsp.edit(0, 0, 0, 0, "x")])  # no crash
        self.assert_alive()

    def test_shutdown_then_exit_is_clean(self):
        self.client.initialize(self.root)
        self.client.open(self.root / "a.py", "x = 1\n")
        self.assertIsNone(self.client.request("shutdown")["result"])
        self.assertEqual(self.client.request("textDocument/hover", {})["error"]["code"], INVALID_REQUEST)
        self.client.notify("exit")
        self.assertEqual(self.client.process.wait(10), 0)

    def test_client_that_disappears_ends_the_server(self):
        self.client.initialize(self.root)
        self.client.open(self.root / "a.py", "class A:\n    def __init__(self):\n        self.me = self\n" * 200)
        self.client.process.stdin.close()
        self.assertEqual(self.client.process.wait(10), 1)

    def test_client_that_stops_reading_ends_the_server(self):
        # A raw process (no reader thread): its output pipe is closed before the server writes anything, so
        # every write fails with EPIPE; the server must not die of SIGPIPE nor hang.
        process = subprocess.Popen([os.environ["CYCLECHECK_BIN"], "server"], cwd=self.root, stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        process.stdout.close()
        uri = lsp.file_uri(self.root / "a.py")
        messages = [{"jsonrpc": "2.0", "id": 1, "method": "initialize",
                     "params": {"rootUri": lsp.file_uri(self.root), "capabilities": {}}},
                    {"jsonrpc": "2.0", "method": "textDocument/didOpen",
                     "params": {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": "x = 1"}}}]
        for version in range(2, 50):
            messages.append({"jsonrpc": "2.0", "method": "textDocument/didChange",
                             "params": {"textDocument": {"uri": uri, "version": version},
                                        "contentChanges": [lsp.edit(0, 4, 0, 5, str(version))]}})
        try:
            process.stdin.write(b"".join(lsp.encode(m) for m in messages))
            process.stdin.close()
        except BrokenPipeError:
            pass  # it may already have stopped: that is allowed
        code = process.wait(10)
        self.assertNotEqual(code, -signal.SIGPIPE)
        self.assertIn(code, (0, 1))

    def test_random_bytes_do_not_crash_it(self):
        self.client.send_raw(os.urandom(20000))
        self.client.process.stdin.close()
        self.assertGreaterEqual(self.client.process.wait(10), 0)


if __name__ == "__main__":
    unittest.main()
