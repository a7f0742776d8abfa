"""Process-wide logger of the tracking pipeline; records carry the sequence name and frame."""
import logging
import sys

LOG = logging.getLogger("mot.pipeline")
_handler = logging.StreamHandler(sys.stdout)
_handler.setFormatter(logging.Formatter("[%(seq)s f%(frame)03d] %(levelname)s %(message)s"))
LOG.addHandler(_handler)
LOG.setLevel(logging.INFO)
LOG.propagate = False
