"""Forecast cache read by the dashboard; slots are preallocated and reused per key."""
import torch


class ForecastCache:
    def __init__(self):
        self._slots = {}

    def slot(self, key, shape):
        buf = self._slots.get(key)
        if buf is None or buf.shape != shape:
            buf = torch.empty(shape)
            self._slots[key] = buf
        return buf

    def get(self, key):
        return self._slots.get(key)

    def __len__(self):
        return len(self._slots)
