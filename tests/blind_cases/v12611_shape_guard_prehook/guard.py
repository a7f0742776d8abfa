"""Input shape guard for traced graphs, driven by ShapeProp metadata."""
from torch.fx.passes.shape_prop import ShapeProp


class ShapeGuard:
    def __init__(self, gm, example_args):
        self.gm = gm  # cycle
        self.expected = {}
        self.violations = 0
        self.refresh(example_args)
        self.handle = gm.register_forward_pre_hook(self.check)  # cycle

    def refresh(self, example_args):
        ShapeProp(self.gm).propagate(*example_args)
        self.expected = {
            n.name: tuple(n.meta["tensor_meta"].shape[1:])
            for n in self.gm.graph.nodes
            if n.op == "placeholder"
        }

    def check(self, module, args):
        for (name, want), arg in zip(self.expected.items(), args):
            got = tuple(arg.shape[1:])
            if got != want:
                self.violations += 1
                raise ValueError(f"{name}: expected trailing shape {want}, got {got}")
