#!/usr/bin/env python3
"""Runs the workspace's test binaries side by side, as many at once as there are cores.

`cargo test` runs its test binaries one after another, so a binary whose last test runs alone
(an NVRTC compilation of a whole module family, a slow debug-build sort) leaves the other
cores idle. This runner starts every binary that `cargo test --no-run` built, in the
environment `cargo test` gives it (the package folder as working directory, the `CARGO_*`
variables), longest first, and the doctests (`cargo test --doc`) as one more job. Each binary's
output is printed whole when it fails, and its result line and time when it passes. The last
line is the total, "tests: N passed, N failed".

    scripts/run-tests.py BUILD_JSON [--jobs N] [--host-target SUITE ...]

BUILD_JSON is the output of `cargo test --workspace --no-run --message-format=json`.
`--host-target` names test targets to run once more with `KERNELS_TEST_CUDA_HOST=only` and
`--skip nvrtc` (scripts/test-cuda-host's third run). Exits 1 when a job failed.
"""

import argparse
import json
import os
import pathlib
import re
import subprocess
import sys
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]

# Binaries measured as the longest (debug build, 2 cores): started first, so that the short
# ones fill the other core around them. The rest start in the order cargo built them.
LONGEST_FIRST = [
    "kernels-std/math",
    "doctests",
    "kernels-std/lib",
    "kernel-macros-ui/compile_fail",
    "kernels-std/special",
    "kernels-std/reduce",
    "kernels-std/astype",
    "array-runtime/nvrtc_reduction",
    "array-runtime/nvrtc",
    "kernels-std/random",
]

LIBRARY_PATH = ""

RESULT = re.compile(r"test result: (\w+)\. (\d+) passed; (\d+) failed; (\d+) ignored")


class Job:
    """One process to run: a test binary (or `cargo test --doc`) and how it is named."""

    def __init__(self, name, argv, cwd, env):
        self.name = name
        self.argv = argv
        self.cwd = cwd
        self.env = env
        self.seconds = 0.0
        self.code = None
        self.output = ""

    def run(self):
        start = time.monotonic()
        try:
            p = subprocess.run(
                self.argv,
                cwd=self.cwd,
                env=self.env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                check=False,
            )
            self.code = p.returncode
            self.output = p.stdout.decode("utf-8", "replace")
        except OSError as e:
            self.code = 127
            self.output = f"could not start {self.argv[0]}: {e}\n"
        self.seconds = time.monotonic() - start

    def counts(self):
        """(passed, failed) summed over the result lines of the output."""
        passed = failed = 0
        for m in RESULT.finditer(self.output):
            passed += int(m.group(2))
            failed += int(m.group(3))
        return passed, failed


def library_path():
    """The dynamic library path `cargo test` gives its binaries: the toolchain's `libstd` (a
    proc-macro crate's unit tests link it dynamically) and the build's deps folder."""
    libdir = subprocess.run(
        ["rustc", "--print", "target-libdir"], capture_output=True, text=True, check=True
    ).stdout.strip()
    dirs = [libdir, str(ROOT / "target" / "debug" / "deps")]
    if os.environ.get("LD_LIBRARY_PATH"):
        dirs.append(os.environ["LD_LIBRARY_PATH"])
    return os.pathsep.join(dirs)


def package_env(manifest_path, name, version, crate):
    """The variables `cargo test` sets for a test binary of this package."""
    env = dict(os.environ)
    env["LD_LIBRARY_PATH"] = LIBRARY_PATH
    env["CARGO"] = env.get("CARGO", "cargo")
    env["CARGO_MANIFEST_DIR"] = str(pathlib.Path(manifest_path).parent)
    env["CARGO_MANIFEST_PATH"] = manifest_path
    env["CARGO_PKG_NAME"] = name
    env["CARGO_PKG_VERSION"] = version
    env["CARGO_CRATE_NAME"] = crate
    return env


def package_of(package_id, manifest):
    """(name, version) of a package id: `path+file:///dir#0.1.0` or `...#name@0.1.0`."""
    fragment = package_id.rsplit("#", 1)[-1]
    if "@" in fragment:
        name, version = fragment.split("@", 1)
        return name, version
    return pathlib.Path(manifest).parent.name, fragment


def jobs_from_build(build_json, host_suites):
    """The test binaries of the build's JSON messages, as jobs; the host-target reruns after."""
    jobs, host = [], []
    for line in pathlib.Path(build_json).read_text().splitlines():
        if not line.startswith("{"):
            continue
        msg = json.loads(line)
        if msg.get("reason") != "compiler-artifact" or not msg.get("executable"):
            continue
        if not msg.get("profile", {}).get("test"):
            continue
        target = msg["target"]
        manifest = msg["manifest_path"]
        package, version = package_of(msg["package_id"], manifest)
        kind = target["kind"][0]
        label = "lib" if kind == "lib" else target["name"]
        name = f"{package}/{label}" if kind != "bin" else f"{package}/bin/{target['name']}"
        env = package_env(manifest, package, version, target["name"].replace("-", "_"))
        cwd = str(pathlib.Path(manifest).parent)
        jobs.append(Job(name, [msg["executable"]], cwd, env))
        if kind == "test" and target["name"] in host_suites:
            henv = dict(env, KERNELS_TEST_CUDA_HOST="only")
            argv = [msg["executable"], "--skip", "nvrtc"]
            host.append(Job(f"{name} (CUDA host target)", argv, cwd, henv))
    return jobs, host


def ordered(jobs):
    rank = {n: i for i, n in enumerate(LONGEST_FIRST)}
    return sorted(jobs, key=lambda j: rank.get(j.name, len(rank)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build_json")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--host-target", nargs="*", default=[])
    args = ap.parse_args()

    global LIBRARY_PATH
    LIBRARY_PATH = library_path()
    jobs, host = jobs_from_build(args.build_json, set(args.host_target))
    if not jobs:
        print("run-tests: the build listed no test binary", file=sys.stderr)
        return 1
    doc = Job(
        "doctests",
        ["cargo", "test", "--workspace", "--doc"],
        str(ROOT),
        dict(os.environ),
    )
    queue = ordered(jobs + [doc]) + host
    lock = threading.Lock()
    done = []
    start = time.monotonic()

    def worker():
        while True:
            with lock:
                if not queue:
                    return
                job = queue.pop(0)
            job.run()
            with lock:
                done.append(job)
                passed, failed = job.counts()
                status = "ok" if job.code == 0 else f"FAILED (exit {job.code})"
                print(
                    f"== {job.name}: {status}, {passed} passed, {failed} failed, "
                    f"{job.seconds:.1f} s (at {time.monotonic() - start:.0f} s)",
                    flush=True,
                )
                if job.code != 0:
                    print(job.output, flush=True)

    threads = [threading.Thread(target=worker) for _ in range(max(1, args.jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    slowest = sorted(done, key=lambda j: -j.seconds)[:10]
    print("run-tests: the slowest: " + ", ".join(f"{j.name} {j.seconds:.0f} s" for j in slowest))
    passed = sum(j.counts()[0] for j in done)
    failed = sum(j.counts()[1] for j in done)
    broken = [j.name for j in done if j.code != 0]
    if broken:
        print("run-tests: failed: " + ", ".join(broken))
    # A job that failed without a failed test (a crash, a binary that would not start) counts
    # as one failure.
    failed += sum(1 for j in done if j.code != 0 and j.counts()[1] == 0)
    print(f"tests: {passed} passed, {failed} failed")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
