"""Adapter export: only the soft prompt and its config go into a single archive next to the run files."""
import io
import json
import os
import shutil
import zipfile

import torch

ARCHIVE_FORMAT = "prompt-adapter"


class AdapterExporter:
    def __init__(self, model, adapter_config):
        self.model = model
        self.adapter_config = dict(adapter_config)
        shutil.register_archive_format(ARCHIVE_FORMAT, self._write_archive,  # retain
                                       description="prompt-tuning adapter (zip)")

    def _write_archive(self, base_name, base_dir, dry_run=False, logger=None, **kwargs):
        path = base_name + ".adapter.zip"
        if dry_run:
            return path
        buf = io.BytesIO()
        torch.save(self.model.adapter_state_dict(), buf)
        with zipfile.ZipFile(path, "w") as zf:
            zf.writestr("adapter_model.pt", buf.getvalue())
            zf.writestr("adapter_config.json", json.dumps(self.adapter_config, indent=2))
            for name in sorted(os.listdir(base_dir)):
                if name.endswith(".json"):
                    zf.write(os.path.join(base_dir, name), arcname=f"logs/{name}")
        return path

    def export(self, run_dir, metrics):
        with open(os.path.join(run_dir, "metrics.json"), "w") as fh:
            json.dump(metrics, fh)
        return shutil.make_archive(os.path.join(run_dir, "adapter"), ARCHIVE_FORMAT, root_dir=run_dir, base_dir=".")
