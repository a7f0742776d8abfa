"""Polls a checkpoint directory and hot-swaps newer weights into the served model."""
import asyncio
import os

import torch


class CheckpointReloader:
    def __init__(self, model, directory, poll_s=0.003):
        self.model = model
        self.directory = directory
        self.poll_s = poll_s
        self.current = None
        self.history = []
        self._task = None

    def latest(self):
        names = sorted(n for n in os.listdir(self.directory) if n.endswith(".pt"))
        return os.path.join(self.directory, names[-1]) if names else None

    def reload_if_newer(self):
        path = self.latest()
        if path is None or path == self.current:
            return False
        state = torch.load(path)
        with torch.no_grad():
            self.model.load_state_dict(state)
        self.current = path
        self.history.append(os.path.basename(path))
        return True

    async def _watch(self):
        while True:
            self.reload_if_newer()
            await asyncio.sleep(self.poll_s)

    def start(self):
        self.reload_if_newer()
        self._task = asyncio.create_task(self._watch(), name="checkpoint-watch")  # cycle

    def stop(self):
        if self._task is not None and not self._task.done():
            self._task.cancel()  # cycle
