"""A plugin whose module does not finish importing (it waits on something that never comes)."""

import time

time.sleep(3600)
