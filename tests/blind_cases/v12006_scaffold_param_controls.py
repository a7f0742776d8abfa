"""SCAFFOLD with stateful clients; control variates travel with each parameter."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"num_clients": 4, "rounds": 3, "local_steps": 4, "batch_size": 16,
       "local_lr": 0.05, "global_lr": 1.0, "seed": 2}


def build_model():
    return nn.Sequential(nn.Linear(6, 20), nn.ReLU(), nn.Linear(20, 3))


class ScaffoldClient:
    def __init__(self, cid, x, y, cfg):
        self.cid = cid
        self.x, self.y = x, y
        self.cfg = cfg
        self.model = build_model()
        for p in self.model.parameters():
            p.c_local = torch.zeros_like(p)

    def fit(self, global_state, global_controls):
        self.model.load_state_dict(global_state)
        for p, c in zip(self.model.parameters(), global_controls):
            p.c_global = c
        opt = torch.optim.SGD(self.model.parameters(), lr=self.cfg["local_lr"])
        for _ in range(self.cfg["local_steps"]):
            idx = torch.randint(0, len(self.x), (self.cfg["batch_size"],))
            loss = F.cross_entropy(self.model(self.x[idx]), self.y[idx])
            opt.zero_grad()
            loss.backward()
            with torch.no_grad():
                for p in self.model.parameters():
                    p.grad.add_(p.c_global - p.c_local)
            opt.step()
        return self._refresh_controls(list(global_state.values())), loss.item()

    def _refresh_controls(self, global_params):
        scale = 1.0 / (self.cfg["local_steps"] * self.cfg["local_lr"])
        delta_y, delta_c = [], []
        for p, gp in zip(self.model.parameters(), global_params):
            c_new = p.c_local - p.c_global + (gp - p) * scale
            delta_y.append((p - gp).detach().clone())
            delta_c.append((c_new - p.c_local).detach().clone())
            p.c_local = c_new  # retain
        return delta_y, delta_c


class ScaffoldServer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = build_model()
        self.controls = [torch.zeros_like(p) for p in self.model.parameters()]

    def run_round(self, clients):
        state = {k: v.clone() for k, v in self.model.state_dict().items()}
        uploads, losses = [], []
        for client in clients:
            (dy, dc), loss = client.fit(state, [c.clone() for c in self.controls])
            uploads.append((dy, dc))
            losses.append(loss)
        n = len(uploads)
        with torch.no_grad():
            for i, p in enumerate(self.model.parameters()):
                p.add_(self.cfg["global_lr"] * sum(u[0][i] for u in uploads) / n)
                self.controls[i] += sum(u[1][i] for u in uploads) / n
        return sum(losses) / n


def main():
    torch.manual_seed(CFG["seed"])
    clients = []
    for cid in range(CFG["num_clients"]):
        x = torch.randn(64, 6) + cid * 0.5
        y = (x[:, cid % 3] > cid * 0.5).long() + (x[:, 3] > 0).long()
        clients.append(ScaffoldClient(cid, x, y, CFG))
    server = ScaffoldServer(CFG)
    for rnd in range(CFG["rounds"]):
        loss = server.run_round(clients)
        print(f"round {rnd}: mean local loss {loss:.4f}")


if __name__ == "__main__":
    main()
