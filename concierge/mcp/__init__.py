"""The trip, its tools and its present for an assistant the person already uses, over the Model
Context Protocol (`concierge mcp`). No Qt: the server runs beside the window, as another program
writing to the same data folder."""
