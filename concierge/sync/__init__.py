"""Sharing a trip between devices and companions on a CRDT (Yjs documents through pycrdt).

SQLite stays the app's source of truth; each shared trip is mirrored in one document whose
shape follows the entity declarations (`shape`), and changes travel between devices as the
document's updates through a transport (`transport`; `folder`: a synced folder, encrypted;
`room`: a Yjs WebSocket server's room, `serve` the server; `transports` opens one from a
location). No Qt."""
