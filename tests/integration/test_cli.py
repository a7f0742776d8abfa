"""The real `cyclecheck` binary end to end: exit codes, bad input, output formats, rules, graphs, cache."""
import json
import os
import shutil
import subprocess
import tempfile
import unittest
import unittest.mock

from cli_support import SOURCE_DIR, check_json, run

CYCLE = """class Trainer:
    def __init__(self):
        self.callback = self.on_step

    def on_step(self):
        pass
"""


class CliTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="cyclecheck-cli-")

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def write(self, name, text, mode="w"):
        path = os.path.join(self.dir, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, mode) as f:
            f.write(text)
        return path

    def test_exit_codes(self):
        self.write("clean.py", "x = []\ny = [x, [x], dict(x=x)]\n")
        code, out, _ = run(["check", "--no-cache", "clean.py"], cwd=self.dir)
        self.assertEqual(code, 0, out)
        self.assertIn("All checks passed", out)
        self.write("cycle.py", CYCLE)
        code, out, _ = run(["check", "--no-cache", "cycle.py"], cwd=self.dir)
        self.assertEqual(code, 1)
        self.assertIn("cycle.py:3:", out)
        self.assertIn("CC104", out)
        self.assertIn("cyclecheck graph", out)  # the full format says how to draw the finding
        code, _, _ = run(["check", "--no-cache", "--exit-zero", "cycle.py"], cwd=self.dir)
        self.assertEqual(code, 0)
        code, _, err = run(["check", "--output-format", "nonsense", "cycle.py"], cwd=self.dir)
        self.assertEqual(code, 2)
        code, _, err = run(["check", "--definitely-not-an-option"], cwd=self.dir)
        self.assertEqual(code, 2)

    def test_frames_hold_tensors_only_in_torch_projects(self):
        # A frame holds every local: in a project that imports torch those may be tensors (and the finding
        # is an error); in one that never does, saying so would be noise.
        keep_error = ("import sys\n\n\ndef load(path):\n    try:\n        return open(path).read()\n"
                      "    except OSError as error:\n        failure = error\n    return repr(failure)\n")
        self.write("plain/io_utils.py", keep_error)
        _, findings, _ = check_json(["plain"], cwd=self.dir)
        self.assertEqual([f["code"] for f in findings], ["CC107"])
        self.assertNotIn("tensors", findings[0]["message"])
        self.assertEqual(findings[0]["severity"], "warning")
        self.write("training/io_utils.py", keep_error)
        self.write("training/train.py", "import torch\n\nfrom io_utils import load\n")
        _, findings, _ = check_json(["training"], cwd=self.dir)
        self.assertEqual([f["code"] for f in findings], ["CC107"])
        self.assertIn("It can hold tensors", findings[0]["message"])
        self.assertEqual(findings[0]["severity"], "error")

    def test_stubs_are_checked_but_not_taken_for_code(self):
        # A stub's bodies are `...`: taken as code, the extension's Timer would keep nothing it is given. The
        # stub is still read (its syntax errors are reported), and a stub beside its module changes nothing.
        self.write("pkg/__init__.py", "")
        self.write("pkg/fastops.pyi", "from typing import Callable\n\n\nclass Timer:\n"
                                      "    def __init__(self, interval: float, callback: Callable[[], None]) -> None: ...\n")
        self.write("pkg/train.py", "from pkg import fastops\n\n\nclass Trainer:\n    def __init__(self):\n"
                                   "        self.timer = fastops.Timer(1.0, self.on_tick)\n\n"
                                   "    def on_tick(self):\n        pass\n")
        self.write("pkg/ring.py", "def attach(owner, callback):\n    owner.callbacks = [callback]\n")
        self.write("pkg/ring.pyi", "def attach(owner: object, callback: object) -> None: ...\n")
        self.write("pkg/user.py", "from pkg.ring import attach\n\n\nclass Loop:\n    def __init__(self):\n"
                                  "        attach(self, self.step)\n\n    def step(self):\n        pass\n")
        self.write("pkg/broken.pyi", "def f(:\n")
        _, findings, _ = check_json(["pkg"], cwd=self.dir)
        self.assertEqual(sorted((f["filename"].split("/")[-1], f["code"]) for f in findings),
                         [("broken.pyi", "CC001"), ("train.py", "CC104"), ("user.py", "CC104")])

    def test_callables_kept_by_a_library_object_are_named_by_the_method(self):
        # The holder is on the C side (a GObject signal, an asyncio future): the path says which call keeps
        # the callable instead of naming an attribute nobody wrote.
        self.write("futures.py", "import asyncio\n\n\nclass Poller:\n    def start(self, loop):\n"
                                 "        self.fut = loop.create_future()\n"
                                 "        self.fut.add_done_callback(self.on_done)\n\n"
                                 "    def on_done(self, fut):\n        pass\n")
        _, findings, _ = check_json(["futures.py"], cwd=self.dir)
        self.assertEqual([f["code"] for f in findings], ["CC104"])
        self.assertIn("(add_done_callback() callbacks) -> bound method Poller.on_done", findings[0]["message"])
        self.assertNotIn("_registered", findings[0]["message"])

    def test_possible_cycles_are_shown_only_when_asked_for(self):
        # `chosen` is one of two objects, so `chosen.partner = first` may or may not make `first` refer to
        # itself: a possible cycle, an info shown with --show-possible (or `show-possible = true`).
        self.write("pair.py", "class Node:\n    def __init__(self):\n        self.partner = None\n\n\n"
                              "def pair(first, second, swap):\n    chosen = first if swap else second\n"
                              "    chosen.partner = first\n    return chosen\n")
        _, findings, _ = check_json(["pair.py"], cwd=self.dir)
        self.assertEqual(findings, [])
        _, findings, _ = check_json(["pair.py"], cwd=self.dir, extra=["--show-possible"])
        self.assertEqual([(f["code"], f["location"]["row"]) for f in findings], [("CC101", 8)], findings)
        self.assertIn("Possible reference cycle", findings[0]["message"])
        self.write("cyclecheck.toml", "show-possible = true\n")
        _, findings, _ = check_json(["pair.py"], cwd=self.dir)
        self.assertEqual([f["code"] for f in findings], ["CC101"], findings)

    def test_a_global_the_module_empties_keeps_tracebacks_until_then(self):
        source = ("import sys\n\nFAILURES = {}\n\n\ndef record(step):\n    try:\n        step()\n"
                  "    except ValueError:\n        FAILURES[step] = sys.exc_info()[2]\n")
        self.write("kept.py", source)
        self.write("emptied.py", source + "\n\ndef reset():\n    FAILURES.clear()\n")
        _, findings, _ = check_json(["kept.py", "emptied.py"], cwd=self.dir)
        messages = {f["filename"]: f["message"] for f in findings if f["code"] == "CC205"}
        self.assertEqual(sorted(messages), ["emptied.py", "kept.py"], findings)
        self.assertIn("are never freed", messages["kept.py"])
        self.assertIn("stay alive until the module empties it", messages["emptied.py"])

    def test_exception_cycles_are_not_told_to_use_weak_references(self):
        # Exceptions, tracebacks and frames cannot be weakly referenced, and a local is dropped, not
        # made weak: the advice names what to do instead.
        self.write("errors.py", "import sys\n\n\ndef collect(jobs):\n    failures = []\n    last = None\n"
                                "    for job in jobs:\n        try:\n            job()\n"
                                "        except ValueError as err:\n            failures.append(err)\n"
                                "        except Exception:\n            last = sys.exc_info()\n"
                                "    return failures, last is None\n")
        _, findings, _ = check_json(["errors.py"], cwd=self.dir)
        by_line = {f["location"]["row"]: f["message"] for f in findings}
        self.assertEqual(sorted(by_line), [11, 13])
        self.assertIn("Do not keep the exception in a container (it cannot be weakly referenced)", by_line[11])
        self.assertIn("Do not keep it in the local 'last', or delete it when done.", by_line[13])
        for message in by_line.values():
            self.assertNotIn("weak or break", message)

    def test_an_accumulated_loss_names_the_accumulator_as_written(self):
        # "'list' accumulates ..." names no variable: the message says what the code calls it.
        self.write("train.py", "import torch\n\n\ndef train(model, batches):\n    losses = []\n"
                               "    by_name = {'loss': []}\n    by_step = {}\n"
                               "    for step, (x, y) in enumerate(batches):\n"
                               "        loss = torch.nn.functional.mse_loss(model(x), y)\n"
                               "        loss.backward()\n        losses.append(loss)\n"
                               "        by_name['loss'].append({'loss': loss})\n"
                               "        by_step[step] = loss\n    return losses, by_name, by_step\n")
        _, findings, _ = check_json(["train.py"], cwd=self.dir)
        by_line = {f["location"]["row"]: f["message"] for f in findings if f["code"] == "CC204"}
        self.assertEqual(sorted(by_line), [11, 12, 13])
        self.assertTrue(by_line[11].startswith("'losses' accumulates"), by_line[11])
        self.assertTrue(by_line[12].startswith("'by_name['loss']' accumulates"), by_line[12])
        self.assertTrue(by_line[13].startswith("'by_step' accumulates"), by_line[13])

    def test_a_kept_container_points_at_where_the_graph_goes_in(self):
        # The list is kept where it is stored (line 8); the tensor with a graph goes in at the append (line 10).
        self.write("ewc.py", "import torch\n\n\nclass EWC:\n    def __init__(self):\n        self.samples = []\n\n"
                             "    def estimate(self, model, batches):\n        self.samples = []\n"
                             "        for x in batches:\n            self.samples.append(model(x).sum())\n\n\n"
                             "def fit(model, batches, ewc=EWC()):\n    ewc.estimate(model, batches)\n")
        _, findings, _ = check_json(["ewc.py"], cwd=self.dir)
        kept = [f for f in findings if f["code"] == "CC208"]
        self.assertEqual([f["location"]["row"] for f in kept], [9], findings)
        notes = {r["location"]["row"]: r["message"] for r in kept[0]["related"]}
        self.assertEqual(notes.get(11), "a tensor with autograd history is put into it here", kept[0]["related"])

    def test_advice_names_the_reference_to_make_weak(self):
        # "Make the '[]' reference weak" does not say which of the cycle's containers: advice names the slot by
        # where its container lives (an attribute path, or the attribute a list made here was stored in), and
        # a closure's captured variable in words rather than as the path's "cell self".
        self.write("registry.py", "class Group:\n    def __init__(self):\n        self.members = []\n"
                                  "        self.members.append(self)\n\n\n"
                                  "class Member:\n    def join(self, group):\n        self.group = group\n"
                                  "        group.members.append(self)\n        self.group.members.append(self)\n\n\n"
                                  "def keep(resp):\n    resp.history.append(resp)\n\n\n"
                                  "class Scheduler:\n    def __init__(self):\n        self.rate = lambda: self.base()\n\n"
                                  "    def base(self):\n        return 1.0\n\n\n"
                                  "import logging\n\n\nclass Trainer:\n    def __init__(self):\n"
                                  "        self.log = logging.LoggerAdapter(logging.getLogger(), {'trainer': self})\n")
        _, findings, _ = check_json(["registry.py"], cwd=self.dir)
        advice = {f["location"]["row"]: f["message"][f["message"].index(" Make the ") + 1:] for f in findings}
        # A member in its group's list is a parent and child: the back reference is what to make weak.
        self.assertEqual(advice, {4: "Make the 'Group.members[]' reference weak or break it.",
                                  9: "Make the '.group' reference weak or break it.",
                                  15: "Make the 'resp.history[]' reference weak or break it.",
                                  20: "Make the closure's reference to 'self' weak or break it.",
                                  # The dict under the adapter holds its owner: not the owner's '.log'.
                                  31: "Make the 'LoggerAdapter.extra[]' reference weak or break it."})

    def test_design_examples(self):
        self.write("examples.py", """class Link:
    def __init__(self):
        self.next_link = None


def ring():
    a = Link()
    b = Link()
    c = Link()
    a.next_link = b
    b.next_link = c
    c.next_link = a


def no_cycle():
    x = []
    y = [x, [x], dict(x=x)]
    return y


class Big:
    pass


def compute(_cache={}):
    _cache[42] = dict(foo=Big(), bar=Big())
""")
        _, findings, _ = check_json(["examples.py"], cwd=self.dir)
        got = sorted((f["location"]["row"], f["code"]) for f in findings)
        self.assertEqual(got, [(12, "CC102"), (26, "CC201")])

    def test_bad_input_is_reported_and_the_run_goes_on(self):
        self.write("good.py", CYCLE)
        self.write("syntax.py", "def broken(:\n    pass\n\n" + CYCLE)
        self.write("latin1.py", "s = '\xe9'\n".encode("latin-1"), mode="wb")
        self.write("binary.py", b"\x00\x01\x02ELF", mode="wb")
        self.write("deep.py", "x = " + "(" * 5000 + "1" + ")" * 5000 + "\n")
        self.write("deep_calls.py", "x = " + "f(" * 3000 + "1" + ")" * 3000 + "\n")
        # Valid Python tree-sitter-python rejects (repaired), and one long line of real errors full of stars
        # (past about 11,000 statements in one error Debian's tree-sitter 0.20.7 frees a pointer twice during
        # error recovery, tree-sitter issue 2231; the parse arena makes that harmless, and the sanitizer
        # build checks it).
        self.write("starred.py", "def split(endpoint):\n    host, *rest = endpoint, *[]\n    return host\n\n" + CYCLE)
        self.write("stars.py", " ".join("a = (x, *[1]" for _ in range(14000)) + "\n")
        os.symlink("loop_b", os.path.join(self.dir, "loop_a"))
        os.symlink("loop_a", os.path.join(self.dir, "loop_b"))
        code, findings, err = check_json([".", "missing.py"], cwd=self.dir)
        self.assertEqual(code, 1)
        by_file = {}
        for f in findings:
            by_file.setdefault(f["filename"], []).append(f["code"])
        self.assertIn("CC104", by_file["good.py"])
        self.assertIn("CC001", by_file["syntax.py"])
        self.assertIn("CC104", by_file["syntax.py"], "the rest of a file with a syntax error is still analysed")
        self.assertNotIn("CC001", by_file["starred.py"])
        self.assertIn("CC104", by_file["starred.py"])
        self.assertEqual(by_file["stars.py"], ["CC001"])
        self.assertEqual(by_file["latin1.py"], ["CC002"])
        self.assertEqual(by_file["binary.py"], ["CC002"])
        self.assertEqual(by_file["missing.py"], ["CC002"])
        self.assertTrue(any(k.startswith("loop_") for k in by_file), by_file)

    def test_special_files_named_on_the_command_line_are_skipped(self):
        # A FIFO blocks a reader until something writes to it and /dev/zero never ends: both are reported and
        # skipped, never read (run() has a time limit, so a hang fails the test).
        os.mkfifo(os.path.join(self.dir, "pipe.py"))
        os.symlink("/dev/zero", os.path.join(self.dir, "zero.py"))
        self.write("good.py", CYCLE)
        code, findings, err = check_json(["pipe.py", "zero.py", "good.py"], cwd=self.dir)
        self.assertEqual(code, 1, err)
        by_file = {}
        for f in findings:
            by_file.setdefault(f["filename"], []).append((f["code"], f["message"]))
        for name in ("pipe.py", "zero.py"):
            self.assertEqual(by_file[name], [("CC002", "File skipped: not a regular file (a FIFO, socket or device)")])
        self.assertIn("CC104", [code for code, _ in by_file["good.py"]])

    def test_a_long_cycle_is_elided_in_the_message_only(self):
        # A cycle through 40 nested lists: the one-line message keeps the first and last five steps and counts
        # the rest; the JSON cycle path keeps every step.
        self.write("nested.py", "class A:\n    def __init__(self):\n        self.a = " + "[" * 40 + "self" +
                   "]" * 40 + "\n")
        _, findings, _ = check_json(["nested.py"], cwd=self.dir)
        self.assertEqual(len(findings), 1)
        message, path = findings[0]["message"], findings[0]["cycle"]["path"]
        self.assertIn("A.a -> list[0] -> list[0] -> list[0] -> list[0] -> ... (32 more) -> list[0]", message)
        self.assertEqual(path.count(" -> "), 41)
        self.assertNotIn("more)", path)

    def test_huge_file(self):
        body = "".join(f"class C{i}:\n    def __init__(self):\n        self.cb = self.m\n\n    def m(self):\n"
                       f"        return {i}\n\n" for i in range(6000))
        self.write("huge.py", body)  # ~0.7 MB, 42k lines, 6000 findings
        code, findings, _ = check_json(["huge.py"], cwd=self.dir)
        self.assertEqual(code, 1)
        self.assertEqual(len(findings), 6000)

    def test_values_computed_from_many_earlier_values(self):
        # Each guarded `self.indent = self.indent + 1` leaves the old and the new value in the field, so the
        # 60th value is computed from all the earlier ones. Walking those operands path by path took minutes
        # at 30 calls; the time limit only guards against that coming back.
        calls = "".join(f"        self.msgin({i % 4})\n        self.msgout({i % 4})\n" for i in range(60))
        self.write("indent.py", "class Finder:\n    def __init__(self, debug):\n        self.debug = debug\n"
                   "        self.indent = 0\n\n    def msgin(self, level):\n        if level <= self.debug:\n"
                   "            self.indent = self.indent + 1\n\n    def msgout(self, level):\n"
                   "        if level <= self.debug:\n            self.indent = self.indent - 1\n\n"
                   "    def run(self):\n" + calls + "        return self.indent\n")
        code, out, err = run(["check", "--no-cache", "--output-format", "json", "indent.py"], cwd=self.dir,
                             timeout=120)
        self.assertEqual((code, json.loads(out)), (0, []), err)

    def test_user_files_are_never_written(self):
        path = self.write("cycle.py", CYCLE)
        with open(path) as f:
            before = os.stat(path).st_mtime_ns, f.read()
        run(["check", "cycle.py"], cwd=self.dir)
        with open(path) as f:
            self.assertEqual(before, (os.stat(path).st_mtime_ns, f.read()))

    def test_stdin_filename(self):
        code, out, _ = run(["check", "--no-cache", "--output-format", "concise", "--stdin-filename", "buffer.py"],
                           cwd=self.dir, stdin=CYCLE)
        self.assertEqual(code, 1)
        self.assertIn("buffer.py:3:", out)

    def test_a_file_checked_alone_sees_the_project_modules_it_imports(self):
        # As a pre-commit hook runs it: only train.py is named. Its model's nn.Module base is in a package
        # module beside it, which is analysed for what it says and reported on only when named itself.
        self.write("proj/__init__.py", "")
        self.write("proj/layers.py", "import torch.nn as nn\n\n\nclass Regressor(nn.Module):\n"
                   "    def __init__(self):\n        super().__init__()\n        self.linear = nn.Linear(4, 1)\n"
                   "        self.cb = self.forward\n\n    def forward(self, x):\n        return self.linear(x)\n")
        # Tiny is an nn.Module only through Regressor: without proj/layers.py its call returns nothing known.
        self.write("train.py", "import torch\n\nfrom proj.layers import Regressor\n\n\n"
                   "class Tiny(Regressor):\n    def forward(self, x):\n        return self.linear(x).mean()\n\n\n"
                   "def fit(loader):\n    model = Tiny()\n    losses = []\n    for x in loader:\n"
                   "        loss = model(x)\n        loss.backward()\n        losses.append(loss)\n"
                   "    return losses\n")
        _, alone, _ = check_json(["train.py"], cwd=self.dir)
        self.assertEqual([(d["filename"], d["code"], d["location"]["row"]) for d in alone],
                         [("train.py", "CC204", 17)])
        _, both, _ = check_json(["train.py", "proj/layers.py"], cwd=self.dir)
        self.assertEqual(sorted((d["filename"], d["code"]) for d in both),
                         [("proj/layers.py", "CC104"), ("train.py", "CC204")])
        # Excluded modules stay out of the context.
        _, excluded, _ = check_json(["train.py"], cwd=self.dir, extra=["--extend-exclude", "proj"])
        self.assertEqual(excluded, [])

    def test_imported_modules_are_solved_where_the_checked_file_calls_them(self):
        # heavy.py is an import only: its sixty functions are analysed where train.py calls them (nowhere), not
        # for findings of their own. runner.py imports train.py back and calls its step() in a loop, which is
        # what makes the append a CC204: a module that imports a checked one is solved as in a whole run.
        self.write("heavy.py", "".join(f"def helper_{i}(x):\n    return [x] * {i + 1}\n\n\n" for i in range(60)))
        self.write("runner.py", "import train\n\n\ndef run(model, loader):\n    losses = []\n"
                   "    for batch in loader:\n        train.step(model, batch, losses)\n    return losses\n")
        self.write("train.py", "import torch\n\nimport heavy\nimport runner\n\n\n"
                   "def step(model, batch, losses):\n    loss = model(batch).sum()\n    loss.backward()\n"
                   "    losses.append(loss)\n\n\n"
                   "def main():\n    runner.run(torch.nn.Linear(4, 1), [torch.randn(2, 4)])\n")
        os.makedirs(os.path.join(self.dir, ".git"))
        with unittest.mock.patch.dict(os.environ, {"CYCLECHECK_DEBUG_TIMES": "1"}):
            code, out, err = run(["check", "--no-cache", "--output-format", "json", "train.py"], cwd=self.dir)
        self.assertEqual(code, 1, err)
        self.assertEqual([(d["filename"], d["code"], d["location"]["row"]) for d in json.loads(out)],
                         [("train.py", "CC204", 10)])
        analysed = [int(line.split(": ")[1].split()[0]) for line in err.splitlines() if "functions analysed" in line]
        # train.py's module body, step and main; runner.py's module body and run.
        self.assertEqual(analysed, [5], err)

    def test_modules_in_directories_without_init_are_imported_by_their_path(self):
        # A research repository often has no __init__.py: `python train.py` (or a run from the project root)
        # puts the directory on sys.path, and models/base.py is importable as models.base.
        self.write("models/base.py", "import torch.nn as nn\n\n\nclass Base(nn.Module):\n    pass\n")
        self.write("utils/callbacks.py", "class Logger:\n    def __init__(self, trainer):\n"
                   "        self.trainer = trainer\n")
        # Net is an nn.Module only through models.base: its self-hook is then a module hook (CC105).
        self.write("scripts/train.py", "from models.base import Base\nimport utils.callbacks\n\n\n"
                   "class Net(Base):\n    def __init__(self):\n        super().__init__()\n"
                   "        self.register_forward_hook(self.hook)\n\n"
                   "    def hook(self, module, inputs, output):\n        pass\n\n\n"
                   "class Trainer:\n    def __init__(self):\n        self.logger = utils.callbacks.Logger(self)\n")
        # Unresolved, Base would be a library class: the hook cycle a warning that holds nothing known.
        _, whole, _ = check_json(["."], cwd=self.dir)
        self.assertEqual(sorted((d["filename"], d["code"], d["location"]["row"], d["severity"]) for d in whole),
                         [("scripts/train.py", "CC105", 8, "error"), ("utils/callbacks.py", "CC103", 3, "warning")])
        # Checked alone, from the project root, the modules it imports are found there.
        _, alone, _ = check_json(["scripts/train.py"], cwd=self.dir)
        self.assertEqual([(d["filename"], d["code"], d["severity"]) for d in alone],
                         [("scripts/train.py", "CC105", "error")])
        # From scripts/ with no configuration, the project root is where the repository is.
        _, from_scripts, _ = check_json(["train.py"], cwd=os.path.join(self.dir, "scripts"))
        self.assertEqual([(d["filename"], d["code"], d["severity"]) for d in from_scripts],
                         [("train.py", "CC105", "warning")])
        os.makedirs(os.path.join(self.dir, ".git"))
        _, from_scripts, _ = check_json(["train.py"], cwd=os.path.join(self.dir, "scripts"))
        self.assertEqual([(d["filename"], d["code"], d["severity"]) for d in from_scripts],
                         [("train.py", "CC105", "error")])

    def test_each_script_imports_the_module_of_its_own_directory(self):
        # Two experiments, each with a utils.py: only exp2's Logger keeps its trainer, and only exp2's Base is
        # an nn.Module. Both modules are named `utils`; each train.py gets the one beside it, as
        # `python expN/train.py` does.
        self.write("exp1/utils.py", "class Base:\n    pass\n\n\nclass Logger:\n"
                   "    def __init__(self, trainer):\n        self.name = 'x'\n")
        self.write("exp2/utils.py", "import torch.nn as nn\n\n\nclass Base(nn.Module):\n    pass\n\n\n"
                   "class Logger:\n    def __init__(self, trainer):\n        self.trainer = trainer\n")
        for experiment in ("exp1", "exp2"):
            self.write(f"{experiment}/train.py", "from utils import Base, Logger\n\n\nclass Net(Base):\n"
                       "    def __init__(self):\n        super().__init__()\n"
                       "        self.register_forward_hook(self.hook)\n\n"
                       "    def hook(self, module, inputs, output):\n        pass\n\n\n"
                       "class Trainer:\n    def __init__(self):\n        self.logger = Logger(self)\n")
        expected_hooks = [("exp1/train.py", "CC105", 7, "warning"), ("exp2/train.py", "CC105", 7, "error")]
        _, findings, _ = check_json(["."], cwd=self.dir)
        self.assertEqual([(d["filename"], d["code"], d["location"]["row"], d["severity"]) for d in findings],
                         expected_hooks + [("exp2/utils.py", "CC103", 10, "warning")])
        self.assertEqual(findings[2]["cycle"]["path"], "Trainer.logger -> Logger.trainer -> Trainer")
        self.assertIn("exp2/train.py", findings[2]["cycle"]["nodes"][0]["detail"])
        # The same when only the two scripts are named (a pre-commit hook): both utils.py are read.
        _, scripts, _ = check_json(["exp1/train.py", "exp2/train.py"], cwd=self.dir)
        self.assertEqual([(d["filename"], d["code"], d["location"]["row"], d["severity"]) for d in scripts],
                         expected_hooks)

    def test_exclude_options(self):
        for name in ("pkg/model.py", "pkg/generated/ops.py", "build/copy.py"):
            self.write(name, CYCLE)
        self.write("pyproject.toml", "[tool.cyclecheck]\nextend-exclude = [\"pkg/generated\"]\n")

        def reported(*options):
            code, out, err = run(["check", "--no-cache", "--output-format", "concise", *options, "."], cwd=self.dir)
            self.assertIn(code, (0, 1), err)
            return sorted(line.split(":")[0] for line in out.splitlines() if ": CC" in line)

        # The defaults ("build") and the configured extend-exclude apply; --extend-exclude adds to them, and
        # --exclude replaces the defaults (the configured extend-exclude still applies, as in ruff).
        self.assertEqual(reported(), ["pkg/model.py"])
        self.assertEqual(reported("--extend-exclude", "pkg/model.py"), [])
        self.assertEqual(reported("--exclude", "pkg/model.py"), ["build/copy.py"])
        self.assertEqual(reported("--exclude="), ["build/copy.py", "pkg/model.py"])
        # A list option takes one value per occurrence: the paths after it stay paths (pre-commit appends them).
        code, out, _ = run(["check", "--no-cache", "--output-format", "concise", "--select", "CC104", "--select",
                            "CC101", "build/copy.py"], cwd=self.dir)
        self.assertEqual(code, 1, out)
        self.assertIn("in 1 file", out)
        self.assertEqual([line.split(":")[0] for line in out.splitlines() if ": CC" in line], ["build/copy.py"])
        # A file named on the command line is checked unless --force-exclude, as in ruff.
        code, out, _ = run(["check", "--no-cache", "--extend-exclude", "pkg", "pkg/model.py"], cwd=self.dir)
        self.assertEqual(code, 1, out)
        code, out, _ = run(["check", "--no-cache", "--extend-exclude", "pkg", "--force-exclude", "pkg/model.py"],
                           cwd=self.dir)
        self.assertEqual(code, 0, out)

    def test_suppression_and_selection(self):
        self.write("cycle.py", CYCLE.replace("self.on_step\n", "self.on_step  # cyclecheck: ignore[CC104]\n"))
        code, _, _ = run(["check", "--no-cache", "cycle.py"], cwd=self.dir)
        self.assertEqual(code, 0)
        self.write("cycle2.py", CYCLE)
        code, _, _ = run(["check", "--no-cache", "--ignore", "CC104", "cycle2.py"], cwd=self.dir)
        self.assertEqual(code, 0)
        self.write("pyproject.toml", "[tool.cyclecheck]\nignore = [\"callable-holds-owner\"]\n")
        code, _, _ = run(["check", "--no-cache", "cycle2.py"], cwd=self.dir)
        self.assertEqual(code, 0)
        self.write("pyproject.toml", "[tool.cyclecheck]\nignore = 3\n")
        code, _, err = run(["check", "--no-cache", "cycle2.py"], cwd=self.dir)
        self.assertEqual(code, 2)
        self.assertIn("pyproject.toml", err)

    def test_rule_documentation(self):
        code, out, _ = run(["rule"])
        self.assertEqual(code, 0)
        for rule_code in ["CC101", "CC104", "CC109", "CC201", "CC205"]:
            self.assertIn(rule_code, out)
        for name in [line.split()[0] for line in out.splitlines() if line.strip()]:
            code, doc, _ = run(["rule", name])
            self.assertEqual(code, 0, name)
            for heading in ["## What it does", "## Why is this bad?", "## Example", "## Use instead",
                            "## Known problems"]:
                self.assertIn(heading, doc, name)
        code, _, _ = run(["rule", "CC999"])
        self.assertEqual(code, 2)

    def test_output_formats(self):
        self.write("cycle.py", CYCLE)
        _, findings, _ = check_json(["cycle.py"], cwd=self.dir)
        self.assertEqual(len(findings), 1)
        f = findings[0]
        self.assertEqual((f["code"], f["rule"], f["location"]["row"]), ("CC104", "callable-holds-owner", 3))
        self.assertIn("Trainer", f["cycle"]["path"])
        self.assertTrue(f["fingerprint"])
        code, out, _ = run(["check", "--no-cache", "--output-format", "sarif", "cycle.py"], cwd=self.dir)
        sarif = json.loads(out)
        result = sarif["runs"][0]["results"][0]
        self.assertEqual(result["ruleId"], "CC104")
        self.assertIn("cyclecheck/v1", result["partialFingerprints"])
        self.assertNotIn("primaryLocationLineHash", result["partialFingerprints"])
        code, out, _ = run(["check", "--no-cache", "--output-format", "github", "cycle.py"], cwd=self.dir)
        self.assertIn("::", out)
        self.assertIn("file=cycle.py", out)

    def test_an_optimizer_holds_tensors(self):
        # The optimizer keeps the parameters it is given: a cycle through it holds tensors, an error.
        self.write("stepper.py", "import torch\n\n\nclass Stepper:\n    def __init__(self, params):\n"
                   "        self.opt = torch.optim.SGD(params, lr=0.1)\n        self.opt.owner = self\n")
        _, findings, _ = check_json(["stepper.py"], cwd=self.dir)
        self.assertEqual([(f["code"], f["severity"]) for f in findings], [("CC103", "error")])
        self.assertIn("SGD.owner", findings[0]["message"])

    def test_statistics(self):
        self.write("cycle.py", CYCLE)
        self.write("other.py", CYCLE.replace("Trainer", "Runner"))
        code, out, _ = run(["check", "--no-cache", "--statistics", "."], cwd=self.dir)
        self.assertEqual(code, 1)  # findings still fail the check
        self.assertEqual(out, "2\tCC104\tcallable-holds-owner\n")
        code, out, _ = run(["check", "--no-cache", "--statistics", "--output-format", "json", "."], cwd=self.dir)
        self.assertEqual(json.loads(out), [{"code": "CC104", "name": "callable-holds-owner", "count": 2}])
        os.remove(os.path.join(self.dir, "cycle.py"))
        os.remove(os.path.join(self.dir, "other.py"))
        code, out, _ = run(["check", "--no-cache", "--statistics", "."], cwd=self.dir)
        self.assertEqual((code, out), (0, ""))

    def test_baseline(self):
        self.write("cycle.py", CYCLE)
        code, _, _ = run(["check", "--no-cache", "--write-baseline", "baseline.json", "cycle.py"], cwd=self.dir)
        self.assertEqual(code, 0)
        code, _, _ = run(["check", "--no-cache", "--baseline", "baseline.json", "cycle.py"], cwd=self.dir)
        self.assertEqual(code, 0)
        self.write("cycle.py", CYCLE + "\n\nclass Other:\n    def __init__(self):\n        self.me = self\n")
        code, out, _ = run(["check", "--no-cache", "--output-format", "concise", "--baseline", "baseline.json",
                            "cycle.py"], cwd=self.dir)
        self.assertEqual(code, 1)
        self.assertIn("CC101", out)
        self.assertNotIn("CC104", out)

    def test_graph_is_deterministic_svg(self):
        self.write("cycle.py", CYCLE)
        code, out, err = run(["graph", "--no-cache", "cycle.py", "--finding", "1", "-o", "a.svg"], cwd=self.dir)
        self.assertEqual(code, 0, err)
        code, _, _ = run(["graph", "--no-cache", "cycle.py", "--finding", "1", "-o", "b.svg"], cwd=self.dir)
        a = open(os.path.join(self.dir, "a.svg"), "rb").read()
        self.assertEqual(a, open(os.path.join(self.dir, "b.svg"), "rb").read())
        self.assertIn(b"<svg", a)
        self.assertIn(b"Trainer", a)
        code, _, _ = run(["graph", "--no-cache", "cycle.py", "--all", "-o", "all/g.dot"], cwd=self.dir)
        os.makedirs(os.path.join(self.dir, "all"), exist_ok=True)
        code, _, err = run(["graph", "--no-cache", "cycle.py", "--all", "-o", "all/g.dot"], cwd=self.dir)
        self.assertEqual(code, 0, err)
        self.assertEqual(len(os.listdir(os.path.join(self.dir, "all"))), 1)

    def test_cache_is_reused_and_torn_entries_are_ignored(self):
        self.write("pyproject.toml", "[tool.cyclecheck]\n")
        self.write("cycle.py", CYCLE)
        cold = run(["check", "--output-format", "json", "cycle.py"], cwd=self.dir)
        cache = os.path.join(self.dir, ".cyclecheck_cache")
        entries = [os.path.join(r, f) for r, _, fs in os.walk(cache) for f in fs if f.endswith(".pack")]
        self.assertEqual(len(entries), 1)
        warm = run(["check", "--output-format", "json", "cycle.py"], cwd=self.dir)
        self.assertEqual(cold, warm)
        with open(entries[0], "r+b") as f:  # a torn write: half the entry
            data = f.read()
            f.seek(0)
            f.truncate()
            f.write(data[: len(data) // 2])
        torn = run(["check", "--output-format", "json", "cycle.py"], cwd=self.dir)
        self.assertEqual(cold, torn)
        # The whole-project result entry: reused while nothing changes, ignored when torn, redone on change.
        results = [os.path.join(r, f) for r, _, fs in os.walk(cache) for f in fs if f.startswith("results-")]
        self.assertEqual(len(results), 1)
        with open(results[0], "r+") as f:
            text = f.read()
            f.seek(0)
            f.truncate()
            f.write(text.replace("CC104", "CC999"))  # tampered: the checksum no longer matches
        self.assertEqual(cold, run(["check", "--output-format", "json", "cycle.py"], cwd=self.dir))
        self.write("cycle.py", CYCLE + "\n\nclass Other:\n    def __init__(self):\n        self.me = self\n")
        changed = json.loads(run(["check", "--output-format", "json", "cycle.py"], cwd=self.dir)[1])
        self.assertEqual(sorted(f["code"] for f in changed), ["CC101", "CC104"])
        self.assertEqual(open(os.path.join(cache, ".gitignore")).read().strip().splitlines()[-1], "*")

    def test_example_project(self):
        code, findings, _ = check_json([os.path.join(SOURCE_DIR, "examples", "leaky_trainer")])
        self.assertEqual(code, 1)
        codes = sorted(f["code"] for f in findings)
        self.assertEqual(codes, ["CC103", "CC104", "CC105", "CC109", "CC203", "CC204", "CC206"])


if __name__ == "__main__":
    unittest.main()
