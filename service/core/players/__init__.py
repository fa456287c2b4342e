"""Players: a registry of people who come back, each with an id, a display name and maybe a public key."""
