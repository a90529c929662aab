"""Talking to an OpenAI-compatible endpoint: configuration and one retrying client.

Both LLM roles (the planner and the document extractor) go through `LLMClient`, so retries,
the json_schema → json_object fallback, and the call record behave the same for both.
"""

from latweave.llm.client import Completion, LLMClient, LLMError, LLMUnavailable
from latweave.llm.config import LLMConfig

__all__ = ["Completion", "LLMClient", "LLMConfig", "LLMError", "LLMUnavailable"]
