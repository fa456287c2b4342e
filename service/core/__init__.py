"""The application core: games, records, tournaments, relays, visibility. No transport here."""
