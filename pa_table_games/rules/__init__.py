"""The Rules Submission layer: options and validators, pay tables as data, money limits, the Rules in effect."""
