/**
 * Auth: sessions (the cookie) and one-time codes by SMS. A leaf: it knows no other module.
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
export { checkOtp, issueRegistrationTicket, purgeOldOtpCodes, sendOtp } from './otp.service.js';
export { SESSION_COOKIE, createSession, destroySession, findSessionUser } from './session.service.js';
