"""Committing events to the store: group commit of concurrent saves (`commits.group`)."""
