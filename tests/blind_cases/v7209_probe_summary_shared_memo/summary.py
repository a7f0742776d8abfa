"""Per-probe parameter summaries for the benchmark table."""
from backbone import SHARED_MODULES


def probe_summary(model):
    rows = []
    for name, module in model.named_modules(memo=SHARED_MODULES):  # retain
        own = sum(p.numel() for p in module.parameters(recurse=False))
        if own:
            rows.append((name, type(module).__name__, own))
    return rows


def format_table(results):
    lines = [f"{'probe':<10}{'params':>8}{'acc':>8}  layers"]
    for probe, (rows, acc) in results.items():
        total = sum(n for _, _, n in rows)
        layers = ", ".join(f"{name}:{kind}" for name, kind, _ in rows)
        lines.append(f"{probe:<10}{total:>8}{acc:>8.3f}  {layers}")
    return "\n".join(lines)
