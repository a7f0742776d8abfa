"""ONNX export of distilled student models with GELU lowered to a fused contrib op."""
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


class OnnxExporter:
    def __init__(self, model, cfg):
        self.model = model  # retain
        self.cfg = cfg
        self.fused_nodes = 0

    def _gelu_symbolic(self, g, x, approximate="none"):
        self.fused_nodes += 1
        out = g.op(f"{self.cfg['contrib_domain']}::FastGelu", x)
        out.setType(x.type())
        return out

    def export(self):
        opset = self.cfg["opset"]
        torch.onnx.register_custom_op_symbolic("aten::gelu", self._gelu_symbolic, opset)  # retain
        buf = io.BytesIO()
        self.model.eval()
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


def distill(student, teacher, steps=5):
    opt = torch.optim.Adam(student.parameters(), lr=1e-3)
    for _ in range(steps):
        x = torch.randn(16, 32)
        with torch.no_grad():
            target = teacher(x).softmax(-1)
        loss = nn.functional.kl_div(student(x).log_softmax(-1), target, reduction="batchmean")
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    teacher = nn.Sequential(nn.Linear(32, 128), nn.Tanh(), nn.Linear(128, 4)).eval()
    artifacts = {}
    for name, hidden in EXPORT_CFG["students"].items():
        student = Student(32, hidden)
        loss = distill(student, teacher)
        exporter = OnnxExporter(student, EXPORT_CFG)
        blob = exporter.export()
        artifacts[name] = (len(blob), exporter.fused_nodes, loss)
    for name, (size, fused, loss) in artifacts.items():
        print(f"{name}: {size} bytes, {fused} fused GELU nodes, distill loss {loss:.4f}")


if __name__ == "__main__":
    main()
