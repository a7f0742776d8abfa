"""Semantic segmentation: training on random crops, validation on full frames with
sliding-window inference. The accumulation canvases are reused between frames."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"num_classes": 4, "crop": 32, "stride": 24, "frame": (64, 80), "epochs": 2, "steps": 4}

_CANVAS_CACHE = {}


def get_canvas(num_classes, height, width):
    key = (num_classes, height, width)
    if key not in _CANVAS_CACHE:
        _CANVAS_CACHE[key] = (torch.zeros(1, num_classes, height, width), torch.zeros(1, 1, height, width))  # retain
    logits, count = _CANVAS_CACHE[key]
    logits.zero_()
    count.zero_()
    return logits, count


def window_starts(size, crop, stride):
    starts = list(range(0, max(size - crop, 0) + 1, stride))
    if starts[-1] + crop < size:
        starts.append(size - crop)
    return starts


def slide_inference(model, image, num_classes, crop, stride):
    _, _, h, w = image.shape
    logits, count = get_canvas(num_classes, h, w)
    for y in window_starts(h, crop, stride):
        for x in window_starts(w, crop, stride):
            out = model(image[:, :, y:y + crop, x:x + crop])
            logits[:, :, y:y + crop, x:x + crop] += out  # retain
            count[:, :, y:y + crop, x:x + crop] += 1
    return logits / count


class TinySegNet(nn.Module):
    def __init__(self, num_classes, width=16):
        super().__init__()
        self.enc = nn.Sequential(nn.Conv2d(3, width, 3, 2, 1), nn.BatchNorm2d(width), nn.ReLU(),
                                 nn.Conv2d(width, 2 * width, 3, 2, 1), nn.BatchNorm2d(2 * width), nn.ReLU())
        self.classifier = nn.Conv2d(2 * width, num_classes, 1)

    def forward(self, x):
        return F.interpolate(self.classifier(self.enc(x)), size=x.shape[-2:], mode="bilinear", align_corners=False)


def synthetic_frame(num_classes, h, w):
    mask = torch.zeros(h, w, dtype=torch.long)
    for c in range(1, num_classes):
        y, x = int(torch.randint(0, h - 16, ())), int(torch.randint(0, w - 16, ()))
        mask[y:y + 16, x:x + 16] = c
    image = torch.randn(3, h, w) * 0.3 + mask.float()[None] / num_classes
    return image[None], mask[None]


def mean_iou(pred, target, num_classes):
    conf = torch.bincount(target.flatten() * num_classes + pred.flatten(), minlength=num_classes ** 2)
    conf = conf.reshape(num_classes, num_classes).float()
    iou = conf.diag() / (conf.sum(0) + conf.sum(1) - conf.diag()).clamp(min=1)
    return iou.mean().item()


def main():
    torch.manual_seed(0)
    k, crop = CFG["num_classes"], CFG["crop"]
    model = TinySegNet(k)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for epoch in range(CFG["epochs"]):
        model.train()
        for _ in range(CFG["steps"]):
            image, mask = synthetic_frame(k, *CFG["frame"])
            y, x = int(torch.randint(0, CFG["frame"][0] - crop, ())), int(torch.randint(0, CFG["frame"][1] - crop, ()))
            loss = F.cross_entropy(model(image[..., y:y + crop, x:x + crop]), mask[..., y:y + crop, x:x + crop])
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        scores = []
        for _ in range(2):
            image, mask = synthetic_frame(k, *CFG["frame"])
            probs = slide_inference(model, image, k, crop, CFG["stride"])
            scores.append(mean_iou(probs.argmax(1), mask, k))
        print(f"epoch {epoch}: loss={loss.item():.3f} val mIoU={sum(scores) / len(scores):.3f}")


if __name__ == "__main__":
    main()
