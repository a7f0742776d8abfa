"""Strength sweep for several fine-tuned UNets; the status panel and CLI printer follow the bus."""
import torch

from events import BUS
from img2img import Img2ImgPipeline, TinyAutoencoder, TinyUNet


class CliProgress:
    def __init__(self, label):
        self.label = label
        self.lines = []

    def __call__(self, event):
        self.lines.append(f"[{self.label}] {event.step}/{event.total} t={event.timestep}")


class StatusPanel:
    """Shows the most recent step; subscribing replays the last sticky event."""

    def __init__(self):
        self.last_seen = None

    def __call__(self, event):
        self.last_seen = (event.step, event.total, float(event.latents.std()))


def main():
    torch.manual_seed(0)
    vae = TinyAutoencoder().eval()
    init_image = torch.rand(1, 3, 16, 16) * 2 - 1
    results = []
    for ckpt in range(3):
        pipe = Img2ImgPipeline(TinyUNet().eval(), vae)
        panel = StatusPanel()
        with BUS.subscription("step", panel):
            for strength in (0.3, 0.75):
                printer = CliProgress(f"ckpt{ckpt}/s{strength}")
                with BUS.subscription("step", printer, replay=False):
                    image = pipe(init_image, strength=strength)
                results.append((ckpt, strength, len(printer.lines), round(float(image.mean()), 4)))
        results.append((ckpt, "panel", panel.last_seen[:2]))
    for row in results:
        print(*row)


if __name__ == "__main__":
    main()
