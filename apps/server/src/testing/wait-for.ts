/**
 * Waits until `condition` holds, asking every `intervalMs`, for tests that watch something happen outside the
 * test's own call (a child process starting, a connection pool recovering, a bus reconnecting). A condition that
 * throws counts as "not yet" (a probe of a server still starting), and the last error is named if time runs out.
 */
export async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000, intervalMs = 25): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      if (await condition()) return;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const why = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`Timed out waiting for ${what}${why}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
