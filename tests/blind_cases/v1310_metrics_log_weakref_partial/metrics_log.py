"""JSON-lines metrics logger; whatever is still buffered is drained when the logger is collected."""
import functools
import json
import weakref

DRAINED = []


def _drain(buffer, stream_name, _ref=None):
    if buffer:
        DRAINED.append(stream_name + "\n" + "\n".join(json.dumps(rec) for rec in buffer))
        buffer.clear()


class MetricsLog:
    max_buffer = 32

    def __init__(self, stream_name, owner=None):
        self.stream_name = stream_name
        self.owner = owner
        self._buffer = []
        self._step = 0
        self._drain_ref = weakref.ref(self, functools.partial(_drain, self._buffer, stream_name))

    @property
    def step(self):
        return self._step

    def advance(self, n=1):
        self._step += n

    def log(self, **values):
        record = {"step": self._step}
        for key, val in values.items():
            record[key] = round(float(val), 6)
        self._buffer.append(record)
        if len(self._buffer) >= self.max_buffer:
            self.flush()

    def log_grad_norms(self, module):
        norms = {}
        for name, param in module.named_parameters():
            if param.grad is not None:
                norms["grad/" + name] = param.grad.norm().item()
        if norms:
            self.log(**norms)

    def flush(self):
        _drain(self._buffer, self.stream_name)
