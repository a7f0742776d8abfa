"""Process-wide telemetry helpers shared by every training job in the process."""
import weakref
from collections import defaultdict

# per-model static facts, computed once per model instance
_MODEL_FACTS = weakref.WeakKeyDictionary()

# step metrics of every job, keyed "job/metric"
SCALARS = defaultdict(list)


def model_facts(model):
    facts = _MODEL_FACTS.get(model)
    if facts is None:
        params = list(model.parameters())
        facts = {
            "n_params": sum(p.numel() for p in params),
            "n_trainable": sum(p.numel() for p in params if p.requires_grad),
            "n_layers": sum(1 for m in model.modules() if not list(m.children())),
            "param_bytes": sum(p.numel() * p.element_size() for p in params),
        }
        _MODEL_FACTS[model] = facts
    return facts


def log_scalars(job, step, **values):
    for name, value in values.items():
        if hasattr(value, "detach"):
            value = value.detach().cpu().item()
        SCALARS[f"{job}/{name}"].append((step, float(value)))


def latest(job, name, default=float("nan")):
    series = SCALARS.get(f"{job}/{name}")
    return series[-1][1] if series else default
