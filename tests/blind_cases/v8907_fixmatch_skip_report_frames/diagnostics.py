"""Bookkeeping for batches that a semi-supervised trainer had to skip."""
import inspect


class NonFiniteLoss(FloatingPointError):
    pass


def check_finite(name, value):
    if not bool(value.isfinite()):
        raise NonFiniteLoss("%s is not finite (%s)" % (name, float(value)))


class SkipReport:
    """Keeps the failing call stack of each skipped batch so that the summary can show where it broke."""

    def __init__(self, max_records=50):
        self.max_records = max_records
        self.records = []
        self.total = 0

    def record(self, epoch, step, err):
        self.total += 1
        if len(self.records) < self.max_records:
            stack = inspect.getinnerframes(err.__traceback__, context=0)
            self.records.append({"epoch": epoch, "step": step, "error": str(err), "stack": stack})  # cycle

    def summary(self):
        lines = ["%d skipped batches" % self.total]
        for rec in self.records[:3]:
            where = " <- ".join("%s:%d" % (fi.function, fi.lineno) for fi in reversed(rec["stack"]))
            lines.append("  epoch %d step %d: %s [%s]" % (rec["epoch"], rec["step"], rec["error"], where))
        return "\n".join(lines)
