"""What the NumPy sides of the benchmarks (scripts/bench_numpy*.py) share."""
import time


def median_time(fn, reps):
    """The median of `reps` timed calls of `fn`, after one untimed call (the page faults of
    the first allocation)."""
    fn()
    ts = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t)
    ts.sort()
    return ts[len(ts) // 2]
