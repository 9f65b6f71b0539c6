"""Places a trip can go to or from: airports, multi-airport cities, gazetteer towns and
countries, and the index that finds them by what people type."""
