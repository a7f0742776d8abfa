"""Authenticated client -> server channel that masks uploads with a session key stream."""
import hashlib

import torch


class SecureChannel:
    def __init__(self, client, server_nonce):
        self.client = client
        digest = hashlib.sha256(f"{client.cid}:{server_nonce}".encode()).digest()
        self.session_seed = int.from_bytes(digest[:6], "little")
        self.is_open = False
        self.frames = 0

    def __enter__(self):
        self.is_open = True
        return self

    def __exit__(self, exc_type, exc, tb):
        self.is_open = False
        return False

    def _keystream(self, numel):
        gen = torch.Generator().manual_seed(self.session_seed + self.frames)
        return torch.randn(numel, generator=gen)

    @torch.no_grad()
    def seal(self, flat_update):
        if not self.is_open:
            raise RuntimeError("channel closed")
        sealed = flat_update + self._keystream(flat_update.numel())
        self.frames += 1
        return sealed, self.frames - 1

    def unseal(self, sealed, frame):
        gen = torch.Generator().manual_seed(self.session_seed + frame)
        return sealed - torch.randn(sealed.numel(), generator=gen)
