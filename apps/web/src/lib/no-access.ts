/**
 * Thrown by a route guard when the signed-in person may not open the page: the route shows "You don't
 * have access to this page" (a page that exists, not a 404, and never a form they could not submit).
 */
export class NoAccessError extends Error {
  constructor(message = "You don't have access to this page") {
    super(message);
    this.name = 'NoAccessError';
  }
}

export function isNoAccessError(error: unknown): error is NoAccessError {
  return error instanceof NoAccessError || (error instanceof Error && error.name === 'NoAccessError');
}
