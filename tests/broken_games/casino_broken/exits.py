"""A plugin whose module calls sys.exit while it is imported."""

import sys

sys.exit(3)
