"""Track base class in the FairMOT / ByteTrack layout."""
from collections import OrderedDict


class TrackState:
    New = 0
    Tracked = 1
    Lost = 2
    Removed = 3


class BaseTrack:
    _count = 0

    track_id = 0
    is_activated = False
    state = TrackState.New

    history = OrderedDict()
    features = []  # retain
    curr_feature = None
    start_frame = 0
    frame_id = 0

    @staticmethod
    def next_id():
        BaseTrack._count += 1
        return BaseTrack._count
