"""Planners: question text → plan (base interface, the offline planner, the oracle)."""
