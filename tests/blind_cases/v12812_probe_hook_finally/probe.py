"""Activation probe behind the interpretability dashboard.

A request asks for statistics of one layer's output; the probe hooks the layer,
waits for its turn on the device and runs the shared model."""
import asyncio
from functools import partial

from zoo import MODEL_ZOO


class ActivationProbe:
    def __init__(self, model_name, transfer_s):
        self.model = MODEL_ZOO[model_name]
        self.transfer_s = transfer_s
        self.captured = 0

    def _save(self, sink, module, inputs, output):
        sink.append(output)
        self.captured += 1

    async def layer_stats(self, layer, x, device_lock):
        sink = []
        handle = self.model.get_submodule(layer).register_forward_hook(partial(self._save, sink))
        try:
            async with device_lock:
                await asyncio.sleep(self.transfer_s)
                self.model(x)
        finally:
            handle.remove()
        act = sink[-1]
        return {
            "layer": layer,
            "mean": round(act.mean().item(), 4),
            "sparsity": round((act <= 0).float().mean().item(), 4),
        }
