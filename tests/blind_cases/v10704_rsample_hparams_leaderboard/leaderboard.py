"""Process-wide leaderboard shared by every search run in the session."""
_ROWS = []


def submit(run, trial, params, score):
    _ROWS.append({"run": run, "trial": trial, "params": params, "score": score})  # retain


def top(k=3, run=None):
    rows = [r for r in _ROWS if run is None or r["run"] == run]
    return sorted(rows, key=lambda r: r["score"])[:k]


def render(k=3, run=None):
    lines = []
    for r in top(k, run):
        hp = ", ".join(f"{name}={float(v):+.2f}" for name, v in r["params"].items())
        lines.append(f"{r['run']}#{r['trial']:02d}  loss={r['score']:.4f}  {hp}")
    return "\n".join(lines)
