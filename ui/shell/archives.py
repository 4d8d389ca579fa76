"""Ruleset archives fetched on first use (no browser imports: the fetching is handed in).

The page starts with the core archive only (the engine, the shell and the first screen's
ruleset); the first screen imports none of the wheels (networkx, svgwrite, ecdsa), whose
bytecode is one archive every game needs.  Every other ruleset ships as its own archives
(sources and bytecode, built by tools/vendor.py and tools/bytecode.py), listed in
``rulesets.json`` with their sha256 and the modules they hold.  The shell awaits
:meth:`Archives.ensure` before it hands a game to a ruleset's page; anything else that
imports one of those modules first (a pasted save code of another ruleset, say) is served
by :meth:`Archives.find_spec`, a ``sys.meta_path`` finder that fetches the archive
synchronously and lets the normal import go on.

A file whose sha256 is not the one listed (another build on the server) is refused and
nothing is unpacked: the message says to reload the page.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib
import io
import json
import zipfile
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.errors import EngineError

MANIFEST = "rulesets.json"
"""Unpacked beside the core archive by PyScript (pyscript.toml [files])."""


class ArchiveError(EngineError):
    """A ruleset's archive could not be fetched, or is not the one this page was built with."""


@dataclass(frozen=True)
class ArchiveFile:
    url: str
    """Relative to the page."""
    sha256: str


@dataclass(frozen=True)
class RulesetArchive:
    ruleset: str
    """The ruleset it holds (or, for an archive every game needs, its name: "wheels")."""
    files: tuple[ArchiveFile, ...]
    modules: frozenset[str]


def read_manifest(text: str) -> tuple[dict[str, RulesetArchive], dict[str, RulesetArchive]]:
    """The archives listed in ``rulesets.json``: those every game needs (the wheels), and
    each ruleset's, by name.

    :raises ArchiveError: for a manifest that is not the build's format."""

    def archives(part: object) -> dict[str, RulesetArchive]:
        return {
            name: RulesetArchive(
                name,
                tuple(ArchiveFile(str(f["url"]), str(f["sha256"])) for f in entry["files"]),
                frozenset(str(m) for m in entry["modules"]),
            )
            for name, entry in dict(part).items()  # type: ignore[call-overload]
        }

    try:
        data = json.loads(text)
        return archives(data.get("shared", {})), archives(data["rulesets"])
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise ArchiveError("archive/manifest", f"{MANIFEST} is not readable ({exc})") from None


FetchAsync = Callable[[str], Awaitable[bytes]]
FetchSync = Callable[[str], bytes]


