"""TorchScript export with a numerical parity check against eager mode."""
import io
from dataclasses import dataclass

import torch


@dataclass
class ExportReport:
    name: str
    num_bytes: int
    max_abs_diff: float


def script_and_check(model, example, name, atol=1e-5):
    model.eval()
    scripted = torch.jit.script(model)  # cycle
    with torch.no_grad():
        diff = (scripted(example) - model(example)).abs().max().item()
    if diff > atol:
        raise RuntimeError(f"{name}: scripted output differs by {diff:.2e}")
    buf = io.BytesIO()
    torch.jit.save(scripted, buf)
    return ExportReport(name=name, num_bytes=buf.getbuffer().nbytes, max_abs_diff=diff)
