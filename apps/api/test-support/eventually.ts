/** Retries check() until it passes or the deadline ends (then throws its last error); returns how long it took. */
export async function eventually(check: () => Promise<void> | void, deadlineMs = 1000): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return Date.now() - started;
    } catch (error) {
      if (Date.now() - started > deadlineMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
