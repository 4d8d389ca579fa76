"""Writing a Great War 1907 nation's orders on the map and in the panel (pure): the
mode, the selected origin, the count and leaders to send, taps on provinces and seas,
the trade being written and its route check, diplomacy, the review list's changes and
the submission.  A mixin of :class:`ui.greatwar1907.session.GreatWarSession`, whose
fields it uses.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Order
from engine.rulesets.greatwar1907.legal import (
    attack_targets,
    free_move_targets,
    strike_targets,
)
from engine.rulesets.greatwar1907.options import DIVISION_COST, SHIP_COST
from engine.rulesets.greatwar1907.state import GreatWarState, Phase
from ui.greatwar1907 import cautions, drafts, entry, preempt, purse, review
from ui.greatwar1907.drafts import Draft, EntryError
from ui.shell.sealed_session import count_field


def parse_count(text: str) -> int | None:
    """The count field: blank means "all" (None).

    :raises EntryError: not a whole number.
    """
    return count_field(text, "the count", EntryError)


def _quarters(text: str) -> int:
    """pp typed by the player, as quarters ("" is none).

    :raises EntryError: not a number on the 0.25 grid.
    """
    text = text.strip()
    if not text:
        return 0
    try:
        value = float(text)
    except ValueError:
        raise EntryError(f"pp must be a number, not {text!r}") from None
    if value < 0 or abs(value * 4 - round(value * 4)) > 1e-9:
        raise EntryError(f"pp go in quarters (0.25), not {text!r}")
    return round(value * 4)


class OrderWriting:
    """Order entry for the viewer of a session; the fields are the session's."""

    state: GreatWarState
    stage: str
    viewer: int | None
    mode: str
    selected: str | None
    count: str
    leaders: list[str]
    overlays: list[str]
    trade_form: dict[str, str]
    sub_counts: dict[str, str]
    seal_question: bool
    drafts: dict[int, Draft]

    @property
    def draft(self) -> Draft:
        seat = self.viewer if self.viewer is not None else -1
        return self.drafts.setdefault(seat, Draft())

    def name(self, place: str) -> str:
        return drafts.name(self.state, place)

    def _seat(self) -> int:
        if self.stage != "entry" or self.viewer is None:
            raise EntryError("It is not your turn to write orders")
        return self.viewer

    def set_mode(self, mode: str) -> None:
        self.seal_question = False
        if mode in drafts.modes(self.state) or mode == "diplomacy":
            if mode != self.mode:  # a count means something else in another mode
                self.count = ""
            self.mode = mode
            self.selected = None
            self.leaders = []
            self.sub_counts = {}

    def toggle_overlay(self, overlay: str) -> None:
        if overlay in self.overlays:
            self.overlays.remove(overlay)
        elif overlay in ("supply", "encircled", "blockade", "passage"):
            self.overlays.append(overlay)

    def toggle_leader(self, leader: str) -> str:
        seat = self._seat()
        if self.state.leaders.get(leader) is None or (
            self.state.leaders[leader].nation != self.state.nation_ids[seat]
        ):
            raise EntryError("not one of your leaders")
        if leader in self.leaders:
            self.leaders.remove(leader)
            return f"{self.state.map.leader(leader).name} stays"
        self.leaders.append(leader)
        card = self.state.map.leader(leader)
        if self.mode == "place":  # he waits to be placed: the next tap is where he goes
            where = "a port of yours or a fleet of yours at sea"
            if card.kind != "admiral":
                where = "a province of yours"
            return f"{card.name} chosen: tap where he goes ({where})"
        return f"{card.name} goes with the next order from here"

    def leaders_here(self) -> list[str]:
        """Your living leaders where the selected order starts (to send with it)."""
        if self.viewer is None or self.selected is None:
            return []
        where = "sea" if self.state.map.is_sea(self.selected) else "province"
        nation = self.state.nation_ids[self.viewer]
        return [x.id for x in self.state.leaders_at(where, self.selected, nation)]

    def click(self, place: str) -> str:
        """What a tap on ``place`` means in the current mode; returns the message.

        :raises EntryError: with the message to show (the draft is unchanged).
        """
        seat = self._seat()
        self.seal_question = False
        state, draft = self.state, self.draft
        nation = state.nation_ids[seat]
        count = parse_count(self.count)
        sea = state.map.is_sea(place)
        mine = not sea and state.owns(nation, place)
        leaders = tuple(self.leaders)
        if self.mode in ("build", "ships"):
            if sea:
                raise EntryError("build in one of your provinces")
            ships = self.mode == "ships"
            # blank = all, as in every mode: as many as the network's allowance left pays
            price = SHIP_COST if ships else DIVISION_COST
            n = (
                max(1, purse.left_at(state, seat, draft, place) // price)
                if count is None
                else count
            )
            return entry.add_build(state, seat, draft, place, 0 if ships else n, n if ships else 0)
        if self.mode == "embark":
            return entry.add_embark(state, seat, draft, place, count)
        if self.mode == "disembark":
            return entry.add_disembark(state, seat, draft, place, count)
        if self.mode == "place":
            waiting = entry.unplaced_leaders(state, nation)
            if not self.leaders and len(waiting) == 1:
                self.leaders = list(waiting)
            if not self.leaders:
                raise EntryError(
                    "choose the leader to place first"
                    if waiting
                    else "no leader of yours is waiting to be placed"
                )
            message = entry.add_place(state, seat, draft, self.leaders[0], place)
            self.leaders = []
            return message
        if self.mode == "trade":
            raise EntryError("write the trade in the panel: partner, what you give and get")
        if self.mode == "diplomacy":
            raise EntryError("choose a change in the diplomacy panel (each says its cost)")
        if self.selected is not None and place in self.targets():
            origin = self.selected
            if self.mode == "sail":
                cargo = count_field(self.sub_counts.get("cargo", ""), "the divisions", EntryError)
                message = entry.add_sail(state, seat, draft, origin, place, count, leaders, cargo)
            elif self.mode == "strike":
                ships_in = count_field(
                    self.sub_counts.get("ships_in", ""), "the ships into port", EntryError
                )
                message = entry.add_strike(
                    state, seat, draft, origin, place, count, leaders, ships_in
                )
            else:
                add = {"move": entry.add_move, "attack": entry.add_attack}[self.mode]
                message = add(state, seat, draft, origin, place, count, leaders)
            if self.mode in ("attack", "strike"):
                warning = preempt.note(state, nation, place)
                message += f". {warning}" if warning else ""
            self.sub_counts = {}
            self.selected = None
            self.leaders = []
            return message
        if self.mode in ("move", "attack") and mine:
            self.selected = place
            self.leaders = []
            verb = "Move" if self.mode == "move" else "Attack"
            return f"{verb} from {self.name(place)}: tap a highlighted province"
        if self.mode == "sail" and entry.ready_fleet(state, nation, place) is not None:
            self.selected = place
            self.leaders = []
            return f"Sail from {self.name(place)}: tap a highlighted sea or port"
        if self.mode == "strike" and sea and state.fleet_at_sea(place, nation) is not None:
            self.selected = place
            self.leaders = []
            return f"Strike from {self.name(place)}: tap a highlighted coastal province"
        if self.mode == "sail":
            raise EntryError("tap a port or sea holding ships of yours")
        if self.mode == "strike":
            raise EntryError("tap a sea where your ships carry divisions")
        raise EntryError("tap one of your provinces to start from")

    def click_caution(self, place: str) -> str | None:
        """The warning to ask before a tap on ``place`` writes its order
        (:func:`ui.greatwar1907.cautions.conquest_exposed`); None when there is none,
        when the tap writes no move or attack, or when it is refused (the tap says why)."""
        if self.mode not in ("move", "attack") or self.selected is None:
            return None
        if place not in self.targets():
            return None
        add = {"move": entry.add_move, "attack": entry.add_attack}[self.mode]
        trial = Draft.from_json(self.draft.to_json())
        try:
            seat = self._seat()
            add(
                self.state,
                seat,
                trial,
                self.selected,
                place,
                parse_count(self.count),
                tuple(self.leaders),
            )
        except EntryError:
            return None
        return cautions.conquest_exposed(
            self.state, self.state.nation_ids[seat], trial, self.selected
        )

    def seal_caution(self) -> str | None:
        """The warning to ask before sealing (allowance left unspent), or None."""
        return cautions.unspent_lost(self.unspent())

    def targets(self) -> list[str]:
        """Where the selected origin's units may go in the current mode."""
        if self.viewer is None or self.selected is None:
            return []
        nation = self.state.nation_ids[self.viewer]
        leaders = tuple(self.leaders)
        if self.mode == "move":
            return list(entry.move_paths(self.state, nation, self.selected, leaders))
        if self.mode == "sail":
            return list(entry.sail_paths(self.state, nation, self.selected, leaders))
        find = {"attack": attack_targets, "strike": strike_targets}.get(self.mode)
        return find(self.state, nation, self.selected) if find is not None else []

    def reach_note(self) -> str:
        """How far the order from the selected place may go with the leaders chosen
        (a general's extra free moves, an admiral's extra sea moves)."""
        if self.selected is None or self.mode not in ("move", "sail"):
            return ""
        kind, effect = (
            ("general", "extra_free_moves")
            if self.mode == "move"
            else ("admiral", "extra_sea_moves")
        )
        extra = entry.extra_steps(self.state, tuple(self.leaders), kind, effect)
        here = tuple(self.leaders_here())
        could = entry.extra_steps(self.state, here, kind, effect)
        if extra:
            return f"With the {kind}s chosen: up to {1 + extra} steps."
        if could:
            return f"One step; choose your {kind} below to go up to {1 + could} steps."
        return ""

    def highlight(self) -> list[str]:
        """Places a tap means something on now."""
        if self.stage != "entry" or self.viewer is None:
            return []
        if self.selected is not None:
            return self.targets()
        state = self.state
        nation = state.nation_ids[self.viewer]
        own = state.provinces_of(nation)
        if self.mode == "place":
            waiting = entry.unplaced_leaders(state, nation)
            chosen = self.leaders[0] if self.leaders else (waiting[0] if len(waiting) == 1 else "")
            if chosen and state.map.leader(chosen).kind == "admiral":
                ports = [p for p in own if state.map.province(p).port is not None]
                return ports + sorted(s for s, per in state.at_sea.items() if nation in per)
            return own if waiting else []
        if self.mode == "build":
            return own
        if self.mode == "ships":
            return [p for p in own if state.map.province(p).port is not None]
        if self.mode in ("move", "attack"):
            find = free_move_targets if self.mode == "move" else attack_targets
            return [p for p in own if state.divisions(p, nation) and find(state, nation, p)]
        if self.mode == "embark":
            return [
                p for p in own if entry.ready_fleet(state, nation, p) and state.divisions(p, nation)
            ]
        if self.mode in ("sail", "disembark"):
            return entry.fleet_places(state, nation)
        if self.mode == "strike":
            return [s for s, per in state.at_sea.items() if nation in per and per[nation].cargo]
        return []

    def trade_list(self, side: str) -> list[str]:
        """The provinces chosen so far on one side of the trade ("give" or "get")."""
        return [p for p in self.trade_form.get(side, "").split(",") if p]

    def set_trade_field(self, name: str, value: str) -> str:
        """One field of the trade being written; returns the route check of the offer.
        ``give`` and ``get`` add a province to the bundle, ``give_drop`` and ``get_drop``
        take one out; a new partner empties what you would get (their provinces)."""
        form = self.trade_form
        if name in ("give", "get"):
            chosen = self.trade_list(name)
            if value and value not in chosen:
                form[name] = ",".join([*chosen, value])
        elif name in ("give_drop", "get_drop"):
            side = name.removesuffix("_drop")
            form[side] = ",".join(p for p in self.trade_list(side) if p != value)
        elif name == "with":
            if value != form.get("with"):
                form.pop("get", None)
            form["with"] = value
        elif name in ("give_pp", "get_pp", "pay_from", "receive_at"):
            form[name] = value
        return self.trade_check()

    def trade_partner(self) -> str:
        if self.viewer is None:
            return ""
        mine = self.state.nation_ids[self.viewer]
        chosen = self.trade_form.get("with", "")
        if chosen and chosen != mine:
            return chosen
        return next(n for n in self.state.nation_ids if n != mine)

    def trade_check(self) -> str:
        """The route condition of the offer as chosen so far, in words ("" for none)."""
        if self.viewer is None:
            return ""
        form = self.trade_form
        other = self.trade_partner()
        try:
            give_pp, get_pp = (_quarters(form.get(k, "")) for k in ("give_pp", "get_pp"))
        except EntryError as exc:
            return f"Refused: {exc}"
        give, get = tuple(self.trade_list("give")), tuple(self.trade_list("get"))
        if not (give or get or give_pp or get_pp):
            return ""
        why = purse.trade_refusal(
            self.state,
            self.viewer,
            other,
            give,
            get,
            give_pp,
            get_pp,
            form.get("pay_from") or None,
        )
        if why is not None:
            return f"Refused: {why}"
        silent = review.unanswered(self.state, other)
        if silent is not None:
            return f"Route open to {self.name(other)}, but it will not happen: {silent}"
        computer = review.computer_trade_answer(self.state, other, bool(get))
        if computer is not None:
            return f"Route open to {self.name(other)}: {computer}"
        return f"Route open to {self.name(other)}: it goes ahead if they order the mirror offer"

    def offer_trade(self) -> str:
        """Add the trade written in the panel (:attr:`trade_form`) to the orders.

        :raises EntryError: the offer is refused (named); the form is kept.
        """
        form = self.trade_form
        return self.trade(
            self.trade_partner(),
            self.trade_list("give"),
            self.trade_list("get"),
            form.get("give_pp", ""),
            form.get("get_pp", ""),
            form.get("pay_from") or None,
            form.get("receive_at") or None,
        )

    def trade(
        self,
        other: str,
        give: Sequence[str] = (),
        get: Sequence[str] = (),
        give_pp: str = "",
        get_pp: str = "",
        pay_from: str | None = None,
        receive_at: str | None = None,
    ) -> str:
        """Add a trade offer (pp as text, in pp; provinces by id).

        :raises EntryError: the offer is refused (named).
        """
        message = entry.add_trade(
            self.state,
            self._seat(),
            self.draft,
            other,
            tuple(p for p in give if p),
            tuple(p for p in get if p),
            _quarters(give_pp),
            _quarters(get_pp),
            pay_from,
            receive_at,
        )
        self.trade_form = {}
        return message

    def passage(self, other: str, grant: bool) -> str:
        return entry.add_passage(self.state, self._seat(), self.draft, other, grant)

    def drop_ally(self, ally: str) -> str:
        return entry.set_drop_ally(self.state, self._seat(), self.draft, ally)

    def pay_first(self, province: str | None) -> str:
        return entry.set_pay_first(self.state, self._seat(), self.draft, province)

    def diplomacy(self, other: str, to: str) -> str:
        return entry.add_diplomacy(self.state, self._seat(), self.draft, other, to)

    def remove(self, section: str, index: int) -> None:
        self.draft.remove(section, index)

    def change(self, section: str, index: int) -> str:
        """Take an order back into the panel to write it again: its mode, origin, count
        and leaders as they were; it leaves the list until it is written again.

        :raises EntryError: no such order.
        """
        part = self.draft.remove(section, index)
        mode = {
            "builds": "ships" if part.get("ships") else "build",
            "moves": "move",
            "sail": "sail",
            "attacks": "attack",
            "strikes": "strike",
            "embark": "embark",
            "disembark": "disembark",
            "place": "place",
            "trades": "trade",
            "diplomacy": "diplomacy",
            "passage": "diplomacy",
            "drop_ally": "diplomacy",
            "pay_first": "diplomacy",
        }[section]
        self.set_mode(mode)
        count = part.get("ships") if section in ("sail",) else part.get("divisions")
        if section == "builds":
            count = part.get("ships") or part.get("divisions")
        self.count = "" if count is None else str(count)
        self.leaders = [str(x) for x in part.get("leaders", [])]
        if section == "place":
            self.leaders = [str(part["leader"])]
        if section == "trades":
            self.trade_form = {
                "with": str(part["with"]),
                "give": ",".join(part["give"]["provinces"]),
                "get": ",".join(part["get"]["provinces"]),
                "give_pp": f"{float(part['give']['pp']):g}" if part["give"]["pp"] else "",
                "get_pp": f"{float(part['get']['pp']):g}" if part["get"]["pp"] else "",
                "pay_from": str(part.get("pay_from") or ""),
                "receive_at": str(part.get("receive_at") or ""),
            }
        self.sub_counts = {}
        if section == "sail" and part.get("divisions") is not None:
            self.sub_counts["cargo"] = str(part["divisions"])
        if section == "strikes" and part.get("ships_in") is not None:
            self.sub_counts["ships_in"] = str(part["ships_in"])
        origin = part.get("from")
        if origin is not None:
            self.selected = str(origin)
            return f"Change it: from {self.name(self.selected)}, tap where it goes"
        return "Change it, then add it again"

    def clear(self) -> None:
        """Start the viewer's orders again from nothing."""
        self.drafts.pop(self.viewer if self.viewer is not None else -1, None)
        self.selected, self.leaders = None, []

    def warnings(self) -> list[str]:
        """What the resolver would cut or drop, said before sealing."""
        return [] if self.viewer is None else review.warnings(self.state, self.viewer, self.draft)

    def unspent(self) -> int:
        """The allowance (quarters) the viewer's orders leave to be lost when the phase
        ends (0 in the Attack phase, or when unspent pp are banked)."""
        if self.viewer is None or self.state.phase is not Phase.DEPLOYMENT:
            return 0
        if self.state.options.bank_unspent:
            return 0
        return purse.unspent(self.state, self.viewer, self.draft)

    def ask_seal(self) -> bool:
        """The seal button: True when sealing may go ahead now; with allowance left
        unspent, False and the panel asks first ("... will be lost: seal anyway?")."""
        self.seal_question = self.unspent() > 0
        return not self.seal_question

    def order(self) -> Order:
        self.seal_question = False
        return drafts.to_order(self.state, self._seat(), self.draft)
