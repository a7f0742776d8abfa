"""The repository's .pre-commit-hooks.yaml used by Debian's pre-commit: a commit that adds a reference cycle
is rejected with the finding printed, a clean commit goes through."""
import os
import pathlib
import shutil
import subprocess
import tempfile
import unittest

SOURCE_DIR = pathlib.Path(os.environ.get("CYCLECHECK_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
MANIFEST = SOURCE_DIR / ".pre-commit-hooks.yaml"

CYCLE = """class Trainer:
    def __init__(self):
        self.cb = self.on_step

    def on_step(self):
        pass


def main():
    Trainer()
"""
CLEAN = """def main():
    x = []
    return [x, [x], dict(x=x)]
"""


def git(cwd, *args, env=None):
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True)


@unittest.skipUnless(os.environ.get("CYCLECHECK_BIN"), "CYCLECHECK_BIN is not set")
@unittest.skipUnless(shutil.which("pre-commit") and shutil.which("git"), "needs pre-commit and git")
class PreCommitTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="cyclecheck-precommit-")
        tmp = pathlib.Path(self.tmp.name)
        # `cyclecheck` on PATH, as the hook's users have it.
        bin_dir = tmp / "bin"
        bin_dir.mkdir()
        (bin_dir / "cyclecheck").symlink_to(os.environ["CYCLECHECK_BIN"])
        self.env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
                        PRE_COMMIT_HOME=str(tmp / "cache"), GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.com",
                        GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.com", GIT_CONFIG_NOSYSTEM="1",
                        HOME=str(tmp))
        # A hook repository holding this repository's manifest, pinned by commit as users pin a tag.
        self.hooks_repo = tmp / "hooks-repo"
        self.hooks_repo.mkdir()
        shutil.copy(MANIFEST, self.hooks_repo / ".pre-commit-hooks.yaml")
        git(self.hooks_repo, "init", "-q", "-b", "main", env=self.env)
        git(self.hooks_repo, "add", ".pre-commit-hooks.yaml", env=self.env)
        git(self.hooks_repo, "commit", "-q", "-m", "hooks", env=self.env)
        rev = git(self.hooks_repo, "rev-parse", "HEAD", env=self.env).stdout.strip()
        # The project that uses the hook.
        self.project = tmp / "project"
        self.project.mkdir()
        git(self.project, "init", "-q", "-b", "main", env=self.env)
        self.rev = rev
        self.configure("")
        subprocess.run(["pre-commit", "install"], cwd=self.project, env=self.env, check=True, capture_output=True)

    def configure(self, hook_lines):
        (self.project / ".pre-commit-config.yaml").write_text(
            f"repos:\n  - repo: {self.hooks_repo}\n    rev: {self.rev}\n    hooks:\n      - id: cyclecheck\n"
            + hook_lines)
        git(self.project, "add", ".pre-commit-config.yaml", env=self.env)
        git(self.project, "commit", "-q", "--no-verify", "-m", "config", env=self.env)

    def tearDown(self):
        self.tmp.cleanup()

    def commit(self, name, text):
        (self.project / name).parent.mkdir(parents=True, exist_ok=True)
        (self.project / name).write_text(text)
        git(self.project, "add", name, env=self.env)
        return subprocess.run(["git", "commit", "-m", f"add {name}"], cwd=self.project, env=self.env,
                              capture_output=True, text=True)

    def test_manifest_is_valid(self):
        result = subprocess.run(["pre-commit", "validate-manifest", str(MANIFEST)], env=self.env,
                                capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)

    def test_cycle_is_rejected_and_clean_code_accepted(self):
        rejected = self.commit("train.py", CYCLE)
        output = rejected.stdout + rejected.stderr
        self.assertNotEqual(rejected.returncode, 0, output)
        self.assertIn("CC104", output)
        self.assertIn("train.py", output)

        git(self.project, "rm", "-q", "--cached", "train.py", env=self.env)
        (self.project / "train.py").unlink()
        accepted = self.commit("clean.py", CLEAN)
        self.assertEqual(accepted.returncode, 0, accepted.stdout + accepted.stderr)
        self.assertIn("add clean.py", git(self.project, "log", "--oneline", env=self.env).stdout)

    def test_hook_arguments_come_before_the_staged_files(self):
        # pre-commit appends the staged files after `args`: they must stay paths, not become option values.
        self.configure("        args: [--select, CC104, --extend-exclude, generated]\n")
        (self.project / "legacy.py").write_text(CYCLE)
        git(self.project, "add", "legacy.py", env=self.env)
        git(self.project, "commit", "-q", "--no-verify", "-m", "legacy", env=self.env)
        accepted = self.commit("clean.py", CLEAN)  # only clean.py is checked, not legacy.py
        self.assertEqual(accepted.returncode, 0, accepted.stdout + accepted.stderr)
        accepted = self.commit("generated/ops.py", CYCLE)  # excluded, even when named (--force-exclude)
        self.assertEqual(accepted.returncode, 0, accepted.stdout + accepted.stderr)
        rejected = self.commit("train.py", CYCLE)
        self.assertNotEqual(rejected.returncode, 0, rejected.stdout + rejected.stderr)
        self.assertIn("train.py", rejected.stdout + rejected.stderr)

    def test_a_staged_file_is_checked_with_the_modules_it_imports(self):
        # The model's nn.Module base was committed earlier; only the training script is staged now.
        (self.project / "models").mkdir()
        (self.project / "models" / "__init__.py").write_text("")
        (self.project / "models" / "base.py").write_text(
            "import torch.nn as nn\n\n\nclass Regressor(nn.Module):\n    def __init__(self):\n"
            "        super().__init__()\n        self.linear = nn.Linear(4, 1)\n")
        git(self.project, "add", "models", env=self.env)
        git(self.project, "commit", "-q", "--no-verify", "-m", "models", env=self.env)
        rejected = self.commit("train.py", (
            "from models.base import Regressor\n\n\nclass Tiny(Regressor):\n    def forward(self, x):\n"
            "        return self.linear(x).mean()\n\n\ndef fit(loader):\n    model = Tiny()\n    losses = []\n"
            "    for x in loader:\n        loss = model(x)\n        loss.backward()\n        losses.append(loss)\n"
            "    return losses\n"))
        output = rejected.stdout + rejected.stderr
        self.assertNotEqual(rejected.returncode, 0, output)
        self.assertIn("train.py:15:9: CC204", output)


if __name__ == "__main__":
    unittest.main()
