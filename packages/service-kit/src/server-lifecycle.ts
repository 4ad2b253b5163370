import closeWithGrace from 'close-with-grace';

export interface ClosableServer {
  listen(options: { host: string; port: number }): Promise<string>;
  close(): Promise<unknown>;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

/** How long in-flight requests get to finish after SIGTERM/SIGINT before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Listens, and on SIGTERM/SIGINT stops accepting, lets in-flight requests finish, runs the app's onClose
 * hooks (which close the database) and exits.
 */
export async function listenWithGracefulShutdown(
  app: ClosableServer,
  address: { host: string; port: number },
): Promise<void> {
  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
  await app.listen(address);
}
