"""Where the web hall's searches think: a few threads of their own, never the event loop's.

Every search (a bot's decision, a hint) runs on :class:`Thinking`'s pool of a fixed number of
workers. A bot waits for a free worker on the event loop, so it blocks nothing; a hint asked
while too many searches already wait is refused at once (:class:`HallBusy`, 503). At
shutdown :meth:`Thinking.close` sets the stop event every search checks, so running ones
return at once, and drops the searches not started.

What a search shares with the event loop and the other searches: a table's rules object
(``Game``), never its match. A search is given the rules, a state, a view, the legal actions
and a generator (``Match.bot_decision``, ``Hall.hint``); states are values (a step makes a
new one), and the match's and the live table's memos (``Match._shows``, the chance seers,
pushes, logs, entries) are the event loop's alone. A bot's own memos are its own: a table's
driver awaits one decision before the next, and a hint plays out with a heuristic bot of its
own (``advice_rollout``). The caches the rules keep are safe by design under the GIL (CPython
3.11):

- filled once per key with an immutable value, by a dict ``get`` and one ``set`` (each
  atomic): two threads may both build the value, either kept is equal (frozen actions,
  tuples of immutable values). ``core.interned``, 20 Strong's ``_APPLIES`` and
  ``TwentyStrong._reveals``, a deck's own ``_chance``, Boss Quest's ``_turn_cache`` and
  ``_deal_draws``;
- single-slot, 20 Strong's ``hittable_cache`` and ``modifiers_cache``: one tuple of the
  key's parts and the answer, built whole, stored by one attribute assignment and read once
  into a local, so a thread sees a whole entry and checks its own key; the answers (lists)
  are never changed by those who read them;
- ``functools.cache`` and ``lru_cache`` memos (``core.memo``), thread-safe in CPython: a
  value may be worked out twice, never half.

The exact odds are not shared: their memos are filled in place (20 Strong's ``odds._shape``
holds the ``defeat_count.Tables`` that each count writes; Ancient Terrible Things'
``odds._levels`` grows its lists), safe on one thread only. Only ``Game.odds`` reaches
them, and only ``table_view`` calls it, for a person's page, on the event loop; searches
read ``view`` (tests/web/test_search_threads.py). A free-threaded Python (no GIL) would need
every cache above locked.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from gamehall.core.errors import GamehallError
from gamehall.core.i18n import Text
from gamehall.search.limits import SearchLimits

T = TypeVar("T")


class HallBusy(GamehallError):
    """Too many searches wait for a worker already: a hint is refused rather than queued."""


class Thinking:
    """The hall's search workers, their waiting line, and the stop event of its searches."""

    def __init__(self, limits: SearchLimits) -> None:
        self.limits = limits
        self.stop = threading.Event()
        """Set at shutdown: every search the hall runs checks it and returns at once."""
        self.waiting = 0
        """Searches waiting for a worker."""
        self._searches: set[Future[Any]] = set()
        self._free = asyncio.Semaphore(limits.workers)
        self._pool = ThreadPoolExecutor(limits.workers, thread_name_prefix="gamehall-search")

    async def think(self, search: Callable[[], T]) -> T:
        """Run ``search`` on a worker once one is free (waiting on the event loop till then)."""
        self.waiting += 1
        try:
            await self._free.acquire()
        finally:
            self.waiting -= 1
        loop = asyncio.get_running_loop()
        try:
            future = self._pool.submit(search)
        except BaseException:
            self._free.release()
            raise
        self._searches.add(future)
        # The worker is given back when the search ends, even if its caller stopped waiting.
        future.add_done_callback(lambda _: self._given_back(future, loop))
        return await asyncio.wrap_future(future)

    @property
    def running(self) -> int:
        """Searches on a worker (or given one) that have not returned yet."""
        return len(self._searches)

    async def think_now(self, search: Callable[[], T]) -> T:
        """Like :meth:`think`, but refused at once (:class:`HallBusy`) if it would have to
        wait while the waiting line is full."""
        if self._free.locked() and self.waiting >= self.limits.waiting:
            raise HallBusy.of(Text("search.hint.busy"))
        return await self.think(search)

    def _given_back(self, search: Future[Any], loop: asyncio.AbstractEventLoop) -> None:
        """On the worker's thread, once ``search`` has returned: free its worker, on the
        event loop's thread."""
        self._searches.discard(search)
        with contextlib.suppress(RuntimeError):  # the loop is closed: nothing waits any more
            loop.call_soon_threadsafe(self._free.release)

    def close(self) -> None:
        """Stop every search now: running ones return at once, waiting ones never start."""
        self.stop.set()
        self._pool.shutdown(wait=False, cancel_futures=True)


__all__ = ["HallBusy", "Thinking"]
