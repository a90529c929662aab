"""Engines: one small module per backend, each rendering the same rules/*.dl IR."""

from latweave.engines.base import (
    DEFAULT_ENGINE, Engine, Session, available_engines, engine_names, get_engine, register,
)

__all__ = ["DEFAULT_ENGINE", "Engine", "Session", "available_engines", "engine_names",
           "get_engine", "register"]
