"""3-D conv action classifier trained on short clips; clips with unreadable frames are replaced."""
import torch
import torch.nn as nn

CFG = {"videos": 6, "frames_per_video": 24, "clip_len": 4, "batch": 4, "classes": 3,
       "epochs": 2, "steps": 3, "size": 16}


class DecodeError(RuntimeError):
    def __init__(self, video_id, frame_idx):
        super().__init__(f"bad packet in video {video_id} at frame {frame_idx}")
        self.frame_idx = frame_idx


class Clip:
    def __init__(self, video_id, start, length, label):
        self.video_id, self.start, self.length, self.label = video_id, start, length, label
        self.frames = None
        self.error = None
        self.replacement = None


class SyntheticVideoReader:
    def __init__(self, corrupt, size):
        self.corrupt = corrupt
        self.size = size

    def read(self, video_id, idx):
        if (video_id, idx) in self.corrupt:
            raise DecodeError(video_id, idx)
        g = torch.Generator().manual_seed(video_id * 1000 + idx)
        return torch.randn(3, self.size, self.size, generator=g) + video_id % CFG["classes"]

    def read_clip(self, clip):
        return torch.stack([self.read(clip.video_id, clip.start + t) for t in range(clip.length)], dim=1)


def load_clips(reader, clips):
    batch = []
    for clip in clips:
        try:
            clip.frames = reader.read_clip(clip)
        except DecodeError as err:
            clip.error = err  # cycle
            shifted = err.frame_idx + 1
            if shifted + clip.length > CFG["frames_per_video"]:
                shifted = err.frame_idx - clip.length
            clip.replacement = Clip(clip.video_id, shifted, clip.length, clip.label)
            clip.replacement.frames = reader.read_clip(clip.replacement)
        batch.append(clip.frames if clip.error is None else clip.replacement.frames)
    return torch.stack(batch)


class TinyC3D(nn.Module):
    def __init__(self, classes):
        super().__init__()
        self.features = nn.Sequential(nn.Conv3d(3, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool3d(1))
        self.fc = nn.Linear(8, classes)

    def forward(self, x):
        return self.fc(self.features(x).flatten(1))


def sample_clips(n):
    out = []
    for _ in range(n):
        vid = int(torch.randint(0, CFG["videos"], ()))
        start = int(torch.randint(0, CFG["frames_per_video"] - CFG["clip_len"], ()))
        out.append(Clip(vid, start, CFG["clip_len"], vid % CFG["classes"]))
    return out


def main():
    torch.manual_seed(0)
    corrupt = {(v, f) for v in range(CFG["videos"]) for f in range(2, CFG["frames_per_video"], 7)}
    reader = SyntheticVideoReader(corrupt, CFG["size"])
    model = TinyC3D(CFG["classes"])
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for epoch in range(CFG["epochs"]):
        failures = 0
        for step in range(CFG["steps"]):
            clips = sample_clips(CFG["batch"])
            x = load_clips(reader, clips)
            y = torch.tensor([c.label for c in clips])
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            failures += sum(c.error is not None for c in clips)
        print(f"epoch {epoch}: loss {loss.item():.3f}, replaced {failures} clips")


if __name__ == "__main__":
    main()
