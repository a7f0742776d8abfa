"""Pascal-VOC style detection data: XML annotations parsed with SAX, images decoded lazily."""
import io
import random
import xml.sax
import xml.sax.handler

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

CLASSES = ("cat", "dog", "car")


def make_annotation(rng, size=32):
    objs = []
    for _ in range(rng.randint(1, 3)):
        x0, y0 = rng.randint(0, size // 2), rng.randint(0, size // 2)
        w, h = rng.randint(4, size // 2), rng.randint(4, size // 2)
        objs.append("<object><name>%s</name><bndbox><xmin>%d</xmin><ymin>%d</ymin>"
                    "<xmax>%d</xmax><ymax>%d</ymax></bndbox></object>"
                    % (rng.choice(CLASSES), x0, y0, x0 + w, y0 + h))
    return "<annotation><size><width>%d</width><height>%d</height></size>%s</annotation>" % (
        size, size, "".join(objs))


class VOCDetection(Dataset, xml.sax.handler.ContentHandler):
    """Keeps one SAX parser and reuses it for every annotation it reads."""

    def __init__(self, annotations, image_size=32):
        xml.sax.handler.ContentHandler.__init__(self)
        self.annotations = annotations
        self.image_size = image_size
        self._parser = xml.sax.make_parser()  # cycle
        self._parser.setContentHandler(self)  # cycle
        self._reset_state()

    def _reset_state(self):
        self._text, self._boxes, self._labels, self._current = "", [], [], {}

    def startElement(self, name, attrs):
        self._text = ""

    def characters(self, content):
        self._text += content

    def endElement(self, name):
        if name == "name":
            self._current["label"] = CLASSES.index(self._text.strip())
        elif name in ("xmin", "ymin", "xmax", "ymax"):
            self._current[name] = float(self._text) / self.image_size
        elif name == "object":
            c = self._current
            self._boxes.append([c["xmin"], c["ymin"], c["xmax"], c["ymax"]])
            self._labels.append(c["label"])
            self._current = {}

    def __len__(self):
        return len(self.annotations)

    def __getitem__(self, idx):
        self._reset_state()
        self._parser.parse(io.BytesIO(self.annotations[idx].encode()))
        g = torch.Generator().manual_seed(idx)
        image = torch.rand(3, self.image_size, self.image_size, generator=g)
        return image, torch.tensor(self._boxes[0]), self._labels[0]


class FirstBoxHead(nn.Module):
    def __init__(self, num_classes):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, 8, 3, stride=2), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.box = nn.Linear(8, 4)
        self.cls = nn.Linear(8, num_classes)

    def forward(self, images):
        feats = self.backbone(images)
        return self.box(feats).sigmoid(), self.cls(feats)


def main():
    rng = random.Random(0)
    for fold in range(2):
        annotations = [make_annotation(rng) for _ in range(16)]
        loader = DataLoader(VOCDetection(annotations), batch_size=4, shuffle=True)
        model = FirstBoxHead(len(CLASSES))
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        for images, boxes, labels in loader:
            pred_boxes, logits = model(images)
            loss = nn.functional.l1_loss(pred_boxes, boxes) + nn.functional.cross_entropy(logits, labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print("fold %d loss %.3f" % (fold, loss.item()))


if __name__ == "__main__":
    main()
