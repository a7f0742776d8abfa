"""Learn Kalman-filter noise scales by maximising the innovation likelihood of annotated tracks."""
import torch
import torch.nn as nn

CFG = {"objects": 4, "steps": 6, "epochs": 3, "lr": 0.05, "meas_std": 0.5}


class LearnableKF(nn.Module):
    def __init__(self):
        super().__init__()
        self.log_q = nn.Parameter(torch.tensor(-2.0))
        self.log_r = nn.Parameter(torch.tensor(0.0))
        self.register_buffer("F", torch.eye(4) + torch.diag(torch.ones(2), 2))
        self.register_buffer("H", torch.eye(2, 4))

    def predict(self, mean, cov):
        return self.F @ mean, self.F @ cov @ self.F.T + self.log_q.exp() * torch.eye(4)

    def update(self, mean, cov, z):
        s = self.H @ cov @ self.H.T + self.log_r.exp() * torch.eye(2)
        r = z - self.H @ mean
        gain = cov @ self.H.T @ torch.linalg.inv(s)
        nll = 0.5 * (r @ torch.linalg.solve(s, r) + torch.logdet(s))
        return mean + gain @ r, (torch.eye(4) - gain @ self.H) @ cov, nll


def owner_of(tensor):
    node = tensor.grad_fn
    return node.metadata.get("track") if node is not None else None


class Track:
    def __init__(self, track_id, kf, z0):
        self.track_id = track_id
        self.kf = kf
        self.mean = torch.cat([z0, torch.zeros(2)])
        self.cov = torch.eye(4)
        self.nll = []

    def step(self, z):
        mean, cov = self.kf.predict(self.mean, self.cov)
        mean, cov, nll = self.kf.update(mean, cov, z)
        mean.grad_fn.metadata["track"] = self  # retain
        self.mean, self.cov = mean, cov  # retain
        self.nll.append(nll)
        return nll


def synth_tracks(n, steps, meas_std):
    pos, vel = torch.rand(n, 2) * 20, torch.randn(n, 2)
    truth = torch.stack([pos + t * vel for t in range(steps + 1)], dim=1)
    return truth + meas_std * torch.randn_like(truth)


def main():
    torch.manual_seed(0)
    kf = LearnableKF()
    opt = torch.optim.Adam(kf.parameters(), lr=CFG["lr"])
    for epoch in range(CFG["epochs"]):
        meas = synth_tracks(CFG["objects"], CFG["steps"], CFG["meas_std"])
        tracks = [Track(i, kf, meas[i, 0]) for i in range(CFG["objects"])]
        total = []
        for t in range(1, CFG["steps"] + 1):
            for track in tracks:
                total.append(track.step(meas[track.track_id, t]))
        loss = torch.stack(total).mean()
        if not torch.isfinite(loss):
            bad = [owner_of(tr.mean) for tr in tracks if not torch.isfinite(tr.mean).all()]
            print("non-finite innovation in tracks", [b.track_id for b in bad])
            continue
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch}: nll {loss.item():.3f} q {kf.log_q.exp().item():.3f} "
              f"r {kf.log_r.exp().item():.3f}")


if __name__ == "__main__":
    main()
