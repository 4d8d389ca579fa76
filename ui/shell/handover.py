"""Who may see a sequential game's secrets on one device (pure): the hand-over rule that
Classic and Risk, Paper, Scissors share.  A session inherits :class:`HandOver` and gives
``pbem`` (its email game or None), ``revealed`` (the seat last handed the device), the
properties ``actor``, ``human_turn`` and ``humans``, and :meth:`shows_nothing_secret`."""

from __future__ import annotations

from typing import Any


class HandOver:
    pbem: Any
    revealed: int | None

    @property
    def actor(self) -> int | None:
        raise NotImplementedError

    @property
    def human_turn(self) -> bool:
        raise NotImplementedError

    @property
    def humans(self) -> list[int]:
        raise NotImplementedError

    def shows_nothing_secret(self, seat: int) -> bool:
        """Whether ``seat``'s turn now shows nothing the others may not see (then no
        hand-over screen is needed before each placed army)."""
        raise NotImplementedError

    @property
    def needs_handover(self) -> bool:
        """A different human must take the device before their secrets are shown."""
        return (
            self.pbem is None
            and self.human_turn
            and len(self.humans) > 1
            and self.actor != self.revealed
        )

    def acknowledge_handover(self) -> None:
        if self.human_turn:
            self.revealed = self.actor

    @property
    def viewer(self) -> int | None:
        """The seat whose secrets may be shown now (None: nobody's)."""
        if self.pbem is not None:
            return self.pbem.seat  # type: ignore[no-any-return]
        if len(self.humans) == 1:
            return self.humans[0]
        if self.needs_handover:
            return None
        return self.revealed

    def _sync_viewer(self) -> None:
        if self.pbem is not None:
            self.revealed = self.pbem.seat
            return
        humans = self.humans
        if len(humans) == 1:
            self.revealed = humans[0]
        elif self.human_turn and self.actor != self.revealed:
            actor = self.actor
            assert actor is not None
            if self.shows_nothing_secret(actor):
                self.revealed = actor
