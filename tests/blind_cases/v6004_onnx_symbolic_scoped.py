"""ONNX export of pruned students; contrib-op lowerings are installed only for the export call."""
import contextlib
import io

import torch
import torch.nn as nn

EXPORT_CFG = {
    "opset": 14,
    "contrib_domain": "com.microsoft",
    "input_shape": (2, 32),
    "students": {"tiny": 32, "small": 48, "base": 64},
}


class Student(nn.Module):
    def __init__(self, d_in, hidden, n_out=4):
        super().__init__()
        self.fc1 = nn.Linear(d_in, hidden)
        self.act = nn.GELU()
        self.fc2 = nn.Linear(hidden, n_out)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


@contextlib.contextmanager
def lowered_ops(symbolics, opset):
    registered = []
    try:
        for op_name, fn in symbolics.items():
            torch.onnx.register_custom_op_symbolic(op_name, fn, opset)
            registered.append(op_name)
        yield
    finally:
        for op_name in registered:
            torch.onnx.unregister_custom_op_symbolic(op_name, opset)


class OnnxExporter:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.fused_nodes = 0

    def _gelu_symbolic(self, g, x, approximate="none"):
        self.fused_nodes += 1
        out = g.op(f"{self.cfg['contrib_domain']}::FastGelu", x)
        out.setType(x.type())
        return out

    def export(self):
        opset = self.cfg["opset"]
        buf = io.BytesIO()
        self.model.eval()
        with lowered_ops({"aten::gelu": self._gelu_symbolic}, opset):
            torch.onnx.export(
                self.model,
                torch.randn(*self.cfg["input_shape"]),
                buf,
                opset_version=opset,
                input_names=["features"],
                output_names=["logits"],
                custom_opsets={self.cfg["contrib_domain"]: 1},
            )
        return buf.getvalue()


def prune_and_tune(student, steps=5, keep=0.7):
    with torch.no_grad():
        w = student.fc1.weight
        w.mul_((w.abs() >= w.abs().quantile(1 - keep)).float())
    opt = torch.optim.SGD(student.parameters(), lr=0.05)
    for _ in range(steps):
        x, y = torch.randn(16, 32), torch.randint(0, 4, (16,))
        loss = nn.functional.cross_entropy(student(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    artifacts = {}
    for name, hidden in EXPORT_CFG["students"].items():
        student = Student(32, hidden)
        loss = prune_and_tune(student)
        exporter = OnnxExporter(student, EXPORT_CFG)
        blob = exporter.export()
        artifacts[name] = (len(blob), exporter.fused_nodes, loss)
    for name, (size, fused, loss) in artifacts.items():
        print(f"{name}: {size} bytes, {fused} fused GELU nodes, loss {loss:.4f}")


if __name__ == "__main__":
    main()
