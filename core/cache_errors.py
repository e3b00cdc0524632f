"""What "the cache cannot be reached" is: the only failure on which the lockout, the throttles, the token
cache and the read cache fail open. Redis's connection and timeout errors (redis-py's own classes, which
are not the builtin ones) and the socket's; anything else is a bug and is raised."""

from __future__ import annotations

from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

CACHE_UNREACHABLE: tuple[type[BaseException], ...] = (
    RedisConnectionError,
    RedisTimeoutError,
    ConnectionError,
    TimeoutError,
)
