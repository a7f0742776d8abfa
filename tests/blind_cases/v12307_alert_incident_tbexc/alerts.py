"""Alert rules checked after every optimizer step, and the incident log behind /incidents."""
import collections
import math
import sys
import time
import traceback


class AlertFired(Exception):
    def __init__(self, rule, value, step):
        super().__init__(f"{rule.name}: {rule.metric}={float(value):.4g} at step {step}")
        self.rule = rule
        self.value = value
        self.step = step


class Rule:
    def __init__(self, name, metric, check, severity="warning"):
        self.name = name
        self.metric = metric
        self.check = check
        self.severity = severity


RULES = [
    Rule("loss_not_finite", "loss", lambda v: not math.isfinite(float(v)), "critical"),
    Rule("grad_explosion", "grad_norm", lambda v: float(v) > 10.0, "critical"),
    Rule("loss_high", "loss", lambda v: float(v) > 4.0),
]

INCIDENTS = collections.deque(maxlen=64)


def evaluate(metrics, step):
    for rule in RULES:
        value = metrics.get(rule.metric)
        if value is not None and rule.check(value):
            raise AlertFired(rule, value, step)


def record_current_incident():
    """Call from an except block: keeps a rendered report, locals included."""
    exc_type, exc, tb = sys.exc_info()
    report = traceback.TracebackException(exc_type, exc, tb, capture_locals=True)
    INCIDENTS.append({
        "at": time.time(),
        "rule": exc.rule.name,
        "severity": exc.rule.severity,
        "step": exc.step,
        "report": report,
    })
    return exc.rule.severity


def render_incidents(limit=3):
    out = []
    for inc in list(INCIDENTS)[-limit:]:
        head = f"[{inc['severity']}] step {inc['step']} {inc['rule']}"
        out.append(head + "\n" + "".join(inc["report"].format_exception_only()).rstrip())
    return "\n".join(out)
