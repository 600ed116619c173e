"""The table's equipment: cards, the shoe (single and double), chips and the table itself."""
