"""The itinerary: its items' kinds, times, time zones and text, the trip's stops, and how
one day's items are ordered and laid out."""
