"""Text summary of a model built from a capture session."""
from capture import CaptureSession


def describe(model, sample):
    session = CaptureSession(model).run(sample)
    lines = []
    for rec in session.records:
        src = ",".join(str(p) for p in rec.parents) or "input"
        lines.append(f"{rec.index:>2} {rec.name:<14} {rec.kind:<12} {str(rec.shape):<18} <- {src}")
    n_params = sum(p.numel() for p in model.parameters())
    lines.append(f"output {tuple(session.output.shape)}, {n_params} parameters")
    return "\n".join(lines)
