"""The runtime companion on a GPU: bytes of CUDA storage held by cycles, per device, through LibTorch
and through torch's Python API alike, and gc-bench's peak CUDA memory. Skipped where the interpreter's
torch sees no CUDA device (CI); CYCLECHECK_RUNTIME_PYTHON names another interpreter than /usr/bin/python3
(one whose torch has CUDA), and the runtime build it was compiled for is CYCLECHECK_BUILD_DIR."""
import json
import os
import subprocess
import tempfile
import unittest

from runtime_support import FIXTURES, PYTHON, PYTHON_DIR, python_env

INTERPRETER = os.environ.get("CYCLECHECK_RUNTIME_PYTHON", PYTHON)
SCRIPT = os.path.join(FIXTURES, "cuda_cycle_train.py")
CUDA_BYTES_PER_PROBE = 4 * 1024 * 1024
CPU_BYTES_PER_PROBE = 2000


def _skip_without_cuda():
    if not os.path.exists(os.path.join(PYTHON_DIR, "cyclecheck_runtime", "__init__.py")):
        raise unittest.SkipTest("runtime companion not built in %s" % PYTHON_DIR)
    try:
        probe = subprocess.run([INTERPRETER, "-c", "import torch; print(torch.cuda.is_available())"],
                               capture_output=True, text=True, timeout=120)
    except OSError as error:
        raise unittest.SkipTest("cannot start %s: %s" % (INTERPRETER, error))
    if probe.stdout.strip() != "True":
        raise unittest.SkipTest("%s: torch sees no CUDA device" % INTERPRETER)


def _companion(args, timeout=600):
    return subprocess.run([INTERPRETER, "-m", "cyclecheck_runtime"] + list(args), capture_output=True, text=True,
                          env=python_env(), timeout=timeout)


class CudaCycles(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        _skip_without_cuda()

    def test_cycles_report_their_cuda_and_cpu_bytes_apart(self):
        steps = 12
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "report.json")
            proc = _companion(["--output-format", "json", "-o", out, SCRIPT, str(steps)])
            self.assertEqual(proc.returncode, 0, proc.stderr)
            with open(out, encoding="utf-8") as fh:
                report = json.load(fh)
        [probe] = [c for c in report["cycles"] if c["origin"] == "user" and "Probe" in c["path"]]
        self.assertEqual(probe["count"], steps)
        # The view shares the buffer's storage, so each probe holds exactly 4 MiB on the GPU.
        self.assertEqual(probe["tensor_bytes"], {"cuda:0": steps * CUDA_BYTES_PER_PROBE,
                                                 "cpu": steps * CPU_BYTES_PER_PROBE})
        self.assertIn(".on_step", probe["labels"])
        self.assertEqual(report["gc"]["steps"]["count"], steps)
        expected_sizing = "libtorch" if self._has_torch_extension() else "python"
        self.assertEqual(report["observer"]["tensor_sizing"], expected_sizing)

    def test_text_report_names_the_device(self):
        proc = _companion([SCRIPT, "3"])
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("cuda:0", proc.stderr)
        self.assertIn("Probe", proc.stderr)

    def test_libtorch_and_python_sizing_agree_on_cuda_tensors(self):
        code = r'''
import json, torch
from cyclecheck_runtime import tensors
w = torch.zeros(1000, device="cuda", requires_grad=True)
w.grad = torch.ones(1000, device="cuda")
parts = [w, w[:10], torch.ones(3, 5, dtype=torch.float16, device="cuda"), torch.zeros(7, dtype=torch.int64)]
ext = tensors._extension()
by_ext = tensors.storage_bytes(parts) if ext is not None else None
tensors._ext = None
by_python = tensors.storage_bytes(parts)
print(json.dumps({"ext": by_ext, "python": by_python, "describe": tensors.describe(parts[2])}))
'''
        proc = subprocess.run([INTERPRETER, "-c", code], capture_output=True, text=True, env=python_env(), timeout=300)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        out = json.loads(proc.stdout)
        # weight 4000 + its grad 4000 (the view counts once) + 30 bytes of float16; 56 bytes on the CPU.
        expected = {"cuda:0": 8030, "cpu": 56}
        self.assertEqual(out["python"], expected)
        if self._has_torch_extension():
            self.assertEqual(out["ext"], expected)
        self.assertEqual(out["describe"]["device"], "cuda:0")
        self.assertEqual(out["describe"]["bytes"], 30)
        self.assertEqual(out["describe"]["dtype"], "float16")

    def test_gc_bench_shows_the_cuda_memory_that_cycles_keep(self):
        steps = 16
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "bench.json")
            proc = _companion(["--gc-bench", "-o", out, SCRIPT, str(steps)])
            self.assertEqual(proc.returncode, 0, proc.stderr)
            self.assertIn("peak CUDA", proc.stdout)
            with open(out, encoding="utf-8") as fh:
                settings = json.load(fh)["settings"]
        disabled = settings["disabled"]["peak_cuda_bytes"]
        per_step = settings["collect-per-step"]["peak_cuda_bytes"]
        # With the collector off every probe's 4 MiB stays until exit; collected each step, a few at most.
        # Both peaks also hold what does not depend on the collector (cuBLAS's workspace, the model).
        self.assertGreaterEqual(disabled, steps * CUDA_BYTES_PER_PROBE)
        self.assertGreaterEqual(disabled - per_step, (steps - 4) * CUDA_BYTES_PER_PROBE, proc.stdout)

    def _has_torch_extension(self):
        package = os.path.join(PYTHON_DIR, "cyclecheck_runtime")
        return any(name.startswith("_torch") for name in os.listdir(package))


if __name__ == "__main__":
    unittest.main()
