"""What an auditor trusts: round logs with their hash chain, and replay against the machine."""
