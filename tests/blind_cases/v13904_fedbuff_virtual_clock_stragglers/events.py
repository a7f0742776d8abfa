"""Discrete-event clock shared by the asynchronous federated simulators."""
import heapq
import itertools


class VirtualClock:
    def __init__(self):
        self.now = 0.0
        self._heap = []
        self._seq = itertools.count()

    def schedule(self, delay, payload):
        heapq.heappush(self._heap, (self.now + delay, next(self._seq), payload))  # retain

    def next_event(self):
        when, _, payload = heapq.heappop(self._heap)
        self.now = when
        return payload

    def pending(self):
        return len(self._heap)

    def cancel_all(self):
        self._heap.clear()


CLOCK = VirtualClock()
