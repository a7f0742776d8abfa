"""Process-wide metrics bus: trainers publish, reporters and exporters observe."""
import collections


class MetricsBus:
    def __init__(self):
        self._observers = []
        self.counts = collections.Counter()

    def subscribe(self, observer):
        if observer not in self._observers:
            self._observers.append(observer)  # retain
        return observer

    def unsubscribe(self, observer):
        if observer in self._observers:
            self._observers.remove(observer)

    def publish(self, topic, **payload):
        self.counts[topic] += 1
        for observer in list(self._observers):
            handler = getattr(observer, "on_" + topic, None)
            if handler is not None:
                handler(**payload)


BUS = MetricsBus()
