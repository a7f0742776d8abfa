"""In-process publish/subscribe bus with optional per-subscriber rate limiting."""
import collections


class Throttle:
    def __init__(self, callback, rate_hz):
        self.callback = callback
        self.period = 1.0 / rate_hz
        self.last_stamp = None

    def __call__(self, msg, stamp):
        if self.last_stamp is None or stamp - self.last_stamp >= self.period - 1e-9:
            self.last_stamp = stamp
            self.callback(msg, stamp)


class TopicBus:
    def __init__(self):
        self._subs = collections.defaultdict(list)
        self.counts = collections.Counter()

    def subscribe(self, topic, callback, rate_hz=None):
        entry = Throttle(callback, rate_hz) if rate_hz else callback
        self._subs[topic].append(entry)
        return entry

    def unsubscribe(self, topic, callback):
        self._subs[topic] = [s for s in self._subs[topic] if getattr(s, "callback", s) != callback]

    def publish(self, topic, msg, stamp):
        self.counts[topic] += 1
        for callback in list(self._subs[topic]):
            callback(msg, stamp)


BUS = TopicBus()
