"""Per-epoch latent-walk preview for a small generator: slerp between keyframes, with
adaptive refinement of the segment whose endpoints differ the most."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"z_dim": 16, "img": 8, "keys": 4, "frames_per_segment": 6, "refine_rounds": 2, "epochs": 2, "steps": 4}


class Generator(nn.Module):
    def __init__(self, z_dim, img):
        super().__init__()
        self.img = img
        self.net = nn.Sequential(nn.Linear(z_dim, 64), nn.ReLU(), nn.Linear(64, img * img), nn.Tanh())

    def forward(self, z):
        return self.net(z).view(-1, 1, self.img, self.img)


def slerp(a, b, t):
    a_n, b_n = F.normalize(a, dim=-1), F.normalize(b, dim=-1)
    omega = torch.acos((a_n * b_n).sum(-1, keepdim=True).clamp(-1 + 1e-6, 1 - 1e-6))
    so = torch.sin(omega)
    return (torch.sin((1 - t) * omega) / so) * a + (torch.sin(t * omega) / so) * b


class Keyframe:
    def __init__(self, z, label):
        self.z = z
        self.label = label
        self.prev = None
        self.next = None
        self.image = None


class LatentWalk:
    def __init__(self, generator, latents):
        self.generator = generator
        self.head = self.tail = None
        for i, z in enumerate(latents):
            self.append(Keyframe(z, f"k{i}"))

    def append(self, key):
        if self.tail is None:
            self.head = self.tail = key
            return
        key.prev = self.tail  # cycle
        self.tail.next = key  # cycle
        self.tail = key

    def insert_after(self, node, key):
        key.prev, key.next = node, node.next  # cycle
        if node.next is not None:
            node.next.prev = key  # cycle
        else:
            self.tail = key
        node.next = key  # cycle

    def keyframes(self):
        node = self.head
        while node is not None:
            yield node
            node = node.next

    @torch.no_grad()
    def render_keys(self):
        for key in self.keyframes():
            if key.image is None:
                key.image = self.generator(key.z[None])[0]

    def refine(self):
        self.render_keys()
        worst, worst_gap = None, -1.0
        for key in self.keyframes():
            if key.next is not None:
                gap = (key.image - key.next.image).abs().mean().item()
                if gap > worst_gap:
                    worst, worst_gap = key, gap
        mid = slerp(worst.z, worst.next.z, torch.tensor(0.5))
        self.insert_after(worst, Keyframe(mid, f"{worst.label}+"))
        return worst_gap

    @torch.no_grad()
    def render(self, frames_per_segment):
        ts = torch.linspace(0, 1, frames_per_segment + 1)[:-1, None]
        clips = [self.generator(slerp(k.z, k.next.z, ts)) for k in self.keyframes() if k.next is not None]
        return torch.cat(clips, dim=0)


def main():
    torch.manual_seed(0)
    G = Generator(CFG["z_dim"], CFG["img"])
    opt = torch.optim.Adam(G.parameters(), lr=1e-3)
    target = torch.rand(32, 1, CFG["img"], CFG["img"]) * 2 - 1
    anchors = torch.randn(CFG["keys"], CFG["z_dim"])
    for epoch in range(CFG["epochs"]):
        for _ in range(CFG["steps"]):
            fake = G(torch.randn(32, CFG["z_dim"]))
            loss = F.mse_loss(fake.mean(0), target.mean(0)) + F.mse_loss(fake.std(0), target.std(0))
            opt.zero_grad()
            loss.backward()
            opt.step()
        walk = LatentWalk(G, anchors)
        gaps = [walk.refine() for _ in range(CFG["refine_rounds"])]
        video = walk.render(CFG["frames_per_segment"])
        labels = [k.label for k in walk.keyframes()]
        print(f"epoch {epoch} loss {loss.item():.4f} frames {tuple(video.shape)} keys {labels} gaps {gaps}")


if __name__ == "__main__":
    main()