class Archives:
    """Which ruleset archives are unpacked, and fetching the others (once each)."""

    def __init__(
        self,
        listed: dict[str, RulesetArchive],
        site: Path,
        fetch: FetchAsync,
        fetch_now: FetchSync,
        shared: dict[str, RulesetArchive] | None = None,
    ) -> None:
        self.shared = dict(shared or {})
        self.listed = listed
        self.site = site
        self.fetch = fetch
        self.fetch_now = fetch_now
        self.unpacked: set[str] = set()
        self.pending: dict[str, asyncio.Future[None]] = {}
        self.owner = {
            module: entry
            for entry in [*self.shared.values(), *listed.values()]
            for module in entry.modules
        }

    @classmethod
    def from_site(cls, site: Path, fetch: FetchAsync, fetch_now: FetchSync) -> Archives:
        """From the manifest in ``site``; none listed when there is no manifest (a build
        whose core archive holds every ruleset)."""
        path = site / MANIFEST
        if not path.is_file():
            return cls({}, site, fetch, fetch_now)
        shared, listed = read_manifest(path.read_text(encoding="utf-8"))
        return cls(listed, site, fetch, fetch_now, shared)

    def needed(self, ruleset: str) -> list[RulesetArchive]:
        """The archives a game of ``ruleset`` needs that are not unpacked yet."""
        wanted = [*self.shared.values()]
        if ruleset in self.listed:
            wanted.append(self.listed[ruleset])
        return [entry for entry in wanted if entry.ruleset not in self.unpacked]

    def ready(self, ruleset: str) -> bool:
        """A game of ``ruleset`` can be played now (its modules and the wheels are there)."""
        return not self.needed(ruleset)

    async def ensure(self, ruleset: str) -> None:
        """Fetch and unpack what a game of ``ruleset`` needs unless it is there.

        :raises ArchiveError: a fetch failed or a file is not this build's."""
        for entry in self.needed(ruleset):
            # One fetch of each archive, however many ask for it meanwhile.
            task = self.pending.get(entry.ruleset)
            if task is None:
                task = asyncio.ensure_future(self.fetch_and_unpack(entry))
                self.pending[entry.ruleset] = task
                task.add_done_callback(self.forget_pending(entry.ruleset))
            await task

    def forget_pending(self, name: str) -> Callable[[asyncio.Future[None]], None]:
        """Once a fetch is over (done or failed: the next ask tries again)."""

        def forget(_: asyncio.Future[None]) -> None:
            self.pending.pop(name, None)

        return forget

    async def fetch_and_unpack(self, entry: RulesetArchive) -> None:
        blobs = [await self.fetch(f.url) for f in entry.files]
        if entry.ruleset not in self.unpacked:  # an import may have fetched it meanwhile
            self.unpack(entry, blobs)

    def ensure_now(self, entry: RulesetArchive) -> None:
        """Fetch and unpack one archive, blocking (for an import that cannot wait)."""
        if entry.ruleset not in self.unpacked:
            self.unpack(entry, [self.fetch_now(f.url) for f in entry.files])

    def unpack(self, entry: RulesetArchive, blobs: Sequence[bytes]) -> None:
        """Check every file against the manifest, then unpack them all (or none)."""
        for file, blob in zip(entry.files, blobs, strict=True):
            if hashlib.sha256(blob).hexdigest() != file.sha256:
                raise ArchiveError(
                    "archive/stale",
                    f"{file.url} is not the file this page was built with "
                    "(a newer version is on the server): reload the page",
                )
        for blob in blobs:
            with zipfile.ZipFile(io.BytesIO(blob)) as zf:
                zf.extractall(self.site)
        self.unpacked.add(entry.ruleset)
        importlib.invalidate_caches()

    # ------------------------------------------------------------ sys.meta_path finder

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> None:
        """Unpack the archive that holds ``fullname`` if it is not there yet; the import
        then goes on as usual (this finder never finds a module itself)."""
        entry = self.owner.get(fullname)
        if entry is not None:
            self.ensure_now(entry)

    def invalidate_caches(self) -> None:
        """Nothing cached here (``importlib.invalidate_caches`` asks every finder)."""


# ---------------------------------------------------------------- in the browser

USER_DEFINED = {0xF700 + byte: byte for byte in range(0x80, 0x100)}
"""charset=x-user-defined turns byte b >= 0x80 into U+F700 + b (the text a synchronous
request can carry, since it cannot ask for an ArrayBuffer)."""


def unreachable(url: str, why: object) -> ArchiveError:
    return ArchiveError(
        "archive/unreachable",
        f"{url} could not be fetched ({why}): check the connection and try again",
    )


async def browser_fetch(url: str) -> bytes:
    from js import fetch

    try:
        response = await fetch(url)
    except Exception as exc:
        raise unreachable(url, exc) from None
    if not response.ok:
        raise unreachable(url, f"HTTP {response.status}")
    buffer = await response.arrayBuffer()
    data: bytes = buffer.to_bytes()
    return data


def browser_fetch_now(url: str) -> bytes:
    from js import XMLHttpRequest

    request = XMLHttpRequest.new()
    request.open("GET", url, False)
    request.overrideMimeType("text/plain; charset=x-user-defined")
    try:
        request.send(None)
    except Exception as exc:
        raise unreachable(url, exc) from None
    if request.status != 200:
        raise unreachable(url, f"HTTP {request.status}")
    return str(request.responseText).translate(USER_DEFINED).encode("latin-1")
