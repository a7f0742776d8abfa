"""Per-run log file with size-based rotation; rotated segments are gzipped and indexed."""
import gzip
import logging
import logging.handlers
import os
import shutil


class RunLog:
    def __init__(self, log_dir, run_name, max_bytes=2048, backups=3):
        self.log_dir = log_dir
        self.run_name = run_name
        self.segments = []
        self.bytes_archived = 0
        path = os.path.join(log_dir, f"{run_name}.log")
        self.handler = logging.handlers.RotatingFileHandler(  # cycle
            path, maxBytes=max_bytes, backupCount=backups, encoding="utf-8")
        self.handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
        self.handler.namer = self._segment_name
        self.handler.rotator = self._compress_segment  # cycle
        self.logger = logging.getLogger(f"train.{run_name}")
        self.logger.setLevel(logging.INFO)
        self.logger.propagate = False
        self.logger.addHandler(self.handler)

    def _segment_name(self, default_name):
        return default_name + ".gz"

    def _compress_segment(self, source, dest):
        with open(source, "rb") as src, gzip.open(dest, "wb") as dst:
            shutil.copyfileobj(src, dst)
        self.bytes_archived += os.path.getsize(source)
        os.remove(source)
        self.segments.append(os.path.basename(dest))

    def info(self, msg, *args):
        self.logger.info(msg, *args)

    def close(self):
        self.logger.removeHandler(self.handler)
        self.handler.close()
