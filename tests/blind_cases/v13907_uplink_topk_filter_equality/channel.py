"""In-process uplink standing in for the network transport of the simulator."""


class Channel:
    def __init__(self, name):
        self.name = name
        self._filters = {}
        self.bytes_sent = 0

    def add_filter(self, sender, fn):
        self._filters.setdefault(sender, []).append(fn)

    def remove_filter(self, sender, fn):
        kept = [f for f in self._filters.get(sender, []) if f != fn]
        if kept:
            self._filters[sender] = kept
        else:
            self._filters.pop(sender, None)

    def send(self, sender, payload):
        for fn in self._filters.get(sender, []):
            payload = fn(payload)
        self.bytes_sent += sum(int((t != 0).sum()) * (t.element_size() + 4) for t in payload.values())
        return payload


UPLINK = Channel("uplink")
