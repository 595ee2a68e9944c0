import { loginWithEmailBody } from '@hatid/domain';
import { formResolver } from '../../../lib/form-resolver';

/** The staff sign-in form's checks (the server's own schema): loaded when the form is first used (staff-login-form.tsx). */
export const staffLoginResolver = formResolver(loginWithEmailBody);
