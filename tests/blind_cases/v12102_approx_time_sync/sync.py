"""Minimal message_filters: topic subscribers and an approximate-time synchronizer."""
import itertools


class SimpleFilter:
    def __init__(self):
        self.callbacks = {}
        self._conn_ids = itertools.count()

    def register_callback(self, cb, *args):
        conn = next(self._conn_ids)
        self.callbacks[conn] = (cb, args)  # cycle
        return conn

    def disconnect(self, conn):
        self.callbacks.pop(conn, None)

    def signal_message(self, *msgs):
        for cb, args in list(self.callbacks.values()):
            cb(*(msgs + args))


class Subscriber(SimpleFilter):
    def __init__(self, topic):
        super().__init__()
        self.topic = topic

    def push(self, msg):
        self.signal_message(msg)


class ApproximateTimeSynchronizer(SimpleFilter):
    def __init__(self, inputs, queue_size=10, slop=0.02):
        super().__init__()
        self.queue_size = queue_size
        self.slop = slop
        self.queues = [{} for _ in inputs]
        self.inputs = list(inputs)  # cycle
        self.connections = [f.register_callback(self.add, q) for f, q in zip(self.inputs, self.queues)]

    def close(self):
        for f, conn in zip(self.inputs, self.connections):
            f.disconnect(conn)

    def add(self, msg, queue):
        queue[msg.stamp] = msg
        while len(queue) > self.queue_size:
            del queue[min(queue)]
        self._try_match()

    def _try_match(self):
        if not all(self.queues):
            return
        pivot = max(self.queues[0])
        picked = []
        for q in self.queues:
            stamp = min(q, key=lambda s: abs(s - pivot))
            if abs(stamp - pivot) > self.slop:
                return
            picked.append(stamp)
        msgs = tuple(q[s] for q, s in zip(self.queues, picked))
        for q, s in zip(self.queues, picked):
            for old in [k for k in q if k <= s]:
                del q[old]
        self.signal_message(*msgs)
