"""Hook bus whose handlers run in the context they were registered from."""
import contextvars


class Subscription:
    __slots__ = ("topic", "handler", "context", "calls")

    def __init__(self, topic, handler, context):
        self.topic = topic
        self.handler = handler
        self.context = context
        self.calls = 0


class HookBus:
    def __init__(self):
        self._subs = []

    def on(self, topic, handler):
        sub = Subscription(topic, handler, contextvars.copy_context())  # cycle
        self._subs.append(sub)  # cycle
        return sub

    def off(self, sub):
        self._subs.remove(sub)

    def emit(self, topic, **payload):
        for sub in list(self._subs):
            if sub.topic == topic:
                sub.calls += 1
                sub.context.run(sub.handler, **payload)
