"""What a seat may see of an Ancient Terrible Things table, and the log's sentences.

Everything is public except each player's Exploit cards in hand (only their count shows to
others; every hand shows when the game ends, but for those of seats that resigned, which
leave the game unseen: ATT-R16) and the order of the decks (which nobody knows: every draw is
a chance outcome).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamehall.core.game import EVERYTHING, Action
from gamehall.core.i18n import Text
from gamehall.games.ancient_terrible_things import actions as act
from gamehall.games.ancient_terrible_things.dice import meets
from gamehall.games.ancient_terrible_things.odds import completion_odds, met
from gamehall.games.ancient_terrible_things.scoring import (
    rival_secrets,
    secret_sources,
    secrets,
)
from gamehall.games.ancient_terrible_things.state import (
    ACTIVE_BONUS,
    ENCOUNTER,
    EVERYONE_BONUS,
    EXPLORE,
    FOCUS,
    OVER,
    REVEAL,
    SETUP,
    SHOP,
    AttState,
)

if TYPE_CHECKING:
    from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings

STEPS = {
    SETUP: "setup",
    REVEAL: "reveal",
    EXPLORE: "explore",
    ACTIVE_BONUS: "active-bonus",
    EVERYONE_BONUS: "everyone-bonus",
    SHOP: "shop",
    ENCOUNTER: "encounter",
    OVER: "over",
}
RESOURCES = ("focus", "mystery", "treasure", "feat")


def _tokens(tokens: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(RESOURCES, tokens, strict=True))


def _combo(combo: tuple[str, int, int]) -> dict[str, Any]:
    kind, minimum, size = combo
    return {"kind": kind, "minimum": minimum, "size": size}


def build_view(game: AncientTerribleThings, state: AttState, seat: int | None) -> dict[str, Any]:
    """The table as ``seat`` may see it (None: a spectator; EVERYTHING: a finished game)."""
    cards = game.cards
    mover = game.to_move(state)
    players = []
    for p, player in enumerate(state.players):
        resigned = p in state.gone
        mine = seat in (p, EVERYTHING) or (state.step == OVER and not resigned)
        character = cards.characters[player.character] if player.character >= 0 else None
        players.append(
            {
                "seat": p,
                "character": character.code if character else None,
                "benefits": [b.model_dump(exclude_none=True) for b in character.benefits]
                if character
                else [],
                "tokens": _tokens(player.tokens),
                "exploits": [cards.exploits[e].code for e in player.exploits] if mine else None,
                "exploit_count": len(player.exploits),
                "loot": [
                    {"code": cards.loot[i].code, "exhausted": i in player.exhausted}
                    for i in player.loot
                ],
                "trophies": [cards.encounters[e].code for e in player.trophies],
                "accomplishments": [cards.accomplishments[a].code for a in player.accomplishments],
                "terrible": player.terrible,
                "flipped": player.flipped,
                "location": player.location,
                "secrets": secrets(game, player),
                "secret_sources": secret_sources(game, player),
                "resigned": resigned,
            }
        )
    locations = []
    for slot, location in enumerate(state.locations):
        encounter = state.board[slot]
        locations.append(
            {
                "slot": slot,
                "code": cards.locations[location].code,
                "encounter": cards.encounters[encounter].code if encounter >= 0 else None,
                "tokens": _tokens(state.on_location[slot]),
                "pawns": [p for p, player in enumerate(state.players) if player.location == slot],
                "for_sale": [cards.loot[i].code for i in game.loot_for_sale(state, slot)],
            }
        )
    view: dict[str, Any] = {
        "game": game.name,
        "seat": seat if seat is not None and seat >= 0 else None,
        "players_count": game.players,
        "step": STEPS[state.step],
        "turn": state.turn,
        "active": state.active,
        "to_move": mover,
        "scenario": cards.scenarios[state.scenario].code if state.scenario >= 0 else None,
        "locations": locations,
        "players": players,
        "accomplishments": [cards.accomplishments[a].code for a in state.accomplishments],
        "supply": state.supply,
        "deck": list(state.quota),
        "exploit_deck": len(state.exploit_deck),
        "discard": [cards.encounters[e].code for e in state.discard],
        "dice": None,
        "combos": [],
        "choice": state.choice._asdict() if state.choice else None,
        "last": _last(game, state),
        "fight": _fight(game, state),
        "result": state.result.to_json() if state.result else None,
    }
    if game.players == 1:
        view["rival"] = {
            "pile": [cards.encounters[e].code for e in state.rival],
            "secrets": rival_secrets(game, state),
        }
    if state.step == ENCOUNTER and state.dice.focus:
        dice = state.dice
        view["dice"] = {
            "focus": list(dice.focus),
            "aside": list(dice.aside),
            "action": list(dice.action),
            "used": list(dice.used),
            "rolling": list(state.rolls),
        }
        rolled = 0 not in dice.focus
        view["combos"] = [
            {
                **_combo(c),
                "met": rolled and meets(c, dice.focus),
                "scenario": i >= _printed(game, state),
            }
            for i, c in enumerate(game.combos(state))
        ]
        view["success"] = rolled and met(dice.focus, game.combos(state))
    return view


def odds_view(game: AncientTerribleThings, state: AttState) -> dict[str, Any]:
    """Beside the re-roll decisions, the exact chance of completing each combination
    (``combos``, in the order of the view's) and any of them (``any``) from the dice as they
    lie, with the active player's Focus tokens as re-rolls and a re-roll choice in progress
    first (docs/rulings.md ATT-R14). Dice and tokens are public, so every seat sees the same
    figures; ``{}`` when no rolled dice wait."""
    dice = state.dice
    if state.step != ENCOUNTER or 0 in dice.focus or state.rolls or not dice.focus:
        return {}
    combos = game.combos(state)
    rerolls = state.players[state.active].tokens[FOCUS]
    choice = state.choice
    pending = choice.amount if choice is not None and choice.kind == "reroll" else 0
    each = [completion_odds(dice.focus, dice.aside, [combo], rerolls, pending) for combo in combos]
    chance = completion_odds(dice.focus, dice.aside, combos, rerolls, pending)
    return {
        "rerolls": rerolls,
        "pending": pending,
        "any": round(float(chance), 4),
        "combos": [round(float(odds), 4) for odds in each],
    }


def _printed(game: AncientTerribleThings, state: AttState) -> int:
    """How many combinations the active encounter card itself prints."""
    encounter = state.board[game.location_slot(state)]
    return len(game.cards.encounters[encounter].combos)


def _last(game: AncientTerribleThings, state: AttState) -> dict[str, Any] | None:
    seat, encounter, combo = state.last
    if seat < 0:
        return None
    return {
        "seat": seat,
        "encounter": game.cards.encounters[encounter].code,
        "defeated": combo >= 0,
    }


def _fight(game: AncientTerribleThings, state: AttState) -> dict[str, Any] | None:
    """How the last encounter was fought (all public): who, against what, the dice as they
    lay, the combination that beat it (None: a failure), what it scored and cost."""
    fight = state.fight
    if fight is None:
        return None
    seat, encounter, _ = state.last
    card = game.cards.encounters[encounter]
    dice = fight.dice
    defeated = fight.combo is not None
    return {
        "seat": seat,
        "encounter": card.code,
        "defeated": defeated,
        "combo": _combo(fight.combo) if fight.combo is not None else None,
        "secrets": card.secrets if defeated else 0,
        "focus": list(dice.focus),
        "aside": list(dice.aside),
        "action": list(dice.action),
        "cashed": [
            f for f, used in zip(dice.action, dice.used, strict=True) if not used and f in RESOURCES
        ],
        "accomplishments": [game.cards.accomplishments[a].code for a in fight.accomplishments],
    }


# -- the log ------------------------------------------------------------------------------


def describe(
    game: AncientTerribleThings, before: AttState, action: Action, after: AttState, seat: int | None
) -> list[Text]:
    """What ``action`` looks like to ``seat``: a drawn Exploit is named only to its drawer."""
    mover = game.to_move(before)
    who = before.draws[0] if before.draws else _dealt_to(game, before)
    if isinstance(action, act.Card) and action.verb == "exploit":
        if seat in (who, EVERYTHING):
            card = _name(game, action.code)
            drawn = Text("att.log.exploit_drawn_mine", {"seat": who + 1, "card": card})
        else:
            drawn = Text("att.log.exploit_drawn", {"seat": who + 1})
        return [drawn, *_left_turn_ends(before, after)]
    lines = [_line(game, before, action, mover)]
    if _resolves(game, before, action):  # ATT-R17: the unused symbols are cashed first
        lines += [
            Text("att.log.cash_left", {"seat": before.active + 1, "face": _face(face)})
            for face, used in zip(before.dice.action, before.dice.used, strict=True)
            if not used and face in RESOURCES
        ]
    if after.last != before.last and after.last[0] >= 0:
        info = _last(game, after)
        assert info is not None
        key = "att.log.defeated" if info["defeated"] else "att.log.failed"
        lines.append(Text(key, {"seat": info["seat"] + 1, "card": _name(game, info["encounter"])}))
    if after.result is not None and before.result is None:
        lines.append(Text(f"att.end.{after.result.reason}"))
    return lines + _left_turn_ends(before, after)


def _left_turn_ends(before: AttState, after: AttState) -> list[Text]:
    """The line saying who plays next when the turn of a player who resigned has just ended
    (ATT-R16: it waited for a reveal, a draw or a choice of another player)."""
    if before.active in before.gone and after.turn != before.turn:
        return [Text("att.log.next_turn", {"seat": after.active + 1})]
    return []


def _resolves(game: AncientTerribleThings, state: AttState, action: Action) -> bool:
    """True if ``action`` is the active player's resolution of the encounter."""
    return (
        state.step == ENCOUNTER
        and state.choice is None
        and game.to_move(state) == state.active
        and (isinstance(action, act.Defeat) or action == act.Plain("fail"))
    )


def _face(face: str) -> Text:
    return Text(f"att.face.{face}")


def describe_resign(
    game: AncientTerribleThings, before: AttState, seat: int, after: AttState
) -> list[Text]:
    """What follows seat ``seat``'s resignation (ATT-R16), after the core's line saying it."""
    who = {"seat": seat + 1}
    if after.result is not None:
        if after.result.reason == "resigned":
            return [Text("att.end.resigned", who)]
        return [Text("att.end.others-resigned", {"seat": after.result.winners[0] + 1})]
    lines = [Text("att.log.leaves", who)]
    if before.players[seat].exploits:
        count = len(before.players[seat].exploits)
        lines.append(Text("att.log.exploits_unseen", {**who, "count": count}))
    if before.step != SETUP and seat == before.active:
        lines.append(Text("att.log.turn_abandoned", who))
    if after.turn != before.turn:
        lines.append(Text("att.log.next_turn", {"seat": after.active + 1}))
    return lines


def _dealt_to(game: AncientTerribleThings, state: AttState) -> int:
    dealt = sum(len(p.exploits) for p in state.players)
    return dealt % game.players


def _name(game: AncientTerribleThings, code: str) -> dict[str, str]:
    return game.cards.name(code).model_dump()


def _line(game: AncientTerribleThings, before: AttState, action: Action, mover: int | None) -> Text:
    seat = (mover if mover is not None and mover >= 0 else before.active) + 1
    if isinstance(action, act.Card):
        if action.verb == "character":  # dealt to the first seat without one
            seat = next(i for i, p in enumerate(before.players) if p.character < 0) + 1
        return Text(f"att.log.{action.verb}", {"seat": seat, "card": _name(game, action.code)})
    if isinstance(action, act.Roll):
        face: Any = action.face if action.face.isdigit() else Text(f"att.face.{action.face}")
        return Text("att.log.roll", {"die": die_word(action.die), "face": face})
    if isinstance(action, act.First):
        return Text("att.log.first", {"seat": action.seat + 1})
    if isinstance(action, act.Plain):
        return Text(f"att.log.{action.verb}", {"seat": seat})
    if isinstance(action, act.UseLoot):
        return Text("att.log.loot", {"seat": seat, "card": _name(game, action.code)})
    if isinstance(action, act.Cash):
        face = before.dice.action[action.die]
        return Text("att.log.cash", {"seat": seat, "face": Text(f"att.face.{face}")})
    kind = str(action).split(" ", 1)[0]
    return Text(f"att.log.{kind}", {"seat": seat, "what": dice_words(action)})


def die_word(name: str) -> Text:
    """A die by its name in words: ``f2`` is Focus die 2, ``a1`` Action die 1."""
    kind = "focus" if name.startswith("f") else "action"
    return Text(f"att.word.{kind}_die", {"number": int(name[1:])})


def dice_words(action: Action) -> Text:
    """The dice an effect's choice names, in words: ``Focus dice 1 and 3``, ``Focus die 2
    up``, ``Focus die 1 to 5``."""
    if isinstance(action, act.Dice):
        numbers = [str(d + 1) for d in action.dice]
        if len(numbers) == 1:
            return Text("att.word.focus_die", {"number": numbers[0]})
        joined = Text("core.list.and", {"first": ", ".join(numbers[:-1]), "second": numbers[-1]})
        return Text("att.word.focus_dice", {"numbers": joined})
    if isinstance(action, act.Nudge):
        die = Text("att.word.focus_die", {"number": action.die + 1})
        return Text("att.word.nudge_up" if action.up else "att.word.nudge_down", {"die": die})
    if isinstance(action, act.Face):
        die = Text("att.word.focus_die", {"number": action.die + 1})
        return Text("att.word.to_face", {"die": die, "face": action.value})
    if isinstance(action, act.Focus):
        return Text("att.word.focus_die", {"number": action.die + 1})
    return Text("att.word.action", {"action": type(action).__name__})


def label(game: AncientTerribleThings, view: dict[str, Any], action: Action) -> Text:
    """How an action reads on a button, in the player's words."""
    if isinstance(action, act.Card):
        return Text(f"att.button.{action.verb}", {"card": _name(game, action.code)})
    if isinstance(action, act.Plain):
        return Text(f"att.button.{action.verb}")
    if isinstance(action, act.Defeat) and action.combo < len(view["combos"]):
        combo = view["combos"][action.combo]
        return Text("att.button.defeat", {"combo": Text(f"att.combo.{combo['kind']}", combo)})
    if isinstance(action, act.UseLoot):
        key = "att.button.loot_die" if action.die >= 0 else "att.button.loot"
        return Text(key, {"card": _name(game, action.code), "die": action.die + 1})
    if isinstance(action, act.Terrible) and view["seat"] is not None:
        benefit = view["players"][view["seat"]]["benefits"][action.benefit]
        return Text("att.button.terrible", {"effect": effect_text(benefit)})
    if isinstance(action, act.Cash) and view["dice"]:
        face = view["dice"]["action"][action.die]
        params = {"die": die_word(act.action_die(action.die)), "face": Text(f"att.face.{face}")}
        return Text("att.button.cash", params)
    if isinstance(action, act.Roll):
        face = action.face if action.face.isdigit() else Text(f"att.face.{action.face}")
        return Text("att.button.roll", {"die": die_word(action.die), "face": face})
    if isinstance(action, act.First):
        return Text("att.button.first", {"seat": action.seat + 1})
    kind = str(action).partition(" ")[0]
    return Text(f"att.button.{kind}", {"what": dice_words(action)})


def effect_text(effect: dict[str, Any]) -> Text:
    """An effect of the vocabulary in words (``re-roll up to 2 Focus dice``)."""
    params = dict(effect)
    if "resource" in params:
        params["resource"] = Text(f"att.face.{params['resource']}")
    return Text(f"att.effect.{effect['kind']}", params)
