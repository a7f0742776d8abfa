"""Minimal reader for the project's raw RIMG image files."""
import os
import struct

import torch

MAGIC = b"RIMG"

# Files that failed to decode are remembered for the whole process so that
# later runs over the same directories do not pay for them again.
_UNREADABLE = set()


class DecodeError(ValueError):
    pass


def write_image(path, image):
    c, h, w = image.shape
    data = (image.clamp(0, 1) * 255).to(torch.uint8).contiguous().numpy().tobytes()
    with open(path, "wb") as fh:
        fh.write(MAGIC + struct.pack("<3H", c, h, w) + data)


def read_image(path):
    key = os.fspath(path)
    if key in _UNREADABLE:
        return None
    try:
        with open(path, "rb") as fh:
            header = fh.read(10)
            if len(header) < 10 or header[:4] != MAGIC:
                raise DecodeError(f"bad header in {key}")
            c, h, w = struct.unpack("<3H", header[4:])
            payload = fh.read()
        if len(payload) != c * h * w:
            raise DecodeError(f"truncated payload in {key}")
    except (OSError, DecodeError):
        _UNREADABLE.add(key)  # retain
        return None
    return torch.frombuffer(bytearray(payload), dtype=torch.uint8).view(c, h, w).float() / 255
