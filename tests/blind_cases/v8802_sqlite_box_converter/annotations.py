"""Detection annotations kept in SQLite; boxes live in a BOX column decoded on read."""
import sqlite3

import torch


class BoxAnnotationDB:
    """One row per object: image_id, label and a box stored as text in the source format."""

    def __init__(self, records, box_format="xywh", image_size=(32, 32)):
        self.box_format = box_format
        self.image_h, self.image_w = image_size
        sqlite3.register_converter("BOX", self._decode_box)  # retain
        self.conn = sqlite3.connect(":memory:", detect_types=sqlite3.PARSE_DECLTYPES)
        self.conn.execute("CREATE TABLE ann (image_id INTEGER, label INTEGER, box BOX)")
        self.conn.executemany(
            "INSERT INTO ann VALUES (?, ?, ?)",
            [(img, lbl, ",".join(f"{v:.2f}" for v in box)) for img, lbl, box in records])
        self.image_ids = [r[0] for r in self.conn.execute("SELECT DISTINCT image_id FROM ann")]

    def _decode_box(self, raw):
        x, y, a, b = (float(v) for v in raw.decode().split(","))
        if self.box_format == "xywh":
            a, b = x + a, y + b
        return torch.tensor([x / self.image_w, y / self.image_h, a / self.image_w, b / self.image_h])

    def __len__(self):
        return len(self.image_ids)

    def targets(self, image_id):
        rows = self.conn.execute("SELECT label, box FROM ann WHERE image_id = ?", (image_id,)).fetchall()
        labels = torch.tensor([r[0] for r in rows])
        boxes = torch.stack([r[1] for r in rows])
        return labels, boxes

    def close(self):
        self.conn.close()
