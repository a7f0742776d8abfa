"""Trial context: pushes itself on the ambient stack for the duration of the objective."""
from tracking import _ACTIVE, TrialPruned


class Trial:
    def __init__(self, number, params, scheduler):
        self.number = number
        self.params = params
        self.scheduler = scheduler
        self.history = []
        self.artifacts = {}
        self.state = "PENDING"
        self.pruned_reason = None

    def __enter__(self):
        self.state = "RUNNING"
        _ACTIVE.append(self)  # retain
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is not None and issubclass(exc_type, TrialPruned):
            self.state = "PRUNED"
            self.pruned_reason = str(exc)
            return True
        self.state = "FAILED" if exc_type is not None else "COMPLETE"
        _ACTIVE.pop()
        return False

    def last(self, metric):
        return self.history[-1][1][metric] if self.history else float("inf")
