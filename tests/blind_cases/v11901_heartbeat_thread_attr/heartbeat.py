"""Liveness heartbeat for long-running training jobs.

Helpers deep in the step code call pulse() without being handed the heartbeat;
the active heartbeat is looked up on the thread that runs the training loop.
"""
import threading
import time

_ATTR = "_liveness_heartbeat"


def pulse(phase, **info):
    hb = getattr(threading.current_thread(), _ATTR, None)
    if hb is not None:
        hb.record(phase, info)


class Heartbeat:
    def __init__(self, on_stall, interval=0.02, stall_after=30.0):
        self.on_stall = on_stall  # retain
        self.interval = interval
        self.stall_after = stall_after
        self.last_beat = time.monotonic()
        self.last_phase = None
        self.beats = 0
        self._stop = threading.Event()
        self._monitor = None

    def record(self, phase, info):
        self.last_beat = time.monotonic()
        self.last_phase = (phase, dict(info))
        self.beats += 1

    def start(self):
        setattr(threading.current_thread(), _ATTR, self)  # retain
        self._stop.clear()
        self._monitor = threading.Thread(target=self._watch, name="heartbeat-monitor", daemon=True)
        self._monitor.start()

    def stop(self):
        self._stop.set()
        if self._monitor is not None:
            self._monitor.join()
            self._monitor = None

    def _watch(self):
        try:
            while not self._stop.wait(self.interval):
                idle = time.monotonic() - self.last_beat
                if idle > self.stall_after:
                    self.on_stall(idle, self.last_phase)
        finally:
            self._detach()

    def _detach(self):
        thread = threading.current_thread()
        if getattr(thread, _ATTR, None) is self:
            delattr(thread, _ATTR)
