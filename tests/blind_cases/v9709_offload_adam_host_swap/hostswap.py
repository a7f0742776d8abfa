"""Process-wide host swap space for optimizer state (stand-in for pinned/NVMe buffers)."""
import itertools


class HostSwapSpace:
    def __init__(self):
        self._slots = {}
        self._owners = itertools.count()
        self.bytes_out = 0

    def new_owner(self):
        return next(self._owners)

    def swap_out(self, key, state):
        self._slots[key] = state  # retain
        self.bytes_out += sum(t.numel() * t.element_size() for t in state.values() if hasattr(t, "numel"))

    def swap_in(self, key):
        return self._slots.pop(key, None)

    def resident(self):
        return len(self._slots)


HOST_SWAP = HostSwapSpace()
