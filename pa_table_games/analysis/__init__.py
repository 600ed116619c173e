"""Exact analysis of the main wagers: dealer probabilities, player expectation and basic strategy, reports.

Every figure assumes a continuous shuffle: each round is dealt from a full shoe, and every card
seen in the round is removed before the next card's probability is taken (card removal).
"""
