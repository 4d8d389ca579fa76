"""The machine a benchmark ran on: CPU model, cores, memory, Python and Chromium versions."""

from __future__ import annotations

import os
import platform
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from typing import Any


def _cpuinfo_model(text: str) -> str:
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip() in {"model name", "Model", "Hardware", "cpu model"} and value.strip():
            return value.strip()
    return platform.processor() or platform.machine()


def _mem_total_gib(text: str) -> float | None:
    for line in text.splitlines():
        if line.startswith("MemTotal:"):
            return round(int(line.split()[1]) / 1024 / 1024, 1)
    return None


def _read(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def chromium_version(executable: str) -> str:
    """``chromium --version`` (empty if it cannot be run)."""
    try:
        out = subprocess.run(
            [executable, "--version"], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return out.stdout.strip()


def machine_info(chromium: str | None = None) -> dict[str, Any]:
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        usable = os.cpu_count() or 0
    info: dict[str, Any] = {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "cpu": _cpuinfo_model(_read("/proc/cpuinfo")),
        "cores": os.cpu_count(),
        "cores_usable": usable,
        "memory_gib": _mem_total_gib(_read("/proc/meminfo")),
        "os": f"{platform.system()} {platform.release()}",
        "python": platform.python_version(),
        "python_impl": platform.python_implementation(),
    }
    if chromium:
        info["chromium"] = chromium_version(chromium)
    return info
