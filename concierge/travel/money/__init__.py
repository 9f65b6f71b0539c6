"""Money: currencies, the European Central Bank's rates between them, and a trip's ledger
summed up in the trip's currency."""
