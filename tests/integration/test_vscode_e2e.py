"""The VS Code extension: packages it into a .vsix (scripts/setup-vscode.sh, as the build does) and runs the
Node end-to-end test, in which vscode-jsonrpc drives the real `cyclecheck server`."""
import os
import pathlib
import shutil
import subprocess
import unittest
import zipfile

SOURCE_DIR = pathlib.Path(os.environ.get("CYCLECHECK_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
EXTENSION = SOURCE_DIR / "vscode-extension"


@unittest.skipUnless(os.environ.get("CYCLECHECK_BIN"), "CYCLECHECK_BIN is not set")
@unittest.skipUnless(shutil.which("node") and shutil.which("npm"), "needs node and npm")
class VsCodeExtensionTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.out_dir = pathlib.Path(os.environ.get("CYCLECHECK_BUILD_DIR", SOURCE_DIR / "build"))
        result = subprocess.run(["bash", str(SOURCE_DIR / "scripts" / "setup-vscode.sh"), str(cls.out_dir)],
                                capture_output=True, text=True, timeout=600)
        if result.returncode != 0:
            raise AssertionError("setup-vscode.sh failed:\n" + result.stdout + result.stderr)

    def test_vsix_holds_the_bundled_extension(self):
        version = __import__("json").loads((EXTENSION / "package.json").read_text())["version"]
        vsix = self.out_dir / f"cyclecheck-{version}.vsix"
        self.assertTrue(vsix.is_file(), vsix)
        with zipfile.ZipFile(vsix) as archive:
            names = set(archive.namelist())
            self.assertIn("extension/package.json", names)
            self.assertIn("extension/dist/extension.js", names)
            bundle = archive.read("extension/dist/extension.js").decode("utf-8")
        # The language client is bundled in, so the installed extension needs no node_modules.
        self.assertIn("vscode-languageclient", bundle)
        self.assertNotIn('require("vscode-languageclient', bundle)

    def test_node_client_drives_the_server(self):
        result = subprocess.run(["node", "--test", "test/"], cwd=EXTENSION, capture_output=True, text=True,
                                timeout=300, env=dict(os.environ, CYCLECHECK_BIN=os.environ["CYCLECHECK_BIN"]))
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("# pass 2", result.stdout)


if __name__ == "__main__":
    unittest.main()
