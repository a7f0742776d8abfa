"""Discrete conservation checks for periodic operators."""


class FluxMonitor:
    """Records the net discrete flux produced by an operator on every call."""

    def __init__(self, operator, name):
        self.name = name
        self.fluxes = []
        self.handle = operator.register_forward_hook(self._record)  # retain

    def _record(self, module, inputs, output):
        self.fluxes.append(output.sum(dim=-1).abs().max())  # retain

    def report(self):
        worst = max(float(f) for f in self.fluxes) if self.fluxes else 0.0
        return {"operator": self.name, "calls": len(self.fluxes), "max_net_flux": worst}

    def close(self):
        self.handle.remove()
