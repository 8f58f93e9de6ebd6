import type { Redis } from "ioredis";

/**
 * Marks every command the client sends as handled. The socket.io adapter sends its commands (subscribe, publish)
 * without waiting for them; while Redis is away they wait in ioredis' queue, and closing the client rejects them
 * all. Unhandled, each such rejection would end the process (a test run caught it when an instance closed). The
 * hub's "error" listener reports the outage once; a caller that awaits a command still sees its failure.
 */
export function settleQuietly(client: Redis): void {
  const send = client.sendCommand.bind(client);
  client.sendCommand = (command, stream) => {
    command.promise.catch(() => undefined);
    return send(command, stream);
  };
}
