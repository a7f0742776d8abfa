"""Append-only pickle journal: one complete record per dump, replayed after preemption."""
import pickle


class StateJournal:
    def __init__(self, fh):
        self._fh = fh
        self._pickler = pickle.Pickler(fh, protocol=pickle.HIGHEST_PROTOCOL)  # retain
        self.records = 0

    def append(self, obj):
        # every record must be readable on its own, so no memo references to earlier records
        self._pickler.clear_memo()
        self._pickler.dump(obj)  # retain
        self._fh.flush()
        self.records += 1

    @staticmethod
    def last_record(fh):
        last = None
        while True:
            try:
                last = pickle.load(fh)
            except EOFError:
                return last
