"""Committing events to the store: group commit of concurrent saves (`service.core.commits.group`)."""
