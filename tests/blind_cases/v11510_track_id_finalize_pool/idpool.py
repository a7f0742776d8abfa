"""Bounded pool of display ids: ids index a fixed colour palette and output slots."""


class IdPool:
    def __init__(self, size):
        self.size = size
        self._free = list(range(size, 0, -1))
        self.recycled = 0

    def acquire(self):
        if not self._free:
            raise RuntimeError(f"all {self.size} track ids are in use")
        return self._free.pop()

    def release(self, track_id):
        self._free.append(track_id)
        self.recycled += 1

    def in_use(self):
        return self.size - len(self._free)
