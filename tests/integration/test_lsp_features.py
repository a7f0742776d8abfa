"""`cyclecheck server` end to end on real findings: diagnostics on open and edit, code actions, hover on
suppression comments, configuration from pyproject.toml and from the editor, and cross-module updates."""
import os
import pathlib
import tempfile
import unittest

import test_lsp_client as lsp

BOUND_METHOD_CYCLE = """class Trainer:
    def __init__(self):
        self.cb = self.on_step

    def on_step(self):
        pass


def main():
    Trainer()
"""
CB_LINE = 2  # 0-based line of `self.cb = self.on_step`

LEARNER = """from callbacks import Recorder


class Learner:
    def __init__(self):
        self.callbacks = [Recorder()]
        for cb in self.callbacks:
            cb.attach(self)


def main():
    Learner()
"""
CALLBACKS = """class Recorder:
    def attach(self, learner):
        self.learner = learner
"""


def codes(diagnostics):
    return sorted(d["code"] for d in diagnostics)


@unittest.skipUnless(os.environ.get("CYCLECHECK_BIN"), "CYCLECHECK_BIN is not set")
class FeaturesTest(unittest.TestCase):
    def setUp(self):
        self.workspace = tempfile.TemporaryDirectory(prefix="cyclecheck-lsp-")
        self.root = pathlib.Path(self.workspace.name)
        self.client = None

    def tearDown(self):
        if self.client:
            self.client.close()
        self.workspace.cleanup()

    def start(self, capabilities=None, options=None):
        self.client = lsp.LspClient(cwd=self.root)
        return self.client.initialize(self.root, capabilities, options)

    def test_diagnostics_follow_edits_and_carry_links(self):
        self.start()
        uri = self.client.open(self.root / "train.py", BOUND_METHOD_CYCLE)
        diagnostics = self.client.published(uri, 1)
        self.assertIn("CC104", codes(diagnostics))
        finding = next(d for d in diagnostics if d["code"] == "CC104")
        self.assertEqual(finding["range"]["start"]["line"], CB_LINE)
        self.assertEqual(finding["source"], "cyclecheck")
        self.assertTrue(finding["codeDescription"]["href"].startswith("https://cyclecheck.dev/rules/"))
        self.assertIn(finding["severity"], (1, 2, 3))

        # Fix it with a one-line edit (self.on_step -> None): the finding goes; undo it: it comes back.
        self.client.change(uri, 2, [lsp.edit(CB_LINE, 18, CB_LINE, 30, "None")])
        self.assertNotIn("CC104", codes(self.client.published(uri, 2)))
        self.client.change(uri, 3, [lsp.edit(CB_LINE, 18, CB_LINE, 22, "self.on_step")])
        self.assertIn("CC104", codes(self.client.published(uri, 3)))
        self.assertEqual(self.client.shutdown(), 0)

    def test_suppression_code_action_and_hover(self):
        self.start()
        uri = self.client.open(self.root / "train.py", BOUND_METHOD_CYCLE)
        finding = next(d for d in self.client.published(uri, 1) if d["code"] == "CC104")
        actions = self.client.request("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": finding["range"], "context": {"diagnostics": [finding]}})["result"]
        suppress = next(a for a in actions if a["title"] == "Suppress CC104 on this line")
        (text_edit,) = suppress["edit"]["changes"][uri]
        self.assertEqual(text_edit["newText"], "  # cyclecheck: ignore[CC104]")

        # Apply the edit as the editor would: the finding is suppressed.
        self.client.change(uri, 2, [{"range": text_edit["range"], "text": text_edit["newText"]}])
        self.assertNotIn("CC104", codes(self.client.published(uri, 2)))

        # Hover on the code inside the comment shows the rule's documentation.
        line = BOUND_METHOD_CYCLE.splitlines()[CB_LINE] + text_edit["newText"]
        hover = self.client.request("textDocument/hover", {
            "textDocument": {"uri": uri}, "position": {"line": CB_LINE, "character": line.index("CC104") + 2}})
        self.assertIn("callable-holds-owner", hover["result"]["contents"]["value"])
        nothing = self.client.request("textDocument/hover", {
            "textDocument": {"uri": uri}, "position": {"line": 0, "character": 2}})
        self.assertIsNone(nothing["result"])

    def test_pyproject_configuration_applies(self):
        (self.root / "pyproject.toml").write_text('[tool.cyclecheck]\nignore = ["CC104"]\n')
        self.start()
        uri = self.client.open(self.root / "train.py", BOUND_METHOD_CYCLE)
        self.assertNotIn("CC104", codes(self.client.published(uri, 1)))

    def test_editor_settings_apply_and_change(self):
        self.start(options={"settings": {"ignore": ["CC104"]}})
        uri = self.client.open(self.root / "train.py", BOUND_METHOD_CYCLE)
        self.assertNotIn("CC104", codes(self.client.published(uri, 1)))
        self.client.notify("workspace/didChangeConfiguration", {"settings": {"cyclecheck": {"ignore": []}}})
        self.assertIn("CC104", codes(self.client.published(uri, 1)))

    def test_pull_diagnostics_in_utf16_after_non_ascii_text(self):
        self.start({"textDocument": {"diagnostic": {}}})
        uri = self.client.open(self.root / "train.py", "# 😀 é\n" + BOUND_METHOD_CYCLE)
        report = self.client.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})["result"]
        self.assertEqual(report["kind"], "full")
        finding = next(d for d in report["items"] if d["code"] == "CC104")
        self.assertEqual(finding["range"]["start"]["line"], CB_LINE + 1)
        # The non-ASCII text sits on the line above, so columns are plain: the finding starts at the assignment's
        # target or at the bound method stored by it.
        line = BOUND_METHOD_CYCLE.splitlines()[CB_LINE]
        self.assertIn(finding["range"]["start"]["character"], (line.index("self.cb"), line.index("self.on_step")))

    def test_cross_module_findings_update_when_the_imported_module_changes(self):
        self.start()
        learner = self.client.open(self.root / "learner.py", LEARNER)
        callbacks = self.client.open(self.root / "callbacks.py", CALLBACKS)
        # Both documents are analysed together: the Learner <-> Recorder cycle spans them.
        latest = {learner: self.client.published(learner, 1), callbacks: self.client.published(callbacks, 1)}
        while True:  # drain republishes of the first analyses
            try:
                params = self.client.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics",
                                              timeout=1.0)["params"]
                latest[params["uri"]] = params["diagnostics"]
            except TimeoutError:
                break
        self.assertTrue(latest[learner] + latest[callbacks], "a finding for the cross-module cycle")

        # Edit only the imported module so that it no longer stores the back-reference.
        self.client.change(callbacks, 2, [lsp.edit(2, 8, 2, 30, "self.learner_name = 'x'")])
        latest[callbacks] = self.client.published(callbacks, 2)
        if latest[learner]:  # the finding sat in the importing module: it must be republished, now empty
            latest[learner] = self.client.published(learner, 1)
        self.assertEqual(latest[learner] + latest[callbacks], [])

    def test_open_document_finding_made_by_a_closed_module_that_imports_it(self):
        # Only callbacks.py is open. The cycle its store closes is made by learner.py, a closed file of the
        # workspace that imports it: the server solves such a module as a caller of the open document, while
        # the rest of the workspace (unrelated.py, with a cycle of its own) is solved only where it is called.
        (self.root / "learner.py").write_text(LEARNER)
        (self.root / "callbacks.py").write_text(CALLBACKS)
        (self.root / "unrelated.py").write_text(BOUND_METHOD_CYCLE)
        self.start()
        callbacks = self.client.open(self.root / "callbacks.py", CALLBACKS)
        diagnostics = self.client.published(callbacks, 1)
        while not diagnostics:  # the workspace is read in the background, then the document analysed again
            diagnostics = self.client.wait_for(
                lambda m: m.get("method") == "textDocument/publishDiagnostics" and
                m["params"]["uri"] == callbacks, timeout=10.0)["params"]["diagnostics"]
        self.assertEqual([(d["code"], d["range"]["start"]["line"]) for d in diagnostics], [("CC103", 2)])


if __name__ == "__main__":
    unittest.main()
