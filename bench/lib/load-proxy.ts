// The load balancer of the load benchmark: a TCP proxy on loopback (node:net, layer 4) that hands
// each new client connection to the next app process in turn (round-robin per connection, like
// HAProxy's `mode tcp` or nginx's `stream` module). A keep-alive connection stays with the process
// it was given, so all requests on it go there; an event stream is a connection of its own.
// The app processes see the proxy's loopback address, which they trust for X-Forwarded-For
// (server/index.js: trust proxy "loopback"), so each virtual user's own address reaches the
// rate limits as a real load balancer's header would.
import net from "node:net";

export interface Backend {
  name: string;
  port: number;
}

export interface RoundRobinProxy {
  port: number;
  baseUrl: string;
  /** The backend of a client connection, by the client socket's local port (while it is open). */
  backendOf(clientLocalPort: number | undefined): string | undefined;
  /** Connections handed to each backend so far. */
  connections(): Record<string, number>;
  /** Connections that failed (backend refused or reset). */
  errors(): string[];
  close(): Promise<void>;
}

/**
 * Starts the proxy on a free loopback port. `backends` may still be empty (the app processes need
 * the proxy's address as their BASE_URL before they start): fill it before the first connection.
 */
export async function startProxy(backends: Backend[]): Promise<RoundRobinProxy> {
  let next = 0;
  const counts: Record<string, number> = {};
  const byPeerPort = new Map<number, string>();
  const errors: string[] = [];
  const open = new Set<net.Socket>();

  const server = net.createServer({ noDelay: true }, (client) => {
    const backend = backends[next++ % backends.length];
    if (!backend) return void client.destroy();
    counts[backend.name] = (counts[backend.name] ?? 0) + 1;
    // Kept after the connection closes (a later connection from the same port replaces it), so
    // that an answer read after its connection closed can still be attributed.
    if (client.remotePort !== undefined) byPeerPort.set(client.remotePort, backend.name);
    const upstream = net.connect({ host: "127.0.0.1", port: backend.port, noDelay: true });
    open.add(client);
    open.add(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    // Ends travel through the pipes (a FIN after the last byte); only errors tear both down.
    client.on("error", () => upstream.destroy());
    upstream.on("error", (error) => {
      if (errors.length < 20) errors.push(`${backend.name}: ${error.message}`);
      client.destroy();
    });
    client.on("close", () => {
      open.delete(client);
      if (!upstream.destroyed) upstream.end();
    });
    upstream.on("close", () => open.delete(upstream));
  });
  server.maxConnections = 100_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    backendOf: (p) => (p === undefined ? undefined : byPeerPort.get(p)),
    connections: () => ({ ...counts }),
    errors: () => [...errors],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
