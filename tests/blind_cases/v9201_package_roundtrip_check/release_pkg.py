"""torch.package helpers used by the release job: build an archive, then check it loads."""
import io

import torch
from torch.package import PackageExporter, PackageImporter

PACKAGE_NAME = "intent_model"
RESOURCE = "model.pkl"


def build_package(model, meta):
    buffer = io.BytesIO()
    with PackageExporter(buffer) as exporter:
        # model_def ships in the serving image's wheel; the archive carries weights + meta
        exporter.extern(["torch", "torch.**", "model_def"])
        exporter.save_text(PACKAGE_NAME, "meta.txt", repr(meta))
        exporter.save_pickle(PACKAGE_NAME, RESOURCE, model)
    return buffer.getvalue()


def smoke_test(blob, eager_model, example, atol=1e-5):
    importer = PackageImporter(io.BytesIO(blob))  # cycle
    loaded = importer.load_pickle(PACKAGE_NAME, RESOURCE)
    loaded.eval()
    eager_model.eval()
    with torch.no_grad():
        expected = eager_model(*example)
        got = loaded(*example)
    eager_model.train()
    meta = importer.load_text(PACKAGE_NAME, "meta.txt")
    return {
        "max_abs_diff": float((expected - got).abs().max()),
        "ok": bool(torch.allclose(expected, got, atol=atol)),
        "meta": meta,
        "size_kb": len(blob) / 1024.0,
    }
